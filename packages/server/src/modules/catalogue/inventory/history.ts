import type { InventoryChange, OnTheWire } from '@aisle/sdk';
import { AsyncLocalStorage } from 'node:async_hooks';
import { eq, sql } from 'drizzle-orm';
import { currentActor } from '../../../platform/actor.ts';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { notFound } from '../../../platform/errors.ts';
import { logCursor, logPage } from '../../../platform/query/log-page.ts';
import { UUID } from '../shared/reads.ts';
import {
  type InventoryChangeRow,
  inventoryChanges,
  inventoryItems,
  type StockChangeReason,
} from './tables.ts';

/**
 * The inventory change history (`inventory_changes`): one row per change of a variant's tracked quantity,
 * written in the transaction of the change by the code that changes it — `changeStockIn` (orders placed, paid,
 * cancelled, refunded with restock; the v1 decrement and increment; in the same statement as the stock move),
 * the v1 and v3 item updates (`writeEdits`, the admin's screens, CSV import). Who comes from the request's
 * actor (`platform/actor.ts`); why from the caller, or from a flow's `withStockNote` around the work (CSV import).
 */

export interface StockNote {
  reason: StockChangeReason;
  orderId?: string | undefined;
}

export interface StockMove {
  productId: string;
  variantId: string;
  /** Tracked quantity before and after; null = not tracked. */
  before: number | null;
  after: number | null;
}

type Tracked = { trackQuantity: boolean; quantity: number | null };
const trackedQuantity = (s: Tracked) => (s.trackQuantity ? (s.quantity ?? 0) : null);

/** The move from one stock state of a variant's item to the next. */
export const stockMoveOf = (
  row: Tracked & { productId: string; variantId: string },
  next: Tracked,
): StockMove => ({
  productId: row.productId,
  variantId: row.variantId,
  before: trackedQuantity(row),
  after: trackedQuantity(next),
});

const scope = new AsyncLocalStorage<StockNote>();

/** Run `fn` with `note` as the reason of every stock change it makes that does not name its own. */
export function withStockNote<T>(note: StockNote, fn: () => T): T {
  return scope.run(note, fn);
}

/** The note of a change: a flow's `withStockNote` wins over the wire's reason the change was made with. */
export function stockNote(reason: StockChangeReason, orderId?: string): StockNote {
  return scope.getStore() ?? { reason, ...(orderId ? { orderId } : {}) };
}

/** Who and why as SQL values, for the history's insert (also inside `changeStockIn`'s one statement). */
export function noteValues(note: StockNote) {
  const actor = currentActor();
  return {
    reason: note.reason,
    actorKind: actor?.kind ?? null,
    actorId: actor?.id ?? null,
    actorLabel: actor?.label ?? null,
    orderId: note.orderId && UUID.test(note.orderId) ? note.orderId : null,
  };
}

/** Records `moves` whose tracked quantity changed, in one statement (the item ids looked up by variant). */
export async function recordStockMoves(tx: Db, moves: StockMove[], note: StockNote): Promise<void> {
  const changed = moves.filter((m) => m.before !== m.after);
  if (changed.length === 0) return;
  const v = noteValues(note);
  const list = (values: Array<string | number | null>) =>
    `{${values.map((x) => (x === null ? 'NULL' : String(x))).join(',')}}`;
  await tx.execute(sql`insert into ${inventoryChanges}
      (item_id, product_id, variant_id, delta, quantity_after, reason, actor_kind, actor_id, actor_label, order_id)
    select i.id, m.product_id, m.variant_id, m.delta, m.after, ${v.reason}, ${v.actorKind}, ${v.actorId},
      ${v.actorLabel}, ${v.orderId}::uuid
    from unnest(${list(changed.map((m) => m.productId))}::uuid[], ${list(changed.map((m) => m.variantId))}::uuid[],
      ${list(changed.map((m) => (m.after ?? 0) - (m.before ?? 0)))}::int[], ${list(changed.map((m) => m.after))}::int[])
      with ordinality as m(product_id, variant_id, delta, after, ord)
    join ${inventoryItems} i on i.product_id = m.product_id and i.variant_id = m.variant_id
    order by m.ord`);
}

export type InventoryChangeWire = OnTheWire<InventoryChange>;

export const changeToWire = (row: InventoryChangeRow): InventoryChangeWire => ({
  id: String(row.id),
  inventoryItemId: row.itemId,
  productId: row.productId,
  variantId: row.variantId,
  delta: row.delta,
  ...(row.quantityAfter !== null ? { quantityAfter: row.quantityAfter } : {}),
  reason: row.reason,
  ...(row.orderId ? { orderId: row.orderId } : {}),
  ...(row.actorKind && row.actorId
    ? { actor: { kind: row.actorKind, id: row.actorId, label: row.actorLabel ?? '' } }
    : {}),
  createdDate: row.createdDate.toISOString(),
});

export interface ChangesQuery {
  limit?: number | undefined;
  cursor?: string | undefined;
}

/**
 * `GET /stores/v3/inventory-items/{id}/changes`: an item's changes, newest first; `cursor` is
 * `pagingMetadata.cursors.next` of the previous page.
 */
export async function listStockChanges(ctx: AppContext, itemId: string, query: ChangesQuery) {
  const cursor = logCursor(query.cursor);
  const missing = () =>
    notFound('INVENTORY_ITEM_NOT_FOUND', `Inventory item ${itemId} was not found`, { id: itemId });
  if (!UUID.test(itemId)) throw missing();
  const [item] = await ctx.db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, itemId));
  if (!item) throw missing();
  const filters = [eq(inventoryChanges.itemId, itemId)];
  const { rows, pagingMetadata } = await logPage(
    ctx.db,
    inventoryChanges,
    cursor,
    filters,
    query.limit ?? 20,
  );
  return { changes: rows.map(changeToWire), pagingMetadata };
}
