import type { TransactionStatus } from '@aisle/sdk';
import { currencyDigits, formatMoney, fromMinorUnits, toMinorUnits } from '../../platform/money.ts';

/**
 * The rules of an order's life, pure: which status changes are allowed, and how payment status, fulfilment
 * status and refundability follow from payments, refunds and fulfilments. Amounts are integer minor units.
 */

export const ORDER_STATUSES = ['INITIALIZED', 'APPROVED', 'CANCELED', 'PENDING', 'REJECTED'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_PAYMENT_STATUSES = [
  'UNSPECIFIED',
  'NOT_PAID',
  'PAID',
  'PARTIALLY_REFUNDED',
  'FULLY_REFUNDED',
  'PENDING',
  'PARTIALLY_PAID',
  'PENDING_MERCHANT',
  'CANCELED',
  'DECLINED',
] as const;
export type OrderPaymentStatus = (typeof ORDER_PAYMENT_STATUSES)[number];

export const FULFILLMENT_STATUSES = [
  'NOT_FULFILLED',
  'FULFILLED',
  'PARTIALLY_FULFILLED',
  'CANCELED',
] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/** A payment's status: the wire's transaction status. */
export type PaymentStatus = TransactionStatus;

export type RefundStatus = 'PENDING' | 'SUCCEEDED' | 'FAILED';

/** An application error as a value: the flows throw it with the HTTP status. */
export interface RuleError {
  status: 400 | 409;
  code: string;
  description: string;
}

const ruleError = (status: 400 | 409, code: string, description: string): RuleError => ({
  status,
  code,
  description,
});

// ---- Order status

/**
 * Allowed status changes. CANCELED and REJECTED are final; APPROVED only moves to CANCELED (through cancel or
 * update-status); INITIALIZED and PENDING move to any other non-initial status.
 */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  INITIALIZED: ['PENDING', 'APPROVED', 'REJECTED', 'CANCELED'],
  PENDING: ['APPROVED', 'REJECTED', 'CANCELED'],
  APPROVED: ['CANCELED'],
  CANCELED: [],
  REJECTED: [],
};

/** Why `from → to` is refused (STATUS_ALREADY_SET, UNSUPPORTED_TRANSITION), or undefined when allowed. */
export function statusTransitionError(from: OrderStatus, to: OrderStatus): RuleError | undefined {
  if (from === to) return ruleError(409, 'STATUS_ALREADY_SET', `The order is already ${to}`);
  if (!ORDER_TRANSITIONS[from].includes(to))
    return ruleError(409, 'UNSUPPORTED_TRANSITION', `An order cannot go from ${from} to ${to}`);
  return undefined;
}

/** Why a merchant action on an order in this status is refused (cancel, fulfil, collect payment). */
export function orderActionError(status: OrderStatus): RuleError | undefined {
  if (status === 'CANCELED') return ruleError(409, 'ORDER_CANCELED', 'The order is canceled');
  if (status === 'REJECTED') return ruleError(409, 'ORDER_IS_REJECTED', 'The order is rejected');
  return undefined;
}

// ---- Payments and balance

export interface PaymentFacts {
  id: string;
  provider: string;
  status: PaymentStatus;
  /** Charged (or authorized, while AUTHORIZED) amount. */
  amount: bigint;
  /** Refunded successfully so far. */
  refunded: bigint;
  /** Refunds asked for and not settled yet. */
  pendingRefund: bigint;
}

/** Payment statuses whose amount has been collected (captured). */
const COLLECTED: ReadonlySet<PaymentStatus> = new Set(['APPROVED', 'PARTIALLY_REFUNDED', 'REFUNDED']);
export const isCollected = (status: PaymentStatus) => COLLECTED.has(status);

export interface Balance {
  /** What is left to pay: total − paid, never below zero. */
  balance: bigint;
  paid: bigint;
  refunded: bigint;
  authorized: bigint;
  pending: bigint;
  pendingRefund: bigint;
}

