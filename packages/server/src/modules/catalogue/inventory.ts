import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, preparedRows, rows as rawRows } from '../../platform/db.ts';
import { AppError, type FieldViolation, notFound, ValidationFailure } from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import { buildPage, compileQuery, type QuerySpec } from '../../platform/query/index.ts';
import { cappedCount, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, UUID, type Viewer } from './service.ts';
import { DEFAULT_VARIANT_ID, inventoryItems, products, productVariants } from './tables.ts';
import { refreshProduct } from './variant-writes.ts';
import type { InventoryRow, ProductRow } from './wire.ts';
import { lockProduct } from './write-support.ts';

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
    .innerJoin(
      productVariants,
      and(
        eq(productVariants.productId, inventoryItems.productId),
        eq(productVariants.id, inventoryItems.variantId),
      ),
    )
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
      await tx
        .update(inventoryItems)
        .set({ ...next, ...preorder, revision: sql`${inventoryItems.revision} + 1`, updatedDate: sql`now()` })
        .where(eq(inventoryItems.id, row.id));
    }
    if (!itemChanged && changes.length === 0) return;
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

export interface StockChange {
  productId: string;
  variantId?: string | undefined;
  by: number;
  preorderRequest?: boolean | undefined;
  /** Where this entry sits in the request, for errors (`decrementData[2]`). */
  field: string;
}

const insufficient = (change: StockChange, variantId: string, available: number | null) =>
  new AppError(
    409,
    'INSUFFICIENT_INVENTORY',
    `Not enough stock of variant ${variantId} of product ${change.productId}: ${change.by} requested, ${available ?? 0} available`,
    {
      field: change.field,
      productId: change.productId,
      variantId,
      requested: change.by,
      available: available ?? 0,
    },
  );

/**
 * Decrements or increments stock of tracked variants, all or nothing: each change is one conditional
 * `UPDATE … SET quantity = quantity ∓ n WHERE … AND quantity >= n`, so concurrent decrements can never
 * oversell. A decrement past the stock fails with INSUFFICIENT_INVENTORY naming the variant, unless it is
 * a pre-order of a variant open to pre-orders (then it counts against the pre-order limit). Untracked
 * variants do not count: a decrement of one that is out of stock fails, anything else leaves it alone.
 * With `restrict: false` (v3 `restrictInventory: false`) a decrement past the stock succeeds and leaves the
 * quantity at zero (stock is never negative), and an untracked out-of-stock variant may be decremented.
 */
export async function changeStock(
  ctx: AppContext,
  direction: 'decrement' | 'increment',
  changes: StockChange[],
  reason: InventoryReason,
  { restrict = true }: { restrict?: boolean } = {},
): Promise<void> {
  const violations: FieldViolation[] = [];
  for (const c of changes) {
    if (!UUID.test(c.productId))
      violations.push({
        field: `${c.field}.productId`,
        description: 'must be a GUID',
        violatedRule: 'FORMAT',
        data: {},
      });
    if (c.variantId !== undefined && !UUID.test(c.variantId))
      violations.push({
        field: `${c.field}.variantId`,
        description: 'must be a GUID',
        violatedRule: 'FORMAT',
        data: {},
      });
  }
  if (violations.length) throw new ValidationFailure(violations);
  await ctx.events.transaction((tx) => changeStockIn(ctx, tx, direction, changes, reason, { restrict }));
}

type VariantChange = { id: string; oldValue: object; newValue: object };

export interface StockChangeOptions {
  /** `false` (v3 `restrictInventory: false`): a decrement past the stock leaves zero instead of failing. */
  restrict?: boolean;
  /**
   * `false`: the `variants_changed` events are returned for the caller to record with its own writes (an order's
   * placement records them with the order, in one statement) instead of being recorded here.
   */
  record?: boolean;
}

interface Wanted {
  change: StockChange;
  productId: string;
  variantId: string;
}

const stockMove = (direction: 'decrement' | 'increment', variantId: string, after: number, n: number) => {
  const before = direction === 'decrement' ? after + n : after - n;
  return {
    id: variantId,
    oldValue: { quantity: before, inStock: before > 0 },
    newValue: { quantity: after, inStock: after > 0 },
  };
};

/**
 * The common case of a stock change in one statement: lock the products (in id order, as `lockProduct` callers
 * do, so no two changes deadlock), move the stock of every tracked variant that allows it (a decrement only
 * while `quantity >= n`), and carry the difference into the product's `quantity` when no variant crossed zero
 * (its in-stock flags and status are then unchanged). Answers the changes it made (by position in `wanted`) and
 * the products it brought up to date; what it left alone is for `settleOne`, and the other products for
 * `refreshProduct`.
 */
