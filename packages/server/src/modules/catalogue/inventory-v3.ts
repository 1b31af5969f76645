import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import {
  conflict,
  type FieldViolation,
  invalid,
  notFound,
  ValidationFailure,
} from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import {
  buildPage,
  compileQuery,
  escapeLike,
  type QueryPlan,
  type QuerySpec,
} from '../../platform/query/index.ts';
import {
  changeStock,
  type InventoryReason,
  inventoryItemToWire,
  inventoryRows,
  stockOf,
} from './inventory.ts';
import type {
  Aggregation,
  InventoryItemInput,
  SearchDetails,
  SearchObject,
  StockEntry,
  StockRequest,
} from './inventory-v3-schemas.ts';
import { checkRevision, maskOf, parseRevision } from './merchandising.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, UUID, type Viewer } from './service.ts';
import { DEFAULT_VARIANT_ID, inventoryItems, products, productVariants, SEARCH_CONFIG } from './tables.ts';
import { refreshProduct } from './variant-writes.ts';
import type { InventoryRow, ProductRow } from './wire.ts';
import { type BulkResult, lockProduct, runBulk } from './write-support.ts';

/**
 * Inventory items v3 (wire/catalogue.md §6): one item per variant, mapped onto the same `inventory_items`
 * rows the v1 item (one per product) groups — there is one copy of stock. An item's `id` and `revision` are
 * the row's; `locationId` is always the store's single location, `DEFAULT_LOCATION_ID`. `trackQuantity` is
 * read-only: writing `quantity` makes an item tracked, writing `inStock` untracked.
 *
 * Every write locks the product row first (as the v1 writes do), re-derives the product's stock columns
 * with `refreshProduct`, and records the v1 events in the same transaction: `inventory_item.updated`
 * (payload `{inventoryItem: <v1 item>, reason}`) when tracking or pre-order settings change, and
 * `inventory_item.variants_changed` (`{inventoryItemId, externalId, variants: [{id, oldValue, newValue}],
 * reason}`) when stock changes; both keyed by the product id, as v1 records them.
 *
 * A variant without an item (after a v3 delete) counts as untracked and in stock, as before inventory
 * existed; v1 inventory calls do not list it until an item is created again.
 */

/** The store has one stock location; v3 items report it and accept only it. */
export const DEFAULT_LOCATION_ID = '00000000-0000-0000-0000-000000000001';
const MERCHANT: Viewer = { merchant: true };
/** Items per read of the by-filter writes. */
const FILTER_BATCH = 500;

// ---- reading

const itemFields = {
  row: inventoryItems,
  productName: products.name,
  collectionIds: products.collectionIds,
  optionNames: sql<string[] | null>`jsonb_path_query_array(${products.data}, '$.productOptions[*].name')`,
  choices: productVariants.choices,
  sku: productVariants.sku,
  variantVisible: productVariants.visible,
};

interface ItemSelection {
  row: InventoryRow;
  productName: string;
  collectionIds: string[];
  optionNames: string[] | null;
  choices: Record<string, string>;
  sku: string | null;
  variantVisible: boolean;
}

const variantJoin = and(
  eq(productVariants.productId, inventoryItems.productId),
  eq(productVariants.id, inventoryItems.variantId),
);

function selectItems(db: Db, keys: SQL | undefined = undefined) {
  return db
    .select({ ...itemFields, keys: keys ?? sql<null>`null` })
    .from(inventoryItems)
    .innerJoin(products, eq(products.id, inventoryItems.productId))
    .innerJoin(productVariants, variantJoin);
}

type Availability = 'IN_STOCK' | 'OUT_OF_STOCK' | 'PREORDER';
type StockState = Pick<
  InventoryRow,
  'trackQuantity' | 'quantity' | 'inStock' | 'preorderEnabled' | 'preorderMessage' | 'preorderLimit'
>;

/** In stock; else PREORDER while pre-orders are open (enabled, under the limit); else out of stock. */
export function availabilityOf(
  row: Pick<InventoryRow, 'inStock' | 'preorderEnabled' | 'preorderLimit' | 'preorderCounter'>,
): Availability {
  if (row.inStock) return 'IN_STOCK';
  if (row.preorderEnabled && (row.preorderLimit === null || row.preorderCounter < row.preorderLimit))
    return 'PREORDER';
  return 'OUT_OF_STOCK';
}

const availabilitySql = sql`(case when ${inventoryItems.inStock} then 'IN_STOCK' when ${inventoryItems.preorderEnabled} and (${inventoryItems.preorderLimit} is null or ${inventoryItems.preorderCounter} < ${inventoryItems.preorderLimit}) then 'PREORDER' else 'OUT_OF_STOCK' end)`;

