import { describe, expect, it } from 'vitest';
import { estimateTotals } from './engine.ts';
import {
  amounts,
  CA_ADDRESS,
  CALIFORNIA,
  coupon,
  item,
  manualTax,
  NY_ADDRESS,
  option,
  snapshot,
  US,
} from './fixtures.ts';
import type {
  ConditionOperator,
  ConditionType,
  LineItemSnapshot,
  PricingSnapshot,
  ShippingOptionSnapshot,
} from './snapshot.ts';

function withShipping(
  lineItems: LineItemSnapshot[],
  options: ShippingOptionSnapshot[],
  extra: Partial<PricingSnapshot> = {},
): PricingSnapshot {
  return snapshot({ lineItems, shipping: { regions: [US], options }, shippingAddress: NY_ADDRESS, ...extra });
}

/**
 * A 10.00 line with a 1.00 coupon whose shipping part failed: no options, and the rest of the estimate
 * stands without shipping.
 */
function expectEstimateWithoutShipping(totals: ReturnType<typeof estimateTotals>): void {
  expect(totals.shippingInfo).toEqual({ carrierServiceOptions: [] });
  expect(amounts(totals.priceSummary)).toMatchObject({
    subtotal: '10.00',
    shipping: '0.00',
    discount: '1.00',
    total: '9.00',
  });
}

/** Lines whose shippable total weight / price / quantity is below, at or above the boundary. */
const BOUNDARY: Record<
  ConditionType,
  { value: string; below: LineItemSnapshot[]; at: LineItemSnapshot[]; above: LineItemSnapshot[] }
> = {
  BY_TOTAL_WEIGHT: {
    value: '0.3',
    below: [item('a', '1.00', { weight: 0.1 }), item('b', '1.00', { weight: 0.1999 })],
    // 0.1 + 0.2 is 0.30000000000000004 in floats: weights are summed as exact decimals.
    at: [item('a', '1.00', { weight: 0.1 }), item('b', '1.00', { weight: 0.2 })],
    above: [item('a', '1.00', { weight: 0.1 }), item('b', '1.00', { weight: 0.2001 })],
  },
  BY_TOTAL_PRICE: {
    value: '50',
    below: [item('a', '49.99')],
    at: [item('a', '25.00', { quantity: 2 })],
    above: [item('a', '50.01')],
  },
  BY_TOTAL_QUANTITY: {
    value: '3',
    below: [item('a', '1.00', { quantity: 2 })],
    at: [item('a', '1.00', { quantity: 2 }), item('b', '1.00')],
    above: [item('a', '1.00', { quantity: 4 })],
  },
};

const EXPECTED: Record<ConditionOperator, Record<'below' | 'at' | 'above', boolean>> = {
  EQ: { below: false, at: true, above: false },
  GT: { below: false, at: false, above: true },
  GTE: { below: false, at: true, above: true },
  LT: { below: true, at: false, above: false },
  LTE: { below: true, at: true, above: false },
};

const operatorRows = (Object.keys(BOUNDARY) as ConditionType[]).flatMap((type) =>
  (Object.keys(EXPECTED) as ConditionOperator[]).flatMap((operator) =>
    (['below', 'at', 'above'] as const).map(
      (where) => [type, operator, where, EXPECTED[operator][where]] as const,
    ),
  ),
);

