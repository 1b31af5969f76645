import type { Order } from '@aisle/sdk';
import { describe, expect, it } from 'vitest';
import { orderHeadline, orderStateLabel } from './view.ts';

const order = (status: Partial<Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>>) =>
  ({ status: 'APPROVED', paymentStatus: 'PAID', fulfillmentStatus: 'NOT_FULFILLED', ...status }) as Order;

/** The order page's headlines, eyebrow and title, one for each thing that can have happened to an order. */
const HEADLINES = {
  confirmed: ['Order confirmed', 'Thank you for your order!'],
  awaitingPayment: ['Waiting for payment', 'Thank you for your order!'],
  shipped: ['Order shipped', 'Your order is on its way'],
  partlyShipped: ['Partly shipped', 'Part of your order is on its way'],
  refunded: ['Order refunded', 'Your order was refunded'],
  partlyRefunded: ['Partly refunded', 'Part of your order was refunded'],
  canceled: ['Order canceled', 'This order was canceled'],
} as const;

describe('the order page follows the order’s status', () => {
  it.each([
    [{}, 'confirmed', 'Confirmed'],
    [{ status: 'INITIALIZED', paymentStatus: 'PENDING' }, 'awaitingPayment', 'Awaiting payment'],
    [{ paymentStatus: 'PENDING' }, 'awaitingPayment', 'Confirmed'],
    [{ fulfillmentStatus: 'FULFILLED' }, 'shipped', 'Fulfilled'],
    [{ fulfillmentStatus: 'PARTIALLY_FULFILLED' }, 'partlyShipped', 'Partly shipped'],
    [{ paymentStatus: 'FULLY_REFUNDED' }, 'refunded', 'Refunded'],
    [{ paymentStatus: 'FULLY_REFUNDED', fulfillmentStatus: 'FULFILLED' }, 'refunded', 'Refunded'],
    [{ paymentStatus: 'PARTIALLY_REFUNDED' }, 'partlyRefunded', 'Partly refunded'],
    [{ paymentStatus: 'PARTIALLY_REFUNDED', fulfillmentStatus: 'FULFILLED' }, 'shipped', 'Fulfilled'],
    [{ status: 'CANCELED' }, 'canceled', 'Canceled'],
    [{ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED' }, 'canceled', 'Canceled'],
  ] as const)('%o → the %s headline, badge %s', (status, headline, badge) => {
    const o = order(status as Partial<Order>);
    const [eyebrow, title] = HEADLINES[headline];
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