export function balanceOf(total: bigint, payments: readonly PaymentFacts[]): Balance {
  const sum = (pick: (p: PaymentFacts) => bigint) => payments.reduce((a, p) => a + pick(p), 0n);
  const paid = sum((p) => (isCollected(p.status) ? p.amount : 0n));
  return {
    paid,
    balance: total > paid ? total - paid : 0n,
    refunded: sum((p) => p.refunded),
    pendingRefund: sum((p) => p.pendingRefund),
    authorized: sum((p) => (p.status === 'AUTHORIZED' ? p.amount : 0n)),
    pending: sum((p) => (p.status === 'PENDING' || p.status === 'PENDING_MERCHANT' ? p.amount : 0n)),
  };
}

/**
 * The order's payment status from its total and payments: refunds first (PARTIALLY_/FULLY_REFUNDED), then
 * collected money (PAID, PARTIALLY_PAID; a zero total is PAID), then payments waiting (PENDING,
 * PENDING_MERCHANT), then failed ones (DECLINED when all declined, CANCELED when all voided or canceled).
 * An authorization that is not captured yet leaves the order NOT_PAID (its amount shows in
 * `balanceSummary.authorized`).
 */
export function paymentStatusOf(total: bigint, payments: readonly PaymentFacts[]): OrderPaymentStatus {
  const b = balanceOf(total, payments);
  if (b.refunded > 0n) return b.refunded >= b.paid ? 'FULLY_REFUNDED' : 'PARTIALLY_REFUNDED';
  if (b.paid >= total) return 'PAID';
  if (b.paid > 0n) return 'PARTIALLY_PAID';
  if (payments.some((p) => p.status === 'PENDING')) return 'PENDING';
  if (payments.some((p) => p.status === 'PENDING_MERCHANT')) return 'PENDING_MERCHANT';
  if (payments.length > 0 && payments.every((p) => p.status === 'DECLINED')) return 'DECLINED';
  if (
    payments.length > 0 &&
    payments.every((p) => p.status === 'VOIDED' || p.status === 'CANCELED' || p.status === 'DECLINED')
  )
    return 'CANCELED';
  return 'NOT_PAID';
}

/** The status of one payment after refunds: REFUNDED when all of it came back. */
export function refundedPaymentStatus(amount: bigint, refunded: bigint): PaymentStatus {
  if (refunded <= 0n) return 'APPROVED';
  return refunded >= amount ? 'REFUNDED' : 'PARTIALLY_REFUNDED';
}

export type PaymentAction = 'capture' | 'void';

/** Why capturing or voiding this payment is refused, or undefined when it is an open authorization. */
export function paymentActionError(status: PaymentStatus, action: PaymentAction): RuleError | undefined {
  if (status === 'AUTHORIZED') return undefined;
  if (isCollected(status))
    return ruleError(409, 'PAYMENT_ALREADY_CAPTURED', `The payment is already captured (${status})`);
  if (status === 'VOIDED') return ruleError(409, 'PAYMENT_ALREADY_VOIDED', 'The payment is already voided');
  return ruleError(
    409,
    'UNSUPPORTED_TRANSITION',
    `A ${status} payment cannot be ${action === 'capture' ? 'captured' : 'voided'}`,
  );
}

// ---- Collecting payment

export type Collectability =
  | 'COLLECTABLE'
  | 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
  | 'NONCOLLECTABLE_ORDER_IS_PAID'
  | 'NONCOLLECTABLE_ORDER_IS_PENDING'
  | 'NONCOLLECTABLE_ORDER_IS_REJECTED'
  | 'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS';

/**
 * Whether the merchant can collect the balance now. A payment waiting for the buyer (payment status PENDING)
 * makes the order ORDER_IS_PENDING; an order PENDING for approval can be paid.
 */