describe('shipping rate conditions', () => {
  it.each(operatorRows)(
    '%s %s with the total %s the boundary matches: %s',
    (type, operator, where, matches) => {
      const { value } = BOUNDARY[type];
      const totals = estimateTotals(
        withShipping(BOUNDARY[type][where], [
          option('std', '0', {
            rates: [
              { amount: '7.00', conditions: [{ type, operator, value }] },
              { amount: '9.00', conditions: [] },
            ],
          }),
        ]),
      );
      expect(totals.shippingInfo.selectedCarrierServiceOption?.cost.price.amount).toBe(
        matches ? '7.00' : '9.00',
      );
    },
  );

  it.each([
    ['1', '12.00'],
    ['1.5', '5.00'],
    ['2.999', '5.00'],
    ['3', '12.00'],
  ])('conditions of one rate are ANDed (weight %s kg → %s)', (weight, price) => {
    const rates = [
      {
        amount: '5.00',
        conditions: [
          { type: 'BY_TOTAL_WEIGHT' as const, operator: 'GT' as const, value: '1' },
          { type: 'BY_TOTAL_WEIGHT' as const, operator: 'LT' as const, value: '3' },
        ],
      },
      { amount: '12.00', conditions: [] },
    ];
    const totals = estimateTotals(
      withShipping([item('a', '10.00', { weight: Number(weight) })], [option('std', '0', { rates })]),
    );
    expect(totals.priceSummary.shipping.amount).toBe(price);
  });

  it.each([
    [1, '4.00'],
    [2, '8.00'],
    [3, '8.00'],
    [4, '20.00'],
  ])('the first matching rate wins (quantity %d → %s)', (quantity, price) => {
    const rates = [
      {
        amount: '4.00',
        conditions: [{ type: 'BY_TOTAL_QUANTITY' as const, operator: 'EQ' as const, value: '1' }],
      },
      {
        amount: '8.00',
        conditions: [{ type: 'BY_TOTAL_QUANTITY' as const, operator: 'LTE' as const, value: '3' }],
      },
      { amount: '20.00', conditions: [] },
      { amount: '1.00', conditions: [] },
    ];
    const totals = estimateTotals(
      withShipping([item('a', '10.00', { quantity })], [option('std', '0', { rates })]),
    );
    expect(totals.priceSummary.shipping.amount).toBe(price);
  });

  it.each([
    [false, '2.50'],
    [true, '7.50'],
  ])('multiplyByQuantity %s multiplies by the shippable quantity', (multiplyByQuantity, price) => {
    const lines = [
      item('a', '10.00', { quantity: 2 }),
      item('b', '5.00'),
      item('e-book', '9.00', { itemType: 'DIGITAL' }),
    ];
    const totals = estimateTotals(
      withShipping(lines, [
        option('std', '0', { rates: [{ amount: '2.50', conditions: [], multiplyByQuantity }] }),
      ]),
    );
    expect(totals.priceSummary.shipping.amount).toBe(price);
  });

  it('price conditions see the shippable lines after discounts, not digital lines', () => {
    const freeOver50 = option('std', '0', {
      rates: [
        { amount: '0.00', conditions: [{ type: 'BY_TOTAL_PRICE', operator: 'GTE', value: '50' }] },
        { amount: '6.00', conditions: [] },
      ],
    });
    const lines = [item('a', '55.00'), item('e-book', '100.00', { itemType: 'DIGITAL' })];
    expect(estimateTotals(withShipping(lines, [freeOver50])).priceSummary.shipping.amount).toBe('0.00');
    // 10 % off: the shippable line is 49.50, below 50.
    const discounted = estimateTotals(withShipping(lines, [freeOver50], { coupon: coupon() }));
    expect(discounted.priceSummary.shipping.amount).toBe('6.00');
  });
});

