import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { ValidationFailure } from '../errors.ts';
import { escapeLike, FilterCompiler } from './filter.ts';
import { ITEMS } from './test-spec.ts';

const dialect = new PgDialect();
const U1 = '11111111-1111-4111-8111-111111111111';
const U2 = '22222222-2222-4222-8222-222222222222';

function compile(filter: unknown): { sql: string; params: unknown[] } {
  const compiler = new FilterCompiler(ITEMS.fields);
  const out = compiler.compile(filter, 'query.filter');
  if (compiler.violations.length) throw new ValidationFailure(compiler.violations);
  if (!out) return { sql: '', params: [] };
  const q = dialect.sqlToQuery(out as SQL);
  return { sql: q.sql, params: q.params };
}

function violations(filter: unknown) {
  const compiler = new FilterCompiler(ITEMS.fields);
  compiler.compile(filter, 'query.filter');
  return compiler.violations.map((v) => [v.field, v.violatedRule]);
}

describe('FilterCompiler: operators', () => {
  const cases: Array<[string, unknown, string, unknown[]]> = [
    ['equals (string)', { name: 'Tee' }, '"items"."name" = $1::text', ['Tee']],
    ['equals via $eq', { name: { $eq: 'Tee' } }, '"items"."name" = $1::text', ['Tee']],
    ['equals (money from number)', { price: 9.5 }, '"items"."price" = $1::numeric', ['9.5']],
    ['equals (money from decimal string)', { price: '9.50' }, '"items"."price" = $1::numeric', ['9.50']],
    [
      'equals (int64 from string)',
      { n: '9007199254740993' },
      '"items"."n" = $1::bigint',
      ['9007199254740993'],
    ],
    ['equals (int64 from number)', { n: 42 }, '"items"."n" = $1::bigint', ['42']],
    ['equals (integer)', { qty: '3' }, '"items"."qty" = $1::integer', [3]],
    ['equals (number)', { weight: 0.25 }, '"items"."weight" = $1::double precision', [0.25]],
    ['equals (boolean)', { visible: true }, '"items"."visible" = $1::boolean', [true]],
    ['equals (boolean string)', { visible: 'false' }, '"items"."visible" = $1::boolean', [false]],
    ['equals (uuid, lower-cased)', { id: U1.toUpperCase() }, '"items"."id" = $1::uuid', [U1]],
    [
      'equals (date, normalised to UTC)',
      { created: '2024-05-01T12:00:00+02:00' },
      '"items"."created" = $1::timestamptz',
      ['2024-05-01T10:00:00.000Z'],
    ],
    [
      'equals ($date wrapper)',
      { created: { $date: '2024-05-01T10:00:00Z' } },
      '"items"."created" = $1::timestamptz',
      ['2024-05-01T10:00:00.000Z'],
    ],
    ['equals null (empty)', { brand: null }, '"items"."brand" is null', []],
    ['equals on an array (contains)', { tags: 'red' }, '"items"."tags" @> array[$1::text]::text[]', ['red']],
    ['dotted alias', { 'priceData.price': 5 }, '"items"."price" = $1::numeric', ['5']],
    ['nested alias object', { priceData: { price: { $gt: 5 } } }, '"items"."price" > $1::numeric', ['5']],
    ['$ne on a not-null column', { name: { $ne: 'x' } }, '"items"."name" <> $1::text', ['x']],
    ['$ne on a nullable column', { brand: { $ne: 'x' } }, '"items"."brand" is distinct from $1::text', ['x']],
    ['$ne null (not empty)', { brand: { $ne: null } }, '"items"."brand" is not null', []],
    ['$ne on an array', { tags: { $ne: 'x' } }, 'not ("items"."tags" @> array[$1::text]::text[])', ['x']],
    ['$gt', { price: { $gt: 1 } }, '"items"."price" > $1::numeric', ['1']],
    ['$gte', { qty: { $gte: 1 } }, '"items"."qty" >= $1::integer', [1]],
    [
      '$lt',
      { created: { $lt: '2024-01-01' } },
      '"items"."created" < $1::timestamptz',
      ['2024-01-01T00:00:00.000Z'],
    ],
    ['$lte', { name: { $lte: 'm' } }, '"items"."name" <= $1::text', ['m']],
    [
      'between = $gte + $lt',
      { price: { $gte: 10, $lt: 20 } },
      '("items"."price" >= $1::numeric and "items"."price" < $2::numeric)',
      ['10', '20'],
    ],
    [
      '$startsWith (case-insensitive, escaped)',
      { name: { $startsWith: 'a_b%' } },
      'lower("items"."name") like lower($1::text)',
      ['a\\_b\\%%'],
    ],
    ['$endsWith', { name: { $endsWith: 'Tee' } }, 'lower("items"."name") like lower($1::text)', ['%Tee']],
    [
      '$contains',
      { name: { $contains: 'o\\n' } },
      'lower("items"."name") like lower($1::text)',
      ['%o\\\\n%'],
    ],
    ['$in', { kind: { $in: ['a', 'b'] } }, '"items"."kind" in ($1::text, $2::text)', ['a', 'b']],
    ['$in empty', { kind: { $in: [] } }, 'false', []],
    ['$in on an array (overlap)', { cols: { $in: [U1] } }, '"items"."cols" && array[$1::uuid]::uuid[]', [U1]],
    [
      '$hasSome on an array',
      { cols: { $hasSome: [U1, U2] } },
      '"items"."cols" && array[$1::uuid, $2::uuid]::uuid[]',
      [U1, U2],
    ],
    ['$hasSome on a scalar (= $in)', { name: { $hasSome: ['x'] } }, '"items"."name" in ($1::text)', ['x']],
    [
      '$hasAll on an array',
      { tags: { $hasAll: ['a', 'b'] } },
      '"items"."tags" @> array[$1::text, $2::text]::text[]',
      ['a', 'b'],
    ],
    ['$hasAll on a scalar, one value', { name: { $hasAll: ['x', 'x'] } }, '"items"."name" = $1::text', ['x']],
    ['$hasAll on a scalar, two values', { name: { $hasAll: ['x', 'y'] } }, 'false', []],
    ['$exists true', { brand: { $exists: true } }, '"items"."brand" is not null', []],
    ['$exists false', { brand: { $exists: false } }, '"items"."brand" is null', []],
    ['$exists on an array', { tags: { $exists: true } }, 'cardinality("items"."tags") > 0', []],
    [
      'implicit and of fields',
      { name: 'x', visible: true },
      '("items"."name" = $1::text and "items"."visible" = $2::boolean)',
      ['x', true],
    ],
    [
      '$and',
      { $and: [{ name: 'x' }, { qty: 1 }] },
      '("items"."name" = $1::text and "items"."qty" = $2::integer)',
      ['x', 1],
    ],
    [
      '$or',
      { $or: [{ name: 'x' }, { brand: null }] },
      '("items"."name" = $1::text or "items"."brand" is null)',
      ['x'],
    ],
    [
      '$not (NULL counts as no match)',
      { $not: { brand: 'x' } },
      'not coalesce("items"."brand" = $1::text, false)',
      ['x'],
    ],
    [
      'text search',
      { search: 'red shoes' },
      '"items"."search" @@ websearch_to_tsquery(\'english\'::regconfig, $1::text)',
      ['red shoes'],
    ],
    ['empty filter', {}, '', []],
  ];
  it.each(cases)('%s', (_name, filter, sql, params) => {
    expect(compile(filter)).toEqual({ sql, params });
  });
});

