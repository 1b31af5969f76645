import { DEFAULT_PAGE_SIZE } from './constants.ts';
import type { Page } from './paging.ts';
import type { Filter, Sorting, WireQuery } from './wire-query.ts';

export type PagingMode = 'offset' | 'cursor';

export type Scalar = string | number | boolean | Date;

/** Runs a built query and returns the page; supplied by the module. */
export type QueryRunner<T> = (query: WireQuery) => Promise<Page<T>>;

export interface QueryState {
  readonly mode: PagingMode;
  readonly conditions: readonly Filter[];
  readonly sort: readonly Sorting[];
  readonly limit: number;
  readonly offset: number;
  readonly cursor: string | undefined;
}

/** One filter out of many conditions: merged while their keys differ, else an explicit `$and`. */
export function combineFilters(conditions: readonly Filter[]): Filter | undefined {
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return conditions[0];
  const keys = conditions.flatMap((condition) => Object.keys(condition));
  if (new Set(keys).size !== keys.length) return { $and: [...conditions] };
  const merged: Filter = {};
  for (const condition of conditions) Object.assign(merged, condition);
  return merged;
}

function checkCount(name: string, value: number, min: number): number {
  if (!Number.isInteger(value) || value < min) throw new RangeError(`${name} must be an integer >= ${min}`);
  return value;
}

/** Immutable query builder: every method returns a new builder; `find()` runs it. */
export class QueryBuilder<T> {
  readonly #run: QueryRunner<T>;
  readonly #state: QueryState;

  constructor(run: QueryRunner<T>, mode: PagingMode = 'offset', state?: QueryState) {
    this.#run = run;
    this.#state = state ?? {
      mode,
      conditions: [],
      sort: [],
      limit: DEFAULT_PAGE_SIZE,
      offset: 0,
      cursor: undefined,
    };
  }

  #with(change: Partial<QueryState>): QueryBuilder<T> {
    return new QueryBuilder(this.#run, this.#state.mode, { ...this.#state, ...change });
  }

  #where(condition: Filter): QueryBuilder<T> {
    return this.#with({ conditions: [...this.#state.conditions, condition] });
  }

  #op(field: string, operator: string, value: unknown): QueryBuilder<T> {
    return this.#where({ [field]: { [operator]: value } });
  }

  eq(field: string, value: Scalar | null): QueryBuilder<T> {
    return this.#where({ [field]: value });
  }

  ne(field: string, value: Scalar | null): QueryBuilder<T> {
    return this.#op(field, '$ne', value);
  }

  ge(field: string, value: string | number | Date): QueryBuilder<T> {
    return this.#op(field, '$gte', value);
  }

  gt(field: string, value: string | number | Date): QueryBuilder<T> {
    return this.#op(field, '$gt', value);
  }

  le(field: string, value: string | number | Date): QueryBuilder<T> {
    return this.#op(field, '$lte', value);
  }

  lt(field: string, value: string | number | Date): QueryBuilder<T> {
    return this.#op(field, '$lt', value);
  }

  startsWith(field: string, value: string): QueryBuilder<T> {
    return this.#op(field, '$startsWith', value);
  }

  endsWith(field: string, value: string): QueryBuilder<T> {
    return this.#op(field, '$endsWith', value);
  }

  contains(field: string, value: string): QueryBuilder<T> {
    return this.#op(field, '$contains', value);
  }

  hasSome(field: string, values: readonly Scalar[]): QueryBuilder<T> {
    return this.#op(field, '$hasSome', [...values]);
  }

  hasAll(field: string, values: readonly Scalar[]): QueryBuilder<T> {
    return this.#op(field, '$hasAll', [...values]);
  }

  in(field: string, values: readonly Scalar[]): QueryBuilder<T> {
    return this.#op(field, '$in', [...values]);
  }

  exists(field: string, value = true): QueryBuilder<T> {
    return this.#op(field, '$exists', value);
  }

  /** Empty = equals null (wire §4). */
  isEmpty(field: string): QueryBuilder<T> {
    return this.#where({ [field]: null });
  }

  isNotEmpty(field: string): QueryBuilder<T> {
    return this.#op(field, '$ne', null);
  }

  /** Half-open range: from inclusive, to exclusive. */
  between(field: string, from: string | number | Date, to: string | number | Date): QueryBuilder<T> {
    return this.#where({ [field]: { $gte: from, $lt: to } });
  }

  /** This query's conditions and each of the others'. */
  and(...queries: QueryBuilder<T>[]): QueryBuilder<T> {
    const others = queries.map((query) => query.getFilter()).filter((filter) => filter !== undefined);
    return others.length ? this.#where({ $and: others }) : this;
  }

  /** This query's conditions, or any of the others'. */
  or(...queries: QueryBuilder<T>[]): QueryBuilder<T> {
    const filters = [this.getFilter(), ...queries.map((query) => query.getFilter())];
    const present = filters.filter((filter) => filter !== undefined);
    if (present.length <= 1) return this.#with({ conditions: present });
    return this.#with({ conditions: [{ $or: present }] });
  }

  /** This query's conditions and not the other's. */
  not(query: QueryBuilder<T>): QueryBuilder<T> {
    const filter = query.getFilter();
    return filter ? this.#where({ $not: filter }) : this;
  }

  ascending(...fields: string[]): QueryBuilder<T> {
    return this.#with({
      sort: [...this.#state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'ASC' as const }))],
    });
  }

  descending(...fields: string[]): QueryBuilder<T> {
    return this.#with({
      sort: [...this.#state.sort, ...fields.map((fieldName) => ({ fieldName, order: 'DESC' as const }))],
    });
  }

  limit(limit: number): QueryBuilder<T> {
    return this.#with({ limit: checkCount('limit', limit, 1) });
  }

  /** Offset paging: number of items to skip. */
  skip(offset: number): QueryBuilder<T> {
    if (this.#state.mode === 'cursor') throw new Error('skip() needs offset paging; use skipTo(cursor)');
    return this.#with({ offset: checkCount('skip', offset, 0) });
  }

  /**
   * Cursor paging from the first page (filter, sort and `cursorPaging {limit}`): pages report cursors
   * and never count, so they stay fast on large tables; `skipTo` then follows a cursor.
   */
  cursorPaged(): QueryBuilder<T> {
    if (this.#state.offset > 0) throw new Error('cursorPaged() cannot follow skip()');
    return this.#with({ mode: 'cursor' });
  }

  /** Cursor paging: start at a cursor from an earlier page; only `cursorPaging` is then sent. */
  skipTo(cursor: string): QueryBuilder<T> {
    return this.#with({ mode: 'cursor', cursor });
  }

  getFilter(): Filter | undefined {
    return combineFilters(this.#state.conditions);
  }

  /** The wire query this builder sends. */
  build(): WireQuery {
    const { mode, sort, limit, offset, cursor } = this.#state;
    if (mode === 'cursor' && cursor !== undefined) return { cursorPaging: { limit, cursor } };
    const query: WireQuery = {};
    const filter = this.getFilter();
    if (filter) query.filter = filter;
    if (sort.length) query.sort = [...sort];
    if (mode === 'cursor') query.cursorPaging = { limit };
    else query.paging = { limit, offset };
    return query;
  }

  find(): Promise<Page<T>> {
    return this.#run(this.build());
  }
}