export function itemToWire(s: ItemSelection) {
  const row = s.row;
  const names = s.optionNames ?? [];
  const variantName = names
    .map((n) => s.choices[n])
    .filter((c): c is string => c !== undefined)
    .join(' / ');
  return {
    id: row.id,
    revision: row.revision.toString(),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    variantId: row.variantId,
    locationId: DEFAULT_LOCATION_ID,
    productId: row.productId,
    ...(row.trackQuantity ? { quantity: row.quantity ?? 0 } : { inStock: row.inStock }),
    trackQuantity: row.trackQuantity,
    availabilityStatus: availabilityOf(row),
    preorderInfo: {
      enabled: row.preorderEnabled,
      ...(row.preorderMessage !== null ? { message: row.preorderMessage } : {}),
      ...(row.preorderLimit !== null ? { limit: row.preorderLimit } : {}),
      counter: row.preorderCounter,
      // Units still open to pre-order.
      ...(row.preorderLimit !== null
        ? { quantity: Math.max(0, row.preorderLimit - row.preorderCounter) }
        : {}),
    },
    product: {
      name: s.productName,
      directCategoryIds: s.collectionIds,
      ...(variantName ? { variantName } : {}),
      ...(s.sku !== null ? { variantSku: s.sku } : {}),
      variantVisible: s.variantVisible,
    },
  };
}

export type WireItemV3 = ReturnType<typeof itemToWire>;

const itemNotFound = (id: string) =>
  notFound('INVENTORY_ITEM_NOT_FOUND', `Inventory item ${id} was not found`, { id });

function itemKey(id: string | undefined, field = 'inventoryItemId'): string {
  if (id === undefined || id === '') throw invalid(field, 'is required', 'REQUIRED_FIELD');
  if (!UUID.test(id)) throw itemNotFound(id);
  return id.toLowerCase();
}

const visibleTo = (viewer: Viewer) => (viewer.merchant ? undefined : eq(products.visible, true));

async function readItem(db: Db, id: string, viewer: Viewer = MERCHANT): Promise<WireItemV3> {
  const [found] = await selectItems(db).where(and(eq(inventoryItems.id, id), visibleTo(viewer)));
  if (!found) throw itemNotFound(id);
  return itemToWire(found);
}

export async function getItemV3(ctx: AppContext, id: string, viewer: Viewer): Promise<WireItemV3> {
  return readItem(ctx.db, itemKey(id), viewer);
}

/** Filterable fields of v3 items (wire names); sorts by id and dates use indexes. */
export const ITEM_QUERY: QuerySpec = (() => {
  const id = { sql: inventoryItems.id, type: 'uuid', sortable: true, unique: true } as const;
  return {
    fields: {
      id,
      createdDate: { sql: inventoryItems.createdDate, type: 'date', sortable: true },
      updatedDate: { sql: inventoryItems.updatedDate, type: 'date', sortable: true },
      revision: { sql: inventoryItems.revision, type: 'int64' },
      variantId: { sql: inventoryItems.variantId, type: 'uuid' },
      productId: { sql: inventoryItems.productId, type: 'uuid' },
      locationId: { sql: sql`${DEFAULT_LOCATION_ID}::uuid`, type: 'uuid' },
      trackQuantity: { sql: inventoryItems.trackQuantity, type: 'boolean' },
      inStock: { sql: inventoryItems.inStock, type: 'boolean' },
      quantity: { sql: inventoryItems.quantity, type: 'integer', nullable: true },
      availabilityStatus: {
        sql: availabilitySql,
        type: 'string',
        enum: ['IN_STOCK', 'OUT_OF_STOCK', 'PREORDER'],
      },
      'preorderInfo.enabled': { sql: inventoryItems.preorderEnabled, type: 'boolean' },
      'preorderInfo.limit': { sql: inventoryItems.preorderLimit, type: 'integer', nullable: true },
      'preorderInfo.counter': { sql: inventoryItems.preorderCounter, type: 'integer' },
      'product.name': { sql: products.name, type: 'string' },
      'product.directCategoryIds': { sql: products.collectionIds, type: 'uuid[]' },
      'product.variantSku': { sql: productVariants.sku, type: 'string', nullable: true },
      'product.variantVisible': { sql: productVariants.visible, type: 'boolean' },
    },
    defaultSort: [{ fieldName: 'createdDate', order: 'ASC' }],
    tiebreaker: 'id',
    defaultLimit: DEFAULT_PAGE_SIZE,
    maxLimit: MAX_PAGE_SIZE,
  };
})();

/** A bare filter (count, by-filter writes): violations name `filter.<field>`. */
function compileFilter(filter: unknown, spec: QuerySpec = ITEM_QUERY): SQL | undefined {
  try {
    return compileQuery({ filter }, spec, '$').filter;
  } catch (error) {
    if (error instanceof ValidationFailure)
      throw new ValidationFailure(
        error.violations.map((v) => ({ ...v, field: v.field.replace(/^\$\./, '') })),
      );
    throw error;
  }
}

const SEARCHABLE = ['product.name', 'product.variantSku'];

/**
 * A search expression: full-text over the product's name (the product's search vector, which also holds
 * its description) and a case-insensitive prefix match of the variant SKU. Mode AND (default) needs every
 * word in the text, OR any; `fuzzy` is accepted and not used.
 */
