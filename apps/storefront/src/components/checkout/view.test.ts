import type { Order } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { orderHeadline, orderStateLabel } from './view.ts';

const order = (status: Partial<Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>>) =>
  ({ status: 'APPROVED', paymentStatus: 'PAID', fulfillmentStatus: 'NOT_FULFILLED', ...status }) as Order;

describe('the order page follows the order’s status', () => {
  it.each([
    [{}, 'Order confirmed', 'Thank you for your order!', 'Confirmed'],
    [
      { status: 'INITIALIZED', paymentStatus: 'PENDING' },
      'Waiting for payment',
      'Thank you for your order!',
      'Awaiting payment',
    ],
    [{ paymentStatus: 'PENDING' }, 'Waiting for payment', 'Thank you for your order!', 'Confirmed'],
    [{ fulfillmentStatus: 'FULFILLED' }, 'Order shipped', 'Your order is on its way', 'Fulfilled'],
    [
      { fulfillmentStatus: 'PARTIALLY_FULFILLED' },
      'Partly shipped',
      'Part of your order is on its way',
      'Partly shipped',
    ],
    [{ paymentStatus: 'FULLY_REFUNDED' }, 'Order refunded', 'Your order was refunded', 'Refunded'],
    [
      { paymentStatus: 'FULLY_REFUNDED', fulfillmentStatus: 'FULFILLED' },
      'Order refunded',
      'Your order was refunded',
      'Refunded',
    ],
    [
      { paymentStatus: 'PARTIALLY_REFUNDED' },
      'Partly refunded',
      'Part of your order was refunded',
      'Partly refunded',
    ],
    [
      { paymentStatus: 'PARTIALLY_REFUNDED', fulfillmentStatus: 'FULFILLED' },
      'Order shipped',
      'Your order is on its way',
      'Fulfilled',
    ],
    [{ status: 'CANCELED' }, 'Order canceled', 'This order was canceled', 'Canceled'],
    [
      { status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' },
      'Order canceled',
      'This order was canceled',
      'Canceled',
    ],
  ] as const)('%o → %s / %s / %s', (status, eyebrow, title, badge) => {
    const o = order(status as Partial<Order>);
    expect(orderHeadline(o)).toMatchObject({ eyebrow, title });
    expect(orderStateLabel(o).text).toBe(badge);
  });

  it('says what happened to the money of a canceled order and only a new order thanks', () => {
    expect(orderHeadline(order({ status: 'CANCELED' })).note).toBe('Nothing will be shipped.');
    expect(orderHeadline(order({ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' })).note).toBe(
      'The payment was refunded to you.',
    );
    expect(orderHeadline(order({})).placed).toBe(true);
    expect(orderHeadline(order({ fulfillmentStatus: 'FULFILLED' })).placed).toBeUndefined();
  });
});
