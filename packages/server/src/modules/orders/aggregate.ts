import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.ts';
import { isPlainObject } from '../../platform/query/values.ts';

/**
 * Order aggregation (`POST /ecom/v1/orders/aggregate`): the free-JSON `aggregation` of the wire, translated
 * into one SQL statement per named aggregation. Pure: field names, operators, intervals and sort keys are
 * looked up in fixed maps, and every value taken from the request (time zone, limit) is a bound parameter.
 *
 * ```json
 * {
 *   "salesByDay": {
 *     "groupBy": [{ "field": "createdDate", "interval": "DAY", "timeZone": "Europe/Paris" }],
 *     "metrics": { "orders": { "count": {} }, "sales": { "sum": "priceSummary.total.amount" } },
 *     "sort": [{ "fieldName": "createdDate", "order": "ASC" }],
 *     "limit": 366
 *   },
 *   "byStatus": { "groupBy": ["status"] },
 *   "totals": { "metrics": { "orders": { "count": {} }, "sales": { "sum": "priceSummary.total.amount" } } }
 * }
 * ```
 * Each answers `{groups: [{key: {<field>: value…}, <metric>: value…}], hasMore}` (docs/ORDERS.md).
 */

/** Fields that can be grouped by, counted distinctly or summed, per entity. */
export interface AggregateSpec {
  /** Wire path → column or expression. `date` fields group by an interval in a time zone. */
  groupable: Readonly<Record<string, { sql: SQLWrapper; type: 'string' | 'boolean' | 'date' }>>;
  /** Money fields for sum, avg, min and max (numeric columns). */
  measurable: Readonly<Record<string, { sql: SQLWrapper }>>;
  /** Fields whose distinct values can be counted (e.g. customers). */
  distinct: Readonly<Record<string, { sql: SQLWrapper }>>;
}

export const INTERVALS = {
  HOUR: { unit: 'hour', format: 'YYYY-MM-DD"T"HH24:00' },
  DAY: { unit: 'day', format: 'YYYY-MM-DD' },
  WEEK: { unit: 'week', format: 'YYYY-MM-DD' },
  MONTH: { unit: 'month', format: 'YYYY-MM' },
  YEAR: { unit: 'year', format: 'YYYY' },
} as const;
export type Interval = keyof typeof INTERVALS;

const MONEY_OPS = ['sum', 'avg', 'min', 'max'] as const;
const OPS = ['count', 'countDistinct', ...MONEY_OPS] as const;
type Op = (typeof OPS)[number];

export const AGGREGATE_LIMITS = {
  aggregations: 10,
  groupBy: 3,
  metrics: 10,
  defaultGroups: 100,
  maxGroups: 1000,
};

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,49}$/;

export interface GroupPlan {
  field: string;
  type: 'string' | 'boolean' | 'date';
  interval?: Interval;
  timeZone?: string;
}

export interface MetricPlan {
  name: string;
  op: Op;
  field?: string;
}

export interface SortPlan {
  /** A group field or a metric name. */
  target: { group: number } | { metric: number };
  order: 'ASC' | 'DESC';
}

export interface AggregationPlan {
  name: string;
  groups: GroupPlan[];
  metrics: MetricPlan[];
  sort: SortPlan[];
  limit: number;
}

/** Whether PostgreSQL and the JavaScript runtime agree that this is an IANA time-zone name. */
export function isTimeZone(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+/-]*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

class Collector {
  readonly violations: FieldViolation[] = [];
  fail(field: string, description: string, rule: FieldViolation['violatedRule'] = 'VALIDATION'): undefined {
    this.violations.push({ field, description, violatedRule: rule, data: {} });
    return undefined;
  }
}

const list = (names: Iterable<string>) => [...names].join(', ');

