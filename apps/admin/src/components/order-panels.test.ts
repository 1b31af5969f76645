import { describe, expect, it } from 'vitest';
import { activityText } from './order-panels.tsx';

// How an order's history reads to a merchant, without a browser.

describe('activityText', () => {
  it('says how much a refund gave back and why', () => {
    expect(
      activityText({
        type: 'ORDER_REFUNDED',
        orderRefunded: { amount: { amount: '12.5', formattedAmount: '$12.50' }, reason: 'Arrived broken' },
      }),
    ).toBe('Refunded $12.50: Arrived broken');
    expect(
      activityText({ type: 'ORDER_REFUNDED', orderRefunded: { manual: true, amount: { amount: '3' } } }),
    ).toBe('Refunded 3 (outside the store)');
  });

  it('words notes, the store’s own events and the rest', () => {
    expect(activityText({ type: 'MERCHANT_COMMENT', merchantComment: { message: 'Gift wrap' } })).toBe(
      'Note: Gift wrap',
    );
    expect(
      activityText({
        type: 'CUSTOM_ACTIVITY',
        customActivity: { type: 'ORDER_CONFIRMATION_RESENT', additionalData: { email: 'a@b.c' } },
      }),
    ).toBe('Confirmation e-mail sent again to a@b.c');
    expect(activityText({ type: 'ORDER_PAID' })).toBe('Order paid');
  });
});
