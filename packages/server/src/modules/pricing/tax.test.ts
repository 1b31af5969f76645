import { describe, expect, it } from 'vitest';
import { estimateTotals } from './engine.ts';
import {
  amounts,
  CA_ADDRESS,
  coupon,
  item,
  line,
  manualTax,
  NY_ADDRESS,
  option,
  snapshot,
  US,
  US_STORE,
} from './fixtures.ts';
import type { AutoTaxResult, LineItemSnapshot, PricingSnapshot, TaxSettings } from './snapshot.ts';

function taxed(
  lineItems: LineItemSnapshot[],
  extra: Partial<PricingSnapshot> = {},
  tax: TaxSettings = manualTax(),
) {
  // No shipping unless the test sets it up (a store without shipping options reports an error for physical items).
  return estimateTotals(
    snapshot({
      lineItems,
      tax,
      shippingAddress: CA_ADDRESS,
      calculateShipping: extra.shipping !== undefined,
      ...extra,
    }),
  );
}

/** One region, one group, one rate: `rate` percent, prices with or without tax. */
function flatTax(rate: string, taxIncludedInPrice: boolean): TaxSettings {
  return manualTax({
    regions: [{ id: 'us-ca', country: 'US', subdivision: 'CA', taxIncludedInPrice }],
    rates: [
      {
        taxRegionId: 'us-ca',
        taxGroupId: 'goods',
        jurisdictions: [{ jurisdiction: 'CA', jurisdictionType: 'STATE', rate }],
      },
    ],
  });
}

/** Totals of these items in a `currency` store (prices with tax when `storeIncluded`) under a `flatTax(rate,
 * regionIncluded)`, shipped to `address`. */
function flatTotals(
  lineItems: LineItemSnapshot[],
  rate: string,
  { currency = 'USD', storeIncluded = false, regionIncluded = false, address = CA_ADDRESS } = {},
) {
  return estimateTotals(
    snapshot({
      store: { currency, weightUnit: 'KG', taxIncludedInPrices: storeIncluded },
      lineItems,
      tax: flatTax(rate, regionIncluded),
      shippingAddress: address,
    }),
  );
}

describe('tax added to prices vs included in them', () => {
  it.each([
    // included, price, rate, tax, before tax, after tax, order total
    [false, '100.00', '8.25', '8.25', '100.00', '108.25', '108.25'],
    [true, '108.25', '8.25', '8.25', '100.00', '108.25', '108.25'],
    [false, '10.00', '20', '2.00', '10.00', '12.00', '12.00'],
    [true, '10.00', '20', '1.67', '8.33', '10.00', '10.00'],
    [true, '11.90', '19', '1.90', '10.00', '11.90', '11.90'],
    [false, '9.99', '0', '0.00', '9.99', '9.99', '9.99'],
  ])(
    'included %s: %s at %s %% → tax %s, before %s, after %s, total %s',
    (included, price, rate, tax, before, after, total) => {
      const totals = taxed([item('a', price)], {}, flatTax(rate, included));
      const breakdown = line(totals, 'a');
      expect(breakdown.taxDetails.totalTax.amount).toBe(tax);
      expect(breakdown.totalPriceBeforeTax.amount).toBe(before);
      expect(breakdown.totalPriceAfterTax.amount).toBe(after);
      expect(breakdown.taxDetails.taxableAmount.amount).toBe(before);
      expect(amounts(totals.priceSummary)).toMatchObject({ subtotal: price, tax, total });
    },
  );

  it.each([
    [true, false, '110.00'],
    [false, true, '100.00'],
  ])('the tax region decides (store included %s, region included %s → total %s)', (store, region, total) => {
    const totals = flatTotals([item('a', '100.00')], '10', { storeIncluded: store, regionIncluded: region });
    expect(totals.priceSummary.total.amount).toBe(total);
  });

  it('outside every tax region, tax-included prices are charged as they are, with no tax', () => {
    const totals = flatTotals([item('a', '119.00')], '19', {
      currency: 'EUR',
      storeIncluded: true,
      regionIncluded: true,
      address: NY_ADDRESS,
    });
    expect(amounts(totals.priceSummary)).toMatchObject({ tax: '0.00', total: '119.00' });
    expect(totals.taxSummary.calculationDetails).toEqual({ rateType: 'NO_TAX_COLLECTED' });
  });
});