function parseGroup(raw: unknown, at: string, spec: AggregateSpec, c: Collector): GroupPlan | undefined {
  const entry = typeof raw === 'string' ? { field: raw } : raw;
  if (!isPlainObject(entry)) return c.fail(at, 'must be a field name or {field, interval, timeZone}');
  const { field, interval, timeZone, ...rest } = entry;
  for (const key of Object.keys(rest)) c.fail(`${at}.${key}`, 'is not a group option', 'FIELD_NOT_ALLOWED');
  if (typeof field !== 'string' || field === '')
    return c.fail(`${at}.field`, 'is required', 'REQUIRED_FIELD');
  const target = Object.hasOwn(spec.groupable, field) ? spec.groupable[field] : undefined;
  if (!target)
    return c.fail(
      `${at}.field`,
      `"${field.slice(0, 100)}" cannot be grouped by; use one of ${list(Object.keys(spec.groupable))}`,
      'FIELD_NOT_ALLOWED',
    );
  if (target.type !== 'date') {
    if (interval !== undefined) c.fail(`${at}.interval`, 'applies to date fields only', 'FIELD_NOT_ALLOWED');
    if (timeZone !== undefined) c.fail(`${at}.timeZone`, 'applies to date fields only', 'FIELD_NOT_ALLOWED');
    return { field, type: target.type };
  }
  const chosen = interval ?? 'DAY';
  if (typeof chosen !== 'string' || !Object.hasOwn(INTERVALS, chosen))
    return c.fail(`${at}.interval`, `must be one of ${list(Object.keys(INTERVALS))}`, 'INVALID_ENUM_VALUE');
  const zone = timeZone ?? 'UTC';
  if (typeof zone !== 'string' || !isTimeZone(zone))
    return c.fail(`${at}.timeZone`, 'must be an IANA time-zone name such as Europe/Paris', 'FORMAT');
  return { field, type: 'date', interval: chosen as Interval, timeZone: zone };
}

function parseMetric(
  name: string,
  raw: unknown,
  at: string,
  spec: AggregateSpec,
  c: Collector,
): MetricPlan | undefined {
  if (!NAME.test(name) || name === 'key')
    return c.fail(at, 'must be named with letters, digits and _ (not "key"), starting with a letter');
  if (!isPlainObject(raw) || Object.keys(raw).length !== 1)
    return c.fail(at, `must be one operator: ${list(OPS)}`, 'ONE_OF_ALIGNMENT');
  const [op, argument] = Object.entries(raw)[0]!;
  if (!(OPS as readonly string[]).includes(op))
    return c.fail(`${at}.${op}`, `is not an operator; use one of ${list(OPS)}`, 'FIELD_NOT_ALLOWED');
  if (op === 'count') {
    if (argument !== true && !(isPlainObject(argument) && Object.keys(argument).length === 0))
      return c.fail(`${at}.count`, 'takes no argument: {"count": {}}');
    return { name, op };
  }
  const fields = op === 'countDistinct' ? spec.distinct : spec.measurable;
  if (typeof argument !== 'string' || !Object.hasOwn(fields, argument))
    return c.fail(`${at}.${op}`, `must name one of ${list(Object.keys(fields))}`, 'FIELD_NOT_ALLOWED');
  return { name, op: op as Op, field: argument };
}

function parseSort(
  raw: unknown,
  at: string,
  groups: GroupPlan[],
  metrics: MetricPlan[],
  c: Collector,
): SortPlan[] {
  if (raw === undefined || raw === null)
    return groups.map((_, group) => ({ target: { group }, order: 'ASC' as const }));
  if (!Array.isArray(raw) || raw.length > AGGREGATE_LIMITS.groupBy + AGGREGATE_LIMITS.metrics) {
    c.fail(at, 'must be an array of {fieldName, order}');
    return [];
  }
  const out: SortPlan[] = [];
  raw.forEach((entry, i) => {
    const here = `${at}[${i}]`;
    if (!isPlainObject(entry)) {
      c.fail(here, 'must be {fieldName, order}');
      return;
    }
    const order = entry.order === undefined ? 'ASC' : entry.order;
    if (order !== 'ASC' && order !== 'DESC') {
      c.fail(`${here}.order`, 'must be one of ASC, DESC', 'INVALID_ENUM_VALUE');
      return;
    }
    const group = groups.findIndex((g) => g.field === entry.fieldName);
    const metric = metrics.findIndex((m) => m.name === entry.fieldName);
    if (group >= 0) out.push({ target: { group }, order });
    else if (metric >= 0) out.push({ target: { metric }, order });
    else c.fail(`${here}.fieldName`, 'must name a groupBy field or a metric of this aggregation');
  });
  return out;
}

