import { describe, expect, it } from 'vitest';
import {
  type ActivityRow,
  type FulfillmentRow,
  type OrderRow,
  orderToWire,
  orderTransactionsToWire,
  type PaymentRow,
  type RefundRow,
} from './wire.ts';

const created = new Date('2030-01-01T10:00:00Z');

function row(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: '11111111-1111-4111-8111-111111111111',
    number: 10001n,
    checkoutId: '22222222-2222-4222-8222-222222222222',
    cartId: null,
    memberId: null,
    visitorId: '33333333-3333-4333-8333-333333333333',
    buyerEmail: 'ada@example.com',
    status: 'APPROVED',
    paymentStatus: 'PARTIALLY_REFUNDED',
    fulfillmentStatus: 'PARTIALLY_FULFILLED',
    currency: 'USD',
    total: '30.0000',
    archived: false,
    imported: false,
    channelType: 'WEB',
    confirmationTokenHash: 'hash',
    tagIds: ['t1', 'p1'],
    data: {
      buyerNote: 'leave at the door',
      lineItems: [
        { id: 'l1', quantity: 2, productName: { original: 'Tee' }, itemType: { preset: 'PHYSICAL' } },
        {
          id: 'l2',
          quantity: 1,
          productName: { original: 'E-book' },
          itemType: { preset: 'DIGITAL' },
          digitalFile: { fileId: 'f1', link: 'https://stale.example/stored' },
          refundQuantity: 1,
        },
      ],
      tags: { privateTags: { tagIds: ['p1'] }, tags: { tagIds: ['t1'] } },
      balanceSummary: { balance: { amount: '999' } },
      _confirmationMailSent: '2030-01-01T10:00:00Z',
      seenByAHuman: true,
    },
    revision: 3n,
    purchasedDate: created,
    createdDate: created,
    updatedDate: new Date('2030-01-02T10:00:00Z'),
    ...overrides,
  };
}

const activity = (type: string, details: Record<string, unknown> = {}): ActivityRow => ({
  id: `a-${type}`,
  orderId: row().id,
  seq: 1,
  type,
  authorEmail: null,
  details,
  createdDate: created,
});

const payment = (overrides: Partial<PaymentRow> = {}): PaymentRow => ({
  id: 'p1',
  orderId: row().id,
  provider: 'sandbox-card',
  providerReference: 'ch_1',
  idempotencyKey: 'k',
  amount: '30.0000',
  status: 'PARTIALLY_REFUNDED',
  refundedAmount: '5.0000',
  details: { card: { brand: 'Visa', lastFourDigits: '4242' } },
  createdDate: created,
  updatedDate: created,
  ...overrides,
});

const refund = (overrides: Partial<RefundRow> = {}): RefundRow => ({
  id: 'r1',
  orderId: row().id,
  transactions: [
    { paymentId: 'p1', amount: '5.00', status: 'SUCCEEDED', applied: true, externalRefund: false },
  ],
  amount: '5.0000',
  status: 'SUCCEEDED',
  details: { lineItems: [{ lineItemId: 'l2', quantity: 1 }], reason: 'broken' },
  createdDate: created,
  updatedDate: created,
  ...overrides,
});

const fulfillment: FulfillmentRow = {
  id: 'f-1',
  orderId: row().id,
  lineItems: [{ id: 'l1', quantity: 1 }],
  trackingInfo: { trackingNumber: '1Z', shippingProvider: 'UPS' },
  completed: true,
  createdDate: created,
};