describe('delivery regions and option choice', () => {
  const regions = [US, CALIFORNIA];
  const options = [
    option('us-ground', '8.00', { deliveryRegionIds: ['us'] }),
    option('ca-local', '3.00', { deliveryRegionIds: ['ca'] }),
  ];

  it.each([
    [CA_ADDRESS, 'ca', ['ca-local']],
    [{ country: 'US', subdivision: 'CA' }, 'ca', ['ca-local']],
    [{ country: 'us', subdivision: 'us-ca' }, 'ca', ['ca-local']],
    [NY_ADDRESS, 'us', ['us-ground']],
    [{ country: 'US' }, 'us', ['us-ground']],
  ])('%j is in region %s (a subdivision beats its country)', (address, regionId, codes) => {
    const totals = estimateTotals(
      snapshot({ lineItems: [item('a', '10.00')], shipping: { regions, options }, shippingAddress: address }),
    );
    expect(totals.shippingInfo.region?.id).toBe(regionId);
    expect(
      totals.shippingInfo.carrierServiceOptions.flatMap((c) => c.shippingOptions.map((o) => o.code)),
    ).toEqual(codes);
    expect(totals.calculationErrors).toEqual({});
  });

  it('nothing ships to the address: an error in its slot, the rest of the estimate stands', () => {
    const totals = estimateTotals(
      snapshot({
        lineItems: [item('a', '10.00')],
        shipping: { regions, options },
        shippingAddress: { country: 'FR' },
        coupon: coupon(),
      }),
    );
    expect(totals.calculationErrors.generalShippingCalculationError).toEqual({
      applicationError: {
        code: 'NO_SHIPPING_OPTIONS',
        description: 'No shipping options are available for this address.',
        data: { country: 'FR' },
      },
    });
    expectEstimateWithoutShipping(totals);
  });

  it('a region whose options have no matching rate offers nothing', () => {
    const heavyOnly = option('freight', '50.00', {
      rates: [{ amount: '50.00', conditions: [{ type: 'BY_TOTAL_WEIGHT', operator: 'GT', value: '100' }] }],
    });
    const totals = estimateTotals(withShipping([item('a', '10.00', { weight: 1 })], [heavyOnly]));
    expect(totals.calculationErrors.generalShippingCalculationError).toMatchObject({
      applicationError: { code: 'NO_SHIPPING_OPTIONS' },
    });
    expect(totals.shippingInfo.region).toEqual({ id: 'us', name: 'United States' });
  });

  it('without a shipping address there is no shipping and a MISSING_SHIPPING_ADDRESS error', () => {
    const totals = estimateTotals(
      withShipping([item('a', '10.00')], [option('std', '5.00')], { shippingAddress: {} }),
    );
    expect(totals.calculationErrors.generalShippingCalculationError).toMatchObject({
      applicationError: { code: 'MISSING_SHIPPING_ADDRESS' },
    });
    expect(totals.priceSummary.total.amount).toBe('10.00');
  });

  it.each([
    ['calculateShipping is false', [item('a', '10.00')], { calculateShipping: false }],
    [
      'nothing is shippable',
      [item('e-book', '10.00', { itemType: 'DIGITAL' }), item('svc', '10.00', { itemType: 'SERVICE' })],
      {},
    ],
    ['the physical line is marked not shippable', [item('a', '10.00', { shippable: false })], {}],
  ])('no shipping and no error when %s', (_, lines, extra) => {
    const totals = estimateTotals(withShipping(lines, [option('std', '5.00')], extra));
    expect(totals.shippingInfo).toEqual({ carrierServiceOptions: [] });
    expect(totals.priceSummary.shipping.amount).toBe('0.00');
    expect(totals.calculationErrors).toEqual({});
  });

  const three = [option('express', '15.00'), option('standard', '5.00'), option('economy', '5.00')];

  it.each([
    ['none selected → the cheapest, first among equals', undefined, 'standard', false, false],
    ['the selected one', { carrierId: 'aisle-shipping', code: 'express' }, 'express', true, false],
    [
      'an unknown selection → the cheapest, with an error',
      { carrierId: 'aisle-shipping', code: 'drone' },
      'standard',
      false,
      true,
    ],
    [
      'a selection from another carrier → the cheapest',
      { carrierId: 'other', code: 'express' },
      'standard',
      false,
      true,
    ],
  ])('choice: %s', (_, selected, code, requested, error) => {
    const totals = estimateTotals(
      withShipping([item('a', '10.00')], three, selected ? { selectedShippingOption: selected } : {}),
    );
    const chosen = totals.shippingInfo.selectedCarrierServiceOption;
    expect(chosen?.code).toBe(code);
    expect(chosen?.requestedShippingOption).toBe(requested);
    expect(totals.calculationErrors.selectedShippingOptionError !== undefined).toBe(error);
  });

  it('the cheapest counts handling fees and insurance', () => {
    const options = [
      option('a', '5.00', { otherCharges: [{ type: 'HANDLING_FEE', price: '3.00' }] }),
      option('b', '7.00'),
    ];
    const totals = estimateTotals(withShipping([item('x', '10.00')], options));
    expect(totals.shippingInfo.selectedCarrierServiceOption?.code).toBe('b');
  });

  it('handling fee and insurance are part of shipping and listed as other charges', () => {
    const insured = option('std', '5.00', {
      otherCharges: [
        { type: 'HANDLING_FEE', price: '1.50', details: 'Packing' },
        { type: 'INSURANCE', price: '2.25' },
      ],
    });
    const totals = estimateTotals(withShipping([item('a', '10.00')], [insured]));
    expect(amounts(totals.priceSummary)).toMatchObject({ shipping: '8.75', total: '18.75' });
    const chosen = totals.shippingInfo.selectedCarrierServiceOption;
    expect(chosen?.cost.price.amount).toBe('5.00');
    expect(chosen?.otherCharges.map((c) => [c.type, c.details, c.cost.price.amount])).toEqual([
      ['HANDLING_FEE', 'Packing', '1.50'],
      ['INSURANCE', undefined, '2.25'],
    ]);
    expect(totals.shippingInfo.carrierServiceOptions[0]?.shippingOptions[0]?.cost.otherCharges).toMatchObject(
      [
        { type: 'HANDLING_FEE', price: { amount: '1.50' } },
        { type: 'INSURANCE', price: { amount: '2.25' } },
      ],
    );
  });

  it('carries delivery time, instructions and time slot into logistics, grouped by carrier', () => {
    const slot = { from: '2025-06-16T09:00:00.000Z', to: '2025-06-16T12:00:00.000Z' };
    const options = [
      option('std', '5.00', { estimatedDeliveryTime: '3-5 business days', instructions: 'Leave at door' }),
      option('morning', '9.00', { carrierId: 'courier', deliveryTimeSlot: slot }),
    ];
    const totals = estimateTotals(withShipping([item('a', '10.00')], options));
    expect(totals.shippingInfo.carrierServiceOptions).toMatchObject([
      {
        carrierId: 'aisle-shipping',
        shippingOptions: [
          {
            code: 'std',
            logistics: { deliveryTime: '3-5 business days', instructions: 'Leave at door' },
            partial: false,
          },
        ],
      },
      { carrierId: 'courier', shippingOptions: [{ code: 'morning', logistics: { deliveryTimeSlot: slot } }] },
    ]);
  });
});

