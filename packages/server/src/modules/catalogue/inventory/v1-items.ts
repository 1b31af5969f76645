import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { type Db, rows as rawRows } from '../../../platform/db.ts';
import { type FieldViolation, notFound, ValidationFailure } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { compileQuery, type QuerySpec } from '../../../platform/query/index.ts';
import { selectPage } from '../../../platform/query/select-page.ts';
import { cappedCount, PAGE_LIMITS, UUID, type Viewer, visibleTo } from '../shared/reads.ts';
import { productVariants } from '../variants/tables.ts';
import { inventoryItems, type InventoryRow, variantJoin } from './tables.ts';
import { recordStockMoves, type StockMove, stockMoveOf, stockNote } from './history.ts';
import { type ProductRow, products } from '../products/tables.ts';
import { refreshProduct } from '../variants/writes.ts';
import { lockProduct } from '../shared/write-support.ts';

/**
 * Inventory v1: one item per product (its id is the product id, and so is its `externalId`) holding the
 * stock of each variant. Stock changes run under the product's row lock and re-derive the product's
 * stock columns (`refreshProduct`) in the same transaction; decrements never take a quantity below zero.
 */

export type InventoryReason = 'ORDER' | 'MANUAL' | 'REVERT_INVENTORY_CHANGE';

type ItemProduct = Pick<ProductRow, 'id' | 'numericId' | 'trackInventory'>;

export function inventoryItemToWire(product: ItemProduct, rows: InventoryRow[]) {
  const first = rows[0];
  const lastUpdated = rows.reduce<Date | undefined>(
    (max, r) => (max === undefined || r.updatedDate > max ? r.updatedDate : max),
    undefined,
  );
  return {
    id: product.id,
    externalId: product.id,
    productId: product.id,
    trackQuantity: rows.some((r) => r.trackQuantity),
    variants: rows.map((r) => ({
      variantId: r.variantId,
      inStock: r.inStock,
      ...(r.trackQuantity && r.quantity !== null ? { quantity: r.quantity } : {}),
      availableForPreorder:
        r.preorderEnabled && (r.preorderLimit === null || r.preorderCounter < r.preorderLimit),
    })),
    ...(lastUpdated ? { lastUpdated: lastUpdated.toISOString() } : {}),
    numericId: product.numericId.toString(),
    preorderInfo: {
      enabled: first?.preorderEnabled ?? false,
      ...(first?.preorderMessage ? { message: first.preorderMessage } : {}),
      ...(first?.preorderLimit !== null && first?.preorderLimit !== undefined
        ? { limit: first.preorderLimit }
        : {}),
    },
  };
}

export type WireInventoryItem = ReturnType<typeof inventoryItemToWire>;

export async function inventoryRows(db: Db, productIds: string[]): Promise<Map<string, InventoryRow[]>> {
  const out = new Map<string, InventoryRow[]>();
  if (productIds.length === 0) return out;
  // In the variants' order.
  const found = await db
    .select({ row: inventoryItems })
    .from(inventoryItems)
    .innerJoin(productVariants, variantJoin)
    .where(inArray(inventoryItems.productId, productIds))
    .orderBy(asc(inventoryItems.productId), asc(productVariants.position));
  for (const { row } of found) out.set(row.productId, [...(out.get(row.productId) ?? []), row]);
  return out;
}

export interface InventoryPatch {
  trackQuantity?: boolean;
  variants?: Array<{ variantId: string; inStock?: boolean; quantity?: number }>;
  preorderInfo?: { enabled?: boolean; message?: string | null; limit?: number | null };
}

export const stockOf = (r: Pick<InventoryRow, 'quantity' | 'inStock' | 'trackQuantity'>) => ({
  inStock: r.inStock,
  ...(r.trackQuantity ? { quantity: r.quantity ?? 0 } : {}),
});

/**
 * `PATCH /stores/v2/inventoryItems/product/{productId}`: tracking for the whole item, per-variant stock
 * (a quantity when tracked, an in-stock flag when not), pre-order settings.
 */
