import { eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { ValidationFailure } from '../../platform/errors.ts';
import { type CursorMetadata, compileQuery, type QuerySpec } from '../../platform/query/index.ts';
import { selectRowsPage } from '../../platform/query/select-page.ts';
import { isPlainObject } from '../../platform/query/values.ts';
import {
  type AggregateResult,
  type AggregateSpec,
  aggregationResult,
  aggregationStatement,
  parseAggregation,
} from './aggregate.ts';
import { partsOf, partsToWire } from './parts.ts';
import { FULFILLMENT_STATUSES, ORDER_PAYMENT_STATUSES, ORDER_STATUSES } from './state.ts';
import { buyerNameText, orders } from './tables.ts';
import type { WireOrder } from './wire.ts';

/**
 * Order search and aggregate (wire/orders.md §2, docs/ORDERS.md "Search and aggregate"). Admins see every
 * order; a member sees the orders placed under their member id. The member condition is added beside the
 * request's filter, never inside it, so a cursor (which carries the filter) cannot widen it.
 */

export type OrderViewer = { kind: 'admin' } | { kind: 'member'; memberId: string };

export const SEARCH_PAGE_SIZE = 50;
export const SEARCH_MAX_PAGE_SIZE = 100;

/** A text array from a JSON array in `data` (unindexed; narrow the search with indexed fields first). */
const jsonTexts = (path: SQL) => sql`array(select jsonb_array_elements_text(coalesce(${path}, '[]'::jsonb)))`;

const publicTags = sql`(case when ${orders.data} ? 'tags' then ${jsonTexts(
  sql`${orders.data} #> '{tags,tags,tagIds}'`,
)} else ${jsonTexts(sql`${orders.tagIds}`)} end)`;
const privateTags = jsonTexts(sql`${orders.data} #> '{tags,privateTags,tagIds}'`);
const catalogItemIds = sql`array(select l #>> '{catalogReference,catalogItemId}' from jsonb_array_elements(coalesce(${orders.data} -> 'lineItems', '[]'::jsonb)) as l where l #>> '{catalogReference,catalogItemId}' is not null)`;

/** The names a buyer is searched by, as the index `orders_buyer_name_trgm_idx` reads them (tables.ts). */
const buyerName = buyerNameText(orders.data);

/** E-mail addresses compare ignoring case: the column is read lower-cased (indexed) and so are the values. */
const EMAIL_FIELD = 'buyerInfo.email';

const BUYER_FIELDS: QuerySpec['fields'] = {
  id: { sql: orders.id, type: 'uuid', sortable: true, unique: true },
  number: { sql: orders.number, type: 'int64', sortable: true, unique: true },
  status: { sql: orders.status, type: 'string', enum: ORDER_STATUSES },
  paymentStatus: { sql: orders.paymentStatus, type: 'string', enum: ORDER_PAYMENT_STATUSES },
  fulfillmentStatus: { sql: orders.fulfillmentStatus, type: 'string', enum: FULFILLMENT_STATUSES },
  archived: { sql: orders.archived, type: 'boolean' },
  createdDate: { sql: orders.createdDate, type: 'date', sortable: true },
  updatedDate: { sql: orders.updatedDate, type: 'date', sortable: true },
  purchasedDate: { sql: orders.purchasedDate, type: 'date', sortable: true, nullable: true },
  [EMAIL_FIELD]: { sql: sql`lower(${orders.buyerEmail})`, type: 'string', nullable: true },
  'buyerInfo.memberId': { sql: orders.memberId, type: 'uuid', nullable: true },
  'buyerInfo.visitorId': { sql: orders.visitorId, type: 'uuid', nullable: true },
  'priceSummary.total.amount': { sql: orders.total, type: 'money', sortable: true },
  currency: { sql: orders.currency, type: 'string' },
  'channelInfo.type': { sql: orders.channelType, type: 'string' },
  checkoutId: { sql: orders.checkoutId, type: 'uuid', nullable: true },
  'lineItems.catalogReference.catalogItemId': { sql: catalogItemIds, type: 'string[]' },
  'tags.tags.tagIds': { sql: publicTags, type: 'string[]' },
};

