import { eq, sql } from 'drizzle-orm';
import { loadOrderParts, type OrderParts, partsToWire } from '../../modules/orders/parts.ts';
import {
  fulfillmentStatusOf,
  type OrderMoney,
  orderMoney,
  type OrderPaymentStatus,
  paymentStatusOf,
  type RuleError,
} from '../../modules/orders/state.ts';
import { orderActivities, orderFulfillments, orders, ordersSettings } from '../../modules/orders/tables.ts';
import { fulfillmentToWire, paymentFactsOf, type WireOrder } from '../../modules/orders/wire.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, notFound } from '../../platform/errors.ts';
import type { EventInput } from '../../platform/events.ts';
import { takeStockWhenPaid } from './restock.ts';
import { isRecord, type Json } from './json.ts';
import { UUID } from '../../platform/uuid.ts';

/** Changing an order: lock, load, change, derive payment status, record activities and events, all in one transaction. */

export { UUID };

export const orderNotFound = (id: string) =>
  notFound('ORDER_NOT_FOUND', `Order ${id} was not found`, { orderId: id });

export const ruleFailure = (e: RuleError, data: Record<string, unknown> = {}) =>
  new AppError(e.status, e.code, e.description, data);

export interface NewActivity {
  type: string;
  /** The one detail object, e.g. `{merchantComment: {message}}`. */
  details?: Json;
  authorEmail?: string | undefined;
  createdDate?: Date;
}

export type OrderEventType = 'updated' | 'canceled' | 'approved';

export interface OrderChange {
  /** Columns to set (`data` replaces the whole document). */
  set?: Partial<typeof orders.$inferInsert>;
  activities?: NewActivity[];
  /** Events besides `updated` (always recorded when anything changed). */
  events?: OrderEventType[];
  /** Payments or refunds were written: derive the payment status again (and approve on payment). */
  paymentsChanged?: boolean;
  /** Fulfilments were written: derive the fulfilment status again and record `fulfillments.updated`. */
  fulfillmentsChanged?: boolean;
  /** Nothing changed: no write, no event. */
  none?: boolean;
}

export const moneyOf = (parts: OrderParts): OrderMoney => orderMoney(parts.row.currency);

/** The lines of an order as stored (wire line items). */
export function linesOf(data: Json): Json[] {
  return Array.isArray(data.lineItems) ? data.lineItems.filter(isRecord) : [];
}

export async function insertActivities(tx: Db, orderId: string, list: NewActivity[], now: Date) {
  if (list.length === 0) return [];
  const inserted = await tx
    .insert(orderActivities)
    .values(
      list.map((a) => ({
        orderId,
        type: a.type,
        details: a.details ?? {},
        authorEmail: a.authorEmail ?? null,
        createdDate: a.createdDate ?? now,
      })),
    )
    .returning({ id: orderActivities.id });
  return inserted.map((r) => r.id);
}

async function approvalStrategy(tx: Db): Promise<string> {
  const [settings] = await tx
    .select({ strategy: ordersSettings.orderApprovalStrategy })
    .from(ordersSettings)
    .limit(1);
  return settings?.strategy ?? 'DEFAULT';
}

const PAID_ACTIVITY: Partial<Record<OrderPaymentStatus, string>> = {
  PAID: 'ORDER_PAID',
  PARTIALLY_PAID: 'ORDER_PARTIALLY_PAID',
};

export interface Changed<T> {
  parts: OrderParts;
  order: WireOrder;
  result: T;
  activityIds: string[];
}

/**
 * Runs `fn` on the locked order and applies the change it returns. When payments changed, the payment status is
 * derived again; reaching PAID or PARTIALLY_PAID adds ORDER_PAID / ORDER_PARTIALLY_PAID, and a PENDING order
 * waiting for payment (approval strategy PAYMENT_RECEIVED) is approved.
 */
export async function changeOrder<T = undefined>(
  ctx: AppContext,
  id: string,
  fn: (tx: Db, parts: OrderParts) => Promise<{ change: OrderChange; result?: T }>,
): Promise<Changed<T>> {
  if (!UUID.test(id)) throw orderNotFound(id);
  return ctx.events.transaction(async (tx) => {
    const parts = await loadOrderParts(tx, id, { lock: true });
    if (!parts) throw orderNotFound(id);
    return changeLockedOrder(ctx, tx, parts, fn);
  });
}

/**
 * `changeOrder` on an order whose row `tx` (a `ctx.events.transaction`) has locked already, e.g. with `SKIP LOCKED`
 * by a periodic job.
 */
export async function changeLockedOrder<T = undefined>(
  ctx: AppContext,
  tx: Db,
  parts: OrderParts,
  fn: (tx: Db, parts: OrderParts) => Promise<{ change: OrderChange; result?: T }>,
): Promise<Changed<T>> {
  const id = parts.row.id;
  const { change, result } = await fn(tx, parts);
  if (change.none) return { parts, order: partsToWire(parts), result: result as T, activityIds: [] };
  const now = ctx.clock();
  const set: Partial<typeof orders.$inferInsert> = { ...(change.set ?? {}) };
  const activities = [...(change.activities ?? [])];
  const events = new Set<OrderEventType>(change.events ?? []);
  if (change.paymentsChanged) {
    const fresh = (await loadOrderParts(tx, id))!;
    const money = moneyOf(fresh);
    const next = paymentStatusOf(
      money.parse(String(set.total ?? fresh.row.total)),
      paymentFactsOf(money, fresh.payments, fresh.refunds),
    );
    if (next !== parts.row.paymentStatus) {
      set.paymentStatus = next;
      const type = PAID_ACTIVITY[next];
      if (type) activities.push({ type });
      if (next === 'PAID')
        set.data = await takeStockWhenPaid(ctx, tx, (set.data as Json | undefined) ?? parts.row.data, id);
      const status = set.status ?? parts.row.status;
      if (next === 'PAID' && status === 'PENDING' && (await approvalStrategy(tx)) === 'PAYMENT_RECEIVED') {
        set.status = 'APPROVED';
        events.add('approved');
      }
    }
  }
  if (change.fulfillmentsChanged) {
    const fresh = await tx.select().from(orderFulfillments).where(eq(orderFulfillments.orderId, id));
    const lines = linesOf((set.data as Json | undefined) ?? parts.row.data).map((l) => ({
      id: String(l.id),
      quantity: Number(l.quantity) || 0,
    }));
    const next = fulfillmentStatusOf(lines, fresh);
    if (next !== parts.row.fulfillmentStatus) {
      set.fulfillmentStatus = next;
      if (next === 'FULFILLED') activities.push({ type: 'ORDER_FULFILLED' });
      else if (parts.row.fulfillmentStatus === 'FULFILLED') activities.push({ type: 'ORDER_NOT_FULFILLED' });
    }
  }
  const activityIds = await insertActivities(tx, id, activities, now);
  await tx
    .update(orders)
    .set({ ...set, revision: sql`${orders.revision} + 1`, updatedDate: now })
    .where(eq(orders.id, id));
  const after = (await loadOrderParts(tx, id))!;
  const order = partsToWire(after);
  const records: EventInput[] = [{ entity: 'order', entityId: id, type: 'updated', payload: { order } }];
  for (const type of events) records.push({ entity: 'order', entityId: id, type, payload: { order } });
  if (change.fulfillmentsChanged)
    records.push({
      entity: 'fulfillments',
      entityId: id,
      type: 'updated',
      payload: { orderId: id, fulfillments: after.fulfillments.map(fulfillmentToWire) },
    });
  await ctx.events.record(tx, records);
  return { parts: after, order, result: result as T, activityIds };
}