function searchCondition(search: SearchDetails | undefined, path: string): SQL | undefined {
  const expression = search?.expression?.trim();
  if (!expression) return undefined;
  const fields = search?.fields?.length ? search.fields : SEARCHABLE;
  const violations: FieldViolation[] = [];
  fields.forEach((f, i) => {
    if (!SEARCHABLE.includes(f))
      violations.push({
        field: `${path}.fields[${i}]`,
        description: `is not searchable; use ${SEARCHABLE.join(' or ')}`,
        violatedRule: 'FIELD_NOT_ALLOWED',
        data: {},
      });
  });
  if (violations.length) throw new ValidationFailure(violations);
  const words = expression.split(/\s+/);
  const text = search?.mode === 'OR' ? words.join(' or ') : words.join(' ');
  const config = sql.raw(`'${SEARCH_CONFIG}'::regconfig`);
  const parts: SQL[] = [];
  if (fields.includes('product.name'))
    parts.push(sql`${products.search} @@ websearch_to_tsquery(${config}, ${text}::text)`);
  if (fields.includes('product.variantSku'))
    parts.push(sql`lower(${productVariants.sku}) like ${`${escapeLike(expression.toLowerCase())}%`}::text`);
  return sql`(${sql.join(parts, sql` or `)})`;
}

async function countWhere(db: Db, where: SQL | undefined, cap?: number): Promise<number> {
  const matched = db
    .select({ one: sql<number>`1`.as('one') })
    .from(inventoryItems)
    .innerJoin(products, eq(products.id, inventoryItems.productId))
    .innerJoin(productVariants, variantJoin)
    .where(where)
    .limit(cap ?? 2_147_483_647)
    .as('matched');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(matched);
  return Number(row?.n ?? 0);
}