function parseOne(
  name: string,
  raw: unknown,
  at: string,
  spec: AggregateSpec,
  c: Collector,
): AggregationPlan | undefined {
  if (!NAME.test(name)) return c.fail(at, 'must be named with letters, digits and _, starting with a letter');
  if (!isPlainObject(raw)) return c.fail(at, 'must be an object {groupBy, metrics, sort, limit}');
  const { groupBy, metrics, sort, limit, ...rest } = raw;
  for (const key of Object.keys(rest))
    c.fail(
      `${at}.${key}`,
      'is not an aggregation option; use groupBy, metrics, sort, limit',
      'FIELD_NOT_ALLOWED',
    );

  const groupList =
    groupBy === undefined || groupBy === null ? [] : Array.isArray(groupBy) ? groupBy : [groupBy];
  if (groupList.length > AGGREGATE_LIMITS.groupBy)
    c.fail(`${at}.groupBy`, `must have at most ${AGGREGATE_LIMITS.groupBy} fields`, 'MAX_SIZE');
  const groups = groupList
    .slice(0, AGGREGATE_LIMITS.groupBy)
    .map((g, i) => parseGroup(g, `${at}.groupBy[${i}]`, spec, c))
    .filter((g): g is GroupPlan => g !== undefined);
  if (new Set(groups.map((g) => g.field)).size !== groups.length)
    c.fail(`${at}.groupBy`, 'names a field twice');

  let metricPlans: MetricPlan[] = [{ name: 'count', op: 'count' }];
  if (metrics !== undefined && metrics !== null) {
    if (!isPlainObject(metrics) || Object.keys(metrics).length === 0)
      c.fail(`${at}.metrics`, 'must be an object of named metrics, e.g. {"orders": {"count": {}}}');
    else if (Object.keys(metrics).length > AGGREGATE_LIMITS.metrics)
      c.fail(`${at}.metrics`, `must have at most ${AGGREGATE_LIMITS.metrics} metrics`, 'MAX_SIZE');
    else
      metricPlans = Object.entries(metrics)
        .map(([metric, value]) => parseMetric(metric, value, `${at}.metrics.${metric}`, spec, c))
        .filter((m): m is MetricPlan => m !== undefined);
  }

  let max = AGGREGATE_LIMITS.defaultGroups;
  if (limit !== undefined && limit !== null) {
    if (
      typeof limit !== 'number' ||
      !Number.isInteger(limit) ||
      limit < 1 ||
      limit > AGGREGATE_LIMITS.maxGroups
    )
      c.fail(`${at}.limit`, `must be an integer from 1 to ${AGGREGATE_LIMITS.maxGroups}`, 'MAX');
    else max = limit;
  }
  return {
    name,
    groups,
    metrics: metricPlans,
    sort: parseSort(sort, `${at}.sort`, groups, metricPlans, c),
    limit: max,
  };
}

/** The request's `aggregation` checked against the spec; every problem is reported at once. */
export function parseAggregation(raw: unknown, spec: AggregateSpec, path = 'aggregation'): AggregationPlan[] {
  const c = new Collector();
  if (!isPlainObject(raw) || Object.keys(raw).length === 0)
    throw new ValidationFailure([
      {
        field: path,
        description:
          'must be an object of named aggregations, e.g. {"totals": {"metrics": {"orders": {"count": {}}}}}',
        violatedRule: 'REQUIRED_FIELD',
        data: {},
      },
    ]);
  const entries = Object.entries(raw);
  if (entries.length > AGGREGATE_LIMITS.aggregations)
    c.fail(path, `must have at most ${AGGREGATE_LIMITS.aggregations} aggregations`, 'MAX_SIZE');
  const plans = entries
    .slice(0, AGGREGATE_LIMITS.aggregations)
    .map(([name, value]) => parseOne(name, value, `${path}.${name}`, spec, c))
    .filter((p): p is AggregationPlan => p !== undefined);
  if (c.violations.length) throw new ValidationFailure(c.violations);
  return plans;
}

function groupExpression(group: GroupPlan, spec: AggregateSpec): SQL {
  const column = spec.groupable[group.field]!.sql;
  if (group.type !== 'date') return sql`${column}`;
  const { unit, format } = INTERVALS[group.interval ?? 'DAY'];
  return sql`to_char(date_trunc(${sql.raw(`'${unit}'`)}, ${column} at time zone ${group.timeZone ?? 'UTC'}::text), ${sql.raw(`'${format}'`)})`;
}

