import type { Scenario } from '../measure.ts';

const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

interface WireProduct {
  id: string;
  variants?: Array<{ id: string; stock?: { inStock?: boolean } }>;
  stock?: { inStock?: boolean };
}

async function post(url: string, path: string, body: unknown, token?: string) {
  const res = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

const line = (p: WireProduct) => ({
  quantity: 1,
  catalogReference: { catalogItemId: p.id, appId: STORE_APP_ID, options: { variantId: p.variants?.[0]?.id } },
});

/** Add to cart on one visitor's cart, and estimate totals of a 5-line cart with shipping and tax. */
export async function cartScenarios(url: string): Promise<Scenario[]> {
  const page = await post(url, '/stores-reader/v1/products/query-platformized', {
    query: { filter: { inStock: true, productType: 'physical' }, paging: { limit: 20 } },
    includeVariants: true,
  });
  const products = ((page.body.products as WireProduct[] | undefined) ?? []).filter(
    (p) => p.variants?.[0]?.stock?.inStock !== false,
  );
  if (products.length < 6) {
    console.error('cart scenarios skipped: not enough products in stock');
    return [];
  }
  const visitor = async () =>
    String(
      (await post(url, '/oauth2/token', { grantType: 'anonymous', clientId: 'demo-storefront' })).body
        .access_token,
    );
  // One cart per shopper: 50 visitors in rotation, as in a real shop (one cart written by 10 connections at
  // once only measures its row lock).
  const adders = await Promise.all(Array.from({ length: 50 }, () => visitor()));
  const estimator = await visitor();
  const filled = await post(
    url,
    '/ecom/v1/carts/current/add-to-cart',
    { lineItems: products.slice(1, 6).map(line) },
    estimator,
  );
  if (filled.status !== 200) {
    console.error(
      `cart scenarios skipped: add-to-cart answered ${filled.status} ${JSON.stringify(filled.body)}`,
    );
    return [];
  }
  const address = {
    country: 'US',
    subdivision: 'US-NY',
    city: 'New York',
    postalCode: '10001',
    addressLine: '1 Main St',
  };
  return [
    {
      name: 'add to cart',
      description:
        'POST add-to-cart of one line, 50 visitors in rotation (the same item again merges the quantity)',
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      body: { lineItems: [line(products[0]!)] },
      tokens: adders,
    },
    {
      name: 'estimate totals (5 lines)',
      description: 'POST estimate-totals: 5-line cart, shipping options and New York tax',
      method: 'POST',
      path: '/ecom/v1/carts/current/estimate-totals',
      body: {
        shippingAddress: address,
        billingAddress: address,
        calculateTax: true,
        calculateShipping: true,
      },
      headers: { authorization: estimator },
    },
  ];
}
