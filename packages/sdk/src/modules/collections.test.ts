import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { collections } from './collections.ts';

const wireCollection = {
  id: 'c1',
  slug: 'summer sale',
  name: 'Summer',
  lastUpdated: '2024-06-01T00:00:00.000Z',
};

describe('collections module', () => {
  it.each([
    ['getCollectionBySlug', 'summer sale/2', '/v2/collections/slug/summer%20sale%2F2', 'slug'],
    ['getCollection', 'c/1', '/v2/collections/c%2F1', 'id'],
  ] as const)('%s GETs %s at its encoded path and converts lastUpdated', async (method, arg, path, key) => {
    const { fetch, calls } = fakeFetch(() => json({ collection: wireCollection }));
    const client = createClient({ modules: { collections }, fetch });
    const collection = await client.collections[method](arg);
    const url = parseUrl(calls[0]?.url ?? '');
    expect(url.path).toBe(path);
    expect(url.params.get(key)).toBe(arg);
    expect(collection).toEqual({ ...wireCollection, lastUpdated: new Date('2024-06-01T00:00:00.000Z') });
  });

  it('queryCollections().find() sends GET* /v2/collections/query and pages collections by metadata', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ collections: [wireCollection], metadata: { count: 1, offset: 10, total: 11 } }),
    );
    const client = createClient({ modules: { collections }, fetch });
    const page = await client.collections
      .queryCollections()
      .startsWith('slug', 'sum')
      .limit(10)
      .skip(10)
      .find();
    expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({
      path: '/v2/collections/query',
      r: { query: { filter: { slug: { $startsWith: 'sum' } }, paging: { limit: 10, offset: 10 } } },
    });
    expect(page.items[0]?.lastUpdated).toEqual(new Date('2024-06-01T00:00:00.000Z'));
    expect(page).toMatchObject({ totalCount: 11, currentPage: 1 });
    expect(page.hasNext()).toBe(false);
    expect(page.hasPrev()).toBe(true);
  });
});

describe('collections writes', () => {
  it('create and update send {collection} to /stores/v1/collections and convert lastUpdated', async () => {
    const { fetch, calls } = fakeFetch(() => json({ collection: wireCollection }));
    const client = createClient({ modules: { collections }, fetch });
    const created = await client.collections.createCollection({ name: 'Summer', visible: true });
    await client.collections.updateCollection('c/1', { name: 'Summer 24' });
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/stores/v1/collections' });
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ collection: { name: 'Summer', visible: true } });
    expect(created.lastUpdated).toEqual(new Date('2024-06-01T00:00:00.000Z'));
    expect(calls[1]).toMatchObject({ method: 'PATCH', url: '/stores/v1/collections/c%2F1' });
    expect(JSON.parse(calls[1]?.body ?? '')).toEqual({ collection: { name: 'Summer 24', id: 'c/1' } });
  });

  it('delete, add, remove and reorder product ids, set and remove the image', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const client = createClient({ modules: { collections }, fetch });
    await expect(client.collections.deleteCollection('c1')).resolves.toBeUndefined();
    await client.collections.addProductsToCollection('c1', ['p1', 'p2']);
    await client.collections.removeProductsFromCollection('c1', ['p2']);
    await client.collections.reorderCollectionProducts('c1', ['p2', 'p1']);
    await client.collections.setCollectionImage('c1', { mediaId: 'm1', altText: 'Shelf' });
    await client.collections.removeCollectionImage('c1');
    expect(calls.map((c) => [c.method, parseUrl(c.url).path, c.body && JSON.parse(c.body)])).toEqual([
      ['DELETE', '/stores/v1/collections/c1', undefined],
      ['POST', '/stores/v1/collections/c1/productIds', { id: 'c1', productIds: ['p1', 'p2'] }],
      ['POST', '/stores/v1/collections/c1/productIds/delete', { id: 'c1', productIds: ['p2'] }],
      ['POST', '/stores/v1/collections/c1/productIds/reorder', { id: 'c1', productIds: ['p2', 'p1'] }],
      ['POST', '/stores/v1/collections/c1/image', { id: 'c1', mediaId: 'm1', altText: 'Shelf' }],
      ['POST', '/stores/v1/collections/c1/image/delete', { id: 'c1' }],
    ]);
  });
});
