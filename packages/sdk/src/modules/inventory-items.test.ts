import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl, type RecordedCall, bodyOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { inventoryItems } from './inventory-items.ts';

const CREATED = '2024-03-01T12:00:00.000Z';
const item = {
  id: 'i1',
  revision: '4',
  createdDate: CREATED,
  updatedDate: CREATED,
  variantId: 'v1',
  quantity: 3,
};
const bulkReply = {
  results: [{ itemMetadata: { id: 'i1', originalIndex: 0, success: true }, item }],
  bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0, undetailedFailures: 0 },
};

function sdk(reply: (call: RecordedCall) => Response) {
  const { fetch, calls } = fakeFetch(reply);
  return { items: createClient({ modules: { inventoryItems }, fetch }).inventoryItems, calls };
}

describe('inventoryItems (v3)', () => {
  it('create, get, update (mask and reason), delete on /stores/v3/inventory-items', async () => {
    const { items, calls } = sdk((call) => json(call.method === 'DELETE' ? {} : { inventoryItem: item }));
    const created = await items.createInventoryItem({ variantId: 'v1', productId: 'p1', quantity: 3 });
    expect(created.createdDate).toEqual(new Date(CREATED));
    await items.getInventoryItem('i/1');
    await items.updateInventoryItem(
      'i/1',
      { quantity: 5, revision: '4' },
      { fieldMask: ['quantity'], reason: 'MANUAL' },
    );
    await expect(items.deleteInventoryItem('i/1')).resolves.toBeUndefined();
    expectSent(calls[0], 'POST', '/stores/v3/inventory-items', {
      inventoryItem: { variantId: 'v1', productId: 'p1', quantity: 3 },
    });
    expect(parseUrl(calls[1]?.url ?? '').path).toBe('/stores/v3/inventory-items/i%2F1');
    expectSent(calls[2], 'PATCH', '/stores/v3/inventory-items/i%2F1', {
      inventoryItem: { quantity: 5, revision: '4', id: 'i/1' },
      fieldMask: 'quantity',
      reason: 'MANUAL',
    });
    expect(calls[3]?.method).toBe('DELETE');
  });

  it('query (GET*, cursor), search (GET*) and count (GET*)', async () => {
    const { items, calls } = sdk((call) =>
      call.url.includes('/count')
        ? json({ count: 2 })
        : json({
            inventoryItems: [item],
            pagingMetadata: { count: 1, cursors: {}, hasNext: false },
            aggregationData: {
              results: [
                { name: 'q', type: 'SCALAR', fieldPath: 'quantity', scalar: { type: 'SUM', value: 'NaN' } },
              ],
            },
          }),
    );
    const page = await items.queryInventoryItems().eq('variantId', 'v1').find();
    expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({
      path: '/stores/v3/inventory-items/query',
      r: { query: { filter: { variantId: 'v1' }, cursorPaging: { limit: 50 } } },
    });
    expect(page.items[0]?.createdDate).toEqual(new Date(CREATED));
    const found = await items.searchInventoryItems({
      search: { expression: 'shirt' },
      aggregations: [{ fieldPath: 'quantity', type: 'SCALAR', scalar: { type: 'SUM' } }],
    });
    expect(parseUrl(calls[1]?.url ?? '')).toMatchObject({
      path: '/stores/v3/inventory-items/search',
      r: {
        search: {
          search: { expression: 'shirt' },
          aggregations: [{ fieldPath: 'quantity', type: 'SCALAR', scalar: { type: 'SUM' } }],
        },
      },
    });
    expect(found.inventoryItems[0]?.updatedDate).toEqual(new Date(CREATED));
    expect(found.aggregationData?.results?.[0]?.scalar?.value).toBeNaN();
    expect(await items.countInventoryItems({ filter: { trackQuantity: true } })).toBe(2);
    expect(parseUrl(calls[2]?.url ?? '')).toMatchObject({
      path: '/stores/v3/inventory-items/count',
      r: { filter: { trackQuantity: true } },
    });
  });

  it('bulk create, update, upsert, delete, stock changes and by-filter jobs', async () => {
    const { items, calls } = sdk((call) =>
      json(
        call.url.includes('-by-filter') || call.url.endsWith('variant-filter') ? { jobId: 'j1' } : bulkReply,
      ),
    );
    const created = await items.bulkCreateInventoryItems([{ variantId: 'v1' }], { returnEntity: true });
    expect(created.results[0]?.item?.createdDate).toEqual(new Date(CREATED));
    await items.bulkUpdateInventoryItems(
      [{ inventoryItem: { id: 'i1', quantity: 1 }, fieldMask: ['quantity'] }],
      {
        reason: 'MANUAL',
      },
    );
    await items.bulkUpsertInventoryItems([{ inventoryItem: { variantId: 'v2', quantity: 1 } }]);
    await items.bulkDeleteInventoryItems(['i1']);
    await items.bulkDecrementInventoryItems([{ inventoryItemId: 'i1', decrementBy: 2 }], {
      restrictInventory: false,
    });
    await items.bulkIncrementInventoryItems([{ inventoryItemId: 'i1', incrementBy: 2 }]);
    await items.bulkDecrementInventoryItemsByVariantAndLocation([{ variantId: 'v1', decrementBy: 1 }]);
    await items.bulkIncrementInventoryItemsByVariantAndLocation([
      { variantId: 'v1', productId: 'p1', incrementBy: 1 },
    ]);
    const job = await items.bulkSetOrAdjustInventoryItemsByFilter(
      { productId: 'p1' },
      { setQuantity: 9 },
      { reason: 'MANUAL' },
    );
    expect(job).toEqual({ jobId: 'j1' });
    await items.bulkAdjustInventoryItemsByFilter({ productId: 'p1' }, -1);
    await items.bulkUpdateInventoryItemsByFilter(
      { productId: 'p1' },
      { preorderInfo: { enabled: true } },
      { fieldMask: ['preorderInfo'] },
    );
    await items.bulkDeleteInventoryItemsByFilter({ productId: 'p1' });
    await items.bulkCreateInventoryItemsByVariantFilter(
      { productId: 'p1' },
      { inventoryItem: { quantity: 0 } },
    );
    const bulk = '/stores/v3/bulk/inventory-items';
    expect(calls.map((c) => [c.url, bodyOf(c)])).toEqual([
      [`${bulk}/create`, { inventoryItems: [{ variantId: 'v1' }], returnEntity: true }],
      [
        `${bulk}/update`,
        {
          inventoryItems: [{ inventoryItem: { id: 'i1', quantity: 1 }, fieldMask: 'quantity' }],
          reason: 'MANUAL',
        },
      ],
      [`${bulk}/upsert`, { inventoryItems: [{ inventoryItem: { variantId: 'v2', quantity: 1 } }] }],
      [`${bulk}/delete`, { inventoryItemIds: ['i1'] }],
      [
        `${bulk}/decrement`,
        { decrementData: [{ inventoryItemId: 'i1', decrementBy: 2 }], restrictInventory: false },
      ],
      [`${bulk}/increment`, { incrementData: [{ inventoryItemId: 'i1', incrementBy: 2 }] }],
      [`${bulk}/decrement-by-variant-and-location`, { decrementData: [{ variantId: 'v1', decrementBy: 1 }] }],
      [
        `${bulk}/increment-by-variant-and-location`,
        { incrementData: [{ variantId: 'v1', productId: 'p1', incrementBy: 1 }] },
      ],
      [
        `${bulk}/set-or-adjust-by-filter`,
        { filter: { productId: 'p1' }, setOrAdjust: { setQuantity: 9 }, reason: 'MANUAL' },
      ],
      [`${bulk}/adjust-by-filter`, { filter: { productId: 'p1' }, adjustQuantityBy: -1 }],
      [
        `${bulk}/update-by-filter`,
        {
          filter: { productId: 'p1' },
          inventoryItem: { preorderInfo: { enabled: true } },
          fieldMask: 'preorderInfo',
        },
      ],
      [`${bulk}/delete-by-filter`, { filter: { productId: 'p1' } }],
      [`${bulk}/create-by-variant-filter`, { filter: { productId: 'p1' }, inventoryItem: { quantity: 0 } }],
    ]);
  });
});
