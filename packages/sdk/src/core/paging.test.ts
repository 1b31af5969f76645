import { describe, expect, it } from 'vitest';
import { createPage, type Page, readMetadata } from './paging.ts';
import type { WireQuery } from './wire-query.ts';

const base: WireQuery = { filter: { visible: true }, sort: [{ fieldName: 'name', order: 'ASC' }] };

/** A server of `total` numbered items answering offset queries, recording what it was asked. */
function offsetServer(total: number, options: { tooManyToCount?: boolean } = {}) {
  const asked: WireQuery[] = [];
  const fetch = async (query: WireQuery): Promise<Page<number>> => {
    asked.push(query);
    const { limit, offset } = query.paging ?? { limit: 50, offset: 0 };
    const items = Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => offset + i);
    const metadata = options.tooManyToCount
      ? { count: items.length, offset, total: 0, tooManyToCount: true }
      : { count: items.length, offset, total };
    return createPage({ items, metadata, query, fetch });
  };
  return { fetch, asked };
}

/** A server of pages addressed by cursor: '' is the first. */
function cursorServer(pages: Record<string, { items: string[]; next?: string; prev?: string }>) {
  const asked: WireQuery[] = [];
  const fetch = async (query: WireQuery): Promise<Page<string>> => {
    asked.push(query);
    const page = pages[query.cursorPaging?.cursor ?? ''] ?? { items: [] };
    const metadata = {
      count: page.items.length,
      cursors: { next: page.next ?? null, prev: page.prev ?? null },
    };
    return createPage({ items: page.items, metadata, query, fetch });
  };
  return { fetch, asked };
}

describe('offset pages', () => {
  it('reports items, totals and position', async () => {
    const { fetch } = offsetServer(25);
    const page = await fetch({ ...base, paging: { limit: 10, offset: 10 } });
    expect(page.items).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(page).toMatchObject({ length: 10, totalCount: 25, pageSize: 10, currentPage: 1 });
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(true);
  });

  it('next() asks for offset + limit with the same filter and sort', async () => {
    const { fetch, asked } = offsetServer(25);
    const first = await fetch({ ...base, paging: { limit: 10, offset: 0 } });
    const second = await first.next();
    expect(asked[1]).toEqual({ ...base, paging: { limit: 10, offset: 10 } });
    expect(second.currentPage).toBe(1);
    const third = await second.next();
    expect(third.items).toEqual([20, 21, 22, 23, 24]);
    expect(third.hasNext()).toBe(false);
  });

  it('prev() asks for offset - limit, not below 0', async () => {
    const { fetch, asked } = offsetServer(25);
    const page = await fetch({ paging: { limit: 10, offset: 5 } });
    await page.prev();
    expect(asked[1]?.paging).toEqual({ limit: 10, offset: 0 });
  });

  it('rejects next() on the last page and prev() on the first, without a request', async () => {
    const { fetch, asked } = offsetServer(3);
    const only = await fetch({ paging: { limit: 10, offset: 0 } });
    expect(only.hasNext()).toBe(false);
    expect(only.hasPrev()).toBe(false);
    await expect(only.next()).rejects.toThrow(new Error('No next page to fetch'));
    await expect(only.prev()).rejects.toThrow(new Error('No previous page to fetch'));
    expect(asked).toHaveLength(1);
  });

  it('hides the total when the server reports too many to count, and pages on full pages', async () => {
    const { fetch } = offsetServer(15, { tooManyToCount: true });
    const first = await fetch({ paging: { limit: 10, offset: 0 } });
    expect(first.totalCount).toBeUndefined();
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect(second.items).toHaveLength(5);
    expect(second.hasNext()).toBe(false);
  });

  it('uses a next cursor when an uncounted page is short', () => {
    const page = createPage({
      items: [1],
      metadata: { count: 1, offset: 0, tooManyToCount: true, cursors: { next: 'n' } },
      query: { paging: { limit: 10, offset: 0 } },
      fetch: () => Promise.reject(new Error('unused')),
    });
    expect(page.hasNext()).toBe(true);
  });

  it('iterates every item across pages with for await', async () => {
    const { fetch, asked } = offsetServer(23);
    const first = await fetch({ paging: { limit: 10, offset: 0 } });
    const all: number[] = [];
    for await (const item of first) all.push(item);
    expect(all).toEqual(Array.from({ length: 23 }, (_, i) => i));
    expect(asked.map((query) => query.paging?.offset)).toEqual([0, 10, 20]);
  });

  it('stops iterating at an empty page even if more were promised', async () => {
    let calls = 0;
    const fetch = async (query: WireQuery): Promise<Page<number>> => {
      calls += 1;
      if (calls > 3) throw new Error('kept paging past an empty page');
      const items = calls === 1 ? [1, 2] : [];
      return createPage({ items, metadata: { count: items.length, offset: 0, total: 100 }, query, fetch });
    };
    const all: number[] = [];
    for await (const item of await fetch({ paging: { limit: 2, offset: 0 } })) all.push(item);
    expect(all).toEqual([1, 2]);
    expect(calls).toBe(2);
  });

  it('defaults to limit 50 and offset 0 when the query has no paging', () => {
    const page = createPage({
      items: [],
      metadata: {},
      query: {},
      fetch: () => Promise.reject(new Error('x')),
    });
    expect(page).toMatchObject({ pageSize: 50, currentPage: 0, totalCount: undefined });
    expect(page.hasPrev()).toBe(false);
  });
});