describe('pickup options', () => {
  const store = { country: 'US', subdivision: 'CA', city: 'Los Angeles', addressLine: '1 Main St' };
  const pickup = option('pickup', '0', {
    title: 'Pick up in store',
    pickup: { address: store, pickupMethod: 'STORE_PICKUP', businessLocation: 'Main store' },
    instructions: 'Ask at the counter',
  });
  const locker = option('locker', '1.00', { pickup: { address: store, pickupMethod: 'PICKUP_POINT' } });

  it.each([
    ['pickup', 'STORE_PICKUP', '0.00'],
    ['locker', 'PICKUP_POINT', '1.00'],
  ])('%s: pickup details with address and method %s', (code, method, price) => {
    const totals = estimateTotals(
      withShipping([item('a', '10.00')], [pickup, locker, option('std', '5.00')], {
        selectedShippingOption: { carrierId: 'aisle-shipping', code },
      }),
    );
    const chosen = totals.shippingInfo.selectedCarrierServiceOption;
    expect(chosen?.logistics.pickupDetails).toEqual({
      address: store,
      pickupMethod: method,
      ...(code === 'pickup' ? { businessLocation: 'Main store' } : {}),
    });
    expect(chosen?.cost.price.amount).toBe(price);
  });

  it('a free pickup is the cheapest, so the default when nothing is selected', () => {
    const totals = estimateTotals(withShipping([item('a', '10.00')], [option('std', '5.00'), pickup]));
    expect(totals.shippingInfo.selectedCarrierServiceOption?.code).toBe('pickup');
  });

  it('tax on a picked-up order uses the pickup address, not the shipping address', () => {
    const base = withShipping([item('a', '100.00')], [pickup, option('std', '5.00')], { tax: manualTax() });
    const shipped = estimateTotals({
      ...base,
      selectedShippingOption: { carrierId: 'aisle-shipping', code: 'std' },
    });
    const picked = estimateTotals({
      ...base,
      selectedShippingOption: { carrierId: 'aisle-shipping', code: 'pickup' },
    });
    expect(shipped.priceSummary.tax.amount).toBe('0.00');
    expect(picked.priceSummary.tax.amount).toBe('8.25');
  });
});