async function runPage(ctx: AppContext, plan: QueryPlan, base: SQL | undefined) {
  const found = await selectItems(ctx.db, plan.keys)
    .where(and(base, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.fetchLimit)
    .offset(plan.offset);
  const page = await buildPage(
    plan,
    found.map(({ keys, ...item }) => ({ item, keys: keys as Array<string | null> | null })),
    (cap) => countWhere(ctx.db, and(base, plan.filter), cap),
  );
  return { inventoryItems: page.items.map(itemToWire), pagingMetadata: page.metadata };
}

export async function queryItemsV3(ctx: AppContext, query: unknown, viewer: Viewer) {
  return runPage(ctx, compileQuery(query, ITEM_QUERY, 'query'), visibleTo(viewer));
}

export async function countItemsV3(
  ctx: AppContext,
  request: { filter?: unknown; search?: SearchDetails | undefined },
  viewer: Viewer,
): Promise<number> {
  const where = and(
    visibleTo(viewer),
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
  const base = and(visibleTo(viewer), searchCondition(details, 'search.search'));
  const page = await runPage(ctx, plan, base);
  if (!aggregations?.length) return page;
  const results = await aggregate(ctx.db, and(base, plan.filter), aggregations, 'search.aggregations');
  return { ...page, aggregationData: { results } };
}

// ---- writing

/** What one write does to an item: set tracked stock, set untracked stock, adjust tracked stock, pre-order. */
export interface ItemEdit {
  quantity?: number;
  inStock?: boolean;
  /** Added to a tracked quantity, never below zero; untracked items are left alone. */
  adjustBy?: number;
  preorder?: { enabled?: boolean; message?: string | null; limit?: number | null };
}

const WRITABLE = new Set([
  'quantity',
  'inStock',
  'preorderInfo',
  'preorderInfo.enabled',
  'preorderInfo.message',
  'preorderInfo.limit',
]);
/** Paths a client may name in a mask that change nothing (read-only or identifying fields). */
const IGNORED = new Set([
  'id',
  'revision',
  'variantId',
  'productId',
  'locationId',
  'trackQuantity',
  'availabilityStatus',
  'product',
  'createdDate',
  'updatedDate',
  'preorderInfo.counter',
  'preorderInfo.quantity',
]);

/** The edit a request asks for: the fields sent, or only those of the field mask when there is one. */
export function editFrom(
  input: InventoryItemInput,
  fieldMask: string | string[] | undefined,
  field: string,
  maskField = 'fieldMask',
): ItemEdit {
  const mask = maskOf(fieldMask);
  for (const path of mask ?? [])
    if (!WRITABLE.has(path) && !IGNORED.has(path))
      throw invalid(maskField, `names "${path}", which is not a writable field`, 'FIELD_NOT_ALLOWED', {
        path,
      });
  const wants = (path: string) =>
    !mask || mask.has(path) || (path.startsWith('preorderInfo.') && mask.has('preorderInfo'));
  const quantity = wants('quantity') ? input.quantity : undefined;
  const inStock = wants('inStock') ? input.inStock : undefined;
  if (quantity !== undefined && inStock !== undefined)
    throw invalid(
      `${field}.quantity`,
      'cannot be sent with inStock: a quantity makes the item tracked, inStock untracked',
      'ONE_OF_ALIGNMENT',
    );
  const edit: ItemEdit = {};
  if (quantity !== undefined) edit.quantity = quantity;
  if (inStock !== undefined) edit.inStock = inStock;
  const p = input.preorderInfo;
  if (p) {
    const pre: NonNullable<ItemEdit['preorder']> = {};
    if (wants('preorderInfo.enabled') && p.enabled !== undefined) pre.enabled = p.enabled;
    if (wants('preorderInfo.message') && 'message' in p) pre.message = p.message ?? null;
    if (wants('preorderInfo.limit') && 'limit' in p) pre.limit = p.limit ?? null;
    if (Object.keys(pre).length) edit.preorder = pre;
  }
  return edit;
}

/** The row after an edit. A tracked quantity decides `inStock`. */
export function nextState(row: StockState, edit: ItemEdit): StockState {
  let { trackQuantity, quantity, inStock } = row;
  if (edit.quantity !== undefined) {
    trackQuantity = true;
    quantity = Math.max(0, Math.trunc(edit.quantity));
    inStock = quantity > 0;
  } else if (edit.inStock !== undefined) {
    trackQuantity = false;
    quantity = null;
    inStock = edit.inStock;
  }
  if (edit.adjustBy !== undefined && trackQuantity) {
    quantity = Math.max(0, (quantity ?? 0) + Math.trunc(edit.adjustBy));
    inStock = quantity > 0;
  }
  const pre = edit.preorder;
  return {
    trackQuantity,
    quantity,
    inStock,
    preorderEnabled: pre?.enabled ?? row.preorderEnabled,
    preorderMessage: pre && 'message' in pre ? (pre.message ?? null) : row.preorderMessage,
    preorderLimit: pre && 'limit' in pre ? (pre.limit ?? null) : row.preorderLimit,
  };
}

/** A variant without an item: untracked and in stock. */
const NO_ITEM: StockState = {
  trackQuantity: false,
  quantity: null,
  inStock: true,
  preorderEnabled: false,
  preorderMessage: null,
  preorderLimit: null,
};

type StockChange = { id: string; oldValue: object; newValue: object };

const stockDiffers = (a: StockState, b: StockState) =>
  a.trackQuantity !== b.trackQuantity || a.quantity !== b.quantity || a.inStock !== b.inStock;
const preorderDiffers = (a: StockState, b: StockState) =>
  a.preorderEnabled !== b.preorderEnabled ||
  a.preorderMessage !== b.preorderMessage ||
  a.preorderLimit !== b.preorderLimit;

/** The v1 events of a change to a product's inventory (see the module comment). */
async function inventoryEvents(
  tx: Db,
  product: ProductRow,
  itemChanged: boolean,
  changes: StockChange[],
  reason: InventoryReason,
): Promise<EventInput[]> {
  const events: EventInput[] = [];
  if (itemChanged) {
    const rows = (await inventoryRows(tx, [product.id])).get(product.id) ?? [];
    events.push({
      entity: 'inventory_item',
      entityId: product.id,
      type: 'updated',
      payload: { inventoryItem: inventoryItemToWire(product, rows), reason },
    });
  }
  if (changes.length)
    events.push({
      entity: 'inventory_item',
      entityId: product.id,
      type: 'variants_changed',
      payload: { inventoryItemId: product.id, externalId: product.id, variants: changes, reason },
    });
  return events;
}

/**
 * Applies edits to locked rows of one locked product: writes the rows that change (revision + 1),
 * re-derives the product and returns the events to record. Unchanged rows are not written.
 */
async function writeEdits(
  tx: Db,
  product: ProductRow,
  list: Array<{ row: InventoryRow; edit: ItemEdit }>,
  reason: InventoryReason,
): Promise<EventInput[]> {
  const changes: StockChange[] = [];
  let itemChanged = false;
  for (const { row, edit } of list) {
    const next = nextState(row, edit);
    const stock = stockDiffers(row, next);
    const preorder = preorderDiffers(row, next);
    if (!stock && !preorder) continue;
    if (preorder || next.trackQuantity !== row.trackQuantity) itemChanged = true;
    if (stock) changes.push({ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(next) });
    await tx
      .update(inventoryItems)
      .set({ ...next, revision: sql`${inventoryItems.revision} + 1`, updatedDate: sql`now()` })
      .where(eq(inventoryItems.id, row.id));
  }
  if (!itemChanged && changes.length === 0) return [];
  await refreshProduct(tx, product.id);
  return inventoryEvents(tx, product, itemChanged, changes, reason);
}

/** Locks an item's product, then the item (the v1 order), and returns both. */
async function lockItem(tx: Db, id: string): Promise<{ row: InventoryRow; product: ProductRow }> {
  const [found] = await tx
    .select({ productId: inventoryItems.productId })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id));
  if (!found) throw itemNotFound(id);
  const product = await lockProduct(tx, found.productId);
  const [row] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for('update');
  if (!row) throw itemNotFound(id);
  return { row, product };
}

function checkLocation(locationId: string | undefined, field: string): void {
  if (locationId !== undefined && locationId.toLowerCase() !== DEFAULT_LOCATION_ID)
    throw notFound('LOCATION_NOT_FOUND', `The store has one location, ${DEFAULT_LOCATION_ID}`, {
      field,
      locationId,
    });
}

const variantNotFound = (variantId: string, productId?: string) =>
  notFound(
    'VARIANT_NOT_FOUND',
    productId ? `Product ${productId} has no variant ${variantId}` : `No variant ${variantId}`,
    { variantId, ...(productId ? { productId } : {}) },
  );

const ambiguousVariant = (field: string) =>
  invalid(
    `${field}.productId`,
    'is required: variant ids are unique within a product only, and several products have this one',
    'REQUIRED_FIELD',
  );

