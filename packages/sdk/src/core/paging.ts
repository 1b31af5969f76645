import { DEFAULT_PAGE_SIZE } from './constants.ts';
import type { WireQuery } from './wire-query.ts';
import { isRecord } from './values.ts';

export interface Cursors {
  next?: string | null;
  prev?: string | null;
}

/** Offset paging metadata (wire §4). */
export interface OffsetMetadata {
  count?: number;
  offset?: number;
  total?: number;
  tooManyToCount?: boolean;
  cursors?: Cursors;
}

/** Cursor paging metadata (wire §4). */
export interface CursorMetadata {
  count?: number;
  cursors?: Cursors;
  hasNext?: boolean;
}

/** One page of results; iterating it with `for await` walks every item of this and the following pages. */
export interface Page<T> extends AsyncIterable<T> {
  readonly items: T[];
  readonly length: number;
  /** Undefined in cursor mode and when the server reports too many to count. */
  readonly totalCount: number | undefined;
  /** The limit the page was requested with. */
  readonly pageSize: number;
  /** Zero-based page index in offset mode; undefined in cursor mode. */
  readonly currentPage: number | undefined;
  readonly cursors: Cursors;
  hasNext(): boolean;
  hasPrev(): boolean;
  next(): Promise<Page<T>>;
  prev(): Promise<Page<T>>;
}

export interface PageInit<T> {
  items: T[];
  /** The response's metadata object, whichever key it came under. */
  metadata: unknown;
  /** The query that produced this page, in client names. */
  query: WireQuery;
  /** Fetches another page for a query; used by next() and prev(). */
  fetch: (query: WireQuery) => Promise<Page<T>>;
}

// Counts are int32 on the wire but tolerated as strings, as 64-bit counters are.
function count(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)))
    return Number(value);
  return undefined;
}

function cursor(value: unknown): string | null | undefined {
  return typeof value === 'string' || value === null ? value : undefined;
}

/** Offset or cursor metadata read defensively from an untyped response. */
export function readMetadata(raw: unknown): OffsetMetadata & CursorMetadata {
  const meta = isRecord(raw) ? raw : {};
  const result: OffsetMetadata & CursorMetadata = {};
  const setNumber = (key: 'count' | 'offset' | 'total') => {
    const value = count(meta[key]);
    if (value !== undefined) result[key] = value;
  };
  setNumber('count');
  setNumber('offset');
  setNumber('total');
  if (typeof meta.tooManyToCount === 'boolean') result.tooManyToCount = meta.tooManyToCount;
  if (typeof meta.hasNext === 'boolean') result.hasNext = meta.hasNext;
  if (isRecord(meta.cursors)) {
    const cursors: Cursors = {};
    const next = cursor(meta.cursors.next);
    const prev = cursor(meta.cursors.prev);
    if (next !== undefined) cursors.next = next;
    if (prev !== undefined) cursors.prev = prev;
    result.cursors = cursors;
  }
  return result;
}

async function* iterate<T>(first: Page<T>): AsyncGenerator<T> {
  let page = first;
  while (true) {
    yield* page.items;
    // An empty page ends the walk even if the server claims more, so a bad cursor cannot loop forever.
    if (page.items.length === 0 || !page.hasNext()) return;
    page = await page.next();
  }
}

/** Wraps one response page with navigation (offset or cursor, from the query that was sent). */
export function createPage<T>({ items, metadata, query, fetch }: PageInit<T>): Page<T> {
  const meta = readMetadata(metadata);
  const cursors = meta.cursors ?? {};
  const cursorMode = query.cursorPaging !== undefined;
  const limit = query.paging?.limit ?? query.cursorPaging?.limit ?? DEFAULT_PAGE_SIZE;
  const offset = meta.offset ?? query.paging?.offset ?? 0;
  const counted = meta.count ?? items.length;
  const totalCount = cursorMode || meta.tooManyToCount ? undefined : meta.total;

  const hasNext = (): boolean => {
    if (cursorMode) return meta.hasNext ?? Boolean(cursors.next);
    if (totalCount !== undefined) return offset + counted < totalCount;
    // Uncounted: a next cursor, else a full page, suggests more.
    return Boolean(cursors.next) || counted >= limit;
  };
  const hasPrev = (): boolean => (cursorMode ? Boolean(cursors.prev) : offset > 0);

  const move = (forward: boolean): WireQuery => {
    if (cursorMode) {
      const target = forward ? cursors.next : cursors.prev;
      return { cursorPaging: target ? { limit, cursor: target } : { limit } };
    }
    return { ...query, paging: { limit, offset: forward ? offset + limit : Math.max(0, offset - limit) } };
  };

  const page: Page<T> = {
    items,
    length: items.length,
    totalCount,
    pageSize: limit,
    currentPage: cursorMode ? undefined : Math.floor(offset / limit),
    cursors,
    hasNext,
    hasPrev,
    next: () => (hasNext() ? fetch(move(true)) : Promise.reject(new Error('No next page to fetch'))),
    prev: () => (hasPrev() ? fetch(move(false)) : Promise.reject(new Error('No previous page to fetch'))),
    [Symbol.asyncIterator]: () => iterate(page),
  };
  return page;
}
