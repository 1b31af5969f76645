import { type SQL, sql } from 'drizzle-orm';
import { numeric, PgDialect, pgTable, text, timestamp, boolean as bool } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { violationsOf } from '../../platform/test-violations.ts';
import {
  type AggregateSpec,
  aggregationResult,
  aggregationStatement,
  isTimeZone,
  moneyText,
  parseAggregation,
} from './aggregate.ts';

const t = pgTable('t', {
  status: text('status').notNull(),
  email: text('email'),
  archived: bool('archived').notNull(),
  total: numeric('total').notNull(),
  created: timestamp('created', { withTimezone: true }).notNull(),
});

const SPEC: AggregateSpec = {
  groupable: {
    status: { sql: t.status, type: 'string' },
    archived: { sql: t.archived, type: 'boolean' },
    createdDate: { sql: t.created, type: 'date' },
    'buyerInfo.email': { sql: t.email, type: 'string' },
  },
  measurable: { 'priceSummary.total.amount': { sql: t.total } },
  distinct: { 'buyerInfo.email': { sql: t.email } },
};

const dialect = new PgDialect();
const statement = (aggregation: unknown, where: SQL | null = sql`"t"."archived" = false`) => {
  const [plan] = parseAggregation(aggregation, SPEC);
  return dialect.sqlToQuery(aggregationStatement(plan!, SPEC, t, where ?? undefined));
};

const violations = (aggregation: unknown) => violationsOf(() => parseAggregation(aggregation, SPEC));

