import { describe, expect, it } from 'vitest';
import { estimateTotals } from './engine.ts';
import { amounts, digital, snapshot, US_STORE } from './fixtures.ts';
import type { LineItemSnapshot } from './snapshot.ts';
import type { Violation } from './totals.ts';

/** What line `a` (of `digital('a', …)`) is told, as the engine words it. */
const lineViolation = (
  severity: Violation['severity'],
  description: string,
  suggestedFix?: 'REMOVE_LINE_ITEM',
): Violation => ({
  severity,
  target: { lineItem: { id: 'a', name: 'Item a' } },
  description,
  ...(suggestedFix ? { suggestedFix } : {}),
});

describe('violations', () => {
  it.each<[string, Partial<LineItemSnapshot>, Violation[], string]>([
    ['available', {}, [], '20.00'],
    [
      'available with enough stock',
      { availability: { status: 'AVAILABLE', quantityAvailable: 2 } },
      [],
      '20.00',
    ],
    [
      'gone from the catalogue',
      { availability: { status: 'NOT_FOUND' } },
      [lineViolation('ERROR', 'This item is no longer available.', 'REMOVE_LINE_ITEM')],
      '0.00',
    ],
    [
      'out of stock',
      { availability: { status: 'NOT_AVAILABLE' } },
      [lineViolation('ERROR', 'This item is out of stock.', 'REMOVE_LINE_ITEM')],
      '0.00',
    ],
    [
      'none left in stock',
      { availability: { status: 'AVAILABLE', quantityAvailable: 0 } },
      [lineViolation('ERROR', 'This item is out of stock.', 'REMOVE_LINE_ITEM')],
      '0.00',
    ],
    [
      'partially available',
      { availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 } },
      [lineViolation('WARNING', 'Only 1 of this item is available.')],
      '20.00',
    ],
    [
      'fewer in stock than asked',
      { quantity: 5, availability: { status: 'AVAILABLE', quantityAvailable: 3 } },
      [lineViolation('WARNING', 'Only 3 of this item are available.')],
      '50.00',
    ],
    [
      'below the minimum quantity',
      { minimumQuantity: 3 },
      [lineViolation('ERROR', 'The minimum quantity of this item is 3.')],
      '20.00',
    ],
    ['at the minimum quantity', { minimumQuantity: 2 }, [], '20.00'],
  ])('%s', (_, overrides, violations, total) => {
    const totals = estimateTotals(
      snapshot({ lineItems: [digital('a', '10.00', { quantity: 2, ...overrides })] }),
    );
    expect(totals.violations).toEqual(violations);
    expect(totals.priceSummary.total.amount).toBe(total);
  });

  it('lines that cannot be bought are left out of totals and calculated lines, the others stay', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [
          digital('gone', '99.00', { availability: { status: 'NOT_FOUND' } }),
          digital('a', '10.00'),
          digital('sold-out', '50.00', { availability: { status: 'NOT_AVAILABLE' } }),
        ],
      }),
    );
    expect(totals.calculatedLineItems.map((l) => l.lineItemId)).toEqual(['a']);
    expect(amounts(totals.priceSummary)).toMatchObject({ subtotal: '10.00', total: '10.00' });
    expect(totals.violations.map((v) => [v.severity, v.suggestedFix])).toEqual([
      ['ERROR', 'REMOVE_LINE_ITEM'],
      ['ERROR', 'REMOVE_LINE_ITEM'],
    ]);
  });

  it.each([
    ['20.00', '20.00', false],
    ['20.01', '20.00', true],
  ])(
    'minimum order %s with items of %s after discounts → violation: %s',
    (minimumOrderSubtotal, _, violated) => {
      const totals = estimateTotals(
        snapshot({
          store: { ...US_STORE, minimumOrderSubtotal },
          lineItems: [digital('a', '25.00')],
          merchantDiscounts: [{ amount: '5.00' }],
        }),
      );
      expect(totals.violations).toEqual(
        violated
          ? [
              {
                severity: 'ERROR',
                target: { other: { name: 'OTHER_DEFAULT' } },
                description: 'The minimum order subtotal is $20.01.',
              },
            ]
          : [],
      );
    },
  );
});
