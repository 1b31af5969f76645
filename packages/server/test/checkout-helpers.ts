import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ProductInput } from '../src/modules/catalogue/shared/model.ts';
import { createProduct } from '../src/modules/catalogue/products/writes.ts';
import { rows } from '../src/platform/db.ts';
import { seedDemoSettings } from '../src/seed/demo-settings.ts';
import type { Server } from '../src/server.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { NEW_YORK, SAN_FRANCISCO } from './addresses.ts';
import { CLIENT_ID, seedClient } from './identity-helpers.ts';

/** Shared by the checkout, order placement and sandbox payment tests: a demo store and its shoppers. */

export const APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
export type Body = Record<string, unknown>;

export { NEW_YORK, SAN_FRANCISCO };

/** A tracked physical item the tests buy: $20, 250 g, 100 in stock. */
export const TEE = {
  name: 'Basic Tee',
  price: '20.00',
  weight: 0.25,
  stock: { trackQuantity: true, quantity: 100 },
};

/** The tee's picture, a library image record (for products made in the database directly). */
export const TEE_PICTURE = {
  id: '11111111-1111-4111-8111-111111111111',
  filename: 'tee.jpg',
  width: 800,
  height: 600,
  mediaType: 'image',
  format: 'jpg',
} as const;

/** The seed of a store shoppers can buy in: the storefront's OAuth client and the demo settings. */
export async function seedStore(server: Server): Promise<void> {
  await seedClient(server);
  await seedDemoSettings(server.ctx);
}

export const startStore = () => startTestServer({ seed: seedStore });

export async function product(server: TestServer, input: Partial<ProductInput> & { name: string }) {
  return (await createProduct(server.ctx, { price: '10.00', ...input })).id;
}

/** Product options: Size (S, M, L) and a Color swatch of these colours (hex code → name). */
export const sizeAndColorOptions = (colors: Record<string, string>) => [
  { name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] },
  {
    name: 'Color',
    optionType: 'color' as const,
    choices: Object.entries(colors).map(([value, description]) => ({ value, description })),
  },
];

/** A product whose stock is tracked: `quantity` in stock. */
export const stockedProduct = (server: TestServer, name: string, price: string, quantity: number) =>
  product(server, { name, price, stock: { trackQuantity: true, quantity } });

/** A product in sizes S and M, each variant with its own tracked quantity. */
export function sizedProduct(
  server: TestServer,
  name: string,
  price: string,
  quantities: { S: number; M: number },
) {
  return product(server, {
    name,
    price,
    productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
    variants: (['S', 'M'] as const).map((size) => ({
      choices: { Size: size },
      stock: { trackQuantity: true, quantity: quantities[size] },
    })),
  } as Parameters<typeof product>[1]);
}

/** A new anonymous shopper's access token. */
export async function visitor(server: TestServer): Promise<string> {
  const res = await server.call('POST', '/oauth2/token', {
    body: { grantType: 'anonymous', clientId: CLIENT_ID },
  });
  expect(res.status).toBe(200);
  return res.body.access_token as string;
}

export const line = (productId: string, quantity = 1, extra: Body = {}) => ({
  quantity,
  catalogReference: { catalogItemId: productId, appId: APP },
  ...extra,
});

export function errorCode(body: Body): string | undefined {
  return (body.details as { applicationError?: { code: string } } | undefined)?.applicationError?.code;
}

export function errorData(body: Body): Body {
  return (body.details as { applicationError: { data: Body } }).applicationError.data;
}

export function violationFields(body: Body): string[] {
  const v = (body.details as { validationError?: { fieldViolations: Array<{ field: string }> } } | undefined)
    ?.validationError;
  return (v?.fieldViolations ?? []).map((f) => f.field);
}

/** A checkout of `lines` to New York with a shipping address and e-mail, created by `token`'s shopper. */
export async function newCheckout(server: TestServer, token: string, lines: Body[], info: Body = {}) {
  const res = await server.call('POST', '/ecom/v1/checkouts', {
    token,
    body: {
      lineItems: lines,
      checkoutInfo: {
        shippingInfo: { shippingDestination: { address: NEW_YORK } },
        buyerInfo: { email: 'buyer@example.com' },
        ...info,
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout as Body & { id: string };
}

export async function cardToken(server: TestServer, token: string, number: string): Promise<string> {
  const res = await server.call('POST', '/payments/sandbox/v1/card-tokens', {
    token,
    body: { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 2, cvc: '123' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.paymentToken as string;
}

export async function stockOf(server: TestServer, productId: string): Promise<number | null> {
  const [row] = await rows<{ quantity: number | null }>(
    server.ctx.db,
    sql`select quantity from inventory_items where product_id = ${productId}`,
  );
  return row?.quantity ?? null;
}

export async function orderRow(server: TestServer, id: string) {
  const [row] = await rows<{
    id: string;
    number: string;
    status: string;
    payment_status: string;
    total: string;
    checkout_id: string;
    member_id: string | null;
    visitor_id: string | null;
    confirmation_token_hash: string;
    data: Body;
  }>(server.ctx.db, sql`select * from orders where id = ${id}`);
  return row!;
}

export async function countRows(server: TestServer, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows<{ n: number }>(server.ctx.db, query);
  return Number(row?.n ?? 0);
}

/** Events of an entity recorded in the outbox, oldest first. */
export async function eventsOf(server: TestServer, entityId: string) {
  return rows<{ entity: string; type: string; payload: Body }>(
    server.ctx.db,
    sql`select entity, type, payload from outbox_events where entity_id = ${entityId} order by id`,
  );
}
