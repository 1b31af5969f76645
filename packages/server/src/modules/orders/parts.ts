import { PgTransaction } from 'drizzle-orm/pg-core';
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../platform/db.ts';
import { payments, refunds } from '../payments/tables.ts';
import { orderActivities, orderFulfillments, orders } from './tables.ts';
import {
  type ActivityRow,
  type FulfillmentRow,
  type OrderRow,
  type OrderWireOptions,
  orderToWire,
  type PaymentRow,
  type RefundRow,
  type WireOrder,
} from './wire.ts';

/**
 * An order with everything its wire form is made of. Payments and refunds live in the payments module's
 * tables; they are read here (never written) because every wire order carries its `balanceSummary`.
 */
export interface OrderParts {
  row: OrderRow;
  activities: ActivityRow[];
  payments: PaymentRow[];
  refunds: RefundRow[];
  fulfillments: FulfillmentRow[];
}

const group = <T extends { orderId: string }>(list: T[]) => {
  const out = new Map<string, T[]>();
  for (const item of list) {
    const bucket = out.get(item.orderId);
    if (bucket) bucket.push(item);
    else out.set(item.orderId, [item]);
  }
  return out;
};

/** The parts of many orders in five queries, in the order of `rows`. */
export async function partsOf(db: Db, rows: OrderRow[]): Promise<OrderParts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const queries = [
    () =>
      db
        .select()
        .from(orderActivities)
        .where(inArray(orderActivities.orderId, ids))
        .orderBy(asc(orderActivities.createdDate), asc(orderActivities.seq)),
    () => db.select().from(payments).where(inArray(payments.orderId, ids)).orderBy(asc(payments.createdDate)),
    () => db.select().from(refunds).where(inArray(refunds.orderId, ids)).orderBy(asc(refunds.createdDate)),
    () =>
      db
        .select()
        .from(orderFulfillments)
        .where(inArray(orderFulfillments.orderId, ids))
        .orderBy(asc(orderFulfillments.createdDate)),
  ] as const;
  // In parallel on the pool; one after another inside a transaction (one connection cannot run two at once).
  const inTransaction = db instanceof PgTransaction;
  const [activities, paymentRows, refundRows, fulfillments] = inTransaction
    ? [await queries[0](), await queries[1](), await queries[2](), await queries[3]()]
    : await Promise.all([queries[0](), queries[1](), queries[2](), queries[3]()]);
  const a = group(activities);
  const p = group(paymentRows);
  const r = group(refundRows);
  const f = group(fulfillments);
  return rows.map((row) => ({
    row,
    activities: a.get(row.id) ?? [],
    payments: p.get(row.id) ?? [],
    refunds: r.get(row.id) ?? [],
    fulfillments: f.get(row.id) ?? [],
  }));
}

/** One order's parts; `lock` takes the order row lock (`for update`) first, inside a transaction. */
export async function loadOrderParts(
  db: Db,
  id: string,
  { lock = false }: { lock?: boolean } = {},
): Promise<OrderParts | undefined> {
  const query = db.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) return undefined;
  return (await partsOf(db, [row]))[0];
}

export function partsToWire(parts: OrderParts, options?: OrderWireOptions): WireOrder {
  return orderToWire(parts.row, parts.activities, parts.payments, parts.refunds, parts.fulfillments, options);
}
