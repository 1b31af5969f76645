import { serverForFile } from './file-server.ts';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';

const V3 = '/stores/v3';
const ITEMS = `${V3}/inventory-items`;
const BULK = `${V3}/bulk/inventory-items`;
const ALIAS = '/_api/inventory/v3/inventory-items';
const DEFAULT_VARIANT = '00000000-0000-0000-0000-000000000000';
const LOCATION = '00000000-0000-0000-0000-000000000001';

interface Item {
  id: string;
  revision: string;
  createdDate: string;
  updatedDate: string;
  variantId: string;
  locationId: string;
  productId: string;
  inStock?: boolean;
  quantity?: number;
  trackQuantity: boolean;
  availabilityStatus: string;
  preorderInfo: { enabled: boolean; message?: string; limit?: number; counter: number; quantity?: number };
  product: {
    name: string;
    directCategoryIds: string[];
    variantName?: string;
    variantSku?: string;
    variantVisible: boolean;
  };
}
interface Product {
  id: string;
  stock: { trackInventory: boolean; quantity?: number; inStock: boolean; inventoryStatus: string };
  variants: Array<{
    id: string;
    choices: Record<string, string>;
    stock: { quantity?: number; inStock: boolean };
  }>;
}
interface BulkBody {
  results: Array<{
    itemMetadata: { id?: string; originalIndex: number; success: boolean; error?: { code: string } };
    item?: Item;
  }>;
  bulkActionMetadata: { totalSuccesses: number; totalFailures: number };
}

const { server, call, ok } = serverForFile();
const encode = (request: unknown) => Buffer.from(JSON.stringify(request)).toString('base64url');
const code = (body: Record<string, unknown>) =>
  (body.details as { applicationError?: { code: string } }).applicationError?.code;
const violations = (body: Record<string, unknown>) =>
  (body.details as { validationError: { fieldViolations: Array<{ field: string; violatedRule: string }> } })
    .validationError.fieldViolations;

async function product(name: string, options = true, extra: Record<string, unknown> = {}): Promise<Product> {
  return (
    await ok('POST', '/stores/v1/products', {
      product: {
        name,
        priceData: { price: 10 },
        sku: `${name.slice(0, 3).toUpperCase()}-1`,
        ...(options
          ? { productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] }] }
          : {}),
        ...extra,
      },
    })
  ).product as Product;
}
const read = async (id: string) =>
  (await ok('GET', `/stores-reader/v1/products/${id}`, undefined, null)).product as Product;
async function itemsOf(productId: string, token: string | null = server().adminKey): Promise<Item[]> {
  const body = await ok('POST', `${ITEMS}/query`, { query: { filter: { productId } } }, token);
  return body.inventoryItems as Item[];
}
const get = async (id: string) => (await ok('GET', `${ITEMS}/${id}`)).inventoryItem as Item;
const patch = (item: Pick<Item, 'id' | 'revision'>, fields: Record<string, unknown>, extra = {}) =>
  call('PATCH', `${ITEMS}/${item.id}`, {
    inventoryItem: { id: item.id, revision: item.revision, ...fields },
    ...extra,
  });
async function inventoryEvents(productId: string) {
  return rows<{ type: string; payload: Record<string, unknown> }>(
    server().ctx.db,
    sql`select type, payload from outbox_events where entity = 'inventory_item' and entity_id = ${productId} order by id`,
  );
}

describe('v3 inventory items: access', () => {
  it('writes are admin only; reads are public and hide items of hidden products from visitors', async () => {
    const p = await product('Hidden Hat', true, { visible: false });
    const [item] = await itemsOf(p.id);
    const writes: Array<[string, string, unknown]> = [
      ['POST', ITEMS, { inventoryItem: { variantId: DEFAULT_VARIANT, productId: p.id } }],
      ['PATCH', `${ITEMS}/${item!.id}`, { inventoryItem: { revision: '1', quantity: 1 } }],
      ['DELETE', `${ITEMS}/${item!.id}`, undefined],
      ['POST', `${BULK}/decrement`, { decrementData: [{ inventoryItemId: item!.id, decrementBy: 1 }] }],
      ['POST', `${BULK}/update-by-filter`, { filter: {}, inventoryItem: { quantity: 1 } }],
      [
        'POST',
        `${ALIAS.replace('/inventory-items', '')}/bulk/inventory-items/delete`,
        { inventoryItemIds: [item!.id] },
      ],
    ];
    for (const [method, path, body] of writes)
      expect((await call(method, path, body, null)).status, `${method} ${path}`).toBe(401);
    expect(await itemsOf(p.id, null)).toEqual([]);
    expect((await call('GET', `${ITEMS}/${item!.id}`, undefined, null)).status).toBe(404);
    expect((await ok('GET', `${ALIAS}/${item!.id}`)).inventoryItem).toMatchObject({ id: item!.id });
  });
});