const spec = (fields: QuerySpec['fields']): QuerySpec => ({
  fields,
  defaultSort: [{ fieldName: 'createdDate', order: 'DESC' }],
  tiebreaker: 'id',
  defaultLimit: SEARCH_PAGE_SIZE,
  maxLimit: SEARCH_MAX_PAGE_SIZE,
});

/** What a member may filter and sort on (their own orders: no private tags). */
export const MEMBER_ORDER_QUERY = spec(BUYER_FIELDS);
/** What an admin may filter and sort on. */
export const ORDER_QUERY = spec({
  ...BUYER_FIELDS,
  imported: { sql: orders.imported, type: 'boolean' },
  seenByAHuman: { sql: sql`coalesce((${orders.data} ->> 'seenByAHuman')::boolean, false)`, type: 'boolean' },
  'tags.privateTags.tagIds': { sql: privateTags, type: 'string[]' },
  /**
   * Aisle's admin search by name: the billing and the recipient contact's first and last names, in one text
   * (`$contains`, case-insensitive), read on the trigram index `orders_buyer_name_trgm_idx` (the same
   * expression, tables.ts `buyerNameText`).
   */
  buyerName: { sql: buyerName, type: 'string' },
});

export const ORDER_AGGREGATES: AggregateSpec = {
  groupable: {
    status: { sql: orders.status, type: 'string' },
    paymentStatus: { sql: orders.paymentStatus, type: 'string' },
    fulfillmentStatus: { sql: orders.fulfillmentStatus, type: 'string' },
    archived: { sql: orders.archived, type: 'boolean' },
    currency: { sql: orders.currency, type: 'string' },
    'channelInfo.type': { sql: orders.channelType, type: 'string' },
    'buyerInfo.email': { sql: sql`lower(${orders.buyerEmail})`, type: 'string' },
    'buyerInfo.memberId': { sql: orders.memberId, type: 'string' },
    createdDate: { sql: orders.createdDate, type: 'date' },
    purchasedDate: { sql: orders.purchasedDate, type: 'date' },
    updatedDate: { sql: orders.updatedDate, type: 'date' },
  },
  measurable: { 'priceSummary.total.amount': { sql: orders.total } },
  distinct: {
    'buyerInfo.email': { sql: sql`lower(${orders.buyerEmail})` },
    'buyerInfo.memberId': { sql: orders.memberId },
  },
};

/** Lower-cases the values compared with `buyerInfo.email` (also in `{"buyerInfo": {"email": …}}` form). */
export function lowerEmailValues(filter: unknown, prefix = ''): unknown {
  const lower = (value: unknown): unknown =>
    typeof value === 'string'
      ? value.toLowerCase()
      : Array.isArray(value)
        ? value.map(lower)
        : isPlainObject(value)
          ? Object.fromEntries(Object.entries(value).map(([op, v]) => [op, op === '$exists' ? v : lower(v)]))
          : value;
  if (typeof filter === 'string' && !prefix) {
    // A filter sent as JSON text (the older form); left as it is when it does not parse, for the engine to report.
    try {
      return lowerEmailValues(JSON.parse(filter));
    } catch {
      return filter;
    }
  }
  if (!isPlainObject(filter)) return filter;
  return Object.fromEntries(
    Object.entries(filter).map(([key, value]) => {
      if (key === '$and' || key === '$or')
        return [key, Array.isArray(value) ? value.map((v) => lowerEmailValues(v, prefix)) : value];
      if (key === '$not') return [key, lowerEmailValues(value, prefix)];
      if (key.startsWith('$')) return [key, value];
      const name = prefix ? `${prefix}.${key}` : key;
      if (name === EMAIL_FIELD) return [key, lower(value)];
      if (isPlainObject(value) && !Object.keys(value).some((k) => k.startsWith('$')))
        return [key, lowerEmailValues(value, name)];
      return [key, value];
    }),
  );
}