/** The product and variant an item is (to be) created for. */
async function resolveVariant(
  db: Db,
  variantId: string | undefined,
  productId: string | undefined,
  field: string,
): Promise<{ productId: string; variantId: string }> {
  if (!variantId) throw invalid(`${field}.variantId`, 'is required', 'REQUIRED_FIELD');
  if (!UUID.test(variantId)) throw variantNotFound(variantId);
  const variant = variantId.toLowerCase();
  if (productId !== undefined) {
    if (!UUID.test(productId)) throw variantNotFound(variantId, productId);
    const product = productId.toLowerCase();
    const [found] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, product), eq(productVariants.id, variant)));
    if (!found) throw variantNotFound(variantId, productId);
    return { productId: product, variantId: variant };
  }
  if (variant === DEFAULT_VARIANT_ID) throw ambiguousVariant(field);
  const found = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, variant))
    .limit(2);
  if (found.length === 0) throw variantNotFound(variantId);
  if (found.length > 1) throw ambiguousVariant(field);
  return { productId: found[0]!.productId, variantId: variant };
}

/** The existing item of a variant (and location), for the by-variant stock changes and upserts. */
async function itemOfVariant(
  db: Db,
  entry: { variantId?: string | undefined; productId?: string | undefined; locationId?: string | undefined },
  field: string,
): Promise<{ id: string; productId: string; variantId: string }> {
  checkLocation(entry.locationId, `${field}.locationId`);
  if (!entry.variantId) throw invalid(`${field}.variantId`, 'is required', 'REQUIRED_FIELD');
  const missing = () =>
    notFound('INVENTORY_ITEM_NOT_FOUND', `Variant ${entry.variantId} has no inventory item`, {
      variantId: entry.variantId,
      ...(entry.productId ? { productId: entry.productId } : {}),
    });
  if (!UUID.test(entry.variantId) || (entry.productId !== undefined && !UUID.test(entry.productId)))
    throw missing();
  const variant = entry.variantId.toLowerCase();
  if (entry.productId === undefined && variant === DEFAULT_VARIANT_ID) throw ambiguousVariant(field);
  const found = await db
    .select({
      id: inventoryItems.id,
      productId: inventoryItems.productId,
      variantId: inventoryItems.variantId,
    })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.variantId, variant),
        entry.productId !== undefined
          ? eq(inventoryItems.productId, entry.productId.toLowerCase())
          : undefined,
      ),
    )
    .limit(2);
  if (found.length === 0) throw missing();
  if (found.length > 1) throw ambiguousVariant(field);
  return found[0]!;
}

function createEdit(input: InventoryItemInput, field: string): ItemEdit {
  checkLocation(input.locationId, `${field}.locationId`);
  return editFrom(input, undefined, field);
}

export async function createItemV3(
  ctx: AppContext,
  input: InventoryItemInput,
  reason: InventoryReason = 'MANUAL',
  field = 'inventoryItem',
): Promise<WireItemV3> {
  const edit = createEdit(input, field);
  const target = await resolveVariant(ctx.db, input.variantId, input.productId, field);
  return ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, target.productId);
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, target.productId), eq(productVariants.id, target.variantId)));
    if (!variant) throw variantNotFound(target.variantId, target.productId);
    const [existing] = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(
        and(eq(inventoryItems.productId, target.productId), eq(inventoryItems.variantId, target.variantId)),
      );
    if (existing)
      throw conflict(
        'INVENTORY_ITEM_ALREADY_EXISTS',
        `Variant ${target.variantId} already has inventory item ${existing.id}`,
        { variantId: target.variantId, inventoryItemId: existing.id },
      );
    const state = nextState(NO_ITEM, edit);
    const [row] = await tx
      .insert(inventoryItems)
      .values({ productId: target.productId, variantId: target.variantId, ...state })
      .returning({ id: inventoryItems.id });
    await refreshProduct(tx, target.productId);
    const changes: StockChange[] = stockDiffers(NO_ITEM, state)
      ? [{ id: target.variantId, oldValue: stockOf(NO_ITEM), newValue: stockOf(state) }]
      : [];
    await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, reason));
    return readItem(tx, row!.id);
  });
}

export interface UpdateOptions {
  fieldMask?: string | string[] | undefined;
  reason?: InventoryReason | undefined;
  /** Updates need the revision the client read; upserts check it only when sent. */
  requireRevision?: boolean;
  field?: string;
  maskField?: string;
}

/** Updates an item; a revision other than the stored one is a 409 REVISION_MISMATCH. */
export async function updateItemV3(
  ctx: AppContext,
  id: string,
  input: InventoryItemInput,
  options: UpdateOptions = {},
): Promise<WireItemV3> {
  const field = options.field ?? 'inventoryItem';
  const key = itemKey(id, `${field}.id`);
  const revision =
    (options.requireRevision ?? true) || input.revision !== undefined
      ? parseRevision(`${field}.revision`, input.revision)
      : undefined;
  checkLocation(input.locationId, `${field}.locationId`);
  const edit = editFrom(input, options.fieldMask, field, options.maskField);
  return ctx.events.transaction(async (tx) => {
    const { row, product } = await lockItem(tx, key);
    checkRevision('inventory item', key, row.revision, revision);
    await ctx.events.record(tx, await writeEdits(tx, product, [{ row, edit }], options.reason ?? 'MANUAL'));
    return readItem(tx, key);
  });
}

