import type { payments, refunds } from '../payments/tables.ts';
import {
  balanceOf,
  type OrderMoney,
  orderMoney,
  type PaymentFacts,
  type PaymentStatus,
  type RefundStatus,
} from './state.ts';
import type { orderActivities, orderFulfillments, orders } from './tables.ts';

/**
 * Stored order → wire order (wire/orders.md §1). `orders.data` holds the wire order minus what is a column
 * or derived (docs/CHECKOUT.md "Stored order shape"); this merges them back. Keys of `data` starting with
 * `_` are the server's own bookkeeping and never leave it.
 */

export type OrderRow = typeof orders.$inferSelect;
export type ActivityRow = typeof orderActivities.$inferSelect;
export type FulfillmentRow = typeof orderFulfillments.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
export type RefundRow = typeof refunds.$inferSelect;

/** One payment of a refund as stored in `refunds.transactions`. */
export interface RefundTransaction {
  paymentId: string;
  amount: string;
  status: RefundStatus;
  externalRefund?: boolean;
  providerReference?: string;
  reason?: string;
  /** Counted in the payment's `refunded_amount` (until then a SUCCEEDED one is still pending). */
  applied?: boolean;
}

export interface DigitalLink {
  link: string;
  expirationDate: string;
}

export interface OrderWireOptions {
  /** `buyer`: without merchant comments, custom activities and private tags. Default `merchant`. */
  audience?: 'merchant' | 'buyer';
  /** Download links of digital lines, by line id (made by the reader; never stored). */
  digitalLinks?: ReadonlyMap<string, DigitalLink>;
}

type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

/** Activities that only the merchant sees. */
const MERCHANT_ONLY_ACTIVITIES = new Set(['MERCHANT_COMMENT', 'CUSTOM_ACTIVITY']);

/** Refund transactions as stored, each amount in minor units. */
export function refundTransactionsOf(refund: RefundRow): RefundTransaction[] {
  return (refund.transactions as unknown as RefundTransaction[]).filter(
    (t) => isRecord(t) && typeof t.paymentId === 'string',
  );
}

/** The facts the pure rules of `state.ts` need about each payment, with refunds per payment. */
export function paymentFactsOf(
  money: OrderMoney,
  paymentRows: readonly PaymentRow[],
  refundRows: readonly RefundRow[],
): PaymentFacts[] {
  const pending = new Map<string, bigint>();
  for (const refund of refundRows)
    for (const t of refundTransactionsOf(refund))
      if (t.status === 'PENDING' || (t.status === 'SUCCEEDED' && !t.applied))
        pending.set(t.paymentId, (pending.get(t.paymentId) ?? 0n) + money.parse(t.amount));
  return paymentRows.map((p) => ({
    id: p.id,
    provider: p.provider,
    status: p.status as PaymentStatus,
    amount: money.parse(p.amount),
    refunded: money.parse(p.refundedAmount),
    pendingRefund: pending.get(p.id) ?? 0n,
  }));
}

export function balanceSummaryOf(
  row: Pick<OrderRow, 'currency' | 'total'>,
  paymentRows: readonly PaymentRow[],
  refundRows: readonly RefundRow[],
) {
  const money = orderMoney(row.currency);
  const b = balanceOf(money.parse(row.total), paymentFactsOf(money, paymentRows, refundRows));
  const zero = money.price(0n);
  return {
    balance: money.price(b.balance),
    paid: money.price(b.paid),
    refunded: money.price(b.refunded),
    authorized: money.price(b.authorized),
    pendingRefund: money.price(b.pendingRefund),
    pending: money.price(b.pending),
    chargeback: zero,
    chargebackReversal: zero,
    platformFees: zero,
    totalMinusPlatformFees: money.price(money.parse(row.total)),
    cashRoundingAdjustment: zero,
  };
}

export function activityToWire(a: ActivityRow) {
  return {
    ...a.details,
    id: a.id,
    type: a.type,
    activityType: a.type,
    createdDate: a.createdDate.toISOString(),
    ...(a.authorEmail ? { authorEmail: a.authorEmail } : {}),
  };
}

export function fulfillmentToWire(f: FulfillmentRow) {
  const tracking = f.trackingInfo ?? undefined;
  return {
    id: f.id,
    createdDate: f.createdDate.toISOString(),
    lineItems: f.lineItems.map((l) => ({ id: l.id, quantity: l.quantity })),
    ...(tracking && Object.keys(tracking).length > 0 ? { trackingInfo: tracking } : {}),
    completed: f.completed,
  };
}

/** wire `orderTransactions.payments[]` */
export function paymentToWire(money: OrderMoney, p: PaymentRow) {
  const d = p.details;
  const offline = p.provider === 'offline' || p.provider === 'manual';
  const card = isRecord(d.card) ? d.card : undefined;
  const stored = isRecord(d.authorization) ? d.authorization : undefined;
  // Stored as `authorizationDate`; the wire names it `authorizedDate`.
  const { authorizationDate, ...rest } = stored ?? {};
  const authorization = stored
    ? { ...rest, ...(typeof authorizationDate === 'string' ? { authorizedDate: authorizationDate } : {}) }
    : undefined;
  return {
    id: p.id,
    createdDate: p.createdDate.toISOString(),
    updatedDate: p.updatedDate.toISOString(),
    amount: money.price(money.parse(p.amount)),
    refundDisabled: offline,
    regularPaymentDetails: {
      paymentProvider: p.provider,
      ...(p.providerReference ? { gatewayTransactionId: p.providerReference } : {}),
      ...(typeof d.paymentMethod === 'string' ? { paymentMethod: d.paymentMethod } : {}),
      offlinePayment: offline,
      status: p.status,
      ...(card ? { creditCardDetails: card } : {}),
      ...(authorization ? { authorizationDetails: authorization } : {}),
      ...(typeof d.declineReason === 'string' ? { declineReason: d.declineReason } : {}),
    },
    status: p.status,
  };
}