async function moveTracked(
  tx: Db,
  direction: 'decrement' | 'increment',
  wanted: Wanted[],
): Promise<{ moved: Map<number, number>; current: Set<string> }> {
  const decrement = direction === 'decrement';
  const set = decrement
    ? sql`quantity = i.quantity - w.n, in_stock = i.quantity - w.n > 0`
    : sql`quantity = coalesce(i.quantity, 0) + w.n, in_stock = true`;
  const enough = decrement ? sql` and i.quantity >= w.n` : sql``;
  const crossed = decrement ? sql`t.quantity <= 0` : sql`t.quantity - t.n <= 0`;
  const sign = decrement ? sql`-` : sql`+`;
  const found = await preparedRows<{ ord: number; quantity: number; carried: boolean }>(
    tx,
    sql`with w as (
        select * from unnest(${`{${wanted.map((w) => w.productId).join(',')}}`}::uuid[],
          ${`{${wanted.map((w) => w.variantId).join(',')}}`}::uuid[],
          ${`{${wanted.map((w) => w.change.by).join(',')}}`}::int[]) with ordinality as w(product_id, variant_id, n, ord)
      ), locked as (
        select id from ${products} where id in (select product_id from w) order by id for update
      ), moved as (
        update ${inventoryItems} i set ${set}, revision = i.revision + 1, updated_date = now()
        from w
        -- By product, then variant: variant ids repeat across products (every default variant has the same id).
        where i.product_id = w.product_id and i.variant_id::text = w.variant_id::text and i.track_quantity${enough}
          and (select count(*) from locked) >= 0
        returning w.ord, w.product_id, i.quantity, w.n
      ), carried as (
        update ${products} p set quantity = p.quantity ${sign} t.n, last_updated = now()
        from (select product_id, sum(n)::int as n from moved t group by product_id having not bool_or(${crossed})) t
        where p.id = t.product_id and p.quantity is not null
        returning p.id
      )
      select t.ord::int as ord, t.quantity, t.product_id in (select id from carried) as carried from moved t`,
  );
  const moved = new Map<number, number>();
  const current = new Set<string>();
  for (const row of found) {
    moved.set(Number(row.ord) - 1, row.quantity);
    if (row.carried) current.add(wanted[Number(row.ord) - 1]!.productId);
  }
  return { moved, current };
}

/**
 * A change the one-statement path could not make (untracked, short, a pre-order, unknown variant): what it
 * comes to, or the error it is. Runs under the product's lock.
 */
async function settleOne(
  tx: Db,
  direction: 'decrement' | 'increment',
  { change, productId, variantId }: Wanted,
  restrict: boolean,
  note: (productId: string, variant: VariantChange) => void,
): Promise<void> {
  // By product, then variant (as in `moveTracked`): found the same way whatever plan the statement gets.
  const where = and(
    eq(inventoryItems.productId, productId),
    sql`${inventoryItems.variantId}::text = ${variantId}`,
  );
  const n = change.by;
  const [updated] =
    direction === 'decrement'
      ? await tx
          .update(inventoryItems)
          .set({
            quantity: sql`${inventoryItems.quantity} - ${n}`,
            inStock: sql`${inventoryItems.quantity} - ${n} > 0`,
            revision: sql`${inventoryItems.revision} + 1`,
            updatedDate: sql`now()`,
          })
          .where(and(where, eq(inventoryItems.trackQuantity, true), sql`${inventoryItems.quantity} >= ${n}`))
          .returning({ quantity: inventoryItems.quantity })
      : await tx
          .update(inventoryItems)
          .set({
            quantity: sql`coalesce(${inventoryItems.quantity}, 0) + ${n}`,
            inStock: true,
            revision: sql`${inventoryItems.revision} + 1`,
            updatedDate: sql`now()`,
          })
          .where(and(where, eq(inventoryItems.trackQuantity, true)))
          .returning({ quantity: inventoryItems.quantity });
  if (updated) {
    note(productId, stockMove(direction, variantId, updated.quantity ?? 0, n));
    return;
  }
  const [row] = await tx.select().from(inventoryItems).where(where);
  if (!row)
    throw notFound('VARIANT_NOT_FOUND', `Product ${productId} has no variant ${variantId}`, {
      field: `${change.field}.variantId`,
      productId,
      variantId,
    });
  if (direction === 'increment') return; // untracked: nothing to count
  if (!row.trackQuantity) {
    if (row.inStock || !restrict) return;
    throw insufficient(change, variantId, 0);
  }
  if (change.preorderRequest) {
    const [preordered] = await tx
      .update(inventoryItems)
      .set({
        preorderCounter: sql`${inventoryItems.preorderCounter} + ${n}`,
        revision: sql`${inventoryItems.revision} + 1`,
        updatedDate: sql`now()`,
      })
      .where(
        and(
          where,
          eq(inventoryItems.preorderEnabled, true),
          sql`(${inventoryItems.preorderLimit} is null or ${inventoryItems.preorderCounter} + ${n} <= ${inventoryItems.preorderLimit})`,
        ),
      )
      .returning({ counter: inventoryItems.preorderCounter });
    if (preordered) return;
  }
  if (!restrict) {
    // Oversold: what there was is gone, the shortfall is not kept (no negative stock).
    if ((row.quantity ?? 0) === 0) return;
    await tx
      .update(inventoryItems)
      .set({
        quantity: 0,
        inStock: false,
        revision: sql`${inventoryItems.revision} + 1`,
        updatedDate: sql`now()`,
      })
      .where(where);
    const before = row.quantity ?? 0;
    note(productId, {
      id: variantId,
      oldValue: { quantity: before, inStock: before > 0 },
      newValue: { quantity: 0, inStock: false },
    });
    return;
  }
  throw insufficient(change, variantId, row.quantity);
}