/** Deletes an item: its variant then counts as untracked and in stock (see the module comment). */
export async function deleteItemV3(
  ctx: AppContext,
  id: string,
  reason: InventoryReason = 'MANUAL',
): Promise<void> {
  const key = itemKey(id);
  await ctx.events.transaction(async (tx) => {
    const { row, product } = await lockItem(tx, key);
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, key));
    await refreshProduct(tx, product.id);
    const changes: StockChange[] = stockDiffers(row, NO_ITEM)
      ? [{ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(NO_ITEM) }]
      : [];
    await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, reason));
  });
}

/** By id when given, else by variant (and product): updates the item there is, or creates one. */
export async function upsertItemV3(
  ctx: AppContext,
  input: InventoryItemInput,
  fieldMask: string | string[] | undefined,
  reason: InventoryReason,
  field: string,
  maskField: string,
): Promise<WireItemV3> {
  const options = { fieldMask, reason, requireRevision: false, field, maskField };
  if (input.id) return updateItemV3(ctx, input.id, input, options);
  checkLocation(input.locationId, `${field}.locationId`);
  const target = await resolveVariant(ctx.db, input.variantId, input.productId, field);
  const [existing] = await ctx.db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(
      and(eq(inventoryItems.productId, target.productId), eq(inventoryItems.variantId, target.variantId)),
    );
  if (existing) return updateItemV3(ctx, existing.id, input, options);
  return createItemV3(ctx, { ...input, productId: target.productId }, reason, field);
}

// ---- bulk

const entity = (returnEntity: boolean | undefined, item: WireItemV3) =>
  returnEntity === false ? undefined : item;

export async function bulkCreateItemsV3(
  ctx: AppContext,
  list: InventoryItemInput[],
  returnEntity: boolean | undefined,
): Promise<BulkResult<WireItemV3>> {
  return runBulk(ctx, list, async (input, i) => {
    const item = await createItemV3(ctx, input, 'MANUAL', `inventoryItems[${i}]`);
    return { id: item.id, item: entity(returnEntity, item) };
  });
}

export async function bulkUpdateItemsV3(
  ctx: AppContext,
  list: Array<{ inventoryItem: InventoryItemInput; fieldMask?: string | string[] | undefined }>,
  options: { returnEntity?: boolean | undefined; reason?: InventoryReason | undefined },
): Promise<BulkResult<WireItemV3>> {
  return runBulk(
    ctx,
    list,
    async ({ inventoryItem, fieldMask }, i) => {
      const field = `inventoryItems[${i}].inventoryItem`;
      const item = await updateItemV3(ctx, inventoryItem.id ?? '', inventoryItem, {
        fieldMask,
        reason: options.reason,
        field,
        maskField: `inventoryItems[${i}].fieldMask`,
      });
      return { id: item.id, item: entity(options.returnEntity, item) };
    },
    (entry) => entry.inventoryItem.id,
  );
}

export async function bulkUpsertItemsV3(
  ctx: AppContext,
  list: Array<{ inventoryItem: InventoryItemInput; fieldMask?: string | string[] | undefined }>,
  options: { returnEntity?: boolean | undefined; reason?: InventoryReason | undefined },
): Promise<BulkResult<WireItemV3>> {
  return runBulk(
    ctx,
    list,
    async ({ inventoryItem, fieldMask }, i) => {
      const item = await upsertItemV3(
        ctx,
        inventoryItem,
        fieldMask,
        options.reason ?? 'MANUAL',
        `inventoryItems[${i}].inventoryItem`,
        `inventoryItems[${i}].fieldMask`,
      );
      return { id: item.id, item: entity(options.returnEntity, item) };
    },
    (entry) => entry.inventoryItem.id,
  );
}

export async function bulkDeleteItemsV3(ctx: AppContext, ids: string[]): Promise<BulkResult<never>> {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      await deleteItemV3(ctx, id);
      return { id: id.toLowerCase() };
    },
    (id) => id,
  );
}

/**
 * Bulk decrement or increment, by item id or by variant and location. Each entry is applied on its own,
 * atomically, by the v1 `changeStock` (a conditional update under the product's lock): with
 * `restrictInventory` (default true) a decrement past the stock fails that entry with
 * INSUFFICIENT_INVENTORY and changes nothing; without, it empties the stock (never below zero).
 */
export async function changeStockV3(
  ctx: AppContext,
  direction: 'decrement' | 'increment',
  request: StockRequest,
  byVariant: boolean,
): Promise<BulkResult<WireItemV3>> {
  const key = direction === 'decrement' ? 'decrementData' : 'incrementData';
  const list = request[key] ?? [];
  const reason = request.reason ?? (direction === 'decrement' ? 'ORDER' : 'REVERT_INVENTORY_CHANGE');
  const restrict = request.restrictInventory ?? true;
  return runBulk(
    ctx,
    list,
    async (entry: StockEntry, i) => {
      const field = `${key}[${i}]`;
      const target = byVariant
        ? await itemOfVariant(ctx.db, entry, field)
        : await itemById(ctx.db, entry.inventoryItemId, `${field}.inventoryItemId`);
      const by = (direction === 'decrement' ? entry.decrementBy : entry.incrementBy) ?? 0;
      await changeStock(
        ctx,
        direction,
        [
          {
            productId: target.productId,
            variantId: target.variantId,
            by,
            preorderRequest: entry.preorderRequest,
            field,
          },
        ],
        reason,
        { restrict },
      );
      if (request.returnEntity === false) return { id: target.id };
      return { id: target.id, item: await readItem(ctx.db, target.id) };
    },
    (entry) => entry.inventoryItemId,
  );
}

