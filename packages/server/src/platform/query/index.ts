import type { SQL } from 'drizzle-orm';
import { type FieldViolation, ValidationFailure } from '../errors.ts';
import { type CursorState, decodeCursor, encodeCursor } from './cursor.ts';
import { and, FilterCompiler } from './filter.ts';
import {
  afterPredicate,
  flip,
  keysExpression,
  keysFit,
  type OrderKey,
  orderBy,
  orderKeys,
  parseSort,
} from './sort.ts';
import type { CursorMetadata, FieldSpec, OffsetMetadata, QuerySpec, Sorting } from './types.ts';
import { isPlainObject } from './values.ts';

export { escapeLike, FILTER_LIMITS } from './filter.ts';
export type { OrderKey } from './sort.ts';
export type { CursorMetadata, FieldSpec, FieldType, OffsetMetadata, QuerySpec, Sorting } from './types.ts';

/**
 * Counting stops here: past it a page reports `tooManyToCount` instead of a total. Counting 1,000 index
 * entries costs about a millisecond; 10,000 cost ten, more than the page itself (see docs/BENCHMARKS.md).
 */
export const COUNT_CAP = 1_000;

/**
 * PostgreSQL estimates text-search selectivity poorly (a rare word looks common), so for a sorted page it
 * may walk a sort index through the whole table looking for matches. When `plan.textSearch`, first fetch
 * the ids of at most this many + 1 matching rows (through the text index); if that is all of them, page
 * over `id = any(<ids>)` instead, whose size the planner knows.
 */
export const TEXT_SEARCH_FENCE = 2_000;

/**
 * A wire query translated to SQL fragments. Run it as
 * `select …, <keys> from t where <base> and <where> order by <orderBy> limit <fetchLimit> offset <offset>`
 * and hand the rows to `buildPage`.
 */
export interface QueryPlan {
  mode: 'offset' | 'cursor';
  /** The filter alone (for counting); undefined when there is none. */
  filter: SQL | undefined;
  /** Filter and, in cursor mode, the position after the cursor's row. */
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset: number;
  /** Rows to fetch: one more than `limit` (the extra row tells whether there is more; `buildPage` drops it). */
  fetchLimit: number;
  /** Cursor mode: select this (`text[]`) per row and pass it to `buildPage`. */
  keys: SQL | undefined;
  cursor: { filter: unknown; sort: Sorting[]; from: CursorState | undefined } | undefined;
  /** Every row must match a text search: see `TEXT_SEARCH_FENCE`. */
  textSearch: boolean;
  /** The filter as the request (or its cursor) sent it, before compiling. */
  filterInput: unknown;
  /** The sort as run (reversed when paging backwards), unique at its end: what `orderBy` and `keys` say. */
  sortKeys: OrderKey[];
}

function parseLimit(
  raw: unknown,
  spec: QuerySpec,
  path: string,
  violations: FieldViolation[],
  fallback: number,
): number {
  if (raw === undefined || raw === null) return fallback;
  const n = typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > spec.maxLimit) {
    const rule =
      typeof n === 'number' && n > spec.maxLimit
        ? 'MAX'
        : typeof n === 'number' && n < 0
          ? 'MIN'
          : 'VALIDATION';
    violations.push({
      field: path,
      description: `must be an integer from 0 to ${spec.maxLimit}`,
      violatedRule: rule,
      data: { max: spec.maxLimit },
    });
    return fallback;
  }
  return n;
}

function parseJson(raw: unknown, path: string, violations: FieldViolation[]): unknown {
  if (typeof raw !== 'string') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    violations.push({ field: path, description: 'is not valid JSON', violatedRule: 'FORMAT', data: {} });
    return undefined;
  }
}

const violation = (
  field: string,
  description: string,
  violatedRule: FieldViolation['violatedRule'],
): FieldViolation => ({
  field,
  description,
  violatedRule,
  data: {},
});