describe('cursor pages', () => {
  const pages = {
    '': { items: ['a', 'b'], next: 'c2' },
    c2: { items: ['c', 'd'], next: 'c3', prev: 'c1' },
    c1: { items: ['a', 'b'], next: 'c2' },
    c3: { items: ['e'], prev: 'c2' },
  };

  it('next() sends only cursorPaging with the next cursor', async () => {
    const { fetch, asked } = cursorServer(pages);
    const first = await fetch({ filter: { a: 1 }, cursorPaging: { limit: 2 } });
    expect(first).toMatchObject({ totalCount: undefined, currentPage: undefined, pageSize: 2 });
    expect(first.hasPrev()).toBe(false);
    const second = await first.next();
    expect(asked[1]).toEqual({ cursorPaging: { limit: 2, cursor: 'c2' } });
    expect(second.items).toEqual(['c', 'd']);
    await second.prev();
    expect(asked[2]).toEqual({ cursorPaging: { limit: 2, cursor: 'c1' } });
  });

  it('rejects past either end', async () => {
    const { fetch } = cursorServer(pages);
    const last = await fetch({ cursorPaging: { limit: 2, cursor: 'c3' } });
    await expect(last.next()).rejects.toThrow('No next page to fetch');
    const first = await fetch({ cursorPaging: { limit: 2 } });
    await expect(first.prev()).rejects.toThrow('No previous page to fetch');
  });

  it('prefers metadata.hasNext over the cursor', () => {
    const page = createPage({
      items: ['x'],
      metadata: { count: 1, cursors: { next: 'n' }, hasNext: false },
      query: { cursorPaging: { limit: 1 } },
      fetch: () => Promise.reject(new Error('unused')),
    });
    expect(page.hasNext()).toBe(false);
  });

  it('iterates all pages', async () => {
    const { fetch } = cursorServer(pages);
    const all: string[] = [];
    for await (const item of await fetch({ cursorPaging: { limit: 2 } })) all.push(item);
    expect(all).toEqual(['a', 'b', 'c', 'd', 'e']);
  });
});

describe('readMetadata', () => {
  it.each([
    [undefined, {}],
    ['x', {}],
    [
      { count: 2, offset: 4, total: 9 },
      { count: 2, offset: 4, total: 9 },
    ],
    [
      { count: '2', total: '12' },
      { count: 2, total: 12 },
    ],
    [{ count: 'many', total: '' }, {}],
    [
      { tooManyToCount: true, cursors: { next: 'n', prev: null } },
      { tooManyToCount: true, cursors: { next: 'n', prev: null } },
    ],
    [
      { hasNext: true, cursors: { next: 5 } },
      { hasNext: true, cursors: {} },
    ],
  ])('%j → %j', (raw, expected) => {
    expect(readMetadata(raw)).toEqual(expected);
  });
});
