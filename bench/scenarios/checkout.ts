import type { Scenario } from '../measure.ts';

const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';
/** Checkouts made ready for the order scenario: more than its warm-up and measured run can place. */
const POOL = 4000;
const PRODUCTS = 20;

const NEW_YORK = {
  country: 'US',
  subdivision: 'US-NY',
  city: 'New York',
  postalCode: '10001',
  addressLine: '1 Main St',
};

async function call(url: string, method: string, path: string, body: unknown, token: string) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', authorization: token },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** `count` calls of `fn`, `concurrency` at a time. */
async function inParallel<T>(
  count: number,
  concurrency: number,
  fn: (i: number) => Promise<T>,
): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

/**
 * The checkout: create a checkout of one line (to New York: shipping and tax priced), and place orders with
 * `create-order` (offline payment) on checkouts made beforehand — each call places a new order: the checkout
 * lock, pricing, the conditional stock decrement, the order number, the order, its activity and events.
 * 20 physical products with a billion units each, so stock is tracked but never runs out.
 */
export function checkoutScenarios(url: string, adminKey: string): Scenario[] {
  let products: Promise<string[]> | undefined;
  const makeProducts = () => {
    products ??= inParallel(PRODUCTS, 5, async (i) => {
      const created = await call(
        url,
        'POST',
        '/stores/v1/products',
        {
          product: {
            name: `Bench checkout item ${i} ${Date.now()}`,
            productType: 'physical',
            priceData: { price: 12.5 + i },
          },
        },
        adminKey,
      );
      if (created.status !== 200)
        throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
      const id = (created.body.product as { id: string }).id;
      await call(
        url,
        'PATCH',
        `/stores/v2/inventoryItems/product/${id}`,
        {
          inventoryItem: {
            trackQuantity: true,
            variants: [{ variantId: DEFAULT_VARIANT, quantity: 1_000_000_000 }],
          },
        },
        adminKey,
      );
      return id;
    });
    return products;
  };
  const checkoutOf = (productId: string) => ({
    lineItems: [{ quantity: 1, catalogReference: { catalogItemId: productId, appId: STORE_APP_ID } }],
    checkoutInfo: {
      shippingInfo: { shippingDestination: { address: NEW_YORK } },
      buyerInfo: { email: 'bench@example.com' },
    },
  });
  const pool: string[] = [];
  let exhausted = false;
  const create: Scenario = {
    name: 'create checkout',
    description: 'POST /ecom/v1/checkouts: one line to New York, priced with shipping and tax (admin key)',
    method: 'POST',
    path: '/ecom/v1/checkouts',
    headers: { authorization: adminKey },
    async prepare() {
      create.body = checkoutOf((await makeProducts())[0]!);
    },
  };
  return [
    create,
    {
      name: 'place order',
      description: `POST /ecom/v1/checkouts/{id}/create-order (offline), each call on a new checkout of ${POOL} made beforehand`,
      method: 'POST',
      path: '/ecom/v1/checkouts/00000000-0000-4000-8000-000000000000/create-order',
      body: {},
      headers: { authorization: adminKey },
      paths: () => {
        const id = pool.pop();
        if (id) return `/ecom/v1/checkouts/${id}/create-order`;
        if (!exhausted) console.error('place order: the checkouts made beforehand ran out (404s follow)');
        exhausted = true;
        return '/ecom/v1/checkouts/00000000-0000-4000-8000-000000000000/create-order';
      },
      async prepare() {
        const ids = await makeProducts();
        const made = await inParallel(POOL, 10, async (i) => {
          const res = await call(
            url,
            'POST',
            '/ecom/v1/checkouts',
            checkoutOf(ids[i % ids.length]!),
            adminKey,
          );
          const checkout = res.body.checkout as {
            id: string;
            shippingInfo?: { selectedCarrierServiceOption?: unknown };
          };
          if (res.status !== 200 || !checkout.shippingInfo?.selectedCarrierServiceOption)
            throw new Error(
              `checkout: ${res.status} (needs the demo shipping settings) ${JSON.stringify(res.body)}`,
            );
          return checkout.id;
        });
        pool.push(...made);
      },
    },
  ];
}