/**
 * Translates `{filter, sort, paging | cursorPaging}` (wire/README §4) for one entity. Values are bound
 * parameters; every problem is reported at once as a `ValidationFailure` naming its path under `path`.
 */
export function compileQuery(raw: unknown, spec: QuerySpec, path = 'query'): QueryPlan {
  const violations: FieldViolation[] = [];
  const query = raw ?? {};
  if (!isPlainObject(query))
    throw new ValidationFailure([violation(path, 'must be an object', 'VALIDATION')]);

  const { paging, cursorPaging } = query;
  let filterRaw = parseJson(query.filter, `${path}.filter`, violations);
  let sortRaw = parseJson(query.sort, `${path}.sort`, violations);
  let mode: QueryPlan['mode'] = 'offset';
  let limit = spec.defaultLimit;
  let offset = 0;
  let from: CursorState | undefined;

  if (paging !== undefined && paging !== null && cursorPaging !== undefined && cursorPaging !== null) {
    violations.push(violation(`${path}.cursorPaging`, 'cannot be combined with paging', 'ONE_OF_ALIGNMENT'));
  } else if (isPlainObject(cursorPaging)) {
    mode = 'cursor';
    limit = parseLimit(cursorPaging.limit, spec, `${path}.cursorPaging.limit`, violations, limit);
    const cursor = cursorPaging.cursor;
    if (typeof cursor === 'string' && cursor !== '') {
      // A cursor carries the query it continues; the request's filter and sort are not used.
      from = decodeCursor(cursor);
      if (from) {
        filterRaw = from.filter;
        sortRaw = from.sort;
      } else {
        violations.push(violation(`${path}.cursorPaging.cursor`, 'is not a valid cursor', 'FORMAT'));
      }
    } else if (cursor !== undefined && cursor !== null && cursor !== '') {
      violations.push(violation(`${path}.cursorPaging.cursor`, 'must be a string', 'VALIDATION'));
    }
  } else if (cursorPaging !== undefined && cursorPaging !== null) {
    violations.push(violation(`${path}.cursorPaging`, 'must be an object', 'VALIDATION'));
  } else if (isPlainObject(paging)) {
    limit = parseLimit(paging.limit, spec, `${path}.paging.limit`, violations, limit);
    const rawOffset = paging.offset;
    const n = typeof rawOffset === 'string' && /^\d+$/.test(rawOffset) ? Number(rawOffset) : rawOffset;
    if (n !== undefined && n !== null) {
      if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0)
        violations.push({
          ...violation(`${path}.paging.offset`, 'must be a non-negative integer', 'MIN'),
          data: { min: 0 },
        });
      else offset = n;
    }
  } else if (paging !== undefined && paging !== null) {
    violations.push(violation(`${path}.paging`, 'must be an object', 'VALIDATION'));
  }

  const extra = spec.fieldsFor?.(filterRaw);
  const full = extra ? { ...spec, fields: { ...spec.fields, ...extra } } : spec;
  const compiler = new FilterCompiler(full.fields);
  const filter = compiler.compile(filterRaw, `${path}.filter`);
  violations.push(...compiler.violations);
  const sort = parseSort(sortRaw, full, `${path}.sort`, violations);
  const keys = orderKeys(sort, full);
  if (from && !keysFit(keys, from.keys))
    violations.push(violation(`${path}.cursorPaging.cursor`, 'is not a valid cursor', 'FORMAT'));
  if (violations.length) throw new ValidationFailure(violations);
  const textSearch = compiler.requiresTextSearch;

  if (mode === 'offset') {
    return {
      mode,
      filter,
      where: filter,
      orderBy: orderBy(keys),
      limit,
      offset,
      // One row more than the page: when it does not come, the total is known without counting.
      fetchLimit: limit + 1,
      keys: undefined,
      cursor: undefined,
      textSearch,
      filterInput: filterRaw,
      sortKeys: keys,
    };
  }
  // Going backwards runs the reversed order from the cursor's row; buildPage turns the rows around.
  const runKeys = from?.direction === 'prev' ? flip(keys) : keys;
  const position = from ? afterPredicate(runKeys, from.keys) : undefined;
  const where = position ? (filter ? and([filter, position]) : position) : filter;
  return {
    mode,
    filter,
    where,
    orderBy: orderBy(runKeys),
    limit,
    offset: 0,
    fetchLimit: limit + 1,
    keys: keysExpression(runKeys),
    cursor: { filter: filterRaw ?? null, sort, from },
    textSearch,
    filterInput: filterRaw,
    sortKeys: runKeys,
  };
}