describe('tax rounding per currency, half away from zero, per line', () => {
  it.each([
    ['USD', '9.99', '8.25', '0.82'],
    ['USD', '1.00', '12.5', '0.13'],
    ['USD', '1.03', '12.5', '0.13'],
    ['JPY', '1000', '8.25', '83'],
    ['JPY', '100', '12.5', '13'],
    ['JPY', '99', '10', '10'],
    ['KWD', '1.234', '8.25', '0.102'],
    ['KWD', '0.100', '12.5', '0.013'],
    ['KWD', '12.345', '5', '0.617'],
  ])('%s %s at %s %% added → %s', (currency, price, rate, tax) => {
    const totals = flatTotals([item('a', price)], rate, { currency });
    expect(totals.priceSummary.tax.amount).toBe(tax);
  });

  it.each([
    ['USD', '0.10', '0.06'],
    ['JPY', '10', '6'],
    ['KWD', '0.010', '0.006'],
  ])('%s: two lines of %s at 25 %% round each line (%s), not the sum', (currency, price, tax) => {
    const totals = flatTotals([item('a', price), item('b', price)], '25', { currency });
    expect(totals.priceSummary.tax.amount).toBe(tax);
  });

  it.each([
    ['JPY', '¥1,083'],
    ['KWD', 'KWD\u00a01.083'],
    ['USD', '$1.08'],
  ])('%s amounts are formatted with Intl (%s)', (currency, formatted) => {
    const price = currency === 'JPY' ? '1000' : '1.000';
    const totals = flatTotals([item('a', price)], '8.25', { currency });
    expect(totals.priceSummary.total.formattedAmount).toBe(formatted);
    expect(totals.priceSummary.total.formattedConvertedAmount).toBe(formatted);
    expect(totals.priceSummary.total.convertedAmount).toBe(totals.priceSummary.total.amount);
    expect(totals.currency).toBe(currency);
  });
});

describe('jurisdictions', () => {
  it.each([
    // price, per jurisdiction (6 % state, 2.25 % county), line tax
    ['27.00', ['1.62', '0.61'], '2.23'],
    ['100.00', ['6.00', '2.25'], '8.25'],
    ['0.99', ['0.06', '0.02'], '0.08'],
    ['5.39', ['0.32', '0.12'], '0.44'],
  ])('%s: the jurisdiction taxes %j sum to the line tax %s', (price, parts, total) => {
    const totals = taxed([item('a', price)]);
    const details = line(totals, 'a').taxDetails;
    expect(details.totalTax.amount).toBe(total);
    expect(details.taxRate).toBe('0.0825');
    expect(details.taxBreakdown.map((b) => b.taxAmount.amount)).toEqual(parts);
    expect(details.taxBreakdown.map((b) => [b.jurisdiction, b.jurisdictionType, b.rate])).toEqual([
      ['California', 'STATE', '0.06'],
      ['Los Angeles', 'COUNTY', '0.0225'],
    ]);
    expect(details.rateBreakdown.map((b) => [b.name, b.rate, b.tax.amount])).toEqual([
      ['California', '0.06', parts[0]],
      ['Los Angeles', '0.0225', parts[1]],
    ]);
  });

  it('a region for the subdivision beats the one for its country', () => {
    const tax = manualTax({
      regions: [
        { id: 'us', country: 'US', taxIncludedInPrice: false },
        { id: 'us-ca', country: 'US', subdivision: 'CA', taxIncludedInPrice: false },
      ],
      rates: [
        ...manualTax().rates,
        {
          taxRegionId: 'us',
          taxGroupId: 'goods',
          jurisdictions: [{ jurisdiction: 'US', jurisdictionType: 'COUNTRY', rate: '5' }],
        },
      ],
    });
    expect(taxed([item('a', '100.00')], {}, tax).priceSummary.tax.amount).toBe('8.25');
    expect(taxed([item('a', '100.00')], { shippingAddress: NY_ADDRESS }, tax).priceSummary.tax.amount).toBe(
      '5.00',
    );
  });

  it('tax groups: each line is taxed at its group rate; a group without rates is taxed at 0', () => {
    const tax = manualTax({
      groups: [
        { id: 'goods', name: 'Goods' },
        { id: 'books', name: 'Books' },
        { id: 'food', name: 'Food' },
      ],
      rates: [
        ...manualTax().rates,
        {
          taxRegionId: 'us-ca',
          taxGroupId: 'books',
          jurisdictions: [{ jurisdiction: 'California', jurisdictionType: 'STATE', rate: '2' }],
        },
      ],
    });
    const totals = taxed(
      [
        item('a', '100.00'),
        item('b', '100.00', { taxGroupId: 'books' }),
        item('c', '100.00', { taxGroupId: 'food' }),
      ],
      {},
      tax,
    );
    expect(totals.calculatedLineItems.map((l) => l.pricesBreakdown.taxDetails.totalTax.amount)).toEqual([
      '8.25',
      '2.00',
      '0.00',
    ]);
    expect(totals.taxSummary.taxableAmount.amount).toBe('300.00');
    expect(totals.taxSummary.calculationDetails).toEqual({
      rateType: 'MANUAL_RATE',
      manualRateReason: 'GLOBAL_SETTING_TO_MANUAL',
    });
  });

  it('gift cards are not taxed', () => {
    const totals = taxed([item('gift', '50.00', { itemType: 'GIFT_CARD' }), item('a', '100.00')]);
    expect(line(totals, 'gift').taxDetails.totalTax.amount).toBe('0.00');
    expect(totals.priceSummary.tax.amount).toBe('8.25');
    expect(totals.taxSummary.taxableAmount.amount).toBe('100.00');
  });
});

