import { and, asc, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { type Db, firstRow, saveWithNextRevision } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { CartInfo, StoredCoupon, StoredLine, StoredMerchantDiscount } from './model.ts';

export { mergeLines } from './merge.ts';
import { MAX_LINES } from './schemas.ts';
import { carts } from './tables.ts';

/** Storage of current carts: one row per owner, every write under the row's lock. */

export type CartRow = typeof carts.$inferSelect;

/** Whose cart: a member's (by member id) or an anonymous visitor's (by visitor id). */
export type CartOwner =
  | { memberId: string; visitorId?: string | undefined }
  | { memberId?: undefined; visitorId: string };

export function ownerKey(owner: CartOwner): string {
  return owner.memberId ? `m:${owner.memberId}` : `v:${owner.visitorId}`;
}

export const cartNotFound = () =>
  notFound('OWNED_CART_NOT_FOUND', 'The caller has no current cart; add an item to create one');

export async function findCart(db: Db, owner: CartOwner): Promise<CartRow | undefined> {
  return firstRow(db, carts, eq(carts.ownerKey, ownerKey(owner)));
}

/** Creates the owner's empty cart unless it exists (atomic); true when this call created it. */
export async function ensureCart(tx: Db, owner: CartOwner, now: Date): Promise<boolean> {
  const inserted = await tx
    .insert(carts)
    .values({
      ownerKey: ownerKey(owner),
      memberId: owner.memberId ?? null,
      visitorId: owner.visitorId ?? null,
      createdDate: now,
      updatedDate: now,
    })
    .onConflictDoNothing({ target: carts.ownerKey })
    .returning({ id: carts.id });
  return inserted.length > 0;
}

/** The owner's cart, locked until the transaction ends. */
export async function lockCart(tx: Db, owner: CartOwner): Promise<CartRow | undefined> {
  return firstRow(tx, carts, eq(carts.ownerKey, ownerKey(owner)), 'update');
}

export interface CartChanges {
  lineItems: StoredLine[];
  info: CartInfo;
  coupon: StoredCoupon | null;
  merchantDiscounts: StoredMerchantDiscount[];
  checkoutId: string | null;
}

/** Writes a locked cart back with the next revision. */
export async function saveCart(tx: Db, id: string, changes: CartChanges, now: Date): Promise<CartRow> {
  if (changes.lineItems.length > MAX_LINES)
    throw new AppError(400, 'MAX_LINE_ITEMS_EXCEEDED', `A cart holds at most ${MAX_LINES} line items`, {
      max: MAX_LINES,
    });
  return (await saveWithNextRevision(tx, carts, id, changes, now))!;
}

export async function deleteCartRow(tx: Db, id: string): Promise<void> {
  await tx.delete(carts).where(eq(carts.id, id));
}

/** The cart an order came from, as the order flows lock it. */
export interface CheckedOutCart {
  id: string;
  memberId: string | null;
  visitorId: string | null;
  revision: string;
  lineItems: StoredLine[];
}

/** The cart that still points at `checkoutId` (none when it moved on to another checkout), locked. */
export async function lockCheckedOutCart(tx: Db, checkoutId: string): Promise<CheckedOutCart | undefined> {
  const [row] = await tx
    .select({
      id: carts.id,
      memberId: carts.memberId,
      visitorId: carts.visitorId,
      revision: sql<string>`${carts.revision}::text`,
      lineItems: carts.lineItems,
    })
    .from(carts)
    .where(eq(carts.checkoutId, checkoutId))
    .for('update');
  return row;
}

/**
 * What an order does to the cart it came from, as one statement (a CTE part of the order's write): with no
 * line left the cart is deleted; otherwise it keeps `left` (lines added after the checkout began), no longer
 * points at the checkout, and drops the coupon the order used.
 */
export function cartAfterOrderStatement(cartId: string, left: StoredLine[], now: Date): SQL {
  return left.length === 0
    ? sql`delete from ${carts} where id = ${cartId}::uuid`
    : sql`update ${carts} set line_items = ${JSON.stringify(left)}::jsonb, checkout_id = null, coupon = null,
        revision = revision + 1, updated_date = ${now} where id = ${cartId}::uuid`;
}

/**
 * Deletes up to `limit` anonymous visitors' carts untouched since `before` (members' carts are kept), oldest
 * first, skipping carts a write holds; returns what went. Uses `carts_updated_idx`.
 */
export async function deleteStaleVisitorCarts(
  tx: Db,
  before: Date,
  limit: number,
): Promise<{ id: string; visitorId: string | null }[]> {
  const stale = await tx
    .select({ id: carts.id, visitorId: carts.visitorId })
    .from(carts)
    .where(and(isNull(carts.memberId), lt(carts.updatedDate, before)))
    .orderBy(asc(carts.updatedDate))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (stale.length > 0)
    await tx.delete(carts).where(
      inArray(
        carts.id,
        stale.map((r) => r.id),
      ),
    );
  return stale;
}