describe('free-shipping coupon', () => {
  const freeShipping = coupon({
    discount: { type: 'FREE_SHIPPING' },
    code: 'FREESHIP',
    name: 'Free shipping',
  });

  it('zeroes the selected rate and shows as a SHIPPING discount; handling fees stay', () => {
    const handled = option('std', '6.00', { otherCharges: [{ type: 'HANDLING_FEE', price: '1.00' }] });
    const totals = estimateTotals(withShipping([item('a', '20.00')], [handled], { coupon: freeShipping }));
    expect(amounts(totals.priceSummary)).toEqual({
      subtotal: '20.00',
      shipping: '7.00',
      tax: '0.00',
      discount: '6.00',
      total: '21.00',
      additionalFees: '0.00',
    });
    expect(totals.appliedDiscounts).toMatchObject([
      {
        discountType: 'SHIPPING',
        lineItemIds: [],
        coupon: { id: 'coupon-1', code: 'FREESHIP', name: 'Free shipping', amount: { amount: '6.00' } },
      },
    ]);
    const cost = totals.shippingInfo.selectedCarrierServiceOption?.cost;
    expect([cost?.price.amount, cost?.totalDiscount.amount, cost?.totalPriceAfterTax.amount]).toEqual([
      '6.00',
      '6.00',
      '0.00',
    ]);
    expect(totals.calculatedLineItems[0]?.pricesBreakdown.totalDiscount.amount).toBe('0.00');
  });

  it('applies to the selected option, not the cheapest', () => {
    const totals = estimateTotals(
      withShipping([item('a', '20.00')], [option('std', '5.00'), option('express', '15.00')], {
        coupon: freeShipping,
        selectedShippingOption: { carrierId: 'aisle-shipping', code: 'express' },
      }),
    );
    expect(totals.priceSummary.discount.amount).toBe('15.00');
    expect(totals.priceSummary.total.amount).toBe('20.00');
  });

  it('with nothing to ship it is accepted with a zero amount', () => {
    const totals = estimateTotals(
      withShipping([item('e-book', '20.00', { itemType: 'DIGITAL' })], [option('std', '5.00')], {
        coupon: freeShipping,
      }),
    );
    expect(totals.calculationErrors).toEqual({});
    expect(totals.appliedDiscounts).toMatchObject([
      { discountType: 'SHIPPING', coupon: { amount: { amount: '0.00' } } },
    ]);
    expect(totals.priceSummary.total.amount).toBe('20.00');
  });

  it('the discounted shipping is taxed at zero', () => {
    const totals = estimateTotals(
      withShipping([item('a', '100.00')], [option('std', '10.00')], {
        coupon: freeShipping,
        shippingAddress: CA_ADDRESS,
        tax: manualTax({ shippingTaxGroupId: 'goods' }),
      }),
    );
    expect(totals.priceSummary.tax.amount).toBe('8.25');
    expect(totals.shippingInfo.selectedCarrierServiceOption?.cost.taxDetails.totalTax.amount).toBe('0.00');
  });
});

describe('a broken shipping setting', () => {
  it('a malformed rate amount fails only the shipping part', () => {
    const totals = estimateTotals(
      withShipping([item('a', '10.00')], [option('std', 'five dollars')], { coupon: coupon() }),
    );
    expect(totals.calculationErrors.generalShippingCalculationError).toMatchObject({
      systemError: { errorCode: 'CALCULATION_FAILED' },
    });
    expectEstimateWithoutShipping(totals);
  });
});
