import { afterEach, describe, expect, it, vi } from 'vitest';
import { estimateTotals } from './engine.ts';
import {
  amounts,
  CA_ADDRESS,
  coupon,
  digital,
  item,
  line,
  manualTax,
  NOW,
  NY_ADDRESS,
  option,
  snapshot,
  US,
} from './fixtures.ts';
import type {
  AdditionalFeeSnapshot,
  LineItemSnapshot,
  Membership,
  MembershipSnapshot,
  PaymentOption,
  PricingSnapshot,
} from './snapshot.ts';

const shipped = (extra: Partial<PricingSnapshot> = {}): Partial<PricingSnapshot> => ({
  shipping: { regions: [US], options: [option('std', '5.00')] },
  shippingAddress: NY_ADDRESS,
  ...extra,
});

describe('a line', () => {
  it('is broken down into unit, line, discount and tax amounts', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [item('a', '40.00', { fullPrice: '50.00', quantity: 3 })],
        coupon: coupon(),
        tax: manualTax(),
        shippingAddress: CA_ADDRESS,
        calculateShipping: false,
      }),
    );
    // 3 × 40.00 = 120.00; 10 % coupon = 12.00; 108.00 × 8.25 % = 8.91.
    expect(totals.calculatedLineItems).toEqual([
      {
        lineItemId: 'a',
        pricesBreakdown: expect.objectContaining({
          fullPrice: expect.objectContaining({ amount: '50.00', formattedAmount: '$50.00' }),
          priceBeforeDiscounts: expect.objectContaining({ amount: '40.00' }),
          price: expect.objectContaining({ amount: '40.00' }),
          lineItemPrice: expect.objectContaining({ amount: '120.00' }),
          totalDiscount: expect.objectContaining({ amount: '12.00' }),
          totalPriceBeforeTax: expect.objectContaining({ amount: '108.00' }),
          totalPriceAfterTax: expect.objectContaining({ amount: '116.91' }),
          taxDetails: expect.objectContaining({ totalTax: expect.objectContaining({ amount: '8.91' }) }),
        }),
        paymentOption: 'FULL_PAYMENT_ONLINE',
        taxableAddress: { addressType: 'SHIPPING' },
      },
    ]);
    expect(amounts(totals.priceSummary)).toEqual({
      subtotal: '120.00',
      shipping: '0.00',
      tax: '8.91',
      discount: '12.00',
      total: '116.91',
      additionalFees: '0.00',
    });
    expect([totals.weightUnit, totals.currency]).toEqual(['KG', 'USD']);
  });

  it('an MCP object carries the amount, its conversion (none) and Intl display strings', () => {
    const totals = estimateTotals(snapshot({ lineItems: [digital('a', '1234.5')] }));
    expect(totals.priceSummary.total).toEqual({
      amount: '1234.50',
      convertedAmount: '1234.50',
      formattedAmount: '$1,234.50',
      formattedConvertedAmount: '$1,234.50',
    });
  });

  it.each([
    ['USD', '19.999', '20.00'],
    ['JPY', '1999.5', '2000'],
    ['KWD', '1.2345', '1.235'],
  ])('%s prices are held in the currency minor unit (%s → %s)', (currency, price, held) => {
    const totals = estimateTotals(
      snapshot({
        store: { currency, weightUnit: 'LB', taxIncludedInPrices: false },
        lineItems: [digital('a', price)],
      }),
    );
    expect(line(totals, 'a').price.amount).toBe(held);
    expect(totals.weightUnit).toBe('LB');
  });

  it.each([
    ['a zero quantity', { quantity: 0 }],
    ['a fractional quantity', { quantity: 1.5 }],
    ['a price that is not a decimal', { price: '1,00' }],
    ['a negative price', { price: '-1.00' }],
  ])('a malformed snapshot line is a programming error: %s throws', (_, overrides) => {
    expect(() => estimateTotals(snapshot({ lineItems: [digital('a', '1.00', overrides)] }))).toThrow(
      RangeError,
    );
  });

  it('duplicate line ids throw', () => {
    expect(() =>
      estimateTotals(snapshot({ lineItems: [digital('a', '1.00'), digital('a', '2.00')] })),
    ).toThrow(RangeError);
  });
});

