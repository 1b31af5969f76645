import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import { type Db, preparedRows } from '../../../platform/db.ts';
import { AppError, type FieldViolation, notFound, ValidationFailure } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import { UUID } from '../shared/reads.ts';
import { DEFAULT_VARIANT_ID } from '../variants/tables.ts';
import { inventoryChanges, inventoryItems } from './tables.ts';
import { noteValues, recordStockMoves, type StockMove, type StockNote, stockNote } from './history.ts';
import { products } from '../products/tables.ts';
import { refreshProduct } from '../variants/writes.ts';
import { lockProduct } from '../shared/write-support.ts';
import type { InventoryReason } from './v1-items.ts';

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
  /** Why, for the change history (default: the wire's reason, or a flow's `withStockNote`), and the order. */
  note?: StockNote;
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
 * (its in-stock flags and status are then unchanged, and so is its `lastUpdated`). Answers the changes it made (by position in `wanted`) and
 * the products it brought up to date; what it left alone is for `settleOne`, and the other products for
 * `refreshProduct`.
 */
async function moveTracked(
  tx: Db,
  direction: 'decrement' | 'increment',
  wanted: Wanted[],
  note: StockNote,
): Promise<{ moved: Map<number, number>; current: Set<string> }> {
  const who = noteValues(note);
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
        returning w.ord, w.product_id, i.id as item_id, i.variant_id, i.quantity, w.n
      ), logged as (
        -- The change history, in this statement: no round trip of its own on the order's path.
        insert into ${inventoryChanges}
          (item_id, product_id, variant_id, delta, quantity_after, reason, actor_kind, actor_id, actor_label, order_id)
        select t.item_id, t.product_id, t.variant_id, ${sign}t.n, t.quantity, ${who.reason}, ${who.actorKind},
          ${who.actorId}, ${who.actorLabel}, ${who.orderId}::uuid
        from moved t where t.n <> 0 order by t.ord
      ), carried as (
        -- Only the count moves: no indexed column changes, so the product's row is updated in place (HOT),
        -- without new entries in its nineteen indexes (lastUpdated stays: see docs/DECISIONS.md).
        update ${products} p set quantity = p.quantity ${sign} t.n
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
  { restrict = true, record = true, note: historyNote = stockNote(reason) }: StockChangeOptions = {},
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
  // Changes made one by one (`settleOne`) go to the history after; the one-statement path logs its own.
  const slow: StockMove[] = [];
  const noteSlow = (productId: string, variant: VariantChange) => {
    note(productId, variant);
    const quantity = (v: object) => ('quantity' in v && typeof v.quantity === 'number' ? v.quantity : null);
    slow.push({
      productId,
      variantId: variant.id,
      before: quantity(variant.oldValue),
      after: quantity(variant.newValue),
    });
  };
  const stale = new Set(productIds);
  const distinct = new Set(wanted.map((w) => `${w.productId}/${w.variantId}`)).size === wanted.length;
  if (wanted.length > 0 && distinct) {
    const { moved, current } = await moveTracked(tx, direction, wanted, historyNote);
    for (const id of current) stale.delete(id);
    for (const [i, w] of wanted.entries()) {
      const after = moved.get(i);
      if (after !== undefined) note(w.productId, stockMove(direction, w.variantId, after, w.change.by));
      else {
        stale.add(w.productId);
        await settleOne(tx, direction, w, restrict, noteSlow);
      }
    }
  } else {
    // Lock every product first, in one order, so that two multi-product changes cannot deadlock.
    for (const id of productIds) await lockProduct(tx, id);
    for (const w of wanted) await settleOne(tx, direction, w, restrict, noteSlow);
  }
  await recordStockMoves(tx, slow, historyNote);
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