describe('v3 inventory items: CRUD on the variant stock rows', () => {
  it('has one item per variant, with the single location and the product and variant details', async () => {
    const p = await product('Linen Shirt');
    const items = await itemsOf(p.id);
    expect(items).toHaveLength(3);
    expect(items.map((i) => i.variantId).sort()).toEqual(p.variants.map((v) => v.id).sort());
    const small = items.find((i) => i.product.variantName === 'S')!;
    expect(small).toMatchObject({
      locationId: LOCATION,
      productId: p.id,
      inStock: true,
      trackQuantity: false,
      availabilityStatus: 'IN_STOCK',
      revision: '1',
      preorderInfo: { enabled: false, counter: 0 },
      product: { name: 'Linen Shirt', directCategoryIds: [], variantVisible: true },
    });
    expect(small.quantity).toBeUndefined();
    expect(await get(small.id)).toEqual(small);
  });

  it('updates with the revision (a stale one is a 409), keeps the product and v1 reads in step', async () => {
    const p = await product('Wool Scarf');
    const [a, b, c] = await itemsOf(p.id);
    const res = await patch(a!, { quantity: 4 }, { reason: 'MANUAL' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const updated = res.body.inventoryItem as Item;
    expect(updated).toMatchObject({
      quantity: 4,
      trackQuantity: true,
      revision: '2',
      availabilityStatus: 'IN_STOCK',
    });
    expect(updated.inStock).toBeUndefined();
    expect(Date.parse(updated.updatedDate)).toBeGreaterThanOrEqual(Date.parse(a!.updatedDate));

    const stale = await patch(a!, { quantity: 9 });
    expect(stale.status).toBe(409);
    expect(code(stale.body)).toBe('REVISION_MISMATCH');
    expect((await get(a!.id)).quantity).toBe(4);

    const missing = await call('PATCH', `${ITEMS}/${a!.id}`, { inventoryItem: { quantity: 1 } });
    expect(missing.status).toBe(400);
    expect(violations(missing.body)[0]).toMatchObject({ field: 'inventoryItem.revision' });

    // Other variants become tracked too; one at 0 makes the product partly out of stock.
    expect((await patch(b!, { quantity: 0 })).status).toBe(200);
    expect((await patch(c!, { quantity: 2 })).status).toBe(200);
    const after = await read(p.id);
    expect(after.stock).toEqual({
      trackInventory: true,
      quantity: 6,
      inStock: true,
      inventoryStatus: 'PARTIALLY_OUT_OF_STOCK',
    });
    const v1 = (await ok('POST', `/stores-reader/v2/inventoryItems/${p.id}/getVariants`, {}, null))
      .inventoryItem as { variants: Array<{ variantId: string; quantity?: number; inStock: boolean }> };
    expect(v1.variants.find((v) => v.variantId === a!.variantId)).toMatchObject({
      quantity: 4,
      inStock: true,
    });
    expect(v1.variants.find((v) => v.variantId === b!.variantId)).toMatchObject({
      quantity: 0,
      inStock: false,
    });

    // inStock makes an item untracked again.
    const untracked = (await patch(await get(b!.id), { inStock: true })).body.inventoryItem as Item;
    expect(untracked).toMatchObject({ inStock: true, trackQuantity: false, availabilityStatus: 'IN_STOCK' });

    const recorded = await inventoryEvents(p.id);
    expect(recorded.map((e) => [e.type, e.payload.reason])).toContainEqual(['variants_changed', 'MANUAL']);
    expect(recorded.find((e) => e.type === 'variants_changed')!.payload).toMatchObject({
      inventoryItemId: p.id,
      externalId: p.id,
      variants: [{ id: a!.variantId, oldValue: { inStock: true }, newValue: { inStock: true, quantity: 4 } }],
    });
  });

  it('applies only the masked fields; rejects unknown mask paths and quantity with inStock', async () => {
    const p = await product('Canvas Tote', false);
    const [item] = await itemsOf(p.id);
    const res = await patch(
      item!,
      { quantity: 50, preorderInfo: { enabled: true, message: 'Back in June', limit: 5 } },
      { fieldMask: 'preorderInfo.enabled,preorderInfo.limit' },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.inventoryItem).toMatchObject({
      inStock: true,
      trackQuantity: false,
      preorderInfo: { enabled: true, limit: 5, counter: 0, quantity: 5 },
    });
    expect((res.body.inventoryItem as Item).preorderInfo.message).toBeUndefined();
    const current = await get(item!.id);
    const bad = await patch(current, { quantity: 1 }, { fieldMask: 'quantity,colour' });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]).toMatchObject({ field: 'fieldMask', violatedRule: 'FIELD_NOT_ALLOWED' });
    const both = await patch(current, { quantity: 1, inStock: true });
    expect(both.status).toBe(400);
    expect(violations(both.body)[0]).toMatchObject({ field: 'inventoryItem.quantity' });
    // Sold out with pre-orders open: PREORDER.
    const sold = (await patch(current, { quantity: 0 })).body.inventoryItem as Item;
    expect(sold.availabilityStatus).toBe('PREORDER');
    expect((await read(p.id)).stock.inventoryStatus).toBe('OUT_OF_STOCK');
  });

  it('deletes and creates items; a variant without one counts as untracked and in stock', async () => {
    const p = await product('Clay Mug', false);
    const [item] = await itemsOf(p.id);
    await patch(item!, { quantity: 0 });
    expect((await read(p.id)).stock.inStock).toBe(false);
    await ok('DELETE', `${ITEMS}/${item!.id}`);
    expect((await call('GET', `${ITEMS}/${item!.id}`)).status).toBe(404);
    expect((await read(p.id)).stock).toMatchObject({ trackInventory: false, inStock: true });

    const ambiguous = await call('POST', ITEMS, {
      inventoryItem: { variantId: DEFAULT_VARIANT, quantity: 3 },
    });
    expect(ambiguous.status).toBe(400);
    expect(violations(ambiguous.body)[0]).toMatchObject({ field: 'inventoryItem.productId' });
    const wrongPlace = await call('POST', ITEMS, {
      inventoryItem: { variantId: DEFAULT_VARIANT, productId: p.id, locationId: p.id, quantity: 3 },
    });
    expect(wrongPlace.status).toBe(404);
    expect(code(wrongPlace.body)).toBe('LOCATION_NOT_FOUND');

    const created = (
      await ok('POST', ITEMS, {
        inventoryItem: { variantId: DEFAULT_VARIANT, productId: p.id, locationId: LOCATION, quantity: 3 },
      })
    ).inventoryItem as Item;
    expect(created).toMatchObject({ productId: p.id, quantity: 3, revision: '1', trackQuantity: true });
    expect(created.id).not.toBe(item!.id);
    expect((await read(p.id)).stock).toMatchObject({ trackInventory: true, quantity: 3, inStock: true });
    const again = await call('POST', ITEMS, {
      inventoryItem: { variantId: DEFAULT_VARIANT, productId: p.id },
    });
    expect(again.status).toBe(409);
    expect(code(again.body)).toBe('INVENTORY_ITEM_ALREADY_EXISTS');

    // A managed variant's id is unique enough on its own.
    const sized = await product('Clay Bowl');
    const [first] = await itemsOf(sized.id);
    await ok('DELETE', `${ITEMS}/${first!.id}`);
    const recreated = (
      await ok('POST', ITEMS, { inventoryItem: { variantId: first!.variantId, inStock: false } })
    ).inventoryItem as Item;
    expect(recreated).toMatchObject({
      productId: sized.id,
      inStock: false,
      availabilityStatus: 'OUT_OF_STOCK',
    });
    expect((await call('GET', `${ITEMS}/not-an-id`)).status).toBe(404);
  });
});

