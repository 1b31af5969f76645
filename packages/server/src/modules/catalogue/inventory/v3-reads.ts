import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { compileQuery } from '../../../platform/query/index.ts';
import type { Aggregation, SearchDetails, SearchObject } from './v3-schemas.ts';
import { type Viewer, visibleTo } from '../shared/reads.ts';
import {
  availabilitySql,
  compileFilter,
  countWhere,
  DEFAULT_LOCATION_ID,
  ITEM_QUERY,
  itemKey,
  readItem,
  runPage,
  searchCondition,
  type WireItemV3,
} from './v3-items.ts';
import type { Db } from '../../../platform/db.ts';
import { type FieldViolation, ValidationFailure } from '../../../platform/errors.ts';
import { productVariants } from '../variants/tables.ts';
import { inventoryItems, variantJoin } from './tables.ts';
import { products } from '../products/tables.ts';

export async function getItemV3(ctx: AppContext, id: string, viewer: Viewer): Promise<WireItemV3> {
  return readItem(ctx.db, itemKey(id), viewer);
}

export async function queryItemsV3(ctx: AppContext, query: unknown, viewer: Viewer) {
  return runPage(ctx, compileQuery(query, ITEM_QUERY, 'query'), visibleTo(viewer, products.visible));
}

export async function countItemsV3(
  ctx: AppContext,
  request: { filter?: unknown; search?: SearchDetails | undefined },
  viewer: Viewer,
): Promise<number> {
  const where = and(
    visibleTo(viewer, products.visible),
    compileFilter(request.filter),
    searchCondition(request.search, 'search'),
  );
  return countWhere(ctx.db, where);
}

// ---- search aggregations

const AGGREGATABLE: Record<string, { sql: SQL | typeof inventoryItems.quantity; numeric: boolean }> = {
  availabilityStatus: { sql: availabilitySql, numeric: false },
  trackQuantity: { sql: sql`${inventoryItems.trackQuantity}`, numeric: false },
  inStock: { sql: sql`${inventoryItems.inStock}`, numeric: false },
  productId: { sql: sql`${inventoryItems.productId}`, numeric: false },
  variantId: { sql: sql`${inventoryItems.variantId}`, numeric: false },
  locationId: { sql: sql`${DEFAULT_LOCATION_ID}::uuid`, numeric: false },
  'preorderInfo.enabled': { sql: sql`${inventoryItems.preorderEnabled}`, numeric: false },
  quantity: { sql: inventoryItems.quantity, numeric: true },
  'preorderInfo.counter': { sql: sql`${inventoryItems.preorderCounter}`, numeric: true },
};

const SCALARS = {
  COUNT_DISTINCT: (e: SQL) => sql<number | null>`count(distinct ${e})::float8`,
  MIN: (e: SQL) => sql<number | null>`min(${e})::float8`,
  MAX: (e: SQL) => sql<number | null>`max(${e})::float8`,
  SUM: (e: SQL) => sql<number | null>`sum(${e})::float8`,
  AVG: (e: SQL) => sql<number | null>`avg(${e})::float8`,
} as const;

interface AggregationResult {
  name: string;
  type: string;
  fieldPath: string;
  values?: { results: Array<{ value: string; count: number }> };
  ranges?: { results: Array<{ from?: number; to?: number; count: number }> };
  scalar?: { type: string; value: number | null };
}

function fromItems(db: Db, fields: Record<string, SQL.Aliased>) {
  return db
    .select(fields)
    .from(inventoryItems)
    .innerJoin(products, eq(products.id, inventoryItems.productId))
    .innerJoin(productVariants, variantJoin);
}