/** wire `orderTransactions.refunds[]` */
export function refundToWire(money: OrderMoney, r: RefundRow) {
  const details = r.details;
  return {
    id: r.id,
    createdDate: r.createdDate.toISOString(),
    updatedDate: r.updatedDate.toISOString(),
    status: r.status,
    amount: money.price(money.parse(r.amount)),
    transactions: refundTransactionsOf(r).map((t) => ({
      paymentId: t.paymentId,
      amount: money.price(money.parse(t.amount)),
      refundStatus: t.status,
      externalRefund: t.externalRefund ?? false,
      ...(t.providerReference ? { providerRefundId: t.providerReference } : {}),
      ...(t.reason ? { refundStatusInfo: { paymentGatewayFailureDetails: { description: t.reason } } } : {}),
    })),
    details: {
      lineItems: Array.isArray(details.lineItems) ? details.lineItems : [],
      ...(isRecord(details.shipping) ? { shipping: details.shipping } : {}),
      additionalFees: Array.isArray(details.additionalFees) ? details.additionalFees : [],
      ...(typeof details.reason === 'string' ? { reason: details.reason } : {}),
      shippingIncluded: isRecord(details.shipping),
    },
  };
}

/** wire `orderTransactions {orderId, payments, refunds}` */
export function orderTransactionsToWire(
  row: Pick<OrderRow, 'id' | 'currency'>,
  paymentRows: readonly PaymentRow[],
  refundRows: readonly RefundRow[],
) {
  const money = orderMoney(row.currency);
  return {
    orderId: row.id,
    payments: paymentRows.map((p) => paymentToWire(money, p)),
    refunds: refundRows.map((r) => refundToWire(money, r)),
  };
}

/** `tags {privateTags {tagIds}, tags {tagIds}}` from `data.tags`, else all of `tag_ids` as public tags. */
export function tagsOf(row: Pick<OrderRow, 'data' | 'tagIds'>) {
  const stored = isRecord(row.data.tags) ? row.data.tags : undefined;
  const ids = (v: unknown): string[] =>
    isRecord(v) && Array.isArray(v.tagIds) ? v.tagIds.filter((x): x is string => typeof x === 'string') : [];
  if (stored) return { privateTags: { tagIds: ids(stored.privateTags) }, tags: { tagIds: ids(stored.tags) } };
  return { privateTags: { tagIds: [] as string[] }, tags: { tagIds: [...row.tagIds] } };
}

function lineToWire(line: unknown, links: ReadonlyMap<string, DigitalLink> | undefined) {
  if (!isRecord(line)) return line;
  const out: Json = {
    ...line,
    refundQuantity: line.refundQuantity ?? 0,
    restockQuantity: line.restockQuantity ?? 0,
  };
  const file = isRecord(line.digitalFile) ? line.digitalFile : undefined;
  if (file && typeof file.fileId === 'string') {
    const link = typeof line.id === 'string' ? links?.get(line.id) : undefined;
    // Links are made for the reader at read time; a stored one is never sent.
    out.digitalFile = { fileId: file.fileId, ...(link ? link : {}) };
  }
  return out;
}

/** The wire order: `data` merged with the columns, activities, balance, tags, digital links and fulfilments. */
export function orderToWire(
  row: OrderRow,
  activities: readonly ActivityRow[],
  paymentRows: readonly PaymentRow[],
  refundRows: readonly RefundRow[],
  fulfillments: readonly FulfillmentRow[],
  options: OrderWireOptions = {},
) {
  const buyer = options.audience === 'buyer';
  const data: Json = {};
  for (const [key, value] of Object.entries(row.data))
    if (!key.startsWith('_') && key !== 'activities' && key !== 'balanceSummary') data[key] = value;
  const tags = tagsOf(row);
  const lines = Array.isArray(row.data.lineItems) ? row.data.lineItems : [];
  return {
    ...data,
    id: row.id,
    number: String(row.number),
    status: row.status,
    paymentStatus: row.paymentStatus,
    fulfillmentStatus: row.fulfillmentStatus,
    archived: row.archived,
    imported: row.imported,
    seenByAHuman: row.data.seenByAHuman === true,
    currency: row.currency,
    ...(row.checkoutId ? { checkoutId: row.checkoutId } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    ...(row.purchasedDate ? { purchasedDate: iso(row.purchasedDate) } : {}),
    lineItems: lines.map((l) => lineToWire(l, options.digitalLinks)),
    activities: activities.filter((a) => !buyer || !MERCHANT_ONLY_ACTIVITIES.has(a.type)).map(activityToWire),
    balanceSummary: balanceSummaryOf(row, paymentRows, refundRows),
    tags: buyer ? { tags: tags.tags } : tags,
    /** Aisle addition: the order's fulfilments with their tracking (also at `/ecom/v1/fulfillments/orders/{id}`). */
    fulfillments: fulfillments.map(fulfillmentToWire),
  };
}

export type WireOrder = ReturnType<typeof orderToWire>;
