import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { FieldViolation, ViolatedRule } from '../errors.ts';
import { type FieldSpec, fieldOf } from './types.ts';
import { arrayParam, type Bound, isPlainObject, param, parseValue } from './values.ts';

/** Guards against filters built to make the database work hard. */
export const FILTER_LIMITS = { maxDepth: 8, maxConditions: 100, maxListSize: 500 };

const COMPARISONS = { $gt: '>', $gte: '>=', $lt: '<', $lte: '<=' } as const;
const TEXT_MATCHES = ['$startsWith', '$endsWith', '$contains'] as const;
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$hasSome',
  '$hasAll',
  '$exists',
  '$startsWith',
  '$endsWith',
  '$contains',
]);
const ORDERED_TYPES = new Set(['string', 'number', 'integer', 'int64', 'money', 'date']);

export const TRUE = sql`true`;
export const FALSE = sql`false`;

export function and(parts: SQL[]): SQL {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` and `)})`;
}

export function or(parts: SQL[]): SQL {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0]!;
  return sql`(${sql.join(parts, sql` or `)})`;
}

/** `\`, `%` and `_` lose their LIKE meaning. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

const isArrayField = (field: FieldSpec) => field.type === 'uuid[]' || field.type === 'string[]';

/**
 * Compiles a wire filter (wire/README §4) into one SQL condition. Problems are collected and thrown
 * together as a `ValidationFailure`-ready list, each naming its path (e.g. `query.filter.colour`).
 */
export class FilterCompiler {
  readonly violations: FieldViolation[] = [];
  /** A text-search condition every matching row must meet (not under `$or` or `$not`). */
  requiresTextSearch = false;
  private conditions = 0;

  constructor(private readonly fields: Readonly<Record<string, FieldSpec>>) {}

  compile(filter: unknown, path: string): SQL | undefined {
    if (filter === undefined || filter === null) return undefined;
    if (!isPlainObject(filter)) {
      this.fail(path, 'must be an object');
      return undefined;
    }
    const parts = this.object(filter, path, 0, '', true);
    return parts.length ? and(parts) : undefined;
  }

  private fail(field: string, description: string, rule: ViolatedRule = 'VALIDATION'): SQL {
    this.violations.push({ field, description, violatedRule: rule, data: {} });
    return FALSE;
  }

  private object(
    filter: Record<string, unknown>,
    path: string,
    depth: number,
    prefix: string,
    required: boolean,
  ): SQL[] {
    if (depth > FILTER_LIMITS.maxDepth) return [this.fail(path, 'is nested too deeply', 'MAX')];
    const parts: SQL[] = [];
    for (const [key, value] of Object.entries(filter)) {
      const at = `${path}.${key}`;
      if (key === '$and' || key === '$or') {
        if (!Array.isArray(value) || value.length === 0) {
          parts.push(this.fail(at, 'must be a non-empty array of filters'));
          continue;
        }
        const branches = value.map((branch, i) =>
          isPlainObject(branch)
            ? and(this.object(branch, `${at}[${i}]`, depth + 1, prefix, required && key === '$and'))
            : this.fail(`${at}[${i}]`, 'must be an object'),
        );
        parts.push(key === '$and' ? and(branches) : or(branches));
      } else if (key === '$not') {
        if (!isPlainObject(value)) {
          parts.push(this.fail(at, 'must be an object'));
          continue;
        }
        // A NULL inside counts as "does not match", so NOT keeps those rows (Mongo-like semantics).
        parts.push(sql`not coalesce(${and(this.object(value, at, depth + 1, prefix, false))}, false)`);
      } else if (key.startsWith('$')) {
        parts.push(this.fail(at, 'is not a supported operator', 'FIELD_NOT_ALLOWED'));
      } else {
        const name = prefix ? `${prefix}.${key}` : key;
        const field = fieldOf(this.fields, name);
        if (field && field.filterable !== false) {
          if (required && field.type === 'text-search') this.requiresTextSearch = true;
          parts.push(this.field(field, value, at));
        } else if (
          !field &&
          isPlainObject(value) &&
          !Object.keys(value).some((k) => k.startsWith('$')) &&
          Object.keys(this.fields).some((f) => f.startsWith(`${name}.`))
        ) {
          // `{"priceData": {"price": 5}}` is `{"priceData.price": 5}`.
          parts.push(...this.object(value, at, depth + 1, name, required));
        } else {
          parts.push(this.fail(at, 'is not a filterable field', 'FIELD_NOT_ALLOWED'));
        }
      }
    }
    return parts;
  }

  private field(field: FieldSpec, condition: unknown, path: string): SQL {
    if (++this.conditions > FILTER_LIMITS.maxConditions)
      return this.fail(path, `makes the filter exceed ${FILTER_LIMITS.maxConditions} conditions`, 'MAX_SIZE');
    const isOperators =
      isPlainObject(condition) &&
      Object.keys(condition).length > 0 &&
      Object.keys(condition).every((k) => k.startsWith('$')) &&
      !(field.type === 'date' && '$date' in condition);
    if (!isOperators) return this.equals(field, condition, path);
    const parts = Object.entries(condition).map(([op, value]) =>
      this.operator(field, op, value, `${path}.${op}`),
    );
    return and(parts);
  }

  private value(field: FieldSpec, raw: unknown, path: string): Bound | undefined {
    const parsed = parseValue(field, raw);
    if (parsed.ok) return parsed.value;
    this.fail(path, parsed.description, parsed.rule);
    return undefined;
  }

  private list(field: FieldSpec, raw: unknown, path: string): Bound[] | undefined {
    if (!Array.isArray(raw)) {
      this.fail(path, 'must be an array');
      return undefined;
    }
    if (raw.length > FILTER_LIMITS.maxListSize) {
      this.fail(path, `must have at most ${FILTER_LIMITS.maxListSize} values`, 'MAX_SIZE');
      return undefined;
    }
    const out: Bound[] = [];
    raw.forEach((item, i) => {
      const value = this.value(field, item, `${path}[${i}]`);
      if (value !== undefined) out.push(value);
    });
    return out.length === raw.length ? out : undefined;
  }

  private equals(field: FieldSpec, raw: unknown, path: string): SQL {
    const column = field.sql;
    if (raw === null) return isArrayField(field) ? sql`cardinality(${column}) = 0` : sql`${column} is null`;
    if (field.type === 'text-search') {
      const value = this.value(field, raw, path);
      if (value === undefined) return FALSE;
      const config = sql.raw(`'${field.searchConfig ?? 'simple'}'::regconfig`);
      const words = sql`${column} @@ websearch_to_tsquery(${config}, ${value}::text)`;
      const near = field.fuzzy ? fuzzyWords(String(value), field.fuzzy) : undefined;
      return near ? sql`(${words} or ${near})` : words;
    }
    const value = this.value(field, raw, path);
    if (value === undefined) return FALSE;
    if (isArrayField(field)) return sql`${column} @> ${arrayParam(field, [value])}`;
    return sql`${column} = ${param(field, value)}`;
  }

  private operator(field: FieldSpec, op: string, raw: unknown, path: string): SQL {
    const column = field.sql;
    if (!FIELD_OPERATORS.has(op)) return this.fail(path, 'is not a supported operator', 'FIELD_NOT_ALLOWED');
    if (field.type === 'text-search' && op !== '$eq')
      return this.fail(path, 'is not supported on a text-search field; use equals', 'FIELD_NOT_ALLOWED');
    const notFor = (what: string) =>
      this.fail(path, `is not supported on ${what} fields`, 'FIELD_NOT_ALLOWED');

    switch (op) {
      case '$eq':
        return this.equals(field, raw, path);
      case '$ne': {
        if (raw === null)
          return isArrayField(field) ? sql`cardinality(${column}) > 0` : sql`${column} is not null`;
        const value = this.value(field, raw, path);
        if (value === undefined) return FALSE;
        if (isArrayField(field)) return sql`not (${column} @> ${arrayParam(field, [value])})`;
        return field.nullable
          ? sql`${column} is distinct from ${param(field, value)}`
          : sql`${column} <> ${param(field, value)}`;
      }
      case '$gt':
      case '$gte':
      case '$lt':
      case '$lte': {
        if (!ORDERED_TYPES.has(field.type)) return notFor(field.type);
        const value = this.value(field, raw, path);
        if (value === undefined) return FALSE;
        return sql`${column} ${sql.raw(COMPARISONS[op])} ${param(field, value)}`;
      }
      case '$in':
      case '$hasSome': {
        const values = this.list(field, raw, path);
        if (values === undefined) return FALSE;
        if (isArrayField(field)) return sql`${column} && ${arrayParam(field, values)}`;
        if (values.length === 0) return FALSE;
        return sql`${column} in (${sql.join(
          values.map((v) => param(field, v)),
          sql`, `,
        )})`;
      }
      case '$hasAll': {
        const values = this.list(field, raw, path);
        if (values === undefined) return FALSE;
        if (isArrayField(field)) return sql`${column} @> ${arrayParam(field, values)}`;
        // A single value "has all" of a list only when the list holds one distinct value.
        const distinct = [...new Set(values)];
        if (distinct.length === 0) return TRUE;
        if (distinct.length > 1) return FALSE;
        return sql`${column} = ${param(field, distinct[0]!)}`;
      }
      case '$exists': {
        if (typeof raw !== 'boolean') return this.fail(path, 'must be a boolean');
        if (isArrayField(field))
          return raw ? sql`cardinality(${column}) > 0` : sql`cardinality(${column}) = 0`;
        return raw ? sql`${column} is not null` : sql`${column} is null`;
      }
      default: {
        // $startsWith, $endsWith, $contains: case-insensitive, on string fields.
        if (field.type !== 'string') return notFor(field.type);
        const value = this.value({ ...field, enum: undefined }, raw, path);
        if (typeof value !== 'string') return FALSE;
        const escaped = escapeLike(value);
        const pattern =
          op === TEXT_MATCHES[0] ? `${escaped}%` : op === TEXT_MATCHES[1] ? `%${escaped}` : `%${escaped}%`;
        return sql`lower(${column}) like lower(${pattern}::text)`;
      }
    }
  }
}

/** Words of fewer letters than this have too few trigrams to be matched by closeness. */
const FUZZY_MIN_LETTERS = 3;
const FUZZY_MAX_WORDS = 8;

/**
 * Every searched word (of 3 letters or more) close to some run of words of `column` (`<%`, pg_trgm word
 * similarity), so "skilet" finds "Cast Iron Skillet" while "leather boots" does not find every leather thing.
 * Undefined when no word is long enough.
 */
function fuzzyWords(text: string, column: SQLWrapper): SQL | undefined {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
    .filter((word) => word.length >= FUZZY_MIN_LETTERS)
    .slice(0, FUZZY_MAX_WORDS);
  if (words.length === 0) return undefined;
  return sql.join(
    words.map((word) => sql`${word}::text <% ${column}`),
    sql` and `,
  );
}
