import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { type FieldViolation, invalid, notFound, ValidationFailure } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { compileQuery, escapeLike, type QueryPlan, type QuerySpec } from '../../../platform/query/index.ts';
import { recordStockMoves, type StockMove, stockMoveOf, stockNote } from './history.ts';
import { inventoryItemToWire, type InventoryReason, inventoryRows, stockOf } from './v1-items.ts';
import type { InventoryItemInput, SearchDetails } from './v3-schemas.ts';
import { maskPaths, revisionAndDates } from '../../../platform/entity-kit/index.ts';
import { selectPage } from '../../../platform/query/select-page.ts';
import { PAGE_LIMITS, UUID, type Viewer, visibleTo } from '../shared/reads.ts';
import { productVariants } from '../variants/tables.ts';
import { inventoryItems, type InventoryRow, variantJoin } from './tables.ts';
import { type ProductRow, products, SEARCH_CONFIG } from '../products/tables.ts';
import { refreshProduct } from '../variants/writes.ts';

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

export const availabilitySql = sql`(case when ${inventoryItems.inStock} then 'IN_STOCK' when ${inventoryItems.preorderEnabled} and (${inventoryItems.preorderLimit} is null or ${inventoryItems.preorderCounter} < ${inventoryItems.preorderLimit}) then 'PREORDER' else 'OUT_OF_STOCK' end)`;

export function itemToWire(s: ItemSelection) {
  const row = s.row;
  const names = s.optionNames ?? [];
  const variantName = names
    .map((n) => s.choices[n])
    .filter((c): c is string => c !== undefined)
    .join(' / ');
  return {
    id: row.id,
    ...revisionAndDates(row),
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

export const itemNotFound = (id: string) =>
  notFound('INVENTORY_ITEM_NOT_FOUND', `Inventory item ${id} was not found`, { id });

export function itemKey(id: string | undefined, field = 'inventoryItemId'): string {
  if (id === undefined || id === '') throw invalid(field, 'is required', 'REQUIRED_FIELD');
  if (!UUID.test(id)) throw itemNotFound(id);
  return id.toLowerCase();
}

export async function readItem(db: Db, id: string, viewer: Viewer = MERCHANT): Promise<WireItemV3> {
  const [found] = await selectItems(db).where(
    and(eq(inventoryItems.id, id), visibleTo(viewer, products.visible)),
  );
  if (!found) throw itemNotFound(id);
  return itemToWire(found);
}

/** A bare filter (count, by-filter writes): violations name `filter.<field>`. */
export function compileFilter(filter: unknown, spec: QuerySpec = ITEM_QUERY): SQL | undefined {
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
export function searchCondition(search: SearchDetails | undefined, path: string): SQL | undefined {
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

export async function countWhere(db: Db, where: SQL | undefined, cap?: number): Promise<number> {
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

export async function runPage(ctx: AppContext, plan: QueryPlan, base: SQL | undefined) {
  const page = await selectPage(
    selectItems(ctx.db, plan.keys).$dynamic(),
    plan,
    base,
    ({ keys, ...item }) => item,
    (cap) => countWhere(ctx.db, and(base, plan.filter), cap),
  );
  return { inventoryItems: page.items.map(itemToWire), pagingMetadata: page.metadata };
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
  const paths = maskPaths(fieldMask);
  const mask = paths && new Set(paths);
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
export const NO_ITEM: StockState = {
  trackQuantity: false,
  quantity: null,
  inStock: true,
  preorderEnabled: false,
  preorderMessage: null,
  preorderLimit: null,
};

export type StockChange = { id: string; oldValue: object; newValue: object };

export const stockDiffers = (a: StockState, b: StockState) =>
  a.trackQuantity !== b.trackQuantity || a.quantity !== b.quantity || a.inStock !== b.inStock;
const preorderDiffers = (a: StockState, b: StockState) =>
  a.preorderEnabled !== b.preorderEnabled ||
  a.preorderMessage !== b.preorderMessage ||
  a.preorderLimit !== b.preorderLimit;

/** The v1 events of a change to a product's inventory (see the module comment). */
export async function inventoryEvents(
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
export async function writeEdits(
  tx: Db,
  product: ProductRow,
  list: Array<{ row: InventoryRow; edit: ItemEdit }>,
  reason: InventoryReason,
): Promise<EventInput[]> {
  const changes: StockChange[] = [];
  const moves: StockMove[] = [];
  let itemChanged = false;
  for (const { row, edit } of list) {
    const next = nextState(row, edit);
    const stock = stockDiffers(row, next);
    const preorder = preorderDiffers(row, next);
    if (!stock && !preorder) continue;
    if (preorder || next.trackQuantity !== row.trackQuantity) itemChanged = true;
    if (stock) changes.push({ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(next) });
    moves.push(stockMoveOf(row, next));
    await tx
      .update(inventoryItems)
      .set({ ...next, revision: sql`${inventoryItems.revision} + 1`, updatedDate: sql`now()` })
      .where(eq(inventoryItems.id, row.id));
  }
  if (!itemChanged && changes.length === 0) return [];
  await recordStockMoves(tx, moves, stockNote(reason));
  await refreshProduct(tx, product.id);
  return inventoryEvents(tx, product, itemChanged, changes, reason);
}

export function checkLocation(locationId: string | undefined, field: string): void {
  if (locationId !== undefined && locationId.toLowerCase() !== DEFAULT_LOCATION_ID)
    throw notFound('LOCATION_NOT_FOUND', `The store has one location, ${DEFAULT_LOCATION_ID}`, {
      field,
      locationId,
    });
}

export function createEdit(input: InventoryItemInput, field: string): ItemEdit {
  checkLocation(input.locationId, `${field}.locationId`);
  return editFrom(input, undefined, field);
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
    ...PAGE_LIMITS,
  };
})();
