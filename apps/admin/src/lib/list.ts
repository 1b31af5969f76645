import { createPage, type Page, type QueryBuilder } from '@aisle/sdk';

/**
 * What a list page's URL says: filter values (search, selects, sort) and the cursor of the page shown.
 * Lists page by cursor: the server never counts past a thousand rows nor skips rows, so a list of a million
 * products opens and pages as fast as one of ten.
 */
export interface ListParams {
  values: Record<string, string>;
  cursor: string | undefined;
}

export const PAGE_SIZE = 20;

/** The search filter of a list by name (`pageOf` applies it). */
export const NAME_SEARCH = [{ name: 'q', label: 'Name starts with' }] as const;

/** The page of a cursor-paged query at the list's cursor, with `field` starting with its `q` filter if any. */
export function pageOf<T>(
  query: QueryBuilder<T>,
  { values, cursor }: ListParams,
  field = 'name',
): Promise<Page<T>> {
  const searched = values.q ? query.startsWith(field, values.q) : query;
  return (cursor ? searched.skipTo(cursor) : searched).find();
}

/** The named filter values (trimmed, empty ones left out) and `cursor` of a list page's URL. */
export function listParams(request: Request, names: readonly string[]): ListParams {
  const search = new URL(request.url).searchParams;
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = (search.get(name) ?? '').trim();
    if (value) values[name] = value;
  }
  return { values, cursor: search.get('cursor') || undefined };
}

/** Links to the next and previous pages: the filters kept, the page's cursors. */
export function pagerLinks(page: Page<unknown>, params: ListParams): { next?: string; prev?: string } {
  const link = (cursor: string) => `?${new URLSearchParams({ ...params.values, cursor })}`;
  const links: { next?: string; prev?: string } = {};
  if (page.hasNext() && page.cursors.next) links.next = link(page.cursors.next);
  if (page.cursors.prev) links.prev = link(page.cursors.prev);
  return links;
}

/** What a list page's loader returns for a page read: the rows, the count, the paging links. */
export function listData<T>(page: Page<T>, params: ListParams) {
  return {
    params,
    rows: page.items,
    total: page.totalCount,
    hasNext: page.hasNext(),
    pager: pagerLinks(page, params),
  };
}

/** `20 products`, `More than 1,000 products`, `3 brands matching “oak”`. */
export function countText(
  shownCount: number,
  total: number | undefined,
  hasMore: boolean,
  [one, many]: readonly [string, string],
  search?: string,
): string {
  const noun = (n: number) => (n === 1 ? one : many);
  const counted =
    total !== undefined
      ? `${total.toLocaleString('en-US')} ${noun(total)}`
      : hasMore
        ? `${shownCount} ${noun(shownCount)} on this page, more on the next`
        : `${shownCount} ${noun(shownCount)}`;
  return search ? `${counted} matching “${search}”` : counted;
}

/** A list the server answers whole (webhooks) as one page of the kit's lists. */
export function wholePage<T>(items: T[]): Page<T> {
  return createPage({
    items,
    metadata: { count: items.length, total: items.length },
    query: { paging: { limit: Math.max(items.length, 1), offset: 0 } },
    fetch: () => Promise.reject(new Error('The whole list is on this page')),
  });
}
