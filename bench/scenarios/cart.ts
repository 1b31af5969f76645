import type { Scenario } from '../measure.ts';

export const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

interface WireProduct {
  id: string;
  variants?: Array<{ id: string; stock?: { inStock?: boolean } }>;
  stock?: { inStock?: boolean };
}

/** A JSON POST with an optional Authorization header; its status and JSON answer. */
export async function post(url: string, path: string, body: unknown, token?: string) {
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
export async function cartScenarios(url: string, adminKey: string): Promise<Scenario[]> {
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
  const estimate = {
    method: 'POST' as const,
    path: '/ecom/v1/carts/current/estimate-totals',
    body: { shippingAddress: address, billingAddress: address, calculateTax: true, calculateShipping: true },
    headers: { authorization: estimator },
  };
  const rules: string[] = [];
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
      name: 'get current cart',
      description: 'GET the current cart of one of the same 50 visitors in rotation (a one-line cart)',
      path: '/ecom/v1/carts/current',
      tokens: adders,
    },
    {
      name: 'estimate totals (5 lines)',
      description: 'POST estimate-totals: 5-line cart, shipping options and New York tax',
      ...estimate,
    },
    {
      name: 'estimate totals (50 live rules)',
      description:
        'the same estimate with 50 live discount rules (subtotal, quantity, scoped, nested; 10 of them apply)',
      ...estimate,
      prepare: async () => {
        for (const rule of liveRules(products.slice(1, 6).map((p) => p.id))) {
          const res = await post(url, '/ecom/v1/discount-rules', { discountRule: rule }, adminKey);
          if (res.status !== 200) throw new Error(`creating a rule answered ${res.status}`);
          rules.push((res.body.discountRule as { id: string }).id);
        }
      },
      finish: async () => {
        for (const id of rules.splice(0))
          await fetch(`${url}/ecom/v1/discount-rules/${id}`, {
            method: 'DELETE',
            headers: { authorization: adminKey },
          });
      },
    },
  ];
}

/**
 * 50 live rules of every trigger: 40 that do not hold for the benchmark cart (subtotals out of reach, other
 * products, large quantities) and 10 that do (small percentages on its products), as a shop with many
 * campaigns has.
 */
function liveRules(cartProducts: string[]) {
  const scope = (ids: string[]) => [
    { type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORE_APP_ID, catalogItemIds: ids } },
  ];
  const percent = (percentage: number, ids?: string[]) => ({
    values: [
      {
        discountType: 'PERCENTAGE',
        percentage,
        ...(ids ? { specificItemsInfo: { scopes: scope(ids) } } : {}),
      },
    ],
  });
  return Array.from({ length: 50 }, (_, i) => {
    const name = `bench rule ${i}`;
    if (i < 10)
      return {
        name,
        trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '0' } },
        discounts: percent(1, [cartProducts[i % cartProducts.length]!]),
      };
    if (i < 25)
      return {
        name,
        trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: String(100_000 + i) } },
        discounts: percent(10),
      };
    if (i < 40)
      return {
        name,
        trigger: {
          triggerType: 'ITEM_QUANTITY_RANGE',
          itemQuantityRange: { from: 50 + i, scopes: scope(cartProducts) },
        },
        discounts: percent(5, cartProducts),
      };
    return {
      name,
      trigger: {
        triggerType: 'AND',
        and: {
          triggers: [
            { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '1' } },
            {
              triggerType: 'OR',
              or: {
                triggers: [
                  { triggerType: 'ITEM_QUANTITY_RANGE', itemQuantityRange: { from: 500 } },
                  {
                    triggerType: 'CUSTOMER_ELIGIBILITY',
                    customerEligibility: { eligibilityType: 'MEMBERS' },
                  },
                ],
              },
            },
          ],
        },
      },
      discounts: percent(15),
    };
  });
}
