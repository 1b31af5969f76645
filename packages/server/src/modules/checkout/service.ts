import { and, desc, eq, getTableColumns, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { StoredCoupon, StoredLine, StoredMerchantDiscount } from '../cart/model.ts';
import { type Db, firstRow, rawColumns, saveWithNextRevision } from '../../platform/db.ts';
import { AppError, conflict, notFound } from '../../platform/errors.ts';
import type { CheckoutInfo } from './model.ts';
import { checkouts } from './tables.ts';
import { UUID } from '../../platform/uuid.ts';

/** Storage of checkouts: every write locks the row for its transaction and bumps `revision`. */

export type CheckoutRow = typeof checkouts.$inferSelect;

export const MAX_CHECKOUT_LINES = 300;

export const checkoutNotFound = (id: string) =>
  notFound('CHECKOUT_NOT_FOUND', `Checkout ${id} was not found`, { id });

export const checkoutIsComplete = (id: string) =>
  conflict('CHECKOUT_IS_COMPLETE', `Checkout ${id} is complete and can no longer change`, { id });

export interface NewCheckout {
  cartId?: string | null | undefined;
  memberId?: string | undefined;
  visitorId?: string | undefined;
  channelType: string;
  lineItems: StoredLine[];
  info: CheckoutInfo;
  coupon: StoredCoupon | null;
  merchantDiscounts: StoredMerchantDiscount[];
  /** For checkouts made from a cart: the wire cart and the create-checkout request, kept for reference. */
  cart?: Record<string, unknown>;
  request?: Record<string, unknown>;
  now: Date;
}

const checkoutColumns = rawColumns<CheckoutRow>(getTableColumns(checkouts));

/** Every column of `checkouts` as a select list of the alias `alias`, for statements written in SQL. */
export const checkoutSelectList = checkoutColumns.selectList;

/** A row of `checkoutSelectList` as the driver returns it (`preparedRows`) → `CheckoutRow`, as drizzle maps it. */
export const checkoutFromRow = checkoutColumns.fromRow;

/** What a new checkout (revision 1) stores of its input; the database defaults the rest. */
const newCheckoutValues = (input: NewCheckout) => ({
  cartId: input.cartId ?? null,
  memberId: input.memberId ?? null,
  visitorId: input.visitorId ?? null,
  channelType: input.channelType,
  cart: input.cart ?? {},
  request: input.request ?? {},
  lineItems: input.lineItems,
  info: input.info,
  coupon: input.coupon,
  merchantDiscounts: input.merchantDiscounts,
  revision: 1n,
  createdDate: input.now,
  updatedDate: input.now,
});

/** A new checkout's row as `insertCheckout` would store it (revision 1), not yet written. */
export function newCheckoutRow(input: NewCheckout, id: string, purchaseFlowId: string): CheckoutRow {
  return { id, ...newCheckoutValues(input), purchaseFlowId, completed: false, orderId: null };
}

/** The statement storing `row` (as made by `newCheckoutRow`), for a caller that adds its event beside it. */
export function insertCheckoutSql(row: CheckoutRow): SQL {
  const json = (value: unknown) => sql`${JSON.stringify(value)}::jsonb`;
  if (row.lineItems.length > MAX_CHECKOUT_LINES)
    throw new AppError(
      400,
      'MAX_LINE_ITEMS_EXCEEDED',
      `A checkout holds at most ${MAX_CHECKOUT_LINES} line items`,
      { max: MAX_CHECKOUT_LINES },
    );
  return sql`insert into ${checkouts} (id, cart_id, member_id, visitor_id, channel_type, cart, request,
      line_items, info, coupon, merchant_discounts, purchase_flow_id, completed, order_id, revision, created_date,
      updated_date)
    values (${row.id}::uuid, ${row.cartId}::uuid, ${row.memberId}::uuid, ${row.visitorId}::uuid, ${row.channelType},
      ${json(row.cart)}, ${json(row.request)}, ${json(row.lineItems)}, ${json(row.info)}, ${row.coupon ? json(row.coupon) : null}::jsonb,
      ${json(row.merchantDiscounts)}, ${row.purchaseFlowId}::uuid, ${row.completed}, ${row.orderId}::uuid,
      ${String(row.revision)}::bigint, ${row.createdDate}, ${row.updatedDate})
    returning id`;
}

/** Stores a new checkout (revision 1) and returns the row. */
export async function insertCheckout(tx: Db, input: NewCheckout): Promise<CheckoutRow> {
  const [row] = await tx.insert(checkouts).values(newCheckoutValues(input)).returning();
  return row!;
}

export async function findCheckout(db: Db, id: string): Promise<CheckoutRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(db, checkouts, eq(checkouts.id, id));
}