export async function updateInventoryItem(
  ctx: AppContext,
  productId: string,
  patch: InventoryPatch,
  reason: InventoryReason = 'MANUAL',
): Promise<void> {
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const current = (await inventoryRows(tx, [productId])).get(productId) ?? [];
    const violations: FieldViolation[] = [];
    const given = new Map<string, NonNullable<InventoryPatch['variants']>[number]>();
    (patch.variants ?? []).forEach((v, i) => {
      const id = v.variantId.toLowerCase();
      if (!current.some((r) => r.variantId === id))
        violations.push({
          field: `inventoryItem.variants[${i}].variantId`,
          description: 'is not a variant of the product',
          violatedRule: 'VALIDATION',
          data: { variantId: v.variantId },
        });
      else given.set(id, v);
    });
    if (violations.length) throw new ValidationFailure(violations);

    const track = patch.trackQuantity ?? current.some((r) => r.trackQuantity);
    const pre = patch.preorderInfo;
    const changes: Array<{ id: string; oldValue: object; newValue: object }> = [];
    const moves: StockMove[] = [];
    let itemChanged =
      patch.trackQuantity !== undefined && patch.trackQuantity !== current.some((r) => r.trackQuantity);
    for (const row of current) {
      const v = given.get(row.variantId);
      let next: Pick<InventoryRow, 'trackQuantity' | 'quantity' | 'inStock'>;
      if (track) {
        const quantity = Math.max(
          0,
          Math.trunc(v?.quantity ?? (row.trackQuantity ? (row.quantity ?? 0) : 0)),
        );
        next = { trackQuantity: true, quantity, inStock: quantity > 0 };
      } else {
        const inStock =
          v?.inStock ??
          (v?.quantity !== undefined
            ? v.quantity > 0
            : row.trackQuantity
              ? (row.quantity ?? 0) > 0
              : row.inStock);
        next = { trackQuantity: false, quantity: null, inStock };
      }
      const preorder = {
        preorderEnabled: pre?.enabled ?? row.preorderEnabled,
        preorderMessage: pre && 'message' in pre ? (pre.message ?? null) : row.preorderMessage,
        preorderLimit: pre && 'limit' in pre ? (pre.limit ?? null) : row.preorderLimit,
      };
      const stockChanged =
        next.trackQuantity !== row.trackQuantity ||
        next.quantity !== row.quantity ||
        next.inStock !== row.inStock;
      const preorderChanged =
        preorder.preorderEnabled !== row.preorderEnabled ||
        preorder.preorderMessage !== row.preorderMessage ||
        preorder.preorderLimit !== row.preorderLimit;
      if (!stockChanged && !preorderChanged) continue;
      if (preorderChanged) itemChanged = true;
      if (stockChanged) changes.push({ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(next) });
      moves.push(stockMoveOf(row, next));
      await tx
        .update(inventoryItems)
        .set({ ...next, ...preorder, revision: sql`${inventoryItems.revision} + 1`, updatedDate: sql`now()` })
        .where(eq(inventoryItems.id, row.id));
    }
    if (!itemChanged && changes.length === 0) return;
    await recordStockMoves(tx, moves, stockNote(reason));
    await refreshProduct(tx, productId);
    const after = (await inventoryRows(tx, [productId])).get(productId) ?? [];
    const item = inventoryItemToWire({ ...product, trackInventory: track }, after);
    const events: EventInput[] = [];
    if (itemChanged)
      events.push({
        entity: 'inventory_item',
        entityId: productId,
        type: 'updated',
        payload: { inventoryItem: item, reason },
      });
    if (changes.length)
      events.push({
        entity: 'inventory_item',
        entityId: productId,
        type: 'variants_changed',
        payload: { inventoryItemId: productId, externalId: productId, variants: changes, reason },
      });
    await ctx.events.record(tx, events);
  });
}

async function readableItemProduct(ctx: AppContext, id: string, viewer: Viewer): Promise<ItemProduct> {
  const missing = () => notFound('INVENTORY_ITEM_NOT_FOUND', `Inventory item ${id} was not found`, { id });
  if (!UUID.test(id)) throw missing();
  const [row] = await ctx.db
    .select({ id: products.id, numericId: products.numericId, trackInventory: products.trackInventory })
    .from(products)
    .where(and(eq(products.id, id), visibleTo(viewer, products.visible)));
  if (!row) throw missing();
  return row;
}

/** The inventory item of a product with all its variants, or only those asked for. */
export async function getInventoryVariants(
  ctx: AppContext,
  id: string,
  variantIds: string[] | undefined,
  viewer: Viewer,
): Promise<WireInventoryItem> {
  const product = await readableItemProduct(ctx, id, viewer);
  const all = (await inventoryRows(ctx.db, [product.id])).get(product.id) ?? [];
  const wanted = variantIds?.length ? new Set(variantIds.map((v) => v.toLowerCase())) : undefined;
  const item = inventoryItemToWire(product, all);
  return wanted ? { ...item, variants: item.variants.filter((v) => wanted.has(v.variantId)) } : item;
}

export const INVENTORY_QUERY: QuerySpec = (() => {
  const id = { sql: products.id, type: 'uuid', sortable: true, unique: true } as const;
  return {
    fields: {
      id,
      productId: id,
      externalId: id,
      trackQuantity: { sql: products.trackInventory, type: 'boolean' },
      numericId: { sql: products.numericId, type: 'int64', sortable: true, unique: true },
      lastUpdated: { sql: products.lastUpdated, type: 'date', sortable: true },
    },
    defaultSort: [{ fieldName: 'numericId', order: 'ASC' }],
    tiebreaker: 'numericId',
    ...PAGE_LIMITS,
  };
})();

/** `POST /stores-reader/v2/inventoryItems/query`: filter and sort may arrive as JSON strings. */
export async function queryInventoryItems(
  ctx: AppContext,
  request: { query?: unknown },
  viewer: Viewer,
): Promise<{
  inventoryItems: WireInventoryItem[];
  metadata: { items: number; offset: number };
  totalResults: number;
}> {
  const plan = compileQuery(request.query, INVENTORY_QUERY);
  if (plan.mode !== 'offset')
    throw new ValidationFailure([
      {
        field: 'query.cursorPaging',
        description: 'is not supported here; use paging',
        violatedRule: 'FIELD_NOT_ALLOWED',
        data: {},
      },
    ]);
  const base = visibleTo(viewer, products.visible);
  const page = await selectPage(
    ctx.db
      .select({ id: products.id, numericId: products.numericId, trackInventory: products.trackInventory })
      .from(products)
      .$dynamic(),
    plan,
    base,
    (item) => item,
    cappedCount(ctx.db, sql`${products}`, and(base, plan.filter)),
  );
  let total = 'total' in page.metadata ? page.metadata.total : undefined;
  if (total === undefined) {
    const [row] = await rawRows<{ n: number }>(
      ctx.db,
      sql`select count(*)::int as n from ${products} where ${and(base, plan.filter) ?? sql`true`}`,
    );
    total = row?.n ?? 0;
  }
  const stock = await inventoryRows(
    ctx.db,
    page.items.map((p) => p.id),
  );
  return {
    inventoryItems: page.items.map((p) => inventoryItemToWire(p, stock.get(p.id) ?? [])),
    metadata: { items: page.items.length, offset: plan.offset },
    totalResults: total,
  };
}