describe('parseAggregation', () => {
  it('defaults: one count metric, keys ascending, 100 groups, DAY in UTC', () => {
    const [plan] = parseAggregation({ byDay: { groupBy: 'createdDate' } }, SPEC);
    expect(plan).toEqual({
      name: 'byDay',
      groups: [{ field: 'createdDate', type: 'date', interval: 'DAY', timeZone: 'UTC' }],
      metrics: [{ name: 'count', op: 'count' }],
      sort: [{ target: { group: 0 }, order: 'ASC' }],
      limit: 100,
    });
  });

  it.each([
    ['not an object', [], [['aggregation', 'REQUIRED_FIELD']]],
    ['empty', {}, [['aggregation', 'REQUIRED_FIELD']]],
    ['bad aggregation name', { 'my chart': {} }, [['aggregation.my chart', 'VALIDATION']]],
    [
      'unknown option',
      { a: { groupBy: 'status', having: 1 } },
      [['aggregation.a.having', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'unknown group field',
      { a: { groupBy: ['lineItems'] } },
      [['aggregation.a.groupBy[0].field', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'interval on a text field',
      { a: { groupBy: [{ field: 'status', interval: 'DAY' }] } },
      [['aggregation.a.groupBy[0].interval', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'bad interval',
      { a: { groupBy: [{ field: 'createdDate', interval: 'FORTNIGHT' }] } },
      [['aggregation.a.groupBy[0].interval', 'INVALID_ENUM_VALUE']],
    ],
    [
      'bad time zone',
      { a: { groupBy: [{ field: 'createdDate', timeZone: 'Mars/Olympus' }] } },
      [['aggregation.a.groupBy[0].timeZone', 'FORMAT']],
    ],
    [
      'SQL in a time zone',
      { a: { groupBy: [{ field: 'createdDate', timeZone: "UTC'; drop table t; --" }] } },
      [['aggregation.a.groupBy[0].timeZone', 'FORMAT']],
    ],
    ['same field twice', { a: { groupBy: ['status', 'status'] } }, [['aggregation.a.groupBy', 'VALIDATION']]],
    [
      'too many group fields',
      { a: { groupBy: ['status', 'archived', 'createdDate', 'buyerInfo.email'] } },
      [['aggregation.a.groupBy', 'MAX_SIZE']],
    ],
    [
      'unknown operator',
      { a: { metrics: { x: { median: 'priceSummary.total.amount' } } } },
      [['aggregation.a.metrics.x.median', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'two operators',
      { a: { metrics: { x: { sum: 'priceSummary.total.amount', max: 'priceSummary.total.amount' } } } },
      [['aggregation.a.metrics.x', 'ONE_OF_ALIGNMENT']],
    ],
    [
      'sum of a text field',
      { a: { metrics: { x: { sum: 'status' } } } },
      [['aggregation.a.metrics.x.sum', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'metric named key',
      { a: { metrics: { key: { count: {} } } } },
      [['aggregation.a.metrics.key', 'VALIDATION']],
    ],
    [
      'count with an argument',
      { a: { metrics: { n: { count: 'status' } } } },
      [['aggregation.a.metrics.n.count', 'VALIDATION']],
    ],
    ['limit too large', { a: { groupBy: 'status', limit: 5000 } }, [['aggregation.a.limit', 'MAX']]],
    [
      'sort by something else',
      { a: { groupBy: 'status', sort: [{ fieldName: 'archived' }] } },
      [['aggregation.a.sort[0].fieldName', 'VALIDATION']],
    ],
    [
      'bad sort order',
      { a: { groupBy: 'status', sort: [{ fieldName: 'status', order: 'UP' }] } },
      [['aggregation.a.sort[0].order', 'INVALID_ENUM_VALUE']],
    ],
  ])('refuses %s, naming the field', (_name, aggregation, expected) => {
    expect(violations(aggregation)).toEqual(expected);
  });

  it('reports every problem of every aggregation at once', () => {
    expect(
      violations({ a: { groupBy: 'nope' }, b: { metrics: { s: { sum: 'nope' } } }, c: { limit: 0 } }).map(
        ([f]) => f,
      ),
    ).toEqual(['aggregation.a.groupBy[0].field', 'aggregation.b.metrics.s.sum', 'aggregation.c.limit']);
  });

  it.each([
    ['UTC', true],
    ['Europe/Paris', true],
    ['America/Argentina/Buenos_Aires', true],
    ['Etc/GMT+3', true],
    ['Nowhere/City', false],
    ["UTC'", false],
    ['', false],
  ])('isTimeZone(%j) = %s', (zone, expected) => {
    expect(isTimeZone(zone)).toBe(expected);
  });
});

describe('aggregationStatement', () => {
  it('groups by day in a time zone, binding the zone and the limit', () => {
    const query = statement({
      byDay: {
        groupBy: [{ field: 'createdDate', interval: 'DAY', timeZone: 'Europe/Paris' }],
        metrics: { orders: { count: {} }, sales: { sum: 'priceSummary.total.amount' } },
      },
    });
    expect(query.sql).toBe(
      `select to_char(date_trunc('day', "t"."created" at time zone $1::text), 'YYYY-MM-DD') as "k0", count(*)::int as "m0", sum("t"."total")::text as "m1" from "t" where "t"."archived" = false group by 1 order by "k0" asc nulls last limit $2`,
    );
    expect(query.params).toEqual(['Europe/Paris', 101]);
  });

  it.each([
    ['HOUR', `date_trunc('hour'`, `'YYYY-MM-DD"T"HH24:00'`],
    ['WEEK', `date_trunc('week'`, `'YYYY-MM-DD'`],
    ['MONTH', `date_trunc('month'`, `'YYYY-MM'`],
    ['YEAR', `date_trunc('year'`, `'YYYY'`],
  ])('%s buckets', (interval, trunc, format) => {
    const text = statement({ a: { groupBy: [{ field: 'createdDate', interval }] } }).sql;
    expect(text).toContain(trunc);
    expect(text).toContain(format);
  });

  it('totals without groups: one row, no group by, no limit', () => {
    const query = statement(
      {
        totals: {
          metrics: {
            average: { avg: 'priceSummary.total.amount' },
            biggest: { max: 'priceSummary.total.amount' },
            customers: { countDistinct: 'buyerInfo.email' },
          },
        },
      },
      null,
    );
    expect(query.sql).toBe(
      'select round(avg("t"."total"), 4)::text as "m0", max("t"."total")::text as "m1", count(distinct "t"."email")::int as "m2" from "t" where true',
    );
  });

  it('sorts by a metric, then by the remaining keys', () => {
    const query = statement({
      top: {
        groupBy: ['buyerInfo.email', 'status'],
        metrics: { sales: { sum: 'priceSummary.total.amount' } },
        sort: [{ fieldName: 'sales', order: 'DESC' }],
        limit: 10,
      },
    });
    expect(query.sql).toContain(
      'group by 1, 2 order by sum("t"."total") desc nulls first, "k0" asc nulls last, "k1" asc nulls last limit $1',
    );
    expect(query.params).toEqual([11]);
  });
});

describe('aggregationResult', () => {
  it('shapes keys and metrics, detects more groups than the limit, renames key paths', () => {
    const [plan] = parseAggregation(
      {
        a: {
          groupBy: ['buyerInfo.email', 'archived'],
          metrics: {
            n: { count: {} },
            sales: { sum: 'priceSummary.total.amount' },
            avg: { avg: 'priceSummary.total.amount' },
          },
          limit: 2,
        },
      },
      SPEC,
    );
    const result = aggregationResult(
      plan!,
      [
        { k0: 'a@x.com', k1: false, m0: 2, m1: '30.0000', m2: '15.0000' },
        { k0: null, k1: true, m0: '1', m1: '1.1250', m2: '1.1250' },
        { k0: 'z@x.com', k1: false, m0: 1, m1: '5.0000', m2: '5.0000' },
      ],
      '_',
    );
    expect(result).toEqual({
      groups: [
        { key: { buyerInfo_email: 'a@x.com', archived: false }, n: 2, sales: '30.00', avg: '15.00' },
        { key: { buyerInfo_email: null, archived: true }, n: 1, sales: '1.125', avg: '1.125' },
      ],
      hasMore: true,
    });
  });

  it('totals over no orders: count 0, sum 0.00, average null', () => {
    const [plan] = parseAggregation(
      {
        t: {
          metrics: {
            n: { count: {} },
            s: { sum: 'priceSummary.total.amount' },
            a: { avg: 'priceSummary.total.amount' },
          },
        },
      },
      SPEC,
    );
    expect(aggregationResult(plan!, [{ m0: 0, m1: null, m2: null }])).toEqual({
      groups: [{ key: {}, n: 0, s: '0.00', a: null }],
      hasMore: false,
    });
  });

  it.each([
    ['30.0000', '30.00'],
    ['30', '30.00'],
    ['0.1250', '0.125'],
    ['-4.5000', '-4.50'],
    ['12.3456', '12.3456'],
  ])('moneyText(%s) = %s', (input, expected) => {
    expect(moneyText(input)).toBe(expected);
  });
});