describe('v3 inventory items: query, search, count', () => {
  const UNITS: Record<string, number> = { S: 0, M: 5, L: 10 };
  let p: Product;
  beforeAll(async () => {
    p = await product('Searchable Sneaker', true, { sku: 'SNK-9' });
    const items = await itemsOf(p.id);
    await ok('POST', `${BULK}/update`, {
      inventoryItems: items.map((item) => ({
        inventoryItem: { id: item.id, revision: item.revision, quantity: UNITS[item.product.variantName!] },
      })),
    });
    await ok('PATCH', `/stores/v1/products/${p.id}/variants`, {
      variants: [{ choices: { Size: 'M' }, sku: 'SNK-9-M' }],
    });
  });

  it('queries with a complex GET and its POST fallback, with sort and paging', async () => {
    const request = {
      query: {
        filter: { productId: p.id, availabilityStatus: 'IN_STOCK' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        paging: { limit: 1 },
      },
    };
    const viaGet = await ok('GET', `${ITEMS}/query?.r=${encode(request)}`);
    const viaPost = await ok('POST', `${ITEMS}/query`, request);
    expect(viaGet).toEqual(viaPost);
    expect(viaGet.pagingMetadata).toMatchObject({ count: 1, offset: 0, total: 2 });
    const cursor = await ok('POST', `${ITEMS}/query`, {
      query: { filter: { productId: p.id }, cursorPaging: { limit: 2 } },
    });
    expect((cursor.inventoryItems as Item[]).length).toBe(2);
    const next = (cursor.pagingMetadata as { cursors: { next: string } }).cursors.next;
    const rest = await ok('POST', `${ITEMS}/query`, { query: { cursorPaging: { limit: 2, cursor: next } } });
    expect((rest.inventoryItems as Item[]).length).toBe(1);
    const bad = await call('POST', `${ITEMS}/query`, { query: { filter: { colour: 'red' } } });
    expect(bad.status).toBe(400);
    expect(violations(bad.body)[0]).toMatchObject({ field: 'query.filter.colour' });
  });

  it('searches by SKU prefix or product name, with aggregations over every match', async () => {
    const search = {
      search: {
        filter: { productId: p.id },
        search: { expression: 'snk-9-m' },
        aggregations: [
          { name: 'status', fieldPath: 'availabilityStatus', type: 'VALUE' },
          { name: 'units', fieldPath: 'quantity', type: 'SCALAR', scalar: { type: 'SUM' } },
        ],
      },
    };
    const bySku = await ok('GET', `${ITEMS}/search?.r=${encode(search)}`);
    expect((bySku.inventoryItems as Item[]).map((i) => i.product.variantSku)).toEqual(['SNK-9-M']);
    expect(bySku.aggregationData).toEqual({
      results: [
        {
          name: 'status',
          type: 'VALUE',
          fieldPath: 'availabilityStatus',
          values: { results: [{ value: 'IN_STOCK', count: 1 }] },
        },
        { name: 'units', type: 'SCALAR', fieldPath: 'quantity', scalar: { type: 'SUM', value: 5 } },
      ],
    });
    const byName = await ok('POST', `${ITEMS}/search`, {
      search: {
        search: { expression: 'sneaker', fields: ['product.name'] },
        aggregations: [
          { fieldPath: 'quantity', type: 'RANGE', range: { buckets: [{ to: 1 }, { from: 1, to: 100 }] } },
        ],
      },
    });
    expect(byName.inventoryItems as Item[]).toHaveLength(3);
    expect((byName.aggregationData as { results: unknown[] }).results[0]).toMatchObject({
      ranges: {
        results: [
          { to: 1, count: 1 },
          { from: 1, to: 100, count: 2 },
        ],
      },
    });
    const bad = await call('POST', `${ITEMS}/search`, {
      search: { search: { expression: 'x', fields: ['sku'] } },
    });
    expect(bad.status).toBe(400);
  });

  it('counts with a filter and a search, by GET* and POST', async () => {
    expect(await ok('POST', `${ITEMS}/count`, { filter: { productId: p.id } })).toEqual({ count: 3 });
    const request = { filter: { productId: p.id, quantity: { $gte: 5 } } };
    expect(await ok('GET', `${ITEMS}/count?.r=${encode(request)}`)).toEqual({ count: 2 });
    expect(
      await ok('POST', `${ITEMS}/count`, { filter: { productId: p.id }, search: { expression: 'SNK-9-M' } }),
    ).toEqual({ count: 1 });
    const bad = await call('POST', `${ITEMS}/count`, { filter: { nope: 1 } });
    expect(violations(bad.body)[0]).toMatchObject({ field: 'filter.nope' });
  });
});

describe('v3 inventory items: bulk writes', () => {
  it('creates, updates (revision per item), upserts and deletes, reporting each item', async () => {
    const p = await product('Bulk Boot');
    const items = await itemsOf(p.id);
    const updated = (await ok('POST', `${BULK}/update`, {
      inventoryItems: [
        { inventoryItem: { id: items[0]!.id, revision: items[0]!.revision, quantity: 1 } },
        { inventoryItem: { id: items[1]!.id, revision: '99', quantity: 1 } },
        {
          inventoryItem: { id: items[2]!.id, revision: items[2]!.revision, inStock: false },
          fieldMask: 'inStock',
        },
      ],
      reason: 'MANUAL',
    })) as unknown as BulkBody;
    expect(updated.results.map((r) => r.itemMetadata.success)).toEqual([true, false, true]);
    expect(updated.results[1]!.itemMetadata.error?.code).toBe('REVISION_MISMATCH');
    expect(updated.results[0]!.item).toMatchObject({ quantity: 1, revision: '2' });
    expect(updated.bulkActionMetadata).toMatchObject({ totalSuccesses: 2, totalFailures: 1 });

    const deleted = (await ok('POST', `${BULK}/delete`, {
      inventoryItemIds: [items[0]!.id, items[0]!.id],
    })) as unknown as BulkBody;
    expect(deleted.results.map((r) => r.itemMetadata.success)).toEqual([true, false]);

    const created = (await ok('POST', `${BULK}/create`, {
      inventoryItems: [
        { variantId: items[0]!.variantId, quantity: 7 },
        { variantId: items[1]!.variantId, quantity: 7 },
      ],
      returnEntity: false,
    })) as unknown as BulkBody;
    expect(created.results.map((r) => [r.itemMetadata.success, r.itemMetadata.error?.code, r.item])).toEqual([
      [true, undefined, undefined],
      [false, 'INVENTORY_ITEM_ALREADY_EXISTS', undefined],
    ]);

    const upserted = (await ok('POST', `${BULK}/upsert`, {
      inventoryItems: [
        { inventoryItem: { variantId: items[1]!.variantId, productId: p.id, quantity: 8 } },
        { inventoryItem: { id: items[2]!.id, quantity: 9 } },
      ],
    })) as unknown as BulkBody;
    expect(upserted.results.map((r) => r.item?.quantity)).toEqual([8, 9]);
    expect((await read(p.id)).stock).toMatchObject({ trackInventory: true, quantity: 24, inStock: true });
  });

  it('decrements and increments by item or by variant and location, with restrictInventory', async () => {
    const p = await product('Stock Sock', false);
    const [item] = await itemsOf(p.id);
    await patch(item!, { quantity: 3 });
    const dec = (await ok('POST', `${BULK}/decrement`, {
      decrementData: [
        { inventoryItemId: item!.id, decrementBy: 2 },
        { inventoryItemId: item!.id, decrementBy: 2 },
      ],
    })) as unknown as BulkBody;
    expect(dec.results.map((r) => [r.itemMetadata.success, r.itemMetadata.error?.code])).toEqual([
      [true, undefined],
      [false, 'INSUFFICIENT_INVENTORY'],
    ]);
    expect(dec.results[0]!.item).toMatchObject({ quantity: 1 });

    const byVariant = (await ok('POST', `${BULK}/increment-by-variant-and-location`, {
      incrementData: [
        { variantId: DEFAULT_VARIANT, productId: p.id, locationId: LOCATION, incrementBy: 4 },
        { variantId: DEFAULT_VARIANT, incrementBy: 1 },
        { variantId: DEFAULT_VARIANT, productId: p.id, locationId: p.id, incrementBy: 1 },
      ],
    })) as unknown as BulkBody;
    expect(byVariant.results.map((r) => [r.itemMetadata.success, r.itemMetadata.error?.code])).toEqual([
      [true, undefined],
      [false, 'INVALID_ARGUMENT'],
      [false, 'LOCATION_NOT_FOUND'],
    ]);
    expect((await get(item!.id)).quantity).toBe(5);

    // Without restrictInventory a decrement past the stock empties it (stock is never negative).
    const oversell = (await ok('POST', `${BULK}/decrement-by-variant-and-location`, {
      decrementData: [{ variantId: DEFAULT_VARIANT, productId: p.id, decrementBy: 8 }],
      restrictInventory: false,
    })) as unknown as BulkBody;
    expect(oversell.results[0]!.itemMetadata.success).toBe(true);
    expect(oversell.results[0]!.item).toMatchObject({ quantity: 0, availabilityStatus: 'OUT_OF_STOCK' });
    expect((await read(p.id)).stock).toMatchObject({ quantity: 0, inStock: false });
    const recorded = await inventoryEvents(p.id);
    expect(recorded.at(-1)).toMatchObject({
      type: 'variants_changed',
      payload: { reason: 'ORDER', variants: [{ oldValue: { quantity: 5 }, newValue: { quantity: 0 } }] },
    });

    // Sold out, open to 2 pre-orders: a pre-order request counts against the limit.
    await patch(await get(item!.id), { preorderInfo: { enabled: true, limit: 2 } });
    const preorder = (n: number) =>
      ok('POST', `${BULK}/decrement`, {
        decrementData: [{ inventoryItemId: item!.id, decrementBy: n, preorderRequest: true }],
      }) as Promise<unknown> as Promise<BulkBody>;
    const first = await preorder(1);
    expect(first.results[0]!.item).toMatchObject({
      quantity: 0,
      availabilityStatus: 'PREORDER',
      preorderInfo: { enabled: true, limit: 2, counter: 1, quantity: 1 },
    });
    expect((await preorder(2)).results[0]!.itemMetadata.error?.code).toBe('INSUFFICIENT_INVENTORY');
    expect((await preorder(1)).results[0]!.item).toMatchObject({
      availabilityStatus: 'OUT_OF_STOCK',
      preorderInfo: { counter: 2, quantity: 0 },
    });
  });

  it('lets exactly 10 of 30 parallel decrements of 1 take a stock of 10', async () => {
    const p = await product('Race Ticket', false);
    const [item] = await itemsOf(p.id);
    await patch(item!, { quantity: 10 });
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        ok('POST', `${BULK}/decrement`, {
          decrementData: [{ inventoryItemId: item!.id, decrementBy: 1 }],
          restrictInventory: true,
          returnEntity: false,
        }),
      ),
    );
    const outcomes = responses.map((r) => (r as unknown as BulkBody).results[0]!.itemMetadata);
    expect(outcomes.filter((o) => o.success)).toHaveLength(10);
    expect(outcomes.filter((o) => !o.success).every((o) => o.error?.code === 'INSUFFICIENT_INVENTORY')).toBe(
      true,
    );
    expect((await get(item!.id)).quantity).toBe(0);
    const v1 = (await ok('POST', `/stores-reader/v2/inventoryItems/${p.id}/getVariants`, {}, null))
      .inventoryItem as {
      variants: Array<{ quantity?: number; inStock: boolean }>;
    };
    expect(v1.variants).toEqual([expect.objectContaining({ quantity: 0, inStock: false })]);
    expect((await read(p.id)).stock).toMatchObject({
      quantity: 0,
      inStock: false,
      inventoryStatus: 'OUT_OF_STOCK',
    });
  });
});

