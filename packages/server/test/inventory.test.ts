import { serverForFile } from './file-server.ts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';

const INV = '/stores/v2/inventoryItems';
const READER = '/stores-reader/v2/inventoryItems';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';

interface Item {
  id: string;
  externalId: string;
  productId: string;
  trackQuantity: boolean;
  numericId: string;
  lastUpdated: string;
  variants: Array<{ variantId: string; inStock: boolean; quantity?: number; availableForPreorder: boolean }>;
  preorderInfo: { enabled: boolean; message?: string; limit?: number };
}
interface Product {
  id: string;
  numericId: string;
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  productOptions: Array<{ choices: Array<{ description: string; inStock: boolean }> }>;
  variants: Array<{
    id: string;
    choices: Record<string, string>;
    stock: { quantity?: number; inStock: boolean };
  }>;
}

const { server, ok } = serverForFile();

async function product(body: Record<string, unknown>): Promise<Product> {
  return (await ok('POST', '/stores/v1/products', { product: { priceData: { price: 10 }, ...body } }))
    .product as Product;
}

async function read(id: string): Promise<Product> {
  return (await ok('GET', `/stores-reader/v1/products/${id}`, undefined, null)).product as Product;
}

async function item(id: string, token: string | null = null): Promise<Item> {
  return (await ok('POST', `${READER}/${id}/getVariants`, {}, token)).inventoryItem as Item;
}

async function events(entityId: string) {
  return rows<{ type: string; payload: { reason: string; variants?: unknown[] } }>(
    server().ctx.db,
    sql`select type, payload from outbox_events where entity = 'inventory_item' and entity_id = ${entityId} order by id`,
  );
}

const sized = (name: string) => ({
  name,
  productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] }],
});