const memberCondition = (viewer: OrderViewer): SQL | undefined =>
  viewer.kind === 'member' ? eq(orders.memberId, viewer.memberId) : undefined;

/** Rows → wire orders; their activities, payments, refunds and fulfilments in one query each. */
async function toWire(db: Db, found: Array<typeof orders.$inferSelect>, viewer: OrderViewer) {
  const parts = await partsOf(db, found);
  return parts.map((p) => partsToWire(p, { audience: viewer.kind === 'member' ? 'buyer' : 'merchant' }));
}

export interface SearchRequest {
  cursorPaging?: unknown;
  paging?: unknown;
  filter?: unknown;
  sort?: unknown;
  [other: string]: unknown;
}

/** `search {cursorPaging, filter, sort}` → `{orders, metadata {count, cursors, hasNext}}` (cursor paging only). */
export async function searchOrders(
  ctx: AppContext,
  search: SearchRequest | undefined,
  viewer: OrderViewer,
): Promise<{ orders: WireOrder[]; metadata: CursorMetadata }> {
  const { paging, cursorPaging, filter, ...rest } = search ?? {};
  if (paging !== undefined && paging !== null)
    throw new ValidationFailure([
      {
        field: 'search.paging',
        description: 'is not supported: order search pages with cursorPaging {limit, cursor}',
        violatedRule: 'FIELD_NOT_ALLOWED',
        data: {},
      },
    ]);
  const plan = compileQuery(
    { ...rest, filter: lowerEmailValues(filter), cursorPaging: cursorPaging ?? {} },
    viewer.kind === 'admin' ? ORDER_QUERY : MEMBER_ORDER_QUERY,
    'search',
  );
  // Cursor pages never count, so no counting function is needed.
  const page = await selectRowsPage(ctx.db, orders, plan, memberCondition(viewer), async () => 0);
  return { orders: await toWire(ctx.db, page.items, viewer), metadata: page.metadata as CursorMetadata };
}

/** A bare filter over orders: violations name `filter.<field>`. */
function orderFilter(filter: unknown): SQL | undefined {
  try {
    return compileQuery({ filter: lowerEmailValues(filter) }, ORDER_QUERY, '$').filter;
  } catch (error) {
    if (error instanceof ValidationFailure)
      throw new ValidationFailure(
        error.violations.map((v) => ({ ...v, field: v.field.replace(/^\$\./, '') })),
      );
    throw error;
  }
}

const UNKNOWN_TIME_ZONE = '22023';

export interface AggregateRequest {
  filter?: unknown;
  aggregation?: unknown;
  hierarchySeparatorOverride?: string | undefined;
}

/** `{filter, aggregation, hierarchySeparatorOverride}` → `{aggregates: {<name>: {groups, hasMore}}}` (admin). */
export async function aggregateOrders(
  ctx: AppContext,
  request: AggregateRequest,
): Promise<{ aggregates: Record<string, AggregateResult> }> {
  const where = orderFilter(request.filter);
  const plans = parseAggregation(request.aggregation, ORDER_AGGREGATES);
  const aggregates: Record<string, AggregateResult> = {};
  for (const plan of plans) {
    let found: Record<string, unknown>[];
    try {
      found = await rows(ctx.db, aggregationStatement(plan, ORDER_AGGREGATES, orders, where));
    } catch (error) {
      // A zone the runtime knows and PostgreSQL does not: the client's mistake all the same.
      const code = (error as { code?: unknown; cause?: { code?: unknown } }).code;
      const cause = (error as { cause?: { code?: unknown } }).cause?.code;
      if (code === UNKNOWN_TIME_ZONE || cause === UNKNOWN_TIME_ZONE)
        throw new ValidationFailure([
          {
            field: `aggregation.${plan.name}.groupBy`,
            description: 'names a time zone the database does not know',
            violatedRule: 'FORMAT',
            data: {},
          },
        ]);
      throw error;
    }
    aggregates[plan.name] = aggregationResult(plan, found, request.hierarchySeparatorOverride ?? '.');
  }
  return { aggregates };
}