/** The checkout, locked until the transaction ends. */
export async function lockCheckout(tx: Db, id: string): Promise<CheckoutRow | undefined> {
  if (!UUID.test(id)) return undefined;
  return firstRow(tx, checkouts, eq(checkouts.id, id), 'update');
}

/** The newest checkout made from this cart. */
export async function findCheckoutByCart(db: Db, cartId: string): Promise<CheckoutRow | undefined> {
  if (!UUID.test(cartId)) return undefined;
  const [row] = await db
    .select()
    .from(checkouts)
    .where(eq(checkouts.cartId, cartId))
    .orderBy(desc(checkouts.createdDate))
    .limit(1);
  return row;
}

export type CheckoutChanges = Partial<
  Pick<
    CheckoutRow,
    'lineItems' | 'info' | 'coupon' | 'merchantDiscounts' | 'completed' | 'orderId' | 'memberId'
  >
>;

/** Writes a locked checkout back with the next revision. */
export async function saveCheckout(
  tx: Db,
  id: string,
  changes: CheckoutChanges,
  now: Date,
): Promise<CheckoutRow> {
  if (changes.lineItems && changes.lineItems.length > MAX_CHECKOUT_LINES)
    throw new AppError(
      400,
      'MAX_LINE_ITEMS_EXCEEDED',
      `A checkout holds at most ${MAX_CHECKOUT_LINES} line items`,
      { max: MAX_CHECKOUT_LINES },
    );
  return (await saveWithNextRevision(tx, checkouts, id, changes, now))!;
}

/**
 * Binds a redirect session to the first caller that presents it (atomic: concurrent first uses agree on
 * one) and returns the caller it is bound to. Not a checkout change: no revision, no event.
 */
export async function bindRedirectGrant(
  db: Db,
  checkoutId: string,
  sessionId: string,
  callerKey: string,
): Promise<string | undefined> {
  await db
    .update(checkouts)
    .set({
      info: sql`jsonb_set(${checkouts.info}, '{redirectGrants}', coalesce(${checkouts.info}->'redirectGrants', '{}'::jsonb) || jsonb_build_object(${sessionId}::text, ${callerKey}::text))`,
    })
    .where(
      and(
        eq(checkouts.id, checkoutId),
        sql`not (coalesce(${checkouts.info}->'redirectGrants', '{}'::jsonb) ? ${sessionId}::text)`,
      ),
    );
  const [row] = await db
    .select({ bound: sql<string | null>`${checkouts.info}->'redirectGrants'->>${sessionId}::text` })
    .from(checkouts)
    .where(eq(checkouts.id, checkoutId));
  return row?.bound ?? undefined;
}

/** Ids of checkouts never completed and untouched since `before` (at most `limit`), locked and deleted. */
export async function deleteStaleCheckouts(tx: Db, before: Date, limit: number): Promise<string[]> {
  const stale = await tx
    .select({ id: checkouts.id })
    .from(checkouts)
    .where(and(eq(checkouts.completed, false), lt(checkouts.updatedDate, before)))
    .limit(limit)
    .for('update', { skipLocked: true });
  if (stale.length === 0) return [];
  const ids = stale.map((r) => r.id);
  await tx.delete(checkouts).where(inArray(checkouts.id, ids));
  return ids;
}