export function collectabilityOf(
  status: OrderStatus,
  paymentStatus: OrderPaymentStatus,
  balance: bigint,
  hasSubscriptions: boolean,
): Collectability {
  if (status === 'CANCELED') return 'NONCOLLECTABLE_ORDER_IS_CANCELLED';
  if (status === 'REJECTED') return 'NONCOLLECTABLE_ORDER_IS_REJECTED';
  if (paymentStatus === 'PENDING') return 'NONCOLLECTABLE_ORDER_IS_PENDING';
  if (balance <= 0n) return 'NONCOLLECTABLE_ORDER_IS_PAID';
  if (hasSubscriptions) return 'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS';
  return 'COLLECTABLE';
}

/** The application error of a payment collection refused for `reason`. */
export function collectionError(reason: Collectability): RuleError | undefined {
  switch (reason) {
    case 'COLLECTABLE':
      return undefined;
    case 'NONCOLLECTABLE_ORDER_IS_CANCELLED':
      return ruleError(409, 'ORDER_CANCELED', 'The order is canceled');
    case 'NONCOLLECTABLE_ORDER_IS_REJECTED':
      return ruleError(409, 'ORDER_IS_REJECTED', 'The order is rejected');
    case 'NONCOLLECTABLE_ORDER_IS_PENDING':
      return ruleError(409, 'ORDER_IS_PENDING', 'A payment of the order is waiting for the buyer');
    case 'NONCOLLECTABLE_ORDER_IS_PAID':
      return ruleError(409, 'ORDER_ALREADY_PAID', 'The order is already paid');
    case 'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS':
      return ruleError(409, 'ORDER_HAS_SUBSCRIPTIONS', 'Orders with subscriptions are charged per cycle');
  }
}

// ---- Refundability

export type RefundabilityStatus = 'NOT_REFUNDABLE' | 'MANUAL' | 'REFUNDABLE';
export type NonRefundableReason =
  | 'NONE'
  | 'ALREADY_REFUNDED'
  | 'NOT_PAID'
  | 'ZERO_PRICE'
  | 'PENDING_REFUND'
  | 'ORDER_IS_PENDING'
  | 'ORDER_IS_REJECTED';
export type ManuallyRefundableReason = 'EXPIRED' | 'NOT_SUPPORTED' | 'OFFLINE' | 'REQUIRES_CARD_READER';

export interface Refundability {
  refundabilityStatus: RefundabilityStatus;
  nonRefundableReason: NonRefundableReason;
  manuallyRefundableReason?: ManuallyRefundableReason;
  /** What can still be refunded from this payment. */
  remaining: bigint;
}

/** Providers whose money we cannot send back ourselves: the merchant refunds outside and records it. */
export const OFFLINE_PROVIDERS: ReadonlySet<string> = new Set(['offline', 'manual']);

/**
 * Whether a payment can be refunded: REFUNDABLE through its provider, MANUAL when the merchant refunds
 * outside (offline and manual payments, providers without refunds), or NOT_REFUNDABLE with the reason.
 */
export function refundabilityOf(
  orderStatus: OrderStatus,
  payment: PaymentFacts,
  refundingProviders: ReadonlySet<string>,
): Refundability {
  const remaining = payment.amount - payment.refunded - payment.pendingRefund;
  const no = (reason: NonRefundableReason): Refundability => ({
    refundabilityStatus: 'NOT_REFUNDABLE',
    nonRefundableReason: reason,
    remaining: 0n,
  });
  if (orderStatus === 'PENDING') return no('ORDER_IS_PENDING');
  if (orderStatus === 'REJECTED') return no('ORDER_IS_REJECTED');
  if (!isCollected(payment.status)) return no('NOT_PAID');
  if (payment.amount === 0n) return no('ZERO_PRICE');
  if (remaining <= 0n) return no(payment.pendingRefund > 0n ? 'PENDING_REFUND' : 'ALREADY_REFUNDED');
  if (OFFLINE_PROVIDERS.has(payment.provider))
    return {
      refundabilityStatus: 'MANUAL',
      nonRefundableReason: 'NONE',
      manuallyRefundableReason: 'OFFLINE',
      remaining,
    };
  if (!refundingProviders.has(payment.provider))
    return {
      refundabilityStatus: 'MANUAL',
      nonRefundableReason: 'NONE',
      manuallyRefundableReason: 'NOT_SUPPORTED',
      remaining,
    };
  return { refundabilityStatus: 'REFUNDABLE', nonRefundableReason: 'NONE', remaining };
}