describe('inventory writes', () => {
  it('are admin only (401 without a key or with a bad token), on both prefixes', async () => {
    const calls: Array<[string, string, unknown]> = [
      ['PATCH', `${INV}/product/${DEFAULT_VARIANT}`, { inventoryItem: { trackQuantity: true } }],
      ['POST', `${INV}/decrement`, { decrementData: [{ productId: DEFAULT_VARIANT, decrementBy: 1 }] }],
      ['POST', `${INV}/increment`, { incrementData: [{ productId: DEFAULT_VARIANT, incrementBy: 1 }] }],
      [
        'POST',
        '/v2/inventoryItems/decrement',
        { decrementData: [{ productId: DEFAULT_VARIANT, decrementBy: 1 }] },
      ],
    ];
    for (const [method, path, body] of calls) {
      expect((await server().call(method, path, { body })).status, path).toBe(401);
      expect((await server().call(method, path, { body, token: 'not-a-real-token' })).status, path).toBe(401);
    }
  });

  it('updates tracking, per-variant stock and pre-order settings; the product follows; events carry the reason', async () => {
    const p = await product(sized('Tracked Tee'));
    const [s, m, l] = p.variants;
    await ok('PATCH', `${INV}/product/${p.id}`, {
      inventoryItem: {
        productId: p.id,
        trackQuantity: true,
        variants: [
          { variantId: s!.id, quantity: 5 },
          { variantId: m!.id, quantity: 0 },
          { variantId: l!.id, quantity: 2 },
        ],
        preorderInfo: { enabled: true, message: 'Ships in May', limit: 3 },
      },
    });
    let after = await read(p.id);
    expect(after.stock).toEqual({
      trackInventory: true,
      quantity: 7,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    expect(after.productOptions[0]!.choices.map((c) => c.inStock)).toEqual([true, false, true]);
    const got = await item(p.id);
    expect(got).toMatchObject({
      id: p.id,
      externalId: p.id,
      productId: p.id,
      trackQuantity: true,
      numericId: p.numericId,
      preorderInfo: { enabled: true, message: 'Ships in May', limit: 3 },
    });
    expect(got.variants.map((v) => [v.quantity, v.inStock, v.availableForPreorder])).toEqual([
      [5, true, true],
      [0, false, true],
      [2, true, true],
    ]);
    expect(new Date(got.lastUpdated).getTime()).toBeGreaterThan(Date.now() - 60_000);
    const recorded = await events(p.id);
    expect(recorded.map((e) => [e.type, e.payload.reason])).toEqual([
      ['updated', 'MANUAL'],
      ['variants_changed', 'MANUAL'],
    ]);
    expect(recorded[1]!.payload.variants).toContainEqual({
      id: s!.id,
      oldValue: { inStock: true },
      newValue: { inStock: true, quantity: 5 },
    });

    await ok('PATCH', `/v2/inventoryItems/product/${p.id}`, {
      inventoryItem: {
        variants: [
          { variantId: s!.id, quantity: 0 },
          { variantId: l!.id, quantity: 0 },
        ],
      },
    });
    after = await read(p.id);
    expect(after.stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });

    await ok('PATCH', `${INV}/product/${p.id}`, {
      inventoryItem: { trackQuantity: false, variants: [{ variantId: m!.id, inStock: true }] },
    });
    after = await read(p.id);
    expect(after.stock).toEqual({
      trackInventory: false,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    const filtered = await ok('POST', `${READER}/${p.id}/getVariants`, { variantIds: [m!.id] }, null);
    expect((filtered.inventoryItem as Item).variants.map((v) => v.variantId)).toEqual([m!.id]);
  });

  it('names the field of a bad update', async () => {
    const p = await product({ name: 'Plain Thing' });
    const cases: Array<[unknown, string]> = [
      [
        { inventoryItem: { variants: [{ variantId: '5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f', quantity: 1 }] } },
        'inventoryItem.variants[0].variantId',
      ],
      [
        { inventoryItem: { variants: [{ variantId: DEFAULT_VARIANT, quantity: -1 }] } },
        'inventoryItem.variants[0].quantity',
      ],
      [{ inventoryItem: { productId: DEFAULT_VARIANT } }, 'inventoryItem.productId'],
      [{ inventoryItem: {}, reason: 'THEFT' }, 'reason'],
      [{}, 'inventoryItem'],
    ];
    for (const [body, field] of cases) {
      const res = await server().call('PATCH', `${INV}/product/${p.id}`, { body, token: server().adminKey });
      expect(res.status, field).toBe(400);
      const violations = (
        res.body.details as { validationError: { fieldViolations: Array<{ field: string }> } }
      ).validationError.fieldViolations;
      expect(violations.map((v) => v.field)).toContain(field);
    }
    const missing = await server().call('PATCH', `${INV}/product/5d0f4ea3-7a1c-4a53-9a57-4c1b1b1d2e3f`, {
      body: { inventoryItem: { trackQuantity: true } },
      token: server().adminKey,
    });
    expect(missing.status).toBe(404);
  });

  it('decrements and increments atomically, all or nothing, never below zero', async () => {
    const a = await product({ name: 'Stock A' });
    const b = await product(sized('Stock B'));
    await ok('PATCH', `${INV}/product/${a.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 3 }] },
    });
    await ok('PATCH', `${INV}/product/${b.id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: b.variants.map((v) => ({ variantId: v.id, quantity: 1 })),
      },
    });
    await ok('POST', `${INV}/decrement`, {
      decrementData: [
        { productId: a.id, decrementBy: 2 },
        { inventoryId: b.id, variantId: b.variants[0]!.id, decrementBy: 1 },
      ],
    });
    expect((await item(a.id)).variants[0]!.quantity).toBe(1);
    expect((await read(b.id)).stock).toMatchObject({
      quantity: 2,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });

    const refused = await server().call('POST', `${INV}/decrement`, {
      body: {
        decrementData: [
          { productId: a.id, decrementBy: 1 },
          { externalId: b.id, variantId: b.variants[1]!.id, decrementBy: 5 },
        ],
      },
      token: server().adminKey,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      details: {
        applicationError: {
          code: 'INSUFFICIENT_INVENTORY',
          data: {
            field: 'decrementData[1]',
            productId: b.id,
            variantId: b.variants[1]!.id,
            requested: 5,
            available: 1,
          },
        },
      },
    });
    expect(
      (refused.body.details as { applicationError: { description: string } }).applicationError.description,
    ).toContain(b.variants[1]!.id);
    // Nothing of the refused request stuck: A still has 1.
    expect((await item(a.id)).variants[0]!.quantity).toBe(1);

    await ok('POST', `/v2/inventoryItems/increment`, {
      incrementData: [{ productId: a.id, incrementBy: 4 }],
    });
    expect((await item(a.id)).variants[0]!.quantity).toBe(5);
    const reasons = (await events(a.id))
      .filter((e) => e.type === 'variants_changed')
      .map((e) => e.payload.reason);
    expect(reasons).toEqual(['MANUAL', 'ORDER', 'REVERT_INVENTORY_CHANGE']);

    const unknownVariant = await server().call('POST', `${INV}/decrement`, {
      body: { decrementData: [{ productId: b.id, decrementBy: 1 }] },
      token: server().adminKey,
    });
    expect(unknownVariant.status).toBe(404);
    expect(unknownVariant.body).toMatchObject({
      details: { applicationError: { code: 'VARIANT_NOT_FOUND' } },
    });
    const noTarget = await server().call('POST', `${INV}/decrement`, {
      body: { decrementData: [{ decrementBy: 1 }] },
      token: server().adminKey,
    });
    expect(noTarget.status).toBe(400);
    expect(noTarget.body).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'decrementData[0].inventoryId' }] } },
    });
    const zero = await server().call('POST', `${INV}/decrement`, {
      body: { decrementData: [{ productId: a.id, decrementBy: 0 }] },
      token: server().adminKey,
    });
    expect(zero.body).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'decrementData[0].decrementBy' }] } },
    });
  });

  it("moves a product's lastUpdated when a variant goes out of or into stock, not when only its count moves", async () => {
    const p = await product({ name: 'Stock dates' });
    await ok('PATCH', `${INV}/product/${p.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 3 }] },
    });
    const lastUpdated = async () =>
      (
        (await ok('GET', `/stores-reader/v1/products/${p.id}`, undefined, null)).product as {
          lastUpdated: string;
        }
      ).lastUpdated;
    const tick = () => new Promise((resolve) => setTimeout(resolve, 5));
    const stocked = await lastUpdated();
    const itemBefore = (await item(p.id)).lastUpdated;
    await tick();

    await ok('POST', `${INV}/decrement`, { decrementData: [{ productId: p.id, decrementBy: 2 }] });
    expect((await read(p.id)).stock).toMatchObject({ quantity: 1, inStock: true });
    expect(await lastUpdated()).toBe(stocked);
    expect(new Date((await item(p.id)).lastUpdated).getTime()).toBeGreaterThan(
      new Date(itemBefore).getTime(),
    );

    await ok('POST', `${INV}/decrement`, { decrementData: [{ productId: p.id, decrementBy: 1 }] });
    expect((await read(p.id)).stock).toMatchObject({ quantity: 0, inStock: false });
    const soldOut = await lastUpdated();
    expect(new Date(soldOut).getTime()).toBeGreaterThan(new Date(stocked).getTime());
    await tick();

    await ok('POST', `${INV}/increment`, { incrementData: [{ productId: p.id, incrementBy: 2 }] });
    expect((await read(p.id)).stock).toMatchObject({ quantity: 2, inStock: true });
    expect(new Date(await lastUpdated()).getTime()).toBeGreaterThan(new Date(soldOut).getTime());
  });

  it('takes pre-orders past the stock up to the limit', async () => {
    const p = await product({ name: 'Preorder Lamp' });
    await ok('PATCH', `${INV}/product/${p.id}`, {
      inventoryItem: {
        trackQuantity: true,
        variants: [{ variantId: DEFAULT_VARIANT, quantity: 0 }],
        preorderInfo: { enabled: true, limit: 2 },
      },
    });
    await ok('POST', `${INV}/decrement`, {
      decrementData: [{ productId: p.id, decrementBy: 2, preorderRequest: true }],
    });
    expect((await item(p.id)).variants[0]).toMatchObject({ quantity: 0, availableForPreorder: false });
    const over = await server().call('POST', `${INV}/decrement`, {
      body: { decrementData: [{ productId: p.id, decrementBy: 1, preorderRequest: true }] },
      token: server().adminKey,
    });
    expect(over.status).toBe(409);
  });

  it('lets exactly 10 of 30 parallel decrements of 1 take a stock of 10', async () => {
    const p = await product({ name: 'Hot Item' });
    await ok('PATCH', `${INV}/product/${p.id}`, {
      inventoryItem: { trackQuantity: true, variants: [{ variantId: DEFAULT_VARIANT, quantity: 10 }] },
    });
    const results = await Promise.all(
      Array.from({ length: 30 }, () =>
        server().call('POST', `${INV}/decrement`, {
          body: { decrementData: [{ productId: p.id, variantId: DEFAULT_VARIANT, decrementBy: 1 }] },
          token: server().adminKey,
        }),
      ),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(20);
    expect((await item(p.id)).variants[0]).toMatchObject({ quantity: 0, inStock: false });
    expect((await read(p.id)).stock).toEqual({
      trackInventory: true,
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });
    const orders = (await events(p.id)).filter((e) => e.payload.reason === 'ORDER');
    expect(orders).toHaveLength(10);
  });
});

describe('inventory reads', () => {
  it('queries items with filter and sort as JSON strings, paged, visible products only for visitors', async () => {
    const hidden = await product({ name: 'Hidden Stock', visible: false });
    const page = await ok(
      'POST',
      `${READER}/query`,
      {
        query: {
          filter: JSON.stringify({ trackQuantity: true }),
          sort: JSON.stringify([{ fieldName: 'numericId', order: 'DESC' }]),
          paging: { limit: 2, offset: 1 },
        },
      },
      null,
    );
    const all = await ok(
      'POST',
      `${READER}/query`,
      { query: { filter: '{"trackQuantity": true}', paging: { limit: 100 } } },
      null,
    );
    const tracked = all.inventoryItems as Item[];
    expect(tracked.every((i) => i.trackQuantity)).toBe(true);
    expect(all.totalResults).toBe(tracked.length);
    expect(page.metadata).toEqual({ items: 2, offset: 1 });
    expect(page.totalResults).toBe(tracked.length);
    const descending = [...tracked]
      .sort((x, y) => Number(y.numericId) - Number(x.numericId))
      .map((i) => i.id);
    expect((page.inventoryItems as Item[]).map((i) => i.id)).toEqual(descending.slice(1, 3));

    const anyone = await ok('POST', `${READER}/query`, { query: { filter: { productId: hidden.id } } }, null);
    expect(anyone.inventoryItems).toEqual([]);
    const merchant = await ok('POST', `${READER}/query`, { query: { filter: { productId: hidden.id } } });
    expect((merchant.inventoryItems as Item[]).map((i) => i.id)).toEqual([hidden.id]);
    expect((await server().call('POST', `${READER}/${hidden.id}/getVariants`, { body: {} })).status).toBe(
      404,
    );

    const bad = await server().call('POST', `${READER}/query`, {
      body: { query: { filter: '{"colour": 1}' } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'query.filter.colour' }] } },
    });
    const broken = await server().call('POST', `${READER}/query`, { body: { query: { sort: '[{' } } });
    expect(broken.body).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'query.sort' }] } },
    });
  });
});