async function itemById(
  db: Db,
  id: string | undefined,
  field: string,
): Promise<{ id: string; productId: string; variantId: string }> {
  const key = itemKey(id, field);
  const [found] = await db
    .select({
      id: inventoryItems.id,
      productId: inventoryItems.productId,
      variantId: inventoryItems.variantId,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, key));
  if (!found) throw itemNotFound(key);
  return found;
}

// ---- by filter

export interface FilterRequest {
  filter?: unknown;
  search?: SearchDetails | undefined;
}

export interface JobResult {
  jobId: string;
  /** Items written (also logged with the job id). */
  processed: number;
}

/**
 * Runs `apply` over every item matching a filter (and search), product by product: each product is
 * locked, its matching rows re-read under the lock, written, re-derived and its events recorded in one
 * transaction. Items are read in batches by id, so a write that changes whether an item matches neither
 * repeats nor stops the walk. Done synchronously: the job id names the work in logs only.
 */
async function forEachMatch(
  ctx: AppContext,
  request: FilterRequest,
  kind: string,
  apply: (tx: Db, product: ProductRow, rows: InventoryRow[]) => Promise<EventInput[]>,
): Promise<JobResult> {
  const where = and(compileFilter(request.filter), searchCondition(request.search, 'search'));
  const jobId = randomUUID();
  let processed = 0;
  let after: string | undefined;
  for (;;) {
    const batch = await ctx.db
      .select({ id: inventoryItems.id, productId: inventoryItems.productId })
      .from(inventoryItems)
      .innerJoin(products, eq(products.id, inventoryItems.productId))
      .innerJoin(productVariants, variantJoin)
      .where(and(where, after ? gt(inventoryItems.id, after) : undefined))
      .orderBy(asc(inventoryItems.id))
      .limit(FILTER_BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!.id;
    const byProduct = new Map<string, string[]>();
    for (const r of batch) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.id]);
    for (const [productId, ids] of byProduct) {
      processed += await ctx.events.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId));
        if (!exists) return 0; // deleted meanwhile
        const product = await lockProduct(tx, productId);
        const rows = await tx
          .select()
          .from(inventoryItems)
          .where(inArray(inventoryItems.id, ids))
          .orderBy(asc(inventoryItems.id))
          .for('update');
        if (rows.length === 0) return 0;
        await ctx.events.record(tx, await apply(tx, product, rows));
        return rows.length;
      });
    }
    if (batch.length < FILTER_BATCH) break;
  }
  ctx.log.info({ jobId, kind, processed }, 'inventory items by filter');
  return { jobId, processed };
}

export async function updateItemsByFilterV3(
  ctx: AppContext,
  request: FilterRequest & {
    inventoryItem: InventoryItemInput;
    fieldMask?: string | string[] | undefined;
    reason?: InventoryReason | undefined;
  },
): Promise<JobResult> {
  const edit = editFrom(request.inventoryItem, request.fieldMask, 'inventoryItem');
  return forEachMatch(ctx, request, 'update', (tx, product, rows) =>
    writeEdits(
      tx,
      product,
      rows.map((row) => ({ row, edit })),
      request.reason ?? 'MANUAL',
    ),
  );
}

export async function setOrAdjustByFilterV3(
  ctx: AppContext,
  request: FilterRequest & {
    setOrAdjust: {
      setQuantity?: number | undefined;
      adjustQuantityBy?: number | undefined;
      setInStock?: boolean | undefined;
      preorderInfo?: InventoryItemInput['preorderInfo'];
    };
    reason?: InventoryReason | undefined;
  },
): Promise<JobResult> {
  const { setQuantity, adjustQuantityBy, setInStock, preorderInfo } = request.setOrAdjust;
  const given = [setQuantity, adjustQuantityBy, setInStock].filter((v) => v !== undefined).length;
  if (given > 1)
    throw invalid(
      'setOrAdjust.setQuantity',
      'send at most one of setQuantity, adjustQuantityBy and setInStock',
      'ONE_OF_ALIGNMENT',
    );
  const edit: ItemEdit = {
    ...editFrom({ ...(preorderInfo ? { preorderInfo } : {}) }, undefined, 'setOrAdjust'),
    ...(setQuantity !== undefined ? { quantity: setQuantity } : {}),
    ...(adjustQuantityBy !== undefined ? { adjustBy: adjustQuantityBy } : {}),
    ...(setInStock !== undefined ? { inStock: setInStock } : {}),
  };
  return forEachMatch(ctx, request, 'set-or-adjust', (tx, product, rows) =>
    writeEdits(
      tx,
      product,
      rows.map((row) => ({ row, edit })),
      request.reason ?? 'MANUAL',
    ),
  );
}

export async function adjustByFilterV3(
  ctx: AppContext,
  request: FilterRequest & { adjustQuantityBy: number; reason?: InventoryReason | undefined },
): Promise<JobResult> {
  const edit: ItemEdit = { adjustBy: request.adjustQuantityBy };
  return forEachMatch(ctx, request, 'adjust', (tx, product, rows) =>
    writeEdits(
      tx,
      product,
      rows.map((row) => ({ row, edit })),
      request.reason ?? 'MANUAL',
    ),
  );
}

