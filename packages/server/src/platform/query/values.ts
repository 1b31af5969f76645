import { type SQL, sql } from 'drizzle-orm';
import type { ViolatedRule } from '../errors.ts';
import type { FieldSpec, FieldType } from './types.ts';
import { UUID } from '../uuid.ts';

/** The PostgreSQL type a bound value of each field type is cast to (the element type for arrays). */
export const PG_TYPES: Record<FieldType, string> = {
  string: 'text',
  number: 'double precision',
  integer: 'integer',
  int64: 'bigint',
  money: 'numeric',
  boolean: 'boolean',
  date: 'timestamptz',
  uuid: 'uuid',
  'uuid[]': 'uuid',
  'string[]': 'text',
  'text-search': 'text',
};

export const MAX_STRING_LENGTH = 1000;

export type Bound = string | number | boolean;
export type Parsed = { ok: true; value: Bound } | { ok: false; description: string; rule: ViolatedRule };

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d{1,19}$/;
const INT64_MAX = 9223372036854775807n;

const fail = (description: string, rule: ViolatedRule = 'VALIDATION'): Parsed => ({
  ok: false,
  description,
  rule,
});

export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** `{"$date": "..."}` is how some clients wrap a date value. */
export function unwrapDate(value: unknown): unknown {
  if (isPlainObject(value) && Object.keys(value).length === 1 && '$date' in value) return value.$date;
  return value;
}

/** Checks one non-null wire value against a field type and returns what to bind. */
export function parseValue(field: FieldSpec, raw: unknown): Parsed {
  const type = field.type;
  switch (type) {
    case 'string':
    case 'string[]':
    case 'text-search': {
      if (typeof raw !== 'string') return fail('must be a string');
      if (raw.length > MAX_STRING_LENGTH)
        return fail(`must be at most ${MAX_STRING_LENGTH} characters`, 'MAX_LENGTH');
      if (field.enum && !field.enum.includes(raw))
        return fail(`must be one of ${field.enum.join(', ')}`, 'INVALID_ENUM_VALUE');
      return { ok: true, value: raw };
    }
    case 'number': {
      const n = typeof raw === 'string' && DECIMAL.test(raw) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isFinite(n)) return fail('must be a number');
      return { ok: true, value: n };
    }
    case 'integer': {
      const n = typeof raw === 'string' && INTEGER.test(raw) ? Number(raw) : raw;
      if (typeof n !== 'number' || !Number.isInteger(n) || Math.abs(n) > 2147483647)
        return fail('must be a 32-bit integer');
      return { ok: true, value: n };
    }
    case 'int64': {
      const text = typeof raw === 'number' && Number.isSafeInteger(raw) ? String(raw) : raw;
      if (typeof text !== 'string' || !INTEGER.test(text)) return fail('must be a 64-bit integer');
      const big = BigInt(text);
      if (big > INT64_MAX || big < -INT64_MAX - 1n) return fail('must be a 64-bit integer');
      return { ok: true, value: big.toString() };
    }
    case 'money': {
      if (typeof raw === 'number' && Number.isFinite(raw)) return { ok: true, value: String(raw) };
      if (typeof raw === 'string' && DECIMAL.test(raw) && raw.length <= 40) return { ok: true, value: raw };
      return fail('must be a decimal number');
    }
    case 'boolean': {
      if (typeof raw === 'boolean') return { ok: true, value: raw };
      if (raw === 'true' || raw === 'false') return { ok: true, value: raw === 'true' };
      return fail('must be a boolean');
    }
    case 'date': {
      const value = unwrapDate(raw);
      if (typeof value !== 'string' || value.length > 64) return fail('must be an ISO-8601 date', 'FORMAT');
      const time = Date.parse(value);
      if (Number.isNaN(time)) return fail('must be an ISO-8601 date', 'FORMAT');
      return { ok: true, value: new Date(time).toISOString() };
    }
    case 'uuid':
    case 'uuid[]': {
      if (typeof raw !== 'string' || !UUID.test(raw)) return fail('must be a GUID', 'FORMAT');
      return { ok: true, value: raw.toLowerCase() };
    }
  }
}

/** A bound parameter cast to the field's PostgreSQL (element) type. */
export function param(field: FieldSpec, value: Bound | null): SQL {
  return sql`${value}::${sql.raw(PG_TYPES[field.type])}`;
}

/** `array[$1::uuid, $2::uuid]::uuid[]` — built from single parameters so both drivers bind it alike. */
export function arrayParam(field: FieldSpec, values: Bound[]): SQL {
  const type = sql.raw(PG_TYPES[field.type]);
  if (values.length === 0) return sql`array[]::${type}[]`;
  return sql`array[${sql.join(
    values.map((v) => sql`${v}::${type}`),
    sql`, `,
  )}]::${type}[]`;
}