describe('orderToWire', () => {
  const activities = [
    activity('ORDER_PLACED'),
    activity('MERCHANT_COMMENT', { merchantComment: { message: 'vip' } }),
  ];

  it('merges the columns into the stored wire order, number as a string and dates as ISO', () => {
    const wire = orderToWire(row(), activities, [payment()], [refund()], [fulfillment]);
    expect(wire).toMatchObject({
      id: row().id,
      number: '10001',
      status: 'APPROVED',
      paymentStatus: 'PARTIALLY_REFUNDED',
      fulfillmentStatus: 'PARTIALLY_FULFILLED',
      archived: false,
      imported: false,
      seenByAHuman: true,
      currency: 'USD',
      buyerNote: 'leave at the door',
      createdDate: '2030-01-01T10:00:00.000Z',
      updatedDate: '2030-01-02T10:00:00.000Z',
      purchasedDate: '2030-01-01T10:00:00.000Z',
      tags: { privateTags: { tagIds: ['p1'] }, tags: { tagIds: ['t1'] } },
      fulfillments: [
        {
          id: 'f-1',
          lineItems: [{ id: 'l1', quantity: 1 }],
          trackingInfo: { trackingNumber: '1Z', shippingProvider: 'UPS' },
          completed: true,
        },
      ],
    });
    expect(wire.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'MERCHANT_COMMENT']);
    expect(wire.activities[1]).toMatchObject({
      merchantComment: { message: 'vip' },
      createdDate: '2030-01-01T10:00:00.000Z',
    });
  });

  it('derives balanceSummary from payments and refunds, ignoring a stored one', () => {
    const wire = orderToWire(row(), [], [payment()], [refund()], []);
    expect(wire.balanceSummary.paid).toEqual({ amount: '30.00', formattedAmount: '$30.00' });
    expect(wire.balanceSummary.refunded.amount).toBe('5.00');
    expect(wire.balanceSummary.balance.amount).toBe('0.00');
    expect(wire.balanceSummary.pendingRefund.amount).toBe('0.00');
    const pending = refund({
      transactions: [{ paymentId: 'p1', amount: '2.50', status: 'PENDING' }],
      status: 'PENDING',
    });
    const open = orderToWire(row(), [], [payment({ refundedAmount: '0' })], [pending], []);
    expect(open.balanceSummary.pendingRefund.amount).toBe('2.50');
  });

  it('never sends bookkeeping keys or stored links; links come from the reader', () => {
    const wire = orderToWire(row(), [], [], [], []) as Record<string, unknown>;
    expect(wire._confirmationMailSent).toBeUndefined();
    const lines = wire.lineItems as Array<Record<string, unknown>>;
    expect(lines[1]!.digitalFile).toEqual({ fileId: 'f1' });
    expect(lines[0]).toMatchObject({ refundQuantity: 0, restockQuantity: 0 });
    expect(lines[1]).toMatchObject({ refundQuantity: 1, restockQuantity: 0 });
    const linked = orderToWire(row(), [], [], [], [], {
      digitalLinks: new Map([
        ['l2', { link: 'https://x/media/f1', expirationDate: '2030-01-01T10:15:00.000Z' }],
      ]),
    });
    expect((linked.lineItems as Array<Record<string, unknown>>)[1]!.digitalFile).toEqual({
      fileId: 'f1',
      link: 'https://x/media/f1',
      expirationDate: '2030-01-01T10:15:00.000Z',
    });
  });

  it('the buyer sees no merchant comments, custom activities or private tags', () => {
    const wire = orderToWire(row(), [...activities, activity('CUSTOM_ACTIVITY')], [], [], [], {
      audience: 'buyer',
    });
    expect(wire.activities.map((a) => a.type)).toEqual(['ORDER_PLACED']);
    expect(wire.tags).toEqual({ tags: { tagIds: ['t1'] } });
  });

  it('tags from tag_ids when data has none', () => {
    const bare = row({ data: { lineItems: [] } });
    expect(orderToWire(bare, [], [], [], []).tags).toEqual({
      privateTags: { tagIds: [] },
      tags: { tagIds: ['t1', 'p1'] },
    });
  });
});

describe('orderTransactionsToWire', () => {
  it('payments and refunds with prices and statuses', () => {
    const tx = orderTransactionsToWire(row(), [payment()], [refund()]);
    expect(tx.orderId).toBe(row().id);
    expect(tx.payments[0]).toMatchObject({
      id: 'p1',
      amount: { amount: '30.00' },
      status: 'PARTIALLY_REFUNDED',
      refundDisabled: false,
      regularPaymentDetails: {
        paymentProvider: 'sandbox-card',
        gatewayTransactionId: 'ch_1',
        offlinePayment: false,
        creditCardDetails: { brand: 'Visa', lastFourDigits: '4242' },
      },
    });
    expect(tx.refunds[0]).toMatchObject({
      id: 'r1',
      status: 'SUCCEEDED',
      transactions: [
        { paymentId: 'p1', amount: { amount: '5.00' }, refundStatus: 'SUCCEEDED', externalRefund: false },
      ],
      details: { lineItems: [{ lineItemId: 'l2', quantity: 1 }], reason: 'broken', shippingIncluded: false },
    });
    expect(
      orderTransactionsToWire(row(), [payment({ provider: 'offline' })], []).payments[0]!.refundDisabled,
    ).toBe(true);
  });

  it('an authorisation carries its date as the wire names it (authorizedDate)', () => {
    const authorized = payment({
      status: 'AUTHORIZED',
      details: {
        authorization: { authorizationDate: '2030-01-01T10:00:00.000Z', void: { reason: 'MANUAL' } },
      },
    });
    const details = orderTransactionsToWire(row(), [authorized], []).payments[0]!.regularPaymentDetails;
    expect(details.authorizationDetails).toEqual({
      authorizedDate: '2030-01-01T10:00:00.000Z',
      void: { reason: 'MANUAL' },
    });
  });
});
