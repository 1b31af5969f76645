import { describe, expect, it } from 'vitest';
import {
  balanceOf,
  collectabilityOf,
  collectionError,
  fulfillmentStatusOf,
  invoiceStatusOf,
  ORDER_STATUSES,
  type OrderStatus,
  orderMoney,
  type PaymentFacts,
  type PaymentStatus,
  paymentActionError,
  paymentStatusOf,
  refundabilityOf,
  refundedPaymentStatus,
  statusTransitionError,
} from './state.ts';

const pay = (
  status: PaymentStatus,
  amount: bigint,
  refunded = 0n,
  provider = 'sandbox-card',
  pendingRefund = 0n,
): PaymentFacts => ({ id: `p-${status}-${amount}`, provider, status, amount, refunded, pendingRefund });

describe('order status transitions', () => {
  const allowed: Array<[OrderStatus, OrderStatus]> = [
    ['INITIALIZED', 'PENDING'],
    ['INITIALIZED', 'APPROVED'],
    ['INITIALIZED', 'REJECTED'],
    ['INITIALIZED', 'CANCELED'],
    ['PENDING', 'APPROVED'],
    ['PENDING', 'REJECTED'],
    ['PENDING', 'CANCELED'],
    ['APPROVED', 'CANCELED'],
  ];
  it.each(allowed)('%s → %s is allowed', (from, to) => {
    expect(statusTransitionError(from, to)).toBeUndefined();
  });

  it.each(ORDER_STATUSES.map((s) => [s] as const))('%s → %s is STATUS_ALREADY_SET', (status) => {
    expect(statusTransitionError(status, status)?.code).toBe('STATUS_ALREADY_SET');
  });

  const refused: Array<[OrderStatus, OrderStatus]> = [
    ['APPROVED', 'PENDING'],
    ['APPROVED', 'REJECTED'],
    ['APPROVED', 'INITIALIZED'],
    ['PENDING', 'INITIALIZED'],
    ['CANCELED', 'APPROVED'],
    ['CANCELED', 'PENDING'],
    ['REJECTED', 'APPROVED'],
    ['REJECTED', 'CANCELED'],
  ];
  it.each(refused)('%s → %s is UNSUPPORTED_TRANSITION', (from, to) => {
    const error = statusTransitionError(from, to);
    expect(error?.code).toBe('UNSUPPORTED_TRANSITION');
    expect(error?.status).toBe(409);
  });
});

describe('payment status of an order', () => {
  const cases: Array<[string, bigint, PaymentFacts[], string]> = [
    ['no payment', 1000n, [], 'NOT_PAID'],
    ['a zero total', 0n, [], 'PAID'],
    ['paid in full', 1000n, [pay('APPROVED', 1000n)], 'PAID'],
    ['paid in two parts', 1000n, [pay('APPROVED', 400n), pay('APPROVED', 600n, 0n, 'manual')], 'PAID'],
    ['paid in part', 1000n, [pay('APPROVED', 400n)], 'PARTIALLY_PAID'],
    ['an open authorization', 1000n, [pay('AUTHORIZED', 1000n)], 'NOT_PAID'],
    ['waiting for the buyer', 1000n, [pay('PENDING', 1000n)], 'PENDING'],
    ['waiting for the merchant', 1000n, [pay('PENDING_MERCHANT', 1000n)], 'PENDING_MERCHANT'],
    ['declined', 1000n, [pay('DECLINED', 1000n)], 'DECLINED'],
    ['voided', 1000n, [pay('VOIDED', 1000n)], 'CANCELED'],
    ['voided and declined', 1000n, [pay('VOIDED', 1000n), pay('DECLINED', 1000n)], 'CANCELED'],
    ['declined then paid', 1000n, [pay('DECLINED', 1000n), pay('APPROVED', 1000n)], 'PAID'],
    ['refunded in part', 1000n, [pay('PARTIALLY_REFUNDED', 1000n, 300n)], 'PARTIALLY_REFUNDED'],
    ['refunded in full', 1000n, [pay('REFUNDED', 1000n, 1000n)], 'FULLY_REFUNDED'],
    [
      'one of two payments refunded',
      1000n,
      [pay('REFUNDED', 400n, 400n), pay('APPROVED', 600n)],
      'PARTIALLY_REFUNDED',
    ],
  ];
  it.each(cases)('%s', (_name, total, payments, expected) => {
    expect(paymentStatusOf(total, payments)).toBe(expected);
  });

  it('balance: what is left to pay, never negative; authorized and pending apart', () => {
    const b = balanceOf(1000n, [
      pay('APPROVED', 300n, 100n),
      pay('AUTHORIZED', 200n),
      pay('PENDING', 100n),
      pay('APPROVED', 50n, 0n, 'manual', 20n),
    ]);
    expect(b).toEqual({
      paid: 350n,
      balance: 650n,
      refunded: 100n,
      pendingRefund: 20n,
      authorized: 200n,
      pending: 100n,
    });
    expect(balanceOf(100n, [pay('APPROVED', 150n)]).balance).toBe(0n);
  });

  it('a payment is REFUNDED when all of it came back', () => {
    expect(refundedPaymentStatus(1000n, 0n)).toBe('APPROVED');
    expect(refundedPaymentStatus(1000n, 1n)).toBe('PARTIALLY_REFUNDED');
    expect(refundedPaymentStatus(1000n, 1000n)).toBe('REFUNDED');
  });
});