/**
 * The plan's order, cursor position and cursor keys over other columns that hold the same values as its sort
 * fields (a copy kept beside another table, with an index in that order): `over(key)` names each key's copy,
 * or undefined when it has none, and then so is the answer. Rows come out as the plan's own would.
 */
export function planOver(
  plan: QueryPlan,
  over: (key: OrderKey) => FieldSpec | undefined,
): Pick<QueryPlan, 'where' | 'orderBy' | 'keys'> | undefined {
  const keys: OrderKey[] = [];
  for (const key of plan.sortKeys) {
    const field = over(key);
    if (!field) return undefined;
    keys.push({ ...key, field });
  }
  const from = plan.cursor?.from;
  const position = from ? afterPredicate(keys, from.keys) : undefined;
  return {
    where: position ? (plan.filter ? and([plan.filter, position]) : position) : plan.filter,
    orderBy: orderBy(keys),
    keys: plan.mode === 'cursor' ? keysExpression(keys) : undefined,
  };
}

export interface PageRow<T> {
  item: T;
  /** The row's `plan.keys` value (cursor mode). */
  keys?: Array<string | null> | null;
}

export interface Page<T> {
  items: T[];
  metadata: OffsetMetadata | CursorMetadata;
}

/**
 * Items and paging metadata from the fetched rows. `countUpTo(n)` counts matching rows, stopping at n;
 * it is only called when the page alone cannot tell the total.
 */
export async function buildPage<T>(
  plan: QueryPlan,
  rows: PageRow<T>[],
  countUpTo: (limit: number) => Promise<number>,
): Promise<Page<T>> {
  if (plan.mode === 'offset' || !plan.cursor) {
    const items = rows.slice(0, plan.limit).map((r) => r.item);
    const exact = rows.length <= plan.limit && (items.length > 0 || plan.offset === 0);
    if (exact)
      return {
        items,
        metadata: {
          count: items.length,
          offset: plan.offset,
          total: plan.offset + items.length,
          tooManyToCount: false,
        },
      };
    const counted = await countUpTo(COUNT_CAP + 1);
    const metadata: OffsetMetadata =
      counted > COUNT_CAP
        ? { count: items.length, offset: plan.offset, tooManyToCount: true }
        : { count: items.length, offset: plan.offset, total: counted, tooManyToCount: false };
    return { items, metadata };
  }

  const { filter, sort, from } = plan.cursor;
  const more = rows.length > plan.limit;
  const page = rows.slice(0, plan.limit);
  const backwards = from?.direction === 'prev';
  if (backwards) page.reverse();
  const cursorAt = (row: PageRow<T> | undefined, direction: 'next' | 'prev') =>
    row?.keys ? encodeCursor({ filter, sort, keys: row.keys, direction }) : null;
  const first = page[0];
  const last = page.at(-1);
  const next = backwards || more ? cursorAt(last, 'next') : null;
  const prev = backwards ? (more ? cursorAt(first, 'prev') : null) : from ? cursorAt(first, 'prev') : null;
  return {
    items: page.map((r) => r.item),
    metadata: { count: page.length, cursors: { next, prev }, hasNext: next !== null },
  };
}