describe('pay now and pay later', () => {
  const options = (a: PaymentOption, b: PaymentOption) => [
    item('a', '30.00', { paymentOption: a, depositAmount: '10.00' }),
    item('b', '20.00', { paymentOption: b }),
  ];
  it.each<[string, LineItemSnapshot[], string, string]>([
    ['all online', options('FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_ONLINE'), '55.00', '0.00'],
    ['all offline: shipping too', options('FULL_PAYMENT_OFFLINE', 'FULL_PAYMENT_OFFLINE'), '0.00', '55.00'],
    [
      'mixed: shipping with the online part',
      options('FULL_PAYMENT_ONLINE', 'FULL_PAYMENT_OFFLINE'),
      '35.00',
      '20.00',
    ],
    ['membership offline is later', options('FULL_PAYMENT_ONLINE', 'MEMBERSHIP_OFFLINE'), '35.00', '20.00'],
    ['a deposit now, the rest later', options('DEPOSIT_ONLINE', 'FULL_PAYMENT_OFFLINE'), '15.00', '40.00'],
    ['a deposit and an online line', options('DEPOSIT_ONLINE', 'FULL_PAYMENT_ONLINE'), '35.00', '20.00'],
  ])('%s → now %s, later %s', (_, lineItems, now, later) => {
    const totals = estimateTotals(snapshot({ lineItems, ...shipped() }));
    expect(totals.priceSummary.total.amount).toBe('55.00');
    expect(totals.payNow.total.amount).toBe(now);
    expect(totals.payLater.total.amount).toBe(later);
  });

  it('a deposit is capped at the line after discounts, and shown on the line', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [
          digital('a', '30.00', { quantity: 2, paymentOption: 'DEPOSIT_ONLINE', depositAmount: '25.00' }),
        ],
        merchantDiscounts: [{ amount: '15.00' }],
      }),
    );
    expect(line(totals, 'a').depositAmount?.amount).toBe('45.00');
    expect(amounts(totals.payNow)).toMatchObject({ subtotal: '45.00', total: '45.00' });
    expect(amounts(totals.payLater)).toMatchObject({ subtotal: '15.00', discount: '15.00', total: '0.00' });
  });

  it('deposit split with added tax: the tax is paid later', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [digital('a', '100.00', { paymentOption: 'DEPOSIT_ONLINE', depositAmount: '20.00' })],
        tax: manualTax(),
        shippingAddress: CA_ADDRESS,
      }),
    );
    expect(amounts(totals.payNow)).toMatchObject({ subtotal: '20.00', tax: '0.00', total: '20.00' });
    expect(amounts(totals.payLater)).toMatchObject({ subtotal: '80.00', tax: '8.25', total: '88.25' });
    expect(totals.priceSummary.total.amount).toBe('108.25');
  });
});