describe('capture and void', () => {
  const cases: Array<[PaymentStatus, 'capture' | 'void', string | undefined]> = [
    ['AUTHORIZED', 'capture', undefined],
    ['AUTHORIZED', 'void', undefined],
    ['APPROVED', 'capture', 'PAYMENT_ALREADY_CAPTURED'],
    ['APPROVED', 'void', 'PAYMENT_ALREADY_CAPTURED'],
    ['REFUNDED', 'capture', 'PAYMENT_ALREADY_CAPTURED'],
    ['VOIDED', 'capture', 'PAYMENT_ALREADY_VOIDED'],
    ['VOIDED', 'void', 'PAYMENT_ALREADY_VOIDED'],
    ['PENDING', 'capture', 'UNSUPPORTED_TRANSITION'],
    ['DECLINED', 'void', 'UNSUPPORTED_TRANSITION'],
  ];
  it.each(cases)('%s: %s → %s', (status, action, code) => {
    expect(paymentActionError(status, action)?.code).toBe(code);
  });
});

describe('refundability', () => {
  const refunding = new Set(['sandbox-card']);
  /** What refundabilityOf answers for a payment. */
  const outcome = (status: string, reason: string, remaining: bigint, manual?: string) => ({
    status,
    reason,
    manual,
    remaining,
  });
  type Expected = ReturnType<typeof outcome>;
  /** Refundable through the provider, with `remaining` left to refund. */
  const refundable = (remaining: bigint) => outcome('REFUNDABLE', 'NONE', remaining);
  /** Refunded by hand (a payment of 1000), for the `manual` reason. */
  const byHand = (manual: string) => outcome('MANUAL', 'NONE', 1000n, manual);
  /** Not refundable for `reason`, nothing left. */
  const notRefundable = (reason: string) => outcome('NOT_REFUNDABLE', reason, 0n);
  const cases: Array<[string, OrderStatus, PaymentFacts, Expected]> = [
    ['a card payment', 'APPROVED', pay('APPROVED', 1000n), refundable(1000n)],
    ['a canceled order', 'CANCELED', pay('APPROVED', 1000n), refundable(1000n)],
    ['after a partial refund', 'APPROVED', pay('PARTIALLY_REFUNDED', 1000n, 300n), refundable(700n)],
    ['with a refund pending', 'APPROVED', pay('APPROVED', 1000n, 0n, 'sandbox-card', 400n), refundable(600n)],
    ['offline', 'APPROVED', pay('APPROVED', 1000n, 0n, 'offline'), byHand('OFFLINE')],
    ['manual', 'APPROVED', pay('APPROVED', 1000n, 0n, 'manual'), byHand('OFFLINE')],
    ['an unknown provider', 'APPROVED', pay('APPROVED', 1000n, 0n, 'other'), byHand('NOT_SUPPORTED')],
    ['not captured', 'APPROVED', pay('AUTHORIZED', 1000n), notRefundable('NOT_PAID')],
    ['declined', 'APPROVED', pay('DECLINED', 1000n), notRefundable('NOT_PAID')],
    ['all refunded', 'APPROVED', pay('REFUNDED', 1000n, 1000n), notRefundable('ALREADY_REFUNDED')],
    [
      'all pending',
      'APPROVED',
      pay('APPROVED', 1000n, 0n, 'sandbox-card', 1000n),
      notRefundable('PENDING_REFUND'),
    ],
    ['zero', 'APPROVED', pay('APPROVED', 0n), notRefundable('ZERO_PRICE')],
    ['a pending order', 'PENDING', pay('APPROVED', 1000n), notRefundable('ORDER_IS_PENDING')],
    ['a rejected order', 'REJECTED', pay('APPROVED', 1000n), notRefundable('ORDER_IS_REJECTED')],
  ];
  it.each(cases)('%s', (_name, orderStatus, payment, expected) => {
    const r = refundabilityOf(orderStatus, payment, refunding);
    expect(r.refundabilityStatus).toBe(expected.status);
    expect(r.nonRefundableReason).toBe(expected.reason);
    expect(r.manuallyRefundableReason).toBe(expected.manual);
    expect(r.remaining).toBe(expected.remaining);
  });
});

