import { NEW_YORK } from '../../packages/server/test/addresses.ts';
import type { Scenario } from '../measure.ts';

const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';
/** A shop's range: orders spread over it, so two orders rarely want the same product at the same instant. */
const PRODUCTS = 200;
/** Shoppers in rotation: each checkout is one shopper's, and that shopper places its order. */
const SHOPPERS = 100;
/**
 * Checkouts made ready for the order scenario: more than its warm-up and measured run can place (2 s + 10 s
 * at 600 orders/s). `BENCH_ORDER_POOL` sets another number.
 */
const POOL = Number(process.env.BENCH_ORDER_POOL ?? 8000);

async function call(url: string, method: string, path: string, body: unknown, token?: string) {
  const res = await fetch(url + path, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: token } : {}) },
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

/** A small deterministic generator (mulberry32), so runs pick the same products in the same order. */
function picker(seed: number) {
  let state = seed >>> 0;
  return (n: number) => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = Math.imul(state ^ (state >>> 15), state | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) % n;
  };
}

/**
 * The checkout, as shoppers go through it: `SHOPPERS` visitors, each creating checkouts of one or two lines
 * (every other checkout has two) of products picked over a range of `PRODUCTS`, shipped to New York (shipping
 * and tax priced) — and placing orders with `create-order` (offline payment), each call on a fresh checkout of
 * its own shopper made beforehand: the checkout lock, pricing, the conditional stock decrement, the order
 * number, the order, its activities and events. Stock is tracked with a billion units of each product, so it
 * is taken but never runs out.
 */
export function checkoutScenarios(url: string, adminKey: string): Scenario[] {
  let setup: Promise<{ products: string[]; shoppers: string[] }> | undefined;
  const prepare = () => {
    setup ??= (async () => {
      const stamp = Date.now();
      const products = await inParallel(PRODUCTS, 5, async (i) => {
        const created = await call(
          url,
          'POST',
          '/stores/v1/products',
          {
            product: {
              name: `Bench checkout item ${i} ${stamp}`,
              productType: 'physical',
              priceData: { price: 12.5 + (i % 40) },
            },
          },
          adminKey,
        );
        if (created.status !== 200)
          throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
        const id = (created.body.product as { id: string }).id;
        const stocked = await call(
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
        if (stocked.status !== 200)
          throw new Error(`stock: ${stocked.status} ${JSON.stringify(stocked.body)}`);
        return id;
      });
      const shoppers = await inParallel(SHOPPERS, 5, async () => {
        const token = await call(url, 'POST', '/oauth2/token', {
          grantType: 'anonymous',
          clientId: 'demo-storefront',
        });
        return String(token.body.access_token);
      });
      return { products, shoppers };
    })();
    return setup;
  };
  const pick = picker(7);
  const checkoutOf = (products: string[], shopper: number, n: number) => ({
    lineItems: Array.from({ length: 1 + (n % 2) }, () => ({
      quantity: 1,
      catalogReference: { catalogItemId: products[pick(products.length)]!, appId: STORE_APP_ID },
    })),
    checkoutInfo: {
      shippingInfo: { shippingDestination: { address: NEW_YORK } },
      buyerInfo: { email: `shopper${shopper}@example.com` },
    },
  });

  let made = 0;
  let ready: { products: string[]; shoppers: string[] } | undefined;
  const create: Scenario = {
    name: 'create checkout',
    description: `POST /ecom/v1/checkouts by ${SHOPPERS} shoppers in rotation: 1–2 lines of ${PRODUCTS} products, to New York (shipping and tax priced)`,
    method: 'POST',
    path: '/ecom/v1/checkouts',
    async prepare() {
      ready = await prepare();
    },
    next: () => {
      const { products, shoppers } = ready!;
      const n = made++;
      const shopper = n % shoppers.length;
      return { body: checkoutOf(products, shopper, n), authorization: shoppers[shopper]! };
    },
  };

  const pool: Array<{ id: string; token: string }> = [];
  let exhausted = false;
  const place: Scenario = {
    name: 'place order',
    description: `POST /ecom/v1/checkouts/{id}/create-order (offline) by the checkout's shopper, each call on a fresh checkout (${POOL} made beforehand by ${SHOPPERS} shoppers over ${PRODUCTS} products)`,
    method: 'POST',
    path: '/ecom/v1/checkouts/00000000-0000-4000-8000-000000000000/create-order',
    body: {},
    async prepare() {
      const { products, shoppers } = await prepare();
      const made = await inParallel(POOL, 10, async (i) => {
        const shopper = i % shoppers.length;
        const token = shoppers[shopper]!;
        const res = await call(url, 'POST', '/ecom/v1/checkouts', checkoutOf(products, shopper, i), token);
        const checkout = res.body.checkout as {
          id: string;
          shippingInfo?: { selectedCarrierServiceOption?: unknown };
        };
        if (res.status !== 200 || !checkout.shippingInfo?.selectedCarrierServiceOption)
          throw new Error(
            `checkout: ${res.status} (needs the demo shipping settings) ${JSON.stringify(res.body)}`,
          );
        return { id: checkout.id, token };
      });
      // Placed in the order they were made, shopper after shopper.
      pool.push(...made.reverse());
    },
    next: () => {
      const checkout = pool.pop();
      if (checkout)
        return { path: `/ecom/v1/checkouts/${checkout.id}/create-order`, authorization: checkout.token };
      if (!exhausted) console.error('place order: the checkouts made beforehand ran out (404s follow)');
      exhausted = true;
      return { authorization: adminKey };
    },
  };
  return [create, place];
}