describe('taxable address', () => {
  const business = { country: 'US', subdivision: 'CA', city: 'San Diego' };
  // The line's own type, else the store's default (`store.defaultTaxableAddressType`), else SHIPPING.
  // address type, billing, shipping, tax: the same cases whether the line or the store names the type.
  const chosen = [
    ['SHIPPING', NY_ADDRESS, CA_ADDRESS, '8.25'],
    ['SHIPPING', CA_ADDRESS, NY_ADDRESS, '0.00'],
    ['BILLING', NY_ADDRESS, CA_ADDRESS, '0.00'],
    ['BILLING', CA_ADDRESS, NY_ADDRESS, '8.25'],
    ['BUSINESS', NY_ADDRESS, NY_ADDRESS, '8.25'],
  ] as const;
  it.each([
    ...(['line', 'store'] as const).flatMap((from) => chosen.map((c) => [from, ...c] as const)),
    ['neither', 'SHIPPING', NY_ADDRESS, CA_ADDRESS, '8.25'],
    ['neither', 'SHIPPING', CA_ADDRESS, NY_ADDRESS, '0.00'],
  ] as const)(
    "the %s's %s with billing %j and shipping %j → tax %s",
    (from, addressType, billingAddress, shippingAddress, tax) => {
      const totals = estimateTotals(
        snapshot({
          store: {
            ...US_STORE,
            businessAddress: business,
            ...(from === 'store' ? { defaultTaxableAddressType: addressType } : {}),
          },
          lineItems: [item('a', '100.00', from === 'line' ? { taxableAddressType: addressType } : {})],
          tax: manualTax(),
          billingAddress,
          shippingAddress,
        }),
      );
      expect(totals.priceSummary.tax.amount).toBe(tax);
      expect(totals.calculatedLineItems[0]?.taxableAddress).toEqual({ addressType });
    },
  );

  it("a line's own taxable address beats the store's default", () => {
    const totals = estimateTotals(
      snapshot({
        store: { ...US_STORE, defaultTaxableAddressType: 'BILLING' },
        lineItems: [item('own', '100.00', { taxableAddressType: 'SHIPPING' }), item('default', '100.00')],
        tax: manualTax(),
        billingAddress: CA_ADDRESS,
        shippingAddress: NY_ADDRESS,
      }),
    );
    expect(line(totals, 'own').taxDetails.totalTax.amount).toBe('0.00');
    expect(line(totals, 'default').taxDetails.totalTax.amount).toBe('8.25');
  });

  it('without a shipping address, SHIPPING falls back to the billing address', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [item('a', '100.00', { itemType: 'SERVICE' })],
        tax: manualTax(),
        billingAddress: CA_ADDRESS,
      }),
    );
    expect(totals.priceSummary.tax.amount).toBe('8.25');
  });
});

describe('what is taxed', () => {
  it('tax is on the amounts after every discount', () => {
    // 200.00 − 10 % coupon = 180.00; 8.25 % of 180.00 = 14.85.
    const totals = taxed([item('a', '100.00', { quantity: 2 })], { coupon: coupon() });
    expect(amounts(totals.priceSummary)).toEqual({
      subtotal: '200.00',
      shipping: '0.00',
      tax: '14.85',
      discount: '20.00',
      total: '194.85',
      additionalFees: '0.00',
    });
  });

  it.each([
    [undefined, '0.00', '118.25'],
    ['goods', '0.83', '119.08'],
  ])('shipping tax group %s → shipping tax %s, total %s', (shippingTaxGroupId, shippingTax, total) => {
    const totals = taxed(
      [item('a', '100.00')],
      { shipping: { regions: [US], options: [option('std', '10.00')] } },
      manualTax(shippingTaxGroupId ? { shippingTaxGroupId } : {}),
    );
    expect(totals.shippingInfo.selectedCarrierServiceOption?.cost.taxDetails.totalTax.amount).toBe(
      shippingTax,
    );
    expect(totals.priceSummary.total.amount).toBe(total);
  });

  it('an option can name its own tax group, and charges are taxed with it', () => {
    const shipping = {
      regions: [US],
      options: [
        option('std', '10.00', {
          taxGroupId: 'goods',
          otherCharges: [{ type: 'INSURANCE' as const, price: '2.00' }],
        }),
      ],
    };
    const totals = taxed([item('a', '100.00')], { shipping });
    const chosen = totals.shippingInfo.selectedCarrierServiceOption;
    expect(chosen?.cost.taxDetails.totalTax.amount).toBe('0.83');
    expect(chosen?.otherCharges[0]?.cost.totalPriceAfterTax.amount).toBe('2.17');
    expect(totals.priceSummary.tax.amount).toBe('9.25');
    expect(totals.taxSummary.taxableAmount.amount).toBe('112.00');
  });

  it('calculateTax false: no tax at all, NO_TAX_COLLECTED', () => {
    const totals = taxed([item('a', '100.00')], { calculateTax: false });
    expect(totals.priceSummary.tax.amount).toBe('0.00');
    expect(totals.priceSummary.total.amount).toBe('100.00');
    expect(totals.taxSummary).toMatchObject({
      totalTax: { amount: '0.00' },
      calculationDetails: { rateType: 'NO_TAX_COLLECTED' },
    });
  });
});