describe('collectability', () => {
  const cases: Array<[OrderStatus, string, bigint, boolean, string, string | undefined]> = [
    ['APPROVED', 'NOT_PAID', 1000n, false, 'COLLECTABLE', undefined],
    ['PENDING', 'NOT_PAID', 1000n, false, 'COLLECTABLE', undefined],
    ['APPROVED', 'PARTIALLY_PAID', 500n, false, 'COLLECTABLE', undefined],
    ['CANCELED', 'NOT_PAID', 1000n, false, 'NONCOLLECTABLE_ORDER_IS_CANCELLED', 'ORDER_CANCELED'],
    ['REJECTED', 'NOT_PAID', 1000n, false, 'NONCOLLECTABLE_ORDER_IS_REJECTED', 'ORDER_IS_REJECTED'],
    ['INITIALIZED', 'PENDING', 1000n, false, 'NONCOLLECTABLE_ORDER_IS_PENDING', 'ORDER_IS_PENDING'],
    ['APPROVED', 'PAID', 0n, false, 'NONCOLLECTABLE_ORDER_IS_PAID', 'ORDER_ALREADY_PAID'],
    [
      'APPROVED',
      'NOT_PAID',
      1000n,
      true,
      'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS',
      'ORDER_HAS_SUBSCRIPTIONS',
    ],
  ];
  it.each(cases)(
    '%s / %s / balance %s / subscriptions %s → %s',
    (status, paymentStatus, balance, subs, reason, code) => {
      const r = collectabilityOf(status, paymentStatus as never, balance, subs);
      expect(r).toBe(reason);
      expect(collectionError(r)?.code).toBe(code);
    },
  );
});

describe('fulfilment status', () => {
  const lines = [
    { id: 'a', quantity: 2 },
    { id: 'b', quantity: 1 },
  ];
  it.each([
    [[], 'NOT_FULFILLED'],
    [[{ lineItems: [{ id: 'a', quantity: 1 }] }], 'PARTIALLY_FULFILLED'],
    [[{ lineItems: [{ id: 'a', quantity: 2 }] }], 'PARTIALLY_FULFILLED'],
    [[{ lineItems: [{ id: 'a', quantity: 2 }] }, { lineItems: [{ id: 'b', quantity: 1 }] }], 'FULFILLED'],
    [
      [
        {
          lineItems: [
            { id: 'a', quantity: 1 },
            { id: 'a', quantity: 1 },
            { id: 'b', quantity: 1 },
          ],
        },
      ],
      'FULFILLED',
    ],
    // Units of unknown lines and surplus units count for nothing.
    [[{ lineItems: [{ id: 'x', quantity: 3 }] }], 'NOT_FULFILLED'],
    [[{ lineItems: [{ id: 'a', quantity: 5 }] }], 'PARTIALLY_FULFILLED'],
  ] as const)('%j → %s', (fulfillments, expected) => {
    expect(fulfillmentStatusOf(lines, fulfillments)).toBe(expected);
  });
});

describe('invoice status', () => {
  const now = new Date('2030-01-10T00:00:00Z');
  const past = new Date('2030-01-01T00:00:00Z');
  const future = new Date('2030-02-01T00:00:00Z');
  it.each([
    ['Draft', 'PAID', null, 'Draft'],
    ['Void', 'PAID', past, 'Void'],
    ['Sent', 'NOT_PAID', future, 'Sent'],
    ['Sent', 'NOT_PAID', null, 'Sent'],
    ['Sent', 'NOT_PAID', past, 'Overdue'],
    ['Sent', 'PARTIALLY_PAID', future, 'PartiallyPaid'],
    ['Sent', 'PARTIALLY_PAID', past, 'PartialAndOverdue'],
    ['Sent', 'PAID', past, 'Paid'],
    ['Sent', 'PARTIALLY_REFUNDED', past, 'Paid'],
  ] as const)('%s, order %s, due %s → %s', (stored, paymentStatus, due, expected) => {
    expect(invoiceStatusOf(stored, paymentStatus, due, now)).toBe(expected);
  });
});

describe('order money', () => {
  it('parses numeric columns and prints prices in the currency', () => {
    const usd = orderMoney('USD');
    expect(usd.parse('12.3400')).toBe(1234n);
    expect(usd.price(1234n)).toEqual({ amount: '12.34', formattedAmount: '$12.34' });
    const jpy = orderMoney('JPY');
    expect(jpy.parse('1200.0000')).toBe(1200n);
    expect(jpy.price(1200n).amount).toBe('1200');
  });
});