/**
 * `changeStock` inside the caller's transaction `tx` (an order's placement, cancel or refund, with its own
 * writes); ids must already be GUIDs. Events are recorded in `tx`, or returned (`record: false`).
 *
 * Usually one statement (`moveTracked`): products locked in id order, the conditional updates, the products'
 * `quantity` carried along. Whatever it could not settle goes change by change as before (`settleOne`), and a
 * product whose in-stock flags may have changed (a variant crossed zero, or a change took the slow way) has its
 * stock columns derived again (`refreshProduct`). A change naming the same variant twice goes change by change
 * throughout, so each sees the one before.
 */
export async function changeStockIn(
  ctx: AppContext,
  tx: Db,
  direction: 'decrement' | 'increment',
  changes: StockChange[],
  reason: InventoryReason,
  { restrict = true, record = true }: StockChangeOptions = {},
): Promise<EventInput[]> {
  const wanted: Wanted[] = changes.map((change) => ({
    change,
    productId: change.productId.toLowerCase(),
    variantId: (change.variantId ?? DEFAULT_VARIANT_ID).toLowerCase(),
  }));
  const productIds = [...new Set(wanted.map((w) => w.productId))].sort();
  const perProduct = new Map<string, VariantChange[]>();
  const note = (productId: string, variant: VariantChange) => {
    const list = perProduct.get(productId) ?? [];
    list.push(variant);
    perProduct.set(productId, list);
  };
  const stale = new Set(productIds);
  const distinct = new Set(wanted.map((w) => `${w.productId}/${w.variantId}`)).size === wanted.length;
  if (wanted.length > 0 && distinct) {
    const { moved, current } = await moveTracked(tx, direction, wanted);
    for (const id of current) stale.delete(id);
    for (const [i, w] of wanted.entries()) {
      const after = moved.get(i);
      if (after !== undefined) note(w.productId, stockMove(direction, w.variantId, after, w.change.by));
      else {
        stale.add(w.productId);
        await settleOne(tx, direction, w, restrict, note);
      }
    }
  } else {
    // Lock every product first, in one order, so that two multi-product changes cannot deadlock.
    for (const id of productIds) await lockProduct(tx, id);
    for (const w of wanted) await settleOne(tx, direction, w, restrict, note);
  }
  const events: EventInput[] = [];
  for (const productId of productIds) {
    if (stale.has(productId)) await refreshProduct(tx, productId);
    const variants = perProduct.get(productId);
    if (variants)
      events.push({
        entity: 'inventory_item',
        entityId: productId,
        type: 'variants_changed',
        payload: { inventoryItemId: productId, externalId: productId, variants, reason },
      });
  }
  if (!record) return events;
  await ctx.events.record(tx, events);
  return [];
}

async function readableItemProduct(ctx: AppContext, id: string, viewer: Viewer): Promise<ItemProduct> {
  const missing = () => notFound('INVENTORY_ITEM_NOT_FOUND', `Inventory item ${id} was not found`, { id });
  if (!UUID.test(id)) throw missing();
  const [row] = await ctx.db
    .select({ id: products.id, numericId: products.numericId, trackInventory: products.trackInventory })
    .from(products)
    .where(and(eq(products.id, id), viewer.merchant ? undefined : eq(products.visible, true)));
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
    defaultLimit: DEFAULT_PAGE_SIZE,
    maxLimit: MAX_PAGE_SIZE,
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
  const base = viewer.merchant ? undefined : eq(products.visible, true);
  const found = await ctx.db
    .select({ id: products.id, numericId: products.numericId, trackInventory: products.trackInventory })
    .from(products)
    .where(and(base, plan.where))
    .orderBy(...plan.orderBy)
    .limit(plan.fetchLimit)
    .offset(plan.offset);
  const page = await buildPage(
    plan,
    found.map((item) => ({ item })),
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
