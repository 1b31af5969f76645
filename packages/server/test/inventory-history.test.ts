import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import {
  APP,
  type Body,
  errorCode,
  newCheckout,
  sizedProduct,
  seedStore,
  visitor,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

/**
 * The inventory change history: every change of a tracked quantity recorded with its reason, who made it and
 * the order, in the transaction of the change; `GET /stores/v3/inventory-items/{id}/changes` pages it newest
 * first.
 */

interface Change {
  id: string;
  inventoryItemId: string;
  variantId: string;
  delta: number;
  quantityAfter?: number;
  reason: string;
  orderId?: string;
  actor?: { kind: string; id: string; label: string };
  createdDate: string;
}
interface Page {
  changes: Change[];
  pagingMetadata: { count: number; hasNext: boolean; cursors: { next: string | null } };
}

const { server } = serverForFile({ seed: seedStore });
let hoodie: string;
const items: Record<string, { id: string; variantId: string }> = {};

const changes = async (itemId: string, query = ''): Promise<Page> => {
  const res = await server().call('GET', `/stores/v3/inventory-items/${itemId}/changes${query}`, {
    token: server().adminKey,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
};

const sizeLine = (size: 'S' | 'M', quantity: number) => ({
  quantity,
  catalogReference: { catalogItemId: hoodie, appId: APP, options: { variantId: items[size]!.variantId } },
});

async function placeOrder(lines: Body[]): Promise<{ status: number; body: Body }> {
  const token = await visitor(server());
  const checkout = await newCheckout(server(), token, lines);
  return server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order`, { token, body: {} });
}

async function item(size: 'S' | 'M') {
  const res = await server().call('GET', `/stores/v3/inventory-items/${items[size]!.id}`, {
    token: server().adminKey,
  });
  return res.body.inventoryItem as { id: string; revision: string; quantity: number };
}

beforeAll(async () => {
  hoodie = await sizedProduct(server(), 'History Hoodie', '60.00', { S: 10, M: 10 });
  const found = await rows<{ id: string; variant_id: string; size: string }>(
    server().ctx.db,
    sql`select i.id, i.variant_id, v.choices->>'Size' as size from inventory_items i
      join product_variants v on v.product_id = i.product_id and v.id = i.variant_id
      where i.product_id = ${hoodie}`,
  );
  for (const row of found) items[row.size] = { id: row.id, variantId: row.variant_id };
});

describe('inventory change history', () => {
  it('records a placed order per line with the order, a refused one not at all', async () => {
    const placed = await placeOrder([sizeLine('S', 2), sizeLine('M', 1)]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const orderId = placed.body.orderId as string;
    const s = await changes(items.S!.id);
    expect(s.changes).toHaveLength(1);
    expect(s.changes[0]).toMatchObject({
      inventoryItemId: items.S!.id,
      variantId: items.S!.variantId,
      delta: -2,
      quantityAfter: 8,
      reason: 'ORDER_PLACED',
      orderId,
    });
    expect(s.changes[0]).not.toHaveProperty('actor');
    expect((await changes(items.M!.id)).changes[0]).toMatchObject({ delta: -1, quantityAfter: 9, orderId });

    const short = await placeOrder([sizeLine('S', 1), sizeLine('M', 50)]);
    expect(short.status).toBe(409);
    expect((await changes(items.S!.id)).changes).toHaveLength(1);
    expect((await changes(items.M!.id)).changes).toHaveLength(1);
  });

  it('records an admin edit with who made it, a cancel with restock and a refund with restock', async () => {
    const current = await item('S');
    const edited = await server().call('PATCH', `/stores/v3/inventory-items/${current.id}`, {
      token: server().adminKey,
      body: { inventoryItem: { quantity: 20, revision: current.revision }, reason: 'MANUAL' },
    });
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    const [edit] = (await changes(items.S!.id)).changes;
    expect(edit).toMatchObject({ delta: 12, quantityAfter: 20, reason: 'MANUAL' });
    expect(edit!.actor).toMatchObject({ kind: 'key' });
    expect(edit).not.toHaveProperty('orderId');

    const placed = await placeOrder([sizeLine('S', 3)]);
    const orderId = placed.body.orderId as string;
    const canceled = await server().call('POST', `/ecom/v1/orders/${orderId}/cancel`, {
      token: server().adminKey,
      body: { restockAllItems: true },
    });
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const [back, taken] = (await changes(items.S!.id)).changes;
    expect(taken).toMatchObject({ delta: -3, quantityAfter: 17, reason: 'ORDER_PLACED', orderId });
    expect(back).toMatchObject({ delta: 3, quantityAfter: 20, reason: 'ORDER_CANCELED', orderId });

    const second = await placeOrder([sizeLine('M', 2)]);
    const paidId = second.body.orderId as string;
    await server().call('POST', `/ecom/v1/payments-collector/orders/${paidId}/mark-as-paid`, {
      token: server().adminKey,
      body: {},
    });
    const refundability = await server().call(
      'GET',
      `/ecom/v1/payments-collector/orders/${paidId}/refundability`,
      { token: server().adminKey },
    );
    const [payment] = refundability.body.refundabilities as Array<{ paymentId: string }>;
    const order = await server().call('GET', `/ecom/v1/orders/${paidId}`, { token: server().adminKey });
    const lineId = (order.body.order as { lineItems: Array<{ id: string }> }).lineItems[0]!.id;
    const refund = await server().call(
      'POST',
      `/ecom/v1/payments-collector/orders/${paidId}/trigger-refund`,
      {
        token: server().adminKey,
        body: {
          payments: [{ paymentId: payment!.paymentId, amount: '10.00' }],
          details: { lineItems: [{ lineItemId: lineId, quantity: 1 }] },
          sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
        },
      },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const [refunded] = (await changes(items.M!.id)).changes;
    expect(refunded).toMatchObject({ delta: 1, quantityAfter: 8, reason: 'ORDER_REFUNDED', orderId: paidId });
  });

  it('records the v1 decrement and increment with their wire reasons, and a CSV import', async () => {
    const dec = await server().call('POST', '/stores/v2/inventoryItems/decrement', {
      token: server().adminKey,
      body: { decrementData: [{ productId: hoodie, variantId: items.M!.variantId, decrementBy: 2 }] },
    });
    expect(dec.status, JSON.stringify(dec.body)).toBe(200);
    const inc = await server().call('POST', '/stores/v2/inventoryItems/increment', {
      token: server().adminKey,
      body: { incrementData: [{ productId: hoodie, variantId: items.M!.variantId, incrementBy: 5 }] },
    });
    expect(inc.status, JSON.stringify(inc.body)).toBe(200);
    const [up, down] = (await changes(items.M!.id)).changes;
    expect(down).toMatchObject({ delta: -2, quantityAfter: 6, reason: 'ORDER' });
    expect(down).not.toHaveProperty('orderId');
    expect(up).toMatchObject({ delta: 5, quantityAfter: 11, reason: 'REVERT_INVENTORY_CHANGE' });

    const slug = (
      await rows<{ slug: string }>(server().ctx.db, sql`select slug from products where id = ${hoodie}`)
    )[0]!.slug;
    // Both sizes (the file's rows are the product's variants): S unchanged, M counted down to 4.
    const csv = `Handle,Option1 Name,Option1 Value,Track Quantity,Quantity\r\n${slug},Size,S,true,20\r\n${slug},Size,M,true,4\r\n`;
    const imported = await server().call('POST', '/stores/v1/products/import', {
      token: server().adminKey,
      body: { csv },
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    expect((imported.body as { results: Body }).results).toMatchObject({ updated: 1, failed: 0 });
    const [fromCsv] = (await changes(items.M!.id)).changes;
    expect(fromCsv).toMatchObject({ delta: -7, quantityAfter: 4, reason: 'CSV_IMPORT' });
    expect(fromCsv!.actor).toMatchObject({ kind: 'key' });
    expect((await changes(items.S!.id)).changes[0]).toMatchObject({ reason: 'ORDER_CANCELED' });
  });

  it('pages newest first by cursor, and refuses bad cursors, unknown items and shoppers', async () => {
    const all = (await changes(items.S!.id)).changes;
    expect(all.length).toBeGreaterThanOrEqual(4);
    const first = await changes(items.S!.id, '?limit=2');
    expect(first.changes.map((c) => c.id)).toEqual(all.slice(0, 2).map((c) => c.id));
    expect(first.pagingMetadata).toMatchObject({ count: 2, hasNext: true });
    const rest = await changes(items.S!.id, `?limit=100&cursor=${first.pagingMetadata.cursors.next}`);
    expect(rest.changes.map((c) => c.id)).toEqual(all.slice(2).map((c) => c.id));
    expect(rest.pagingMetadata).toMatchObject({ hasNext: false, cursors: { next: null } });
    expect(Date.parse(all[0]!.createdDate)).toBeGreaterThanOrEqual(Date.parse(all.at(-1)!.createdDate));

    const bad = await server().call('GET', `/stores/v3/inventory-items/${items.S!.id}/changes?cursor=abc`, {
      token: server().adminKey,
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('cursor');
    const tooMany = await server().call(
      'GET',
      `/stores/v3/inventory-items/${items.S!.id}/changes?limit=500`,
      {
        token: server().adminKey,
      },
    );
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(tooMany.body)).toContain('limit');
    const missing = await server().call(
      'GET',
      '/stores/v3/inventory-items/00000000-0000-0000-0000-0000000000aa/changes',
      { token: server().adminKey },
    );
    expect(missing.status).toBe(404);
    expect(errorCode(missing.body)).toBe('INVENTORY_ITEM_NOT_FOUND');
    const shopper = await server().call('GET', `/stores/v3/inventory-items/${items.S!.id}/changes`, {
      token: await visitor(server()),
    });
    expect(shopper.status).toBe(403);
  });
});