export async function deleteByFilterV3(ctx: AppContext, request: FilterRequest): Promise<JobResult> {
  return forEachMatch(ctx, request, 'delete', async (tx, product, rows) => {
    await tx.delete(inventoryItems).where(
      inArray(
        inventoryItems.id,
        rows.map((r) => r.id),
      ),
    );
    await refreshProduct(tx, product.id);
    const changes = rows
      .filter((row) => stockDiffers(row, NO_ITEM))
      .map((row) => ({ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(NO_ITEM) }));
    return inventoryEvents(tx, product, true, changes, 'MANUAL');
  });
}

/** Variants a create-by-variant-filter may name. */
export const VARIANT_FILTER: QuerySpec = {
  fields: {
    id: { sql: productVariants.id, type: 'uuid' },
    variantId: { sql: productVariants.id, type: 'uuid' },
    productId: { sql: productVariants.productId, type: 'uuid', sortable: true, unique: true },
    sku: { sql: productVariants.sku, type: 'string', nullable: true },
    visible: { sql: productVariants.visible, type: 'boolean' },
    'product.name': { sql: products.name, type: 'string' },
    'product.visible': { sql: products.visible, type: 'boolean' },
    'product.directCategoryIds': { sql: products.collectionIds, type: 'uuid[]' },
  },
  defaultSort: [{ fieldName: 'productId', order: 'ASC' }],
  tiebreaker: 'productId',
  defaultLimit: DEFAULT_PAGE_SIZE,
  maxLimit: MAX_PAGE_SIZE,
};

/**
 * Creates an item (with the given stock, default untracked and in stock) for every variant matching the
 * filter that has none. Product by product, in the products' id order.
 */
export async function createByVariantFilterV3(
  ctx: AppContext,
  request: { filter?: unknown; inventoryItem?: InventoryItemInput | undefined },
): Promise<JobResult> {
  const where = compileFilter(request.filter, VARIANT_FILTER);
  const edit = createEdit(request.inventoryItem ?? {}, 'inventoryItem');
  const state = nextState(NO_ITEM, edit);
  const jobId = randomUUID();
  let processed = 0;
  let after: { productId: string; id: string } | undefined;
  for (;;) {
    const batch = await ctx.db
      .select({ productId: productVariants.productId, id: productVariants.id })
      .from(productVariants)
      .innerJoin(products, eq(products.id, productVariants.productId))
      .leftJoin(inventoryItems, variantJoin)
      .where(
        and(
          sql`${inventoryItems.id} is null`,
          where,
          after
            ? sql`(${productVariants.productId}, ${productVariants.id}) > (${after.productId}::uuid, ${after.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(asc(productVariants.productId), asc(productVariants.id))
      .limit(FILTER_BATCH);
    if (batch.length === 0) break;
    after = batch.at(-1)!;
    const byProduct = new Map<string, string[]>();
    for (const r of batch) byProduct.set(r.productId, [...(byProduct.get(r.productId) ?? []), r.id]);
    for (const [productId, variantIds] of byProduct) {
      processed += await ctx.events.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: products.id })
          .from(products)
          .where(eq(products.id, productId));
        if (!exists) return 0;
        const product = await lockProduct(tx, productId);
        const created = await tx
          .insert(inventoryItems)
          .values(variantIds.map((variantId) => ({ productId, variantId, ...state })))
          .onConflictDoNothing()
          .returning({ variantId: inventoryItems.variantId });
        if (created.length === 0) return 0;
        await refreshProduct(tx, productId);
        const changes = stockDiffers(NO_ITEM, state)
          ? created.map((c) => ({ id: c.variantId, oldValue: stockOf(NO_ITEM), newValue: stockOf(state) }))
          : [];
        await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, 'MANUAL'));
        return created.length;
      });
    }
    if (batch.length < FILTER_BATCH) break;
  }
  ctx.log.info({ jobId, kind: 'create-by-variant-filter', processed }, 'inventory items by filter');
  return { jobId, processed };
}

/**
 * Sets the stock of some variants of one product in one transaction, creating the items that are missing
 * (the CSV import's stock columns). Unchanged items are not written.
 */
export async function setVariantStock(
  ctx: AppContext,
  productId: string,
  entries: Array<{ variantId: string; edit: ItemEdit }>,
  reason: InventoryReason = 'MANUAL',
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const where = and(
      eq(inventoryItems.productId, productId),
      inArray(
        inventoryItems.variantId,
        entries.map((e) => e.variantId),
      ),
    );
    const found = await tx.select().from(inventoryItems).where(where).for('update');
    const missing = entries.filter((e) => !found.some((r) => r.variantId === e.variantId));
    const inserted = missing.length
      ? await tx
          .insert(inventoryItems)
          .values(missing.map((e) => ({ productId, variantId: e.variantId })))
          .onConflictDoNothing()
          .returning()
      : [];
    const byVariant = new Map([...found, ...inserted].map((r) => [r.variantId, r]));
    const list = entries.flatMap((e) => {
      const row = byVariant.get(e.variantId);
      return row ? [{ row, edit: e.edit }] : [];
    });
    await ctx.events.record(tx, await writeEdits(tx, product, list, reason));
  });
}
