import type { SQLWrapper } from 'drizzle-orm';

/**
 * Value kinds a queryable field can have. Each maps to one PostgreSQL type that bound values are cast to,
 * which must be the column's type so that its indexes stay usable.
 */
export type FieldType =
  | 'string' // text
  | 'number' // double precision
  | 'integer' // integer
  | 'int64' // bigint; wire values are integers or digit strings
  | 'money' // numeric; wire values are numbers or decimal strings
  | 'boolean'
  | 'date' // timestamptz; ISO-8601 strings or {"$date": "..."}
  | 'uuid'
  | 'uuid[]'
  | 'string[]'
  | 'text-search'; // a tsvector column; equals = full-text match (websearch syntax)

export interface FieldSpec {
  /** The column, or an SQL expression over the queried table. */
  sql: SQLWrapper;
  type: FieldType;
  /** The column admits NULL (changes `$ne`, `$not` and cursor comparisons). */
  nullable?: boolean;
  /** Allowed as a sort `fieldName`; give it an index. */
  sortable?: boolean;
  /** Default true. */
  filterable?: boolean;
  /** Unique and never NULL: a sort on it needs no tie-breaker. */
  unique?: boolean;
  /** Allowed string values (INVALID_ENUM_VALUE otherwise). */
  enum?: readonly string[];
  /** Text-search configuration of a `text-search` field, e.g. `english`. Must match the column's. */
  searchConfig?: string;
  /**
   * A `text-search` field's forgiving half: a text column (with a `gin_trgm_ops` index) that also matches when
   * the searched words are close to a word run of it (`pg_trgm` word similarity ≥ `WORD_SIMILARITY`), so a
   * typo ("skilet") still finds "Cast Iron Skillet".
   */
  fuzzy?: SQLWrapper;
}

export type SortOrder = 'ASC' | 'DESC';

export interface Sorting {
  fieldName: string;
  order: SortOrder;
}

/** What a service declares once per queryable entity. */
export interface QuerySpec {
  /** Wire field name (dotted aliases allowed, e.g. `priceData.price`) → field. */
  fields: Readonly<Record<string, FieldSpec>>;
  /** Used when the request has no sort. */
  defaultSort: readonly Sorting[];
  /** A unique, not-null, sortable field appended to every sort so that pages are stable. */
  tiebreaker: string;
  /**
   * Fields a query gains from its own filter (a cursor's included), e.g. the products' `collectionPosition`,
   * which exists only in a query filtered by one collection.
   */
  fieldsFor?: (filter: unknown) => Readonly<Record<string, FieldSpec>>;
  defaultLimit: number;
  maxLimit: number;
}

export interface OffsetMetadata {
  count: number;
  offset: number;
  /** Absent when `tooManyToCount`. */
  total?: number;
  tooManyToCount: boolean;
}

export interface CursorMetadata {
  count: number;
  cursors: { next: string | null; prev: string | null };
  hasNext: boolean;
}

/**
 * The field a wire name stands for: own entries only, so `constructor`, `toString` or `__proto__` are unknown
 * names like any other instead of members of `Object.prototype`. Every lookup of a client-sent name goes here.
 */
export function fieldOf(fields: Readonly<Record<string, FieldSpec>>, name: string): FieldSpec | undefined {
  return Object.hasOwn(fields, name) ? fields[name] : undefined;
}
