import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json } from '../testing/fake-fetch.ts';
import { inventory } from './inventory.ts';

const item = {
  id: 'p1',
  externalId: 'p1',
  productId: 'p1',
  trackQuantity: true,
  variants: [{ variantId: 'v1', inStock: true, quantity: 4, availableForPreorder: false }],
  lastUpdated: '2024-04-01T00:00:00.000Z',
  numericId: '12',
};

describe('inventory (v1)', () => {
  it('updateInventoryVariants PATCHes the product item with the reason', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const client = createClient({ modules: { inventory }, fetch });
    await client.inventory.updateInventoryVariants(
      'p/1',
      { trackQuantity: true, variants: [{ variantId: 'v1', quantity: 5 }] },
      { reason: 'MANUAL' },
    );
    expect(calls[0]).toMatchObject({ method: 'PATCH', url: '/stores/v2/inventoryItems/product/p%2F1' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      inventoryItem: { trackQuantity: true, variants: [{ variantId: 'v1', quantity: 5 }], productId: 'p/1' },
      reason: 'MANUAL',
    });
  });

  it('decrement and increment POST their data', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const client = createClient({ modules: { inventory }, fetch });
    await client.inventory.decrementInventory([{ productId: 'p1', variantId: 'v1', decrementBy: 2 }]);
    await client.inventory.incrementInventory([{ inventoryId: 'p1', incrementBy: 1 }], { reason: 'MANUAL' });
    expect(calls.map((c) => [c.method, c.url, JSON.parse(c.body ?? '')])).toEqual([
      [
        'POST',
        '/stores/v2/inventoryItems/decrement',
        { decrementData: [{ productId: 'p1', variantId: 'v1', decrementBy: 2 }] },
      ],
      [
        'POST',
        '/stores/v2/inventoryItems/increment',
        { incrementData: [{ inventoryId: 'p1', incrementBy: 1 }], reason: 'MANUAL' },
      ],
    ]);
  });

  it('getInventoryVariants POSTs to the reader and converts lastUpdated', async () => {
    const { fetch, calls } = fakeFetch(() => json({ inventoryItem: item }));
    const got = await createClient({ modules: { inventory }, fetch }).inventory.getInventoryVariants('p1', {
      variantIds: ['v1'],
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/stores-reader/v2/inventoryItems/p1/getVariants',
    });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ variantIds: ['v1'], inventoryId: 'p1' });
    expect(got.lastUpdated).toEqual(new Date('2024-04-01T00:00:00.000Z'));
    expect(got.numericId).toBe('12');
  });

  it('queryInventory sends filter and sort as JSON strings and pages by {items, offset} and totalResults', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ inventoryItems: [item], metadata: { items: 1, offset: 1 }, totalResults: 3 }),
    );
    const page = await createClient({ modules: { inventory }, fetch })
      .inventory.queryInventory()
      .eq('trackQuantity', true)
      .descending('numericId')
      .limit(1)
      .skip(1)
      .find();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/stores-reader/v2/inventoryItems/query' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      query: {
        filter: '{"trackQuantity":true}',
        sort: '[{"fieldName":"numericId","order":"DESC"}]',
        paging: { limit: 1, offset: 1 },
      },
    });
    expect(page.items[0]?.lastUpdated).toBeInstanceOf(Date);
    expect(page).toMatchObject({ totalCount: 3, currentPage: 1 });
    expect(page.hasNext()).toBe(true);
    await page.next();
    expect(JSON.parse(calls[1]?.body ?? '').query.paging).toEqual({ limit: 1, offset: 2 });
  });
});