describe('memberships', () => {
  const gold: Membership = {
    id: 'gold',
    appId: 'plans-app',
    name: { original: 'Gold plan' },
    lineItemIds: ['a'],
    credits: { total: 10, remaining: 4 },
    expirationDate: '2025-12-31T00:00:00.000Z',
  };
  const expired: Membership = { ...gold, id: 'old', expirationDate: '2025-01-01T00:00:00.000Z' };
  const provided = (selected: MembershipSnapshot['selected']): MembershipSnapshot => ({
    eligible: [gold],
    invalid: [{ membership: expired, reason: 'EXPIRED' }],
    selected,
  });
  const lines = [digital('a', '30.00'), digital('b', '20.00')];

  it('none by default', () => {
    expect(estimateTotals(snapshot({ lineItems: lines })).membershipOptions).toEqual({
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    });
  });

  it('eligible and invalid memberships come from the provider, with their expiration dates', () => {
    const totals = estimateTotals(snapshot({ lineItems: lines, memberships: provided([]) }));
    expect(totals.membershipOptions.eligibleMemberships).toEqual([gold]);
    expect(totals.membershipOptions.invalidMemberships).toEqual([{ membership: expired, reason: 'EXPIRED' }]);
  });

  it('a selected eligible membership pays for its lines', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: lines,
        memberships: provided([{ id: 'gold', appId: 'plans-app', lineItemIds: ['a'] }]),
      }),
    );
    expect(totals.calculatedLineItems.map((l) => l.paymentOption)).toEqual([
      'MEMBERSHIP',
      'FULL_PAYMENT_ONLINE',
    ]);
    expect(totals.membershipOptions.selectedMemberships.memberships).toEqual([
      { id: 'gold', appId: 'plans-app', lineItemIds: ['a'] },
    ]);
    // The covered line costs nothing (its full price still shows what it would have cost).
    expect(line(totals, 'a')).toMatchObject({
      price: { amount: '0.00' },
      lineItemPrice: { amount: '0.00' },
      totalPriceAfterTax: { amount: '0.00' },
      fullPrice: { amount: '30.00' },
    });
    expect(totals.priceSummary.total.amount).toBe('20.00');
    expect(totals.payNow.total.amount).toBe('20.00');
    expect(totals.payLater.total.amount).toBe('0.00');
    expect(totals.calculationErrors).toEqual({});
  });

  it.each([
    ['an invalid membership', { id: 'old', appId: 'plans-app', lineItemIds: ['a'] }],
    ['an unknown membership', { id: 'silver', appId: 'plans-app', lineItemIds: ['a'] }],
    ['a line the membership does not cover', { id: 'gold', appId: 'plans-app', lineItemIds: ['a', 'b'] }],
    ['another app', { id: 'gold', appId: 'other', lineItemIds: ['a'] }],
  ])('selecting %s → membershipError, nothing paid by membership', (_, selection) => {
    const totals = estimateTotals(snapshot({ lineItems: lines, memberships: provided([selection]) }));
    expect(totals.calculationErrors.membershipError).toMatchObject({
      applicationError: { code: 'MEMBERSHIP_NOT_ELIGIBLE' },
    });
    expect(totals.membershipOptions.selectedMemberships.memberships).toEqual([]);
    expect(totals.calculatedLineItems.map((l) => l.paymentOption)).toEqual([
      'FULL_PAYMENT_ONLINE',
      'FULL_PAYMENT_ONLINE',
    ]);
    expect(totals.payNow.total.amount).toBe('50.00');
  });
});

describe('additional fees', () => {
  const tip = (
    charge: AdditionalFeeSnapshot['charge'],
    extra: Partial<AdditionalFeeSnapshot> = {},
  ): AdditionalFeeSnapshot => ({
    code: 'tip',
    name: 'Tip',
    charge,
    source: 'SERVICE_PLUGIN',
    providerAppId: 'tips-app',
    ...extra,
  });

  it.each<[string, AdditionalFeeSnapshot, string, string[]]>([
    ['a fixed tip', tip({ amount: '3.00' }), '3.00', ['a', 'b']],
    ['a 15 % tip on the items after discounts', tip({ percentage: '15' }), '6.75', ['a', 'b']],
    [
      'a 10 % tip on one line (9.00 after the coupon)',
      tip({ percentage: '10' }, { lineItemIds: ['b'] }),
      '0.90',
      ['b'],
    ],
    [
      'a 12.5 % tip, rounded half away from zero',
      tip({ percentage: '12.5' }, { lineItemIds: ['b'] }),
      '1.13',
      ['b'],
    ],
  ])('%s', (_, fee, price, ids) => {
    // Items 40.00 + 10.00 − 10 % coupon = 45.00; shipping 5.00; CA tax 8.25 % on items, none on shipping or fees.
    const totals = estimateTotals(
      snapshot({
        lineItems: [item('a', '40.00'), item('b', '10.00')],
        coupon: coupon(),
        additionalFees: [fee],
        tax: manualTax(),
        ...shipped({ shippingAddress: CA_ADDRESS }),
      }),
    );
    expect(totals.additionalFees).toEqual([
      {
        code: 'tip',
        name: 'Tip',
        translatedName: 'Tip',
        price: expect.objectContaining({ amount: price }),
        priceBeforeTax: expect.objectContaining({ amount: price }),
        priceAfterTax: expect.objectContaining({ amount: price }),
        taxDetails: expect.objectContaining({ totalTax: expect.objectContaining({ amount: '0.00' }) }),
        providerAppId: 'tips-app',
        lineItemIds: ids,
        source: 'SERVICE_PLUGIN',
      },
    ]);
    expect(totals.priceSummary.additionalFees.amount).toBe(price);
    // 45.00 + 5.00 + 3.71 tax (3.30 + 0.74 on 36.00 and 9.00 → 2.97 + 0.74) + fee
    expect(totals.priceSummary.tax.amount).toBe('3.71');
    expect(totals.priceSummary.total.amount).toBe((45 + 5 + 3.71 + Number(price)).toFixed(2));
  });

  it('each source is carried through', () => {
    const sources = ['SERVICE_PLUGIN', 'ITEM', 'MANUAL', 'SHIPPING', 'PLATFORM'] as const;
    const totals = estimateTotals(
      snapshot({
        lineItems: [digital('a', '10.00')],
        additionalFees: sources.map((source) => tip({ amount: '1.00' }, { code: source, source })),
      }),
    );
    expect(totals.additionalFees.map((f) => f.source)).toEqual([...sources]);
    expect(totals.priceSummary.total.amount).toBe('15.00');
  });

  it('a malformed fee is left out and reported; the other fees stay', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [digital('a', '10.00')],
        additionalFees: [tip({ amount: 'free' }, { code: 'bad' }), tip({ amount: '2.00' })],
      }),
    );
    expect(totals.additionalFees.map((f) => f.code)).toEqual(['tip']);
    expect(totals.calculationErrors.orderValidationErrors).toMatchObject([
      { code: 'ADDITIONAL_FEE_CALCULATION_FAILED', data: { code: 'bad' } },
    ]);
    expect(totals.priceSummary.total.amount).toBe('12.00');
  });
});