describe('auto tax and its fallback', () => {
  const providerRates = [
    { jurisdiction: 'California', jurisdictionType: 'STATE' as const, rate: '7.25', taxName: 'CA sales tax' },
    { jurisdiction: 'LA Metro', jurisdictionType: 'SPECIAL' as const, rate: '2.25' },
  ];
  const auto = (autoTax: AutoTaxResult | undefined, regionManual = false) =>
    manualTax({
      calculation: 'AUTO',
      regions: [
        {
          id: 'us-ca',
          country: 'US',
          subdivision: 'CA',
          taxIncludedInPrice: false,
          manualRates: regionManual,
        },
      ],
      ...(autoTax ? { autoTax } : {}),
    });

  it.each([
    [
      'the provider answered',
      auto({ ok: { lineItems: { a: providerRates } } }),
      '9.50',
      { rateType: 'AUTO_RATE' },
    ],
    [
      'the provider failed: manual rates',
      auto({ failed: { reason: 'provider timed out' } }),
      '8.25',
      {
        rateType: 'FALLBACK_RATE',
        autoTaxFallbackDetails: {
          fallbackReason: 'AUTO_TAX_FAILED',
          error: { code: 'AUTO_TAX_FAILED', description: 'provider timed out' },
        },
      },
    ],
    [
      'no provider: manual rates',
      auto(undefined),
      '8.25',
      { rateType: 'FALLBACK_RATE', autoTaxFallbackDetails: { fallbackReason: 'AUTO_TAX_DEACTIVATED' } },
    ],
    [
      'the region keeps manual rates',
      auto({ ok: { lineItems: { a: providerRates } } }, true),
      '8.25',
      { rateType: 'MANUAL_RATE', manualRateReason: 'REGION_SETTING_TO_MANUAL' },
    ],
    [
      'manual everywhere',
      manualTax(),
      '8.25',
      { rateType: 'MANUAL_RATE', manualRateReason: 'GLOBAL_SETTING_TO_MANUAL' },
    ],
  ])('%s', (_, tax, amount, details) => {
    const totals = taxed([item('a', '100.00')], {}, tax);
    expect(totals.priceSummary.tax.amount).toBe(amount);
    expect(totals.taxSummary.calculationDetails).toEqual(details);
    expect(totals.calculationErrors).toEqual({});
  });

  it('provider rates carry their names into the breakdown', () => {
    const totals = taxed([item('a', '100.00')], {}, auto({ ok: { lineItems: { a: providerRates } } }));
    expect(line(totals, 'a').taxDetails.taxBreakdown).toMatchObject([
      {
        jurisdiction: 'California',
        jurisdictionType: 'STATE',
        taxName: 'CA sales tax',
        rate: '0.0725',
        taxAmount: { amount: '7.25' },
      },
      {
        jurisdiction: 'LA Metro',
        jurisdictionType: 'SPECIAL',
        taxName: 'LA Metro',
        rate: '0.0225',
        taxAmount: { amount: '2.25' },
      },
    ]);
  });
});

describe('a broken tax setting', () => {
  it('fails only the tax part: a taxCalculationError and no tax', () => {
    const broken = manualTax({
      rates: [
        {
          taxRegionId: 'us-ca',
          taxGroupId: 'goods',
          jurisdictions: [{ jurisdiction: 'CA', jurisdictionType: 'STATE', rate: '-5' }],
        },
      ],
    });
    const totals = taxed([item('a', '100.00')], { coupon: coupon() }, broken);
    expect(totals.calculationErrors.taxCalculationError).toMatchObject({
      systemError: { errorCode: 'CALCULATION_FAILED' },
    });
    expect(amounts(totals.priceSummary)).toMatchObject({
      subtotal: '100.00',
      discount: '10.00',
      tax: '0.00',
      total: '90.00',
    });
    expect(totals.taxSummary.calculationDetails.rateType).toBe('NO_TAX_COLLECTED');
  });
});