// ---- Fulfilment

export interface LineQuantity {
  id: string;
  quantity: number;
}

/** Units fulfilled per line id, over all fulfilments. */
export function fulfilledQuantities(
  fulfillments: ReadonlyArray<{ lineItems: readonly LineQuantity[] }>,
): Map<string, number> {
  const out = new Map<string, number>();
  for (const f of fulfillments) for (const l of f.lineItems) out.set(l.id, (out.get(l.id) ?? 0) + l.quantity);
  return out;
}

/** FULFILLED when every unit of every line is fulfilled, PARTIALLY_FULFILLED when some are. */
export function fulfillmentStatusOf(
  lines: readonly LineQuantity[],
  fulfillments: ReadonlyArray<{ lineItems: readonly LineQuantity[] }>,
): FulfillmentStatus {
  const done = fulfilledQuantities(fulfillments);
  const units = lines.reduce((a, l) => a + l.quantity, 0);
  const fulfilled = lines.reduce((a, l) => a + Math.min(l.quantity, done.get(l.id) ?? 0), 0);
  if (fulfilled === 0) return 'NOT_FULFILLED';
  return fulfilled >= units ? 'FULFILLED' : 'PARTIALLY_FULFILLED';
}

// ---- Money of one order

/** Decimal strings of one currency in and out, minor units inside; wire prices `{amount, formattedAmount}`. */
export interface OrderMoney {
  currency: string;
  parse(value: string | null | undefined): bigint;
  text(minor: bigint): string;
  price(minor: bigint): { amount: string; formattedAmount: string };
}

export function orderMoney(currency: string): OrderMoney {
  let digits = 2;
  try {
    digits = currencyDigits(currency);
  } catch {
    // an unknown code (imported orders) keeps two decimals
  }
  const text = (minor: bigint) => fromMinorUnits(minor, digits);
  return {
    currency,
    parse: (value) => (value ? toMinorUnits(value, digits) : 0n),
    text,
    price(minor) {
      const amount = text(minor);
      let formattedAmount = `${amount} ${currency}`;
      try {
        formattedAmount = formatMoney(amount, currency);
      } catch {
        // not an ISO currency: plain text
      }
      return { amount, formattedAmount };
    },
  };
}

// ---- Invoices

export type InvoiceStatus =
  | 'Draft'
  | 'Sent'
  | 'Paid'
  | 'PartiallyPaid'
  | 'Overdue'
  | 'PartialAndOverdue'
  | 'Void';

const SETTLED: ReadonlySet<OrderPaymentStatus> = new Set(['PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED']);

/**
 * An invoice's status as read: Draft and Void stay as stored; a sent invoice follows the order's payment
 * (Paid, PartiallyPaid) and is Overdue (PartialAndOverdue) once its due date has passed unpaid.
 */
export function invoiceStatusOf(
  stored: string,
  paymentStatus: OrderPaymentStatus,
  dueDate: Date | null,
  now: Date,
): InvoiceStatus {
  if (stored === 'Draft' || stored === 'Void') return stored;
  if (SETTLED.has(paymentStatus)) return 'Paid';
  const overdue = dueDate !== null && dueDate.getTime() < now.getTime();
  if (paymentStatus === 'PARTIALLY_PAID') return overdue ? 'PartialAndOverdue' : 'PartiallyPaid';
  return overdue ? 'Overdue' : 'Sent';
}