describe('the engine as a whole', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const rich = (): PricingSnapshot =>
    snapshot({
      lineItems: [
        item('a', '19.99', { quantity: 3, weight: 0.4, fullPrice: '24.99' }),
        item('b', '5.55', { taxGroupId: 'goods' }),
        digital('c', '9.99', { paymentOption: 'FULL_PAYMENT_OFFLINE' }),
        item('d', '1.00', {
          availability: { status: 'PARTIALLY_AVAILABLE', quantityAvailable: 1 },
          quantity: 2,
        }),
      ],
      coupon: coupon({ expiresAt: '2025-06-16T00:00:00.000Z' }),
      merchantDiscounts: [{ amount: '1.01', lineItemIds: ['a', 'b'] }],
      tax: manualTax({ shippingTaxGroupId: 'goods' }),
      additionalFees: [{ code: 'tip', name: 'Tip', charge: { percentage: '10' }, source: 'SERVICE_PLUGIN' }],
      shipping: {
        regions: [US],
        options: [
          option('std', '4.99', { otherCharges: [{ type: 'HANDLING_FEE', price: '0.50' }] }),
          option('express', '14.99'),
        ],
      },
      shippingAddress: CA_ADDRESS,
    });

  it('is deterministic and reads no clock but snapshot.now', () => {
    const first = estimateTotals(rich());
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2030-01-01T00:00:00.000Z'));
    const later = estimateTotals(rich());
    expect(later).toEqual(first);
    // The coupon (valid until 2025-06-16) still applies: validity is judged at snapshot.now.
    expect(later.appliedDiscounts.some((d) => d.coupon?.code === 'SAVE')).toBe(true);
    expect(
      estimateTotals({ ...rich(), now: '2025-06-16T00:00:00.000Z' }).calculationErrors.couponCalculationError,
    ).toMatchObject({
      applicationError: { code: 'ERROR_COUPON_HAS_EXPIRED' },
    });
  });

  it('does not modify its input', () => {
    const input = rich();
    const copy = structuredClone(input);
    estimateTotals(input);
    expect(input).toEqual(copy);
  });

  it('adds up: lines, summary, pay now + later, discounts, tax', () => {
    const totals = estimateTotals(rich());
    const cents = (s: string) => BigInt(s.replace('.', ''));
    const s = totals.priceSummary;
    const lineSum = (pick: (l: (typeof totals.calculatedLineItems)[number]) => string) =>
      totals.calculatedLineItems.reduce((a, l) => a + cents(pick(l)), 0n);
    expect(lineSum((l) => l.pricesBreakdown.lineItemPrice.amount)).toBe(cents(s.subtotal.amount));
    const shippingDiscount = cents(
      totals.shippingInfo.selectedCarrierServiceOption?.cost.totalDiscount.amount ?? '0',
    );
    expect(lineSum((l) => l.pricesBreakdown.totalDiscount.amount) + shippingDiscount).toBe(
      cents(s.discount.amount),
    );
    expect(
      totals.appliedDiscounts.reduce(
        (a, d) => a + cents((d.coupon ?? d.merchantDiscount ?? d.discountRule)?.amount.amount ?? '0'),
        0n,
      ),
    ).toBe(cents(s.discount.amount));
    expect(cents(s.total.amount)).toBe(
      cents(s.subtotal.amount) +
        cents(s.shipping.amount) -
        cents(s.discount.amount) +
        cents(s.tax.amount) +
        cents(s.additionalFees.amount),
    );
    expect(cents(totals.payNow.total.amount) + cents(totals.payLater.total.amount)).toBe(
      cents(s.total.amount),
    );
    expect(cents(totals.taxSummary.totalTax.amount)).toBe(cents(s.tax.amount));
    // By hand: items 59.97 + 5.55 + 9.99 + 2.00 = 77.51; coupon 6.00 + 0.56 + 1.00 + 0.20 = 7.76; merchant 1.01
    // split 0.92 / 0.09 (largest remainder); shipping 4.99 + 0.50 handling; 8.25 % tax per line and charge:
    // 4.38 + 0.40 + 0.74 + 0.15 + 0.41 + 0.04 = 6.12; tip 10 % of 68.74 = 6.87. Line c (offline) is paid later.
    expect(lineSum((l) => l.pricesBreakdown.totalDiscount.amount)).toBe(877n);
    expect(totals.calculatedLineItems.map((l) => l.pricesBreakdown.totalDiscount.amount)).toEqual([
      '6.92',
      '0.65',
      '1.00',
      '0.20',
    ]);
    expect(totals.payLater.total.amount).toBe('9.73');
    expect(amounts(s)).toEqual({
      subtotal: '77.51',
      shipping: '5.49',
      tax: '6.12',
      discount: '8.77',
      total: '87.22',
      additionalFees: '6.87',
    });
    expect(totals.violations).toMatchObject([{ severity: 'WARNING', target: { lineItem: { id: 'd' } } }]);
  });

  it('failing parts each report in their own slot and the estimate still comes back', () => {
    const broken: PricingSnapshot = {
      ...rich(),
      coupon: { code: 'NOPE', definition: null, customerUsageCount: 0 },
      discountRules: [
        {
          id: 'r',
          name: 'Broken',
          active: true,
          trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: 'zero' } },
          discounts: { values: [] },
        },
      ],
      shipping: { regions: [US], options: [option('std', 'n/a')] },
      tax: manualTax({
        rates: [
          {
            taxRegionId: 'us-ca',
            taxGroupId: 'goods',
            jurisdictions: [{ jurisdiction: 'CA', jurisdictionType: 'STATE', rate: 'x' }],
          },
        ],
      }),
      memberships: { eligible: [], invalid: [], selected: [{ id: 'm', appId: 'x', lineItemIds: ['a'] }] },
    };
    const totals = estimateTotals(broken);
    expect(Object.keys(totals.calculationErrors).sort()).toEqual([
      'couponCalculationError',
      'discountsCalculationError',
      'generalShippingCalculationError',
      'membershipError',
      'taxCalculationError',
    ]);
    // Items 59.97 + 5.55 + 9.99 + 2.00 = 77.51, less the merchant discount 1.01; 10 % tip on 76.50.
    expect(amounts(totals.priceSummary)).toEqual({
      subtotal: '77.51',
      shipping: '0.00',
      tax: '0.00',
      discount: '1.01',
      total: '84.15',
      additionalFees: '7.65',
    });
  });

  it('the clock is validated', () => {
    expect(() => estimateTotals(snapshot({ now: 'tomorrow' }))).toThrow(RangeError);
  });

  it('an empty cart is all zeros', () => {
    const totals = estimateTotals(snapshot({ now: NOW }));
    expect(amounts(totals.priceSummary)).toEqual({
      subtotal: '0.00',
      shipping: '0.00',
      tax: '0.00',
      discount: '0.00',
      total: '0.00',
      additionalFees: '0.00',
    });
    expect(totals.calculationErrors).toEqual({});
  });
});