/** The metric's value as computed (numeric for money), for sorting. */
function metricValue(metric: MetricPlan, spec: AggregateSpec): SQL {
  switch (metric.op) {
    case 'count':
      return sql`count(*)::int`;
    case 'countDistinct':
      return sql`count(distinct ${spec.distinct[metric.field!]!.sql})::int`;
    case 'avg':
      return sql`round(avg(${spec.measurable[metric.field!]!.sql}), 4)`;
    default:
      return sql`${sql.raw(metric.op)}(${spec.measurable[metric.field!]!.sql})`;
  }
}

/** The metric as selected: money as text, so that no digit is lost on the way. */
const metricColumn = (metric: MetricPlan, spec: AggregateSpec): SQL =>
  metric.op === 'count' || metric.op === 'countDistinct'
    ? metricValue(metric, spec)
    : sql`${metricValue(metric, spec)}::text`;

/**
 * One aggregation as a statement over `from` filtered by `where`: columns `k0…` (group keys) and `m0…`
 * (metrics), at most `limit + 1` rows so that the answer can tell there are more.
 */
export function aggregationStatement(
  plan: AggregationPlan,
  spec: AggregateSpec,
  from: SQLWrapper,
  where: SQL | undefined,
): SQL {
  const keys = plan.groups.map((g) => groupExpression(g, spec));
  const metrics = plan.metrics.map((m) => metricColumn(m, spec));
  const columns = [
    ...keys.map((k, i) => sql`${k} as ${sql.identifier(`k${i}`)}`),
    ...metrics.map((m, i) => sql`${m} as ${sql.identifier(`m${i}`)}`),
  ];
  const direction = (order: 'ASC' | 'DESC') =>
    sql.raw(order === 'ASC' ? 'asc nulls last' : 'desc nulls first');
  const sorted = new Set<number>();
  const order: SQL[] = plan.sort.map((s) => {
    if ('group' in s.target) {
      sorted.add(s.target.group);
      return sql`${sql.identifier(`k${s.target.group}`)} ${direction(s.order)}`;
    }
    // By the number, not its text ("90.00" would sort after "233.33").
    return sql`${metricValue(plan.metrics[s.target.metric]!, spec)} ${direction(s.order)}`;
  });
  // Ties end in key order, so the groups and the cut at `limit` are the same on every call.
  keys.forEach((_, i) => {
    if (!sorted.has(i)) order.push(sql`${sql.identifier(`k${i}`)} asc nulls last`);
  });
  const filter = where ?? sql`true`;
  if (keys.length === 0) return sql`select ${sql.join(columns, sql`, `)} from ${from} where ${filter}`;
  return sql`select ${sql.join(columns, sql`, `)} from ${from} where ${filter} group by ${sql.join(
    keys.map((_, i) => sql.raw(String(i + 1))),
    sql`, `,
  )} order by ${sql.join(order, sql`, `)} limit ${plan.limit + 1}`;
}

/** A numeric as a decimal string with at least two decimals: `"30.0000"` → `"30.00"`, `"1.1250"` → `"1.125"`. */
export function moneyText(value: string): string {
  const [whole, fraction = ''] = value.split('.');
  const trimmed = fraction.replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${trimmed}`;
}

export interface AggregateGroup {
  key: Record<string, string | boolean | null>;
  [metric: string]: unknown;
}

export interface AggregateResult {
  groups: AggregateGroup[];
  hasMore: boolean;
}

/** The rows of `aggregationStatement` as the wire answer; `separator` replaces `.` in key names. */
export function aggregationResult(
  plan: AggregationPlan,
  found: ReadonlyArray<Record<string, unknown>>,
  separator = '.',
): AggregateResult {
  const hasMore = plan.groups.length > 0 && found.length > plan.limit;
  const groups = found.slice(0, plan.groups.length ? plan.limit : 1).map((row) => {
    const key: AggregateGroup['key'] = {};
    plan.groups.forEach((g, i) => {
      const value = row[`k${i}`];
      key[g.field.split('.').join(separator)] =
        value === null || value === undefined
          ? null
          : g.type === 'boolean'
            ? value === true || value === 't'
            : String(value);
    });
    const group: AggregateGroup = { key };
    plan.metrics.forEach((m, i) => {
      const value = row[`m${i}`];
      if (m.op === 'count' || m.op === 'countDistinct') group[m.name] = Number(value ?? 0);
      else if (value === null || value === undefined) group[m.name] = m.op === 'sum' ? '0.00' : null;
      else group[m.name] = moneyText(String(value));
    });
    return group;
  });
  return { groups, hasMore };
}
