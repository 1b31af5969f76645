import { type SQL, sql } from 'drizzle-orm';
import type { FieldViolation } from '../errors.ts';
import { and, FALSE, or } from './filter.ts';
import { type FieldSpec, fieldOf, type QuerySpec, type Sorting, type SortOrder } from './types.ts';
import { isPlainObject, param, parseValue } from './values.ts';

export const MAX_SORT_FIELDS = 5;

/** One ORDER BY term. NULLs sort last ascending and first descending (PostgreSQL's default). */
export interface OrderKey {
  name: string;
  field: FieldSpec;
  order: SortOrder;
}

function parseOrder(raw: unknown): SortOrder | undefined {
  if (raw === undefined || raw === null) return 'ASC';
  if (typeof raw !== 'string') return undefined;
  const upper = raw.toUpperCase();
  return upper === 'ASC' || upper === 'DESC' ? upper : undefined;
}

/**
 * `[{fieldName, order}]`, also as a JSON string and in the older `[{"<field>": "asc"}]` form.
 * Unknown or unsortable fields become violations at `<path>[i].fieldName`.
 */
export function parseSort(
  raw: unknown,
  spec: QuerySpec,
  path: string,
  violations: FieldViolation[],
): Sorting[] {
  const fail = (field: string, description: string, rule: FieldViolation['violatedRule'] = 'VALIDATION') =>
    violations.push({ field, description, violatedRule: rule, data: {} });
  let list = raw;
  if (typeof list === 'string') {
    try {
      list = JSON.parse(list);
    } catch {
      fail(path, 'is not valid JSON', 'FORMAT');
      return [];
    }
  }
  if (list === undefined || list === null) return [];
  if (!Array.isArray(list)) {
    fail(path, 'must be an array');
    return [];
  }
  if (list.length > MAX_SORT_FIELDS) {
    fail(path, `must have at most ${MAX_SORT_FIELDS} entries`, 'MAX_SIZE');
    return [];
  }
  const out: Sorting[] = [];
  for (const [i, entry] of list.entries()) {
    const at = `${path}[${i}]`;
    if (!isPlainObject(entry)) {
      fail(at, 'must be an object');
      continue;
    }
    let fieldName: unknown = entry.fieldName;
    let order: unknown = entry.order;
    const keys = Object.keys(entry);
    if (fieldName === undefined && keys.length === 1) {
      // The older `{"<field>": "asc"}` form.
      fieldName = keys[0];
      order = entry[keys[0]!];
    }
    const parsed = parseOrder(order);
    if (typeof fieldName !== 'string' || fieldName === '')
      fail(`${at}.fieldName`, 'is required', 'REQUIRED_FIELD');
    else if (!fieldOf(spec.fields, fieldName)?.sortable)
      fail(`${at}.fieldName`, `"${fieldName.slice(0, 100)}" is not a sortable field`, 'FIELD_NOT_ALLOWED');
    else if (!parsed) fail(`${at}.order`, 'must be one of ASC, DESC', 'INVALID_ENUM_VALUE');
    else out.push({ fieldName, order: parsed });
  }
  return out;
}

/** The sort as run: the requested (or default) fields, ending with a unique one for stable pages. */
export function orderKeys(sorting: readonly Sorting[], spec: QuerySpec): OrderKey[] {
  const keys: OrderKey[] = [];
  const seen = new Set<FieldSpec>();
  for (const { fieldName, order } of sorting.length ? sorting : spec.defaultSort) {
    const field = fieldOf(spec.fields, fieldName);
    if (!field || seen.has(field)) continue;
    seen.add(field);
    keys.push({ name: fieldName, field, order });
    if (field.unique) return keys;
  }
  const tiebreaker = fieldOf(spec.fields, spec.tiebreaker);
  if (!tiebreaker) throw new Error(`tiebreaker "${spec.tiebreaker}" is not a field`);
  keys.push({ name: spec.tiebreaker, field: tiebreaker, order: keys.at(-1)?.order ?? 'ASC' });
  return keys;
}

export const flip = (keys: OrderKey[]): OrderKey[] =>
  keys.map((k) => ({ ...k, order: k.order === 'ASC' ? 'DESC' : 'ASC' }));

export function orderBy(keys: OrderKey[]): SQL[] {
  return keys.map((k) => sql`${k.field.sql} ${sql.raw(k.order === 'ASC' ? 'asc' : 'desc')}`);
}

/** The sort keys of a row as `text[]`, exact enough to compare against (dates to the microsecond, UTC). */
export function keysExpression(keys: OrderKey[]): SQL {
  const parts = keys.map((k) =>
    k.field.type === 'date'
      ? sql`to_char(${k.field.sql} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
      : sql`(${k.field.sql})::text`,
  );
  return sql`array[${sql.join(parts, sql`, `)}]::text[]`;
}

/** Rows strictly after the row whose sort keys are `values`, in the order of `keys` (keyset paging). */
export function afterPredicate(keys: OrderKey[], values: ReadonlyArray<string | null>): SQL {
  const sameDirection = keys.every((k) => k.order === keys[0]!.order);
  const noNulls = keys.every((k, i) => !k.field.nullable && values[i] !== null);
  if (sameDirection && noNulls) {
    // A row comparison walks a matching (a, b, ...) index directly.
    const op = sql.raw(keys[0]!.order === 'ASC' ? '>' : '<');
    return sql`(${sql.join(
      keys.map((k) => k.field.sql),
      sql`, `,
    )}) ${op} (${sql.join(
      keys.map((k, i) => param(k.field, values[i]!)),
      sql`, `,
    )})`;
  }
  let predicate: SQL | undefined;
  for (let i = keys.length - 1; i >= 0; i--) {
    const strictly = strictlyAfter(keys[i]!, values[i] ?? null);
    predicate =
      predicate === undefined
        ? strictly
        : or([strictly, and([equalTo(keys[i]!, values[i] ?? null), predicate])]);
  }
  return predicate ?? FALSE;
}

function strictlyAfter(key: OrderKey, value: string | null): SQL {
  const column = key.field.sql;
  if (key.order === 'ASC') {
    if (value === null) return FALSE; // NULLs come last
    const greater = sql`${column} > ${param(key.field, value)}`;
    return key.field.nullable ? or([greater, sql`${column} is null`]) : greater;
  }
  if (value === null) return sql`${column} is not null`; // NULLs come first
  return sql`${column} < ${param(key.field, value)}`;
}

function equalTo(key: OrderKey, value: string | null): SQL {
  return value === null ? sql`${key.field.sql} is null` : sql`${key.field.sql} = ${param(key.field, value)}`;
}

/** How PostgreSQL writes a `double precision` as text (`1e+20`, `-0.5`, `Infinity`, `NaN`). */
const FLOAT_TEXT = /^(-?(\d+(\.\d*)?|\.\d+)(e[+-]?\d+)?|-?Infinity|NaN)$/i;

/**
 * Whether a cursor's sort-key values can be the keys of a row under this sort: one per key, each a value of its
 * field's type (as `keysExpression` writes it). A cursor is client input: a forged one must not reach the
 * database as a cast that fails (`'abc'::bigint`).
 */
export function keysFit(keys: readonly OrderKey[], values: ReadonlyArray<string | null>): boolean {
  if (keys.length !== values.length) return false;
  return keys.every((key, i) => {
    const value = values[i];
    if (value === null || value === undefined) return value === null;
    if (key.field.type === 'number') return FLOAT_TEXT.test(value);
    return parseValue({ ...key.field, enum: undefined }, value).ok;
  });
}