/** VALUE (counts per value), RANGE (counts per bucket) and SCALAR aggregations over the matching items. */
async function aggregate(
  db: Db,
  where: SQL | undefined,
  list: Aggregation[],
  path: string,
): Promise<AggregationResult[]> {
  const violations: FieldViolation[] = [];
  const plans = list.map((a, i) => {
    const field = AGGREGATABLE[a.fieldPath];
    const type = a.type ?? (a.scalar ? 'SCALAR' : a.range ? 'RANGE' : 'VALUE');
    const fail = (at: string, description: string) =>
      violations.push({ field: `${path}[${i}].${at}`, description, violatedRule: 'VALIDATION', data: {} });
    if (!field) fail('fieldPath', `cannot be aggregated; use one of ${Object.keys(AGGREGATABLE).join(', ')}`);
    else if (type !== 'VALUE' && !field.numeric && a.scalar?.type !== 'COUNT_DISTINCT')
      fail('fieldPath', `is not numeric; ${type} needs quantity or preorderInfo.counter`);
    if (type === 'RANGE' && !a.range) fail('range', 'is required for a RANGE aggregation');
    if (type === 'SCALAR' && !a.scalar) fail('scalar', 'is required for a SCALAR aggregation');
    return { a, type, field };
  });
  if (violations.length) throw new ValidationFailure(violations);
  const out: AggregationResult[] = [];
  for (const { a, type, field } of plans) {
    const expr = sql`(${field!.sql})`;
    const head = { name: a.name ?? a.fieldPath, type, fieldPath: a.fieldPath };
    if (type === 'VALUE') {
      const byValue = a.value?.sortType === 'VALUE';
      const direction = sql.raw((a.value?.sortDirection ?? (byValue ? 'ASC' : 'DESC')).toLowerCase());
      const found = await fromItems(db, {
        value: sql<string | null>`${expr}::text`.as('value'),
        count: sql<number>`count(*)::int`.as('count'),
      })
        .where(and(where, sql`${expr} is not null`))
        .groupBy(expr)
        .orderBy(byValue ? sql`1 ${direction}` : sql`2 ${direction}, 1 asc`)
        .limit(a.value?.limit ?? 10);
      out.push({
        ...head,
        values: { results: found.map((r) => ({ value: String(r.value), count: Number(r.count) })) },
      });
    } else if (type === 'SCALAR') {
      const kind = a.scalar!.type;
      const [row] = await fromItems(db, { value: SCALARS[kind](expr).as('value') }).where(where);
      const value = row?.value;
      out.push({
        ...head,
        scalar: { type: kind, value: value === null || value === undefined ? null : Number(value) },
      });
    } else {
      const buckets = a.range!.buckets;
      const fields: Record<string, SQL.Aliased> = {};
      buckets.forEach((b, j) => {
        const lower = b.from !== undefined ? sql` and ${expr} >= ${b.from}::float8` : sql``;
        const upper = b.to !== undefined ? sql` and ${expr} < ${b.to}::float8` : sql``;
        fields[`b${j}`] = sql<number>`count(*) filter (where ${expr} is not null${lower}${upper})::int`.as(
          `b${j}`,
        );
      });
      const [row] = await fromItems(db, fields).where(where);
      const counts = (row ?? {}) as Record<string, unknown>;
      out.push({
        ...head,
        ranges: {
          results: buckets.map((b, j) => ({
            ...(b.from !== undefined ? { from: b.from } : {}),
            ...(b.to !== undefined ? { to: b.to } : {}),
            count: Number(counts[`b${j}`] ?? 0),
          })),
        },
      });
    }
  }
  return out;
}

/** `search`: a query plus a search expression and aggregations (over every match, not just the page). */
export async function searchItemsV3(ctx: AppContext, search: SearchObject | undefined, viewer: Viewer) {
  const { aggregations, search: details, timeZone: _timeZone, ...query } = search ?? {};
  const plan = compileQuery(query, ITEM_QUERY, 'search');
  const base = and(visibleTo(viewer, products.visible), searchCondition(details, 'search.search'));
  const page = await runPage(ctx, plan, base);
  if (!aggregations?.length) return page;
  const results = await aggregate(ctx.db, and(base, plan.filter), aggregations, 'search.aggregations');
  return { ...page, aggregationData: { results } };
}
