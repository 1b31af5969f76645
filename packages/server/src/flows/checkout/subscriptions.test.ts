import { describe, expect, it } from 'vitest';
import { currencyOf } from '../../modules/pricing/currency.ts';
import { estimateTotals } from '../../modules/pricing/index.ts';
import { item, snapshot } from '../../modules/pricing/fixtures.ts';
import { addPeriod, subscriptionCharges, subscriptionSettingsOf } from './subscriptions.ts';

const usd = currencyOf('USD');
const NOW = new Date('2025-01-31T10:00:00.000Z');

describe('addPeriod', () => {
  it('adds days, weeks, months and years in UTC; a missing day ends the month', () => {
    expect(addPeriod(NOW, 'DAY', 3).toISOString()).toBe('2025-02-03T10:00:00.000Z');
    expect(addPeriod(NOW, 'WEEK', 2).toISOString()).toBe('2025-02-14T10:00:00.000Z');
    expect(addPeriod(NOW, 'MONTH').toISOString()).toBe('2025-02-28T10:00:00.000Z');
    expect(addPeriod(NOW, 'MONTH', 13).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addPeriod(new Date('2024-02-29T00:00:00Z'), 'YEAR').toISOString()).toBe(
      '2025-02-28T00:00:00.000Z',
    );
  });
});

describe('subscriptionSettingsOf', () => {
  it('keeps known frequencies and positive whole numbers only', () => {
    expect(subscriptionSettingsOf({ subscriptionSettings: { frequency: 'FORTNIGHT' } })).toBeUndefined();
    expect(subscriptionSettingsOf(undefined)).toBeUndefined();
    expect(
      subscriptionSettingsOf({
        subscriptionSettings: { frequency: 'WEEK', interval: 0, billingCycles: 2.5, startDate: 'soon' },
      }),
    ).toEqual({ frequency: 'WEEK' });
  });
});

describe('subscriptionCharges', () => {
  const totals = estimateTotals(snapshot({ lineItems: [item('a', '10.00'), item('b', '5.00')] }));
  const lines = (info: unknown) => [{ id: 'a', subscriptionOptionInfo: info }, { id: 'b' }];

  it('without a free trial: cycles from the second, billed one period after now', () => {
    const { charges } = subscriptionCharges(
      lines({ subscriptionSettings: { frequency: 'MONTH', interval: 1, billingCycles: 6 } }),
      totals.calculatedLineItems,
      NOW,
      usd,
    );
    expect(charges).toEqual([
      expect.objectContaining({
        lineItemIds: ['a'],
        cycleFrom: 2,
        cycleCount: 5,
        cycleBillingDate: '2025-02-28T10:00:00.000Z',
        priceSummary: expect.objectContaining({ subtotal: expect.objectContaining({ amount: '10.00' }) }),
      }),
    ]);
  });

  it('with a free trial: the first cycle is billed when it ends; a later start date counts from then', () => {
    const { charges } = subscriptionCharges(
      lines({
        subscriptionSettings: {
          frequency: 'YEAR',
          freeTrialPeriod: { frequency: 'DAY', interval: 14 },
          startDate: '2025-03-01T00:00:00.000Z',
        },
      }),
      totals.calculatedLineItems,
      NOW,
      usd,
    );
    expect(charges[0]).toMatchObject({ cycleFrom: 1, cycleBillingDate: '2025-03-15T00:00:00.000Z' });
    expect(charges[0]).not.toHaveProperty('cycleCount');
  });

  it('a single billing cycle has nothing after it; lines without settings or prices have no charges', () => {
    const one = subscriptionCharges(
      lines({ subscriptionSettings: { frequency: 'MONTH', billingCycles: 1 } }),
      totals.calculatedLineItems,
      NOW,
      usd,
    );
    expect(one.charges).toEqual([]);
    const unpriced = subscriptionCharges(
      [{ id: 'gone', subscriptionOptionInfo: { subscriptionSettings: { frequency: 'DAY' } } }],
      totals.calculatedLineItems,
      NOW,
      usd,
    );
    expect(unpriced.charges).toEqual([]);
  });
});