describe('v3 inventory items: by filter', () => {
  it('updates, sets or adjusts, deletes and creates by filter, answering with a job id', async () => {
    const p = await product('Filter Fleece');
    const job = async (path: string, body: unknown) => {
      const res = await ok('POST', `${BULK}/${path}`, body);
      expect(res.jobId).toMatch(/^[0-9a-f-]{36}$/);
    };
    await job('update-by-filter', {
      filter: { productId: p.id },
      inventoryItem: { quantity: 2 },
      reason: 'MANUAL',
    });
    expect((await itemsOf(p.id)).map((i) => i.quantity)).toEqual([2, 2, 2]);
    await job('set-or-adjust-by-filter', {
      filter: { productId: p.id },
      setOrAdjust: { adjustQuantityBy: 3 },
    });
    expect((await itemsOf(p.id)).map((i) => i.quantity)).toEqual([5, 5, 5]);
    await job('adjust-by-filter', { filter: { productId: p.id }, adjustQuantityBy: -6 });
    expect((await itemsOf(p.id)).map((i) => i.quantity)).toEqual([0, 0, 0]);
    expect((await read(p.id)).stock.inventoryStatus).toBe('OUT_OF_STOCK');
    const both = await call('POST', `${BULK}/set-or-adjust-by-filter`, {
      filter: {},
      setOrAdjust: { setQuantity: 1, setInStock: true },
    });
    expect(both.status).toBe(400);

    await job('delete-by-filter', { filter: { productId: p.id } });
    expect(await itemsOf(p.id)).toEqual([]);
    expect((await read(p.id)).stock).toMatchObject({ trackInventory: false, inStock: true });
    await job('create-by-variant-filter', { filter: { productId: p.id }, inventoryItem: { quantity: 1 } });
    const recreated = await itemsOf(p.id);
    expect(recreated.map((i) => i.quantity)).toEqual([1, 1, 1]);
    expect((await read(p.id)).stock).toMatchObject({ trackInventory: true, quantity: 3 });
    // Nothing left to create: no-op.
    await job('create-by-variant-filter', { filter: { productId: p.id } });
    expect(await itemsOf(p.id)).toHaveLength(3);
  });
});
