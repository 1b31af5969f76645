import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it, vi } from 'vitest';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { buildPage, COUNT_CAP, compileQuery, type QueryPlan } from './index.ts';
import { afterPredicate, orderKeys } from './sort.ts';
import { violationsOf } from '../test-violations.ts';
import { ITEMS } from './test-spec.ts';

const dialect = new PgDialect();
const text = (fragment: SQL | undefined) => (fragment ? dialect.sqlToQuery(fragment) : undefined);
const orderText = (plan: QueryPlan) => plan.orderBy.map((o) => dialect.sqlToQuery(o).sql).join(', ');

const violations = (query: unknown) => violationsOf(() => compileQuery(query, ITEMS));

describe('compileQuery', () => {
  it('uses the defaults: offset paging, default page size, default sort', () => {
    const plan = compileQuery(undefined, ITEMS);
    expect(plan).toMatchObject({ mode: 'offset', limit: 50, offset: 0, fetchLimit: 51, where: undefined });
    expect(orderText(plan)).toBe('"items"."n" asc');
  });

  it.each([
    ['a unique field needs no tiebreaker', [{ fieldName: 'id', order: 'DESC' }], '"items"."id" desc'],
    [
      'others end with the tiebreaker, same direction',
      [{ fieldName: 'name', order: 'DESC' }],
      '"items"."name" desc, "items"."n" desc',
    ],
    ['order defaults to ASC', [{ fieldName: 'price' }], '"items"."price" asc, "items"."n" asc'],
    [
      'several fields',
      [
        { fieldName: 'brand', order: 'ASC' },
        { fieldName: 'price', order: 'DESC' },
      ],
      '"items"."brand" asc, "items"."price" desc, "items"."n" desc',
    ],
    ['older form {field: order}', [{ name: 'desc' }], '"items"."name" desc, "items"."n" desc'],
    ['as a JSON string', '[{"fieldName":"qty","order":"asc"}]', '"items"."qty" asc, "items"."n" asc'],
    [
      'repeated field counts once',
      [{ fieldName: 'qty' }, { fieldName: 'qty', order: 'DESC' }],
      '"items"."qty" asc, "items"."n" asc',
    ],
    ['an alias sorts its column', [{ fieldName: 'priceData.price' }], '"items"."price" asc, "items"."n" asc'],
  ])('sorts: %s', (_name, sort, expected) => {
    expect(orderText(compileQuery({ sort }, ITEMS))).toBe(expected);
  });

  it('accepts the filter as a JSON string and limit/offset as digit strings', () => {
    const plan = compileQuery({ filter: '{"name":"x"}', paging: { limit: '5', offset: '10' } }, ITEMS);
    expect(text(plan.where)).toEqual({ sql: '"items"."name" = $1::text', params: ['x'], typings: ['none'] });
    expect(plan).toMatchObject({ limit: 5, offset: 10 });
  });

  it('allows limit 0 (count only)', () => {
    expect(compileQuery({ paging: { limit: 0 } }, ITEMS).limit).toBe(0);
  });

  it.each<[string, unknown, Array<[string, string]>]>([
    ['query not an object', 'x', [['query', 'VALIDATION']]],
    ['filter JSON string invalid', { filter: '{x' }, [['query.filter', 'FORMAT']]],
    [
      'unknown sort field',
      { sort: [{ fieldName: 'colour' }] },
      [['query.sort[0].fieldName', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'unsortable field',
      { sort: [{ fieldName: 'tags' }] },
      [['query.sort[0].fieldName', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'missing fieldName',
      { sort: [{ order: 'ASC', x: 1 }] },
      [['query.sort[0].fieldName', 'REQUIRED_FIELD']],
    ],
    [
      'bad order',
      { sort: [{ fieldName: 'name', order: 'UP' }] },
      [['query.sort[0].order', 'INVALID_ENUM_VALUE']],
    ],
    ['sort not an array', { sort: { fieldName: 'name' } }, [['query.sort', 'VALIDATION']]],
    ['too many sort fields', { sort: Array(6).fill({ fieldName: 'name' }) }, [['query.sort', 'MAX_SIZE']]],
    ['limit over max', { paging: { limit: 101 } }, [['query.paging.limit', 'MAX']]],
    ['negative limit', { paging: { limit: -1 } }, [['query.paging.limit', 'MIN']]],
    ['fractional limit', { paging: { limit: 2.5 } }, [['query.paging.limit', 'VALIDATION']]],
    ['negative offset', { paging: { offset: -3 } }, [['query.paging.offset', 'MIN']]],
    ['paging not an object', { paging: 5 }, [['query.paging', 'VALIDATION']]],
    [
      'paging and cursorPaging',
      { paging: {}, cursorPaging: {} },
      [['query.cursorPaging', 'ONE_OF_ALIGNMENT']],
    ],
    ['cursor limit over max', { cursorPaging: { limit: 500 } }, [['query.cursorPaging.limit', 'MAX']]],
    ['cursor not ours', { cursorPaging: { cursor: 'bm9wZQ' } }, [['query.cursorPaging.cursor', 'FORMAT']]],
    ['cursor not a string', { cursorPaging: { cursor: 5 } }, [['query.cursorPaging.cursor', 'VALIDATION']]],
    [
      'cursor whose keys do not fit its sort',
      {
        cursorPaging: {
          cursor: encodeCursor({ filter: null, sort: [], keys: ['1', '2'], direction: 'next' }),
        },
      },
      [['query.cursorPaging.cursor', 'FORMAT']],
    ],
    ...(
      [
        ['int64', [], ['abc']],
        ['money', [{ fieldName: 'price' }], ['1e3x', '1']],
        ['integer', [{ fieldName: 'qty' }], ['99999999999', '1']],
        ['date', [{ fieldName: 'created' }], ['yesterday', '1']],
        ['uuid', [{ fieldName: 'id' }], ['not-a-uuid']],
        ['boolean', [{ fieldName: 'visible' }], ['maybe', '1']],
        ['number', [{ fieldName: 'weight' }], ['1,5', '1']],
      ] as const
    ).map(
      ([type, sort, keys]) =>
        [
          `cursor with a forged ${type} key`,
          {
            cursorPaging: {
              cursor: encodeCursor({ filter: null, sort: [...sort], keys: [...keys], direction: 'next' }),
            },
          },
          [['query.cursorPaging.cursor', 'FORMAT']],
        ] as [string, unknown, Array<[string, string]>],
    ),
    [
      'filter and sort fields named like Object members',
      { filter: { constructor: 1, toString: 'x' }, sort: [{ fieldName: 'hasOwnProperty' }] },
      [
        ['query.filter.constructor', 'FIELD_NOT_ALLOWED'],
        ['query.filter.toString', 'FIELD_NOT_ALLOWED'],
        ['query.sort[0].fieldName', 'FIELD_NOT_ALLOWED'],
      ],
    ],
    [
      'cursor carrying a bad filter',
      {
        cursorPaging: {
          cursor: encodeCursor({ filter: { colour: 1 }, sort: [], keys: ['1'], direction: 'next' }),
        },
      },
      [['query.filter.colour', 'FIELD_NOT_ALLOWED']],
    ],
  ])('rejects %s', (_name, query, expected) => {
    expect(violations(query)).toEqual(expected);
  });

  it('accepts the keys PostgreSQL writes for each sort type', () => {
    const sorts: Array<[string, string]> = [
      ['weight', '1e+20'],
      ['weight', 'NaN'],
      ['created', '2024-05-01T10:11:12.123456Z'],
      ['price', '-12.50'],
      ['visible', 'false'],
      ['qty', '-7'],
    ];
    for (const [fieldName, key] of sorts) {
      const cursor = encodeCursor({
        filter: null,
        sort: [{ fieldName, order: 'ASC' }],
        keys: [key, '9'],
        direction: 'next',
      });
      expect(violations({ cursorPaging: { cursor } }), `${fieldName} ${key}`).toEqual([]);
    }
    const nullKey = encodeCursor({
      filter: null,
      sort: [{ fieldName: 'brand', order: 'ASC' }],
      keys: [null, '3'],
      direction: 'prev',
    });
    expect(violations({ cursorPaging: { cursor: nullKey } })).toEqual([]);
  });

  it('cursor mode fetches one extra row and selects the sort keys as text', () => {
    const plan = compileQuery(
      { sort: [{ fieldName: 'created', order: 'DESC' }], cursorPaging: { limit: 10 } },
      ITEMS,
    );
    expect(plan).toMatchObject({ mode: 'cursor', limit: 10, fetchLimit: 11, offset: 0 });
    expect(text(plan.keys)?.sql).toBe(
      `array[to_char("items"."created" at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), ("items"."n")::text]::text[]`,
    );
  });

  it('a cursor carries the filter and sort; the request only sends cursorPaging', () => {
    const cursor = encodeCursor({
      filter: { visible: true },
      sort: [{ fieldName: 'price', order: 'ASC' }],
      keys: ['9.50', '17'],
      direction: 'next',
    });
    const plan = compileQuery({ cursorPaging: { limit: 3, cursor } }, ITEMS);
    expect(text(plan.where)).toEqual({
      sql: '("items"."visible" = $1::boolean and ("items"."price", "items"."n") > ($2::numeric, $3::bigint))',
      params: [true, '9.50', '17'],
      typings: ['none', 'none', 'none'],
    });
    expect(orderText(plan)).toBe('"items"."price" asc, "items"."n" asc');
    expect(text(plan.filter)?.sql).toBe('"items"."visible" = $1::boolean');
  });

  it('going back runs the reversed order', () => {
    const cursor = encodeCursor({
      filter: null,
      sort: [{ fieldName: 'qty', order: 'DESC' }],
      keys: ['4', '9'],
      direction: 'prev',
    });
    const plan = compileQuery({ cursorPaging: { cursor } }, ITEMS);
    expect(orderText(plan)).toBe('"items"."qty" asc, "items"."n" asc');
    expect(text(plan.where)?.sql).toBe('("items"."qty", "items"."n") > ($1::integer, $2::bigint)');
  });
});

describe('afterPredicate', () => {
  const keys = (sort: Array<{ fieldName: string; order: 'ASC' | 'DESC' }>) => orderKeys(sort, ITEMS);
  it.each<[string, Array<{ fieldName: string; order: 'ASC' | 'DESC' }>, Array<string | null>, string]>([
    ['one not-null key', [{ fieldName: 'n', order: 'DESC' }], ['5'], '("items"."n") < ($1::bigint)'],
    [
      'mixed directions expand',
      [
        { fieldName: 'qty', order: 'ASC' },
        { fieldName: 'price', order: 'DESC' },
      ],
      ['1', '2.00', '3'],
      '("items"."qty" > $1::integer or ("items"."qty" = $2::integer and ("items"."price" < $3::numeric or ("items"."price" = $4::numeric and "items"."n" < $5::bigint))))',
    ],
    [
      'nullable ascending: NULLs come after values',
      [{ fieldName: 'brand', order: 'ASC' }],
      ['b', '7'],
      '(("items"."brand" > $1::text or "items"."brand" is null) or ("items"."brand" = $2::text and "items"."n" > $3::bigint))',
    ],
    [
      'nullable ascending from a NULL: only NULLs with a larger tiebreaker',
      [{ fieldName: 'brand', order: 'ASC' }],
      [null, '7'],
      '(false or ("items"."brand" is null and "items"."n" > $1::bigint))',
    ],
    [
      'nullable descending from a NULL: every value follows',
      [{ fieldName: 'brand', order: 'DESC' }],
      [null, '7'],
      '("items"."brand" is not null or ("items"."brand" is null and "items"."n" < $1::bigint))',
    ],
  ])('%s', (_name, sort, values, expected) => {
    expect(dialect.sqlToQuery(afterPredicate(keys(sort), values)).sql).toBe(expected);
  });
});

describe('cursor encoding', () => {
  it('round-trips and rejects anything else', () => {
    const state = {
      filter: { a: 1 },
      sort: [{ fieldName: 'n', order: 'ASC' }],
      keys: ['1', null],
      direction: 'prev' as const,
    };
    expect(decodeCursor(encodeCursor(state))).toEqual(state);
    for (const bad of [
      '',
      'a.b',
      Buffer.from('[]').toString('base64url'),
      Buffer.from('{"v":2}').toString('base64url'),
    ])
      expect(decodeCursor(bad)).toBeUndefined();
  });
});

describe('buildPage', () => {
  const offsetPlan = (limit: number, offset: number) => compileQuery({ paging: { limit, offset } }, ITEMS);
  const rowsOf = (n: number) => Array.from({ length: n }, (_, i) => ({ item: i }));

  it.each<[string, number, number, number, number | 'never', Record<string, unknown>]>([
    [
      'short first page: exact total without counting',
      10,
      0,
      4,
      'never',
      { count: 4, offset: 0, total: 4, tooManyToCount: false },
    ],
    [
      'short later page: offset + count',
      10,
      20,
      3,
      'never',
      { count: 3, offset: 20, total: 23, tooManyToCount: false },
    ],
    ['empty first page', 10, 0, 0, 'never', { count: 0, offset: 0, total: 0, tooManyToCount: false }],
    [
      'full page and the extra row: counted',
      10,
      0,
      11,
      57,
      { count: 10, offset: 0, total: 57, tooManyToCount: false },
    ],
    [
      'full last page (no extra row): exact total without counting',
      10,
      40,
      10,
      'never',
      { count: 10, offset: 40, total: 50, tooManyToCount: false },
    ],
    ['past the end: counted', 10, 90, 0, 57, { count: 0, offset: 90, total: 57, tooManyToCount: false }],
    ['too many to count: no total', 10, 0, 11, COUNT_CAP + 1, { count: 10, offset: 0, tooManyToCount: true }],
    [
      'exactly the cap is counted',
      10,
      0,
      11,
      COUNT_CAP,
      { count: 10, offset: 0, total: COUNT_CAP, tooManyToCount: false },
    ],
  ])('%s', async (_name, limit, offset, found, counted, metadata) => {
    const count = vi.fn(async (cap: number) => {
      expect(cap).toBe(COUNT_CAP + 1);
      return counted === 'never' ? 0 : counted;
    });
    const page = await buildPage(offsetPlan(limit, offset), rowsOf(found), count);
    expect(page.metadata).toEqual(metadata);
    expect(count).toHaveBeenCalledTimes(counted === 'never' ? 0 : 1);
  });

  it('cursor pages: next when more rows came back, prev once a cursor was followed', async () => {
    const first = compileQuery({ cursorPaging: { limit: 2 } }, ITEMS);
    const rows = [1, 2, 3].map((n) => ({ item: n, keys: [String(n)] }));
    const page = await buildPage(first, rows, async () => 0);
    expect(page.items).toEqual([1, 2]);
    expect(page.metadata).toMatchObject({ count: 2, hasNext: true, cursors: { prev: null } });
    const next = (page.metadata as { cursors: { next: string } }).cursors.next;
    expect(decodeCursor(next)).toMatchObject({ keys: ['2'], direction: 'next' });

    const second = compileQuery({ cursorPaging: { limit: 2, cursor: next } }, ITEMS);
    const last = await buildPage(second, [{ item: 3, keys: ['3'] }], async () => 0);
    expect(last.metadata).toMatchObject({ count: 1, hasNext: false, cursors: { next: null } });
    const prev = (last.metadata as { cursors: { prev: string } }).cursors.prev;
    expect(decodeCursor(prev)).toMatchObject({ keys: ['3'], direction: 'prev' });

    // Backwards: rows arrive in reversed order and are turned around.
    const back = compileQuery({ cursorPaging: { limit: 2, cursor: prev } }, ITEMS);
    const before = await buildPage(
      back,
      [
        { item: 2, keys: ['2'] },
        { item: 1, keys: ['1'] },
      ],
      async () => 0,
    );
    expect(before.items).toEqual([1, 2]);
    expect(before.metadata).toMatchObject({ hasNext: true, cursors: { prev: null } });
  });
});