describe('FilterCompiler: errors name the field', () => {
  const cases: Array<[string, unknown, Array<[string, string]>]> = [
    ['unknown field', { colour: 'red' }, [['query.filter.colour', 'FIELD_NOT_ALLOWED']]],
    ['field not filterable', { secret: 'x' }, [['query.filter.secret', 'FIELD_NOT_ALLOWED']]],
    ['unknown operator', { price: { $near: 1 } }, [['query.filter.price.$near', 'FIELD_NOT_ALLOWED']]],
    ['unknown top-level operator', { $nor: [] }, [['query.filter.$nor', 'FIELD_NOT_ALLOWED']]],
    [
      'string op on a number',
      { price: { $contains: '1' } },
      [['query.filter.price.$contains', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'order op on a boolean',
      { visible: { $gt: true } },
      [['query.filter.visible.$gt', 'FIELD_NOT_ALLOWED']],
    ],
    ['op on text search', { search: { $in: ['x'] } }, [['query.filter.search.$in', 'FIELD_NOT_ALLOWED']]],
    ['number for a string', { name: 3 }, [['query.filter.name', 'VALIDATION']]],
    ['word for money', { price: 'cheap' }, [['query.filter.price', 'VALIDATION']]],
    ['float for an integer', { qty: 1.5 }, [['query.filter.qty', 'VALIDATION']]],
    ['int64 overflow', { n: '99999999999999999999' }, [['query.filter.n', 'VALIDATION']]],
    ['bad uuid', { id: 'abc' }, [['query.filter.id', 'FORMAT']]],
    ['bad date', { created: { $gt: 'yesterday' } }, [['query.filter.created.$gt', 'FORMAT']]],
    ['string for a boolean', { visible: 'yes' }, [['query.filter.visible', 'VALIDATION']]],
    ['enum value', { kind: 'c' }, [['query.filter.kind', 'INVALID_ENUM_VALUE']]],
    ['$in not an array', { kind: { $in: 'a' } }, [['query.filter.kind.$in', 'VALIDATION']]],
    ['bad $in element', { id: { $in: [U1, 'x'] } }, [['query.filter.id.$in[1]', 'FORMAT']]],
    ['$exists not boolean', { brand: { $exists: 1 } }, [['query.filter.brand.$exists', 'VALIDATION']]],
    ['null for $gt', { price: { $gt: null } }, [['query.filter.price.$gt', 'VALIDATION']]],
    ['$and not an array', { $and: { name: 'x' } }, [['query.filter.$and', 'VALIDATION']]],
    ['$or empty', { $or: [] }, [['query.filter.$or', 'VALIDATION']]],
    ['$or element not an object', { $or: ['x'] }, [['query.filter.$or[0]', 'VALIDATION']]],
    ['$not not an object', { $not: [] }, [['query.filter.$not', 'VALIDATION']]],
    [
      'nested error path',
      { $or: [{ $not: { colour: 1 } }] },
      [['query.filter.$or[0].$not.colour', 'FIELD_NOT_ALLOWED']],
    ],
    ['filter not an object', [], [['query.filter', 'VALIDATION']]],
    ['too long', { name: 'x'.repeat(1001) }, [['query.filter.name', 'MAX_LENGTH']]],
    ['too many values', { kind: { $in: Array(501).fill('a') } }, [['query.filter.kind.$in', 'MAX_SIZE']]],
    [
      'every problem at once',
      { colour: 1, price: 'x' },
      [
        ['query.filter.colour', 'FIELD_NOT_ALLOWED'],
        ['query.filter.price', 'VALIDATION'],
      ],
    ],
  ];
  it.each(cases)('%s', (_name, filter, expected) => {
    expect(violations(filter)).toEqual(expected);
  });

  it('limits nesting and size', () => {
    let deep: Record<string, unknown> = { name: 'x' };
    for (let i = 0; i < 12; i++) deep = { $not: deep };
    expect(violations(deep)[0]?.[1]).toBe('MAX');
    const wide = { $or: Array.from({ length: 120 }, () => ({ name: 'x' })) };
    expect(violations(wide).some(([, rule]) => rule === 'MAX_SIZE')).toBe(true);
  });
});

describe('escapeLike', () => {
  it.each([
    ['plain', 'plain'],
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
  ])('%s', (input, output) => expect(escapeLike(input)).toBe(output));
});

describe('FilterCompiler: required text search', () => {
  it.each<[unknown, boolean]>([
    [{ search: 'x' }, true],
    [{ search: 'x', name: 'y' }, true],
    [{ $and: [{ name: 'y' }, { search: 'x' }] }, true],
    [{ $or: [{ search: 'x' }, { name: 'y' }] }, false],
    [{ $not: { search: 'x' } }, false],
    [{ name: 'y' }, false],
  ])('%j → %s', (filter, expected) => {
    const compiler = new FilterCompiler(ITEMS.fields);
    compiler.compile(filter, 'query.filter');
    expect(compiler.requiresTextSearch).toBe(expected);
  });
});
