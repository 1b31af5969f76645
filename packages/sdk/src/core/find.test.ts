import { describe, expect, it } from 'vitest';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { createFinder } from './find.ts';
import { QueryBuilder } from './query.ts';
import { createHttp } from './transport.ts';

type Thing = { _id: string; at: Date };

describe('createFinder', () => {
  it('sends {query} as a GET* and pages the response by the configured keys', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({
        things: [{ id: 't1', at: '2024-01-01T00:00:00Z' }],
        pagingMetadata: { count: 1, offset: 0, total: 3 },
      }),
    );
    const run = createFinder<Thing>(createHttp({ fetch }), {
      path: '/v3/things/query',
      itemsKey: 'things',
      metadataKey: 'pagingMetadata',
      transform: { dates: ['things.at'] },
      renames: true,
    });
    const page = await new QueryBuilder<Thing>(run)
      .eq('_id', 't1')
      .descending('_createdDate')
      .limit(1)
      .find();
    expect(calls[0]?.method).toBe('GET');
    expect(parseUrl(calls[0]?.url ?? '')).toMatchObject({
      path: '/v3/things/query',
      r: {
        query: {
          filter: { id: 't1' },
          sort: [{ fieldName: 'createdDate', order: 'DESC' }],
          paging: { limit: 1, offset: 0 },
        },
      },
    });
    expect(page.items).toEqual([{ _id: 't1', at: new Date('2024-01-01T00:00:00Z') }]);
    expect(page.totalCount).toBe(3);
    expect(page.hasNext()).toBe(true);
    await page.next();
    expect(parseUrl(calls[1]?.url ?? '').r).toMatchObject({
      query: { filter: { id: 't1' }, paging: { offset: 1 } },
    });
  });

  it('posts the query when the call is a POST, and tolerates a response without items', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const run = createFinder(createHttp({ fetch }), {
      path: '/v1/variants/query',
      method: 'POST',
      itemsKey: 'variants',
      metadataKey: 'metadata',
    });
    const page = await run({ paging: { limit: 5, offset: 0 } });
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ query: { paging: { limit: 5, offset: 0 } } });
    expect(page.items).toEqual([]);
    expect(page.hasNext()).toBe(false);
  });

  it('uses the fallback path for a long query', async () => {
    const { fetch, calls } = fakeFetch(() => json({ items: [] }));
    const run = createFinder(createHttp({ fetch }), {
      path: '/v1/requests',
      fallbackPath: '/v1/requests/query',
      itemsKey: 'items',
      metadataKey: 'metadata',
    });
    await new QueryBuilder(run)
      .in(
        'id',
        Array.from({ length: 400 }, (_, i) => `id-${i}`),
      )
      .find();
    expect(calls[0]).toMatchObject({ method: 'POST', url: '/v1/requests/query' });
  });
});

describe('createFinder extras', () => {
  it('sends extra request fields beside the query and converts each item', async () => {
    const { fetch, calls } = fakeFetch(() => json({ things: [{ n: 1 }, { n: 2 }], metadata: { count: 2 } }));
    const run = createFinder<{ n: number; twice: number }>(createHttp({ fetch }), {
      path: '/things/query',
      method: 'POST',
      itemsKey: 'things',
      metadataKey: 'metadata',
      extra: { fields: ['COUNT'] },
      item: (raw) => ({ ...(raw as { n: number }), twice: (raw as { n: number }).n * 2 }),
    });
    const page = await new QueryBuilder<{ n: number; twice: number }>(run).limit(2).find();
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({
      fields: ['COUNT'],
      query: { paging: { limit: 2, offset: 0 } },
    });
    expect(page.items).toEqual([
      { n: 1, twice: 2 },
      { n: 2, twice: 4 },
    ]);
  });
});
