import { describe, expect, it } from 'vitest';
import { registerCustomTrigger } from './custom-triggers.ts';
import { ruleStatus } from './discounts.ts';
import { estimateTotals } from './engine.ts';
import { amounts, coupon, digital, line, NOW, snapshot, STORE_APP } from './fixtures.ts';
import type {
  CouponDefinition,
  CouponSnapshot,
  DiscountRuleScope,
  DiscountRuleSnapshot,
  DiscountRuleTrigger,
  DiscountRuleValue,
  LineItemSnapshot,
  MerchantDiscountSnapshot,
  PricingSnapshot,
} from './snapshot.ts';
import type { Totals } from './totals.ts';

function estimate(lineItems: LineItemSnapshot[], extra: Partial<PricingSnapshot> = {}): Totals {
  return estimateTotals(snapshot({ lineItems, ...extra }));
}

function lineDiscounts(totals: Totals): string[] {
  return totals.calculatedLineItems.map((l) => l.pricesBreakdown.totalDiscount.amount);
}

/** A coupon taking `percentage` % or `amount` off (everything, unless `overrides` says otherwise). */
const percentOff = (percentage: string, overrides: Partial<CouponDefinition> = {}) =>
  coupon({ discount: { type: 'PERCENTAGE', percentage }, ...overrides });
const amountOff = (amount: string, overrides: Partial<CouponDefinition> = {}) =>
  coupon({ discount: { type: 'FIXED_AMOUNT', amount }, ...overrides });

const HOUR = 3_600_000;
const at = (offsetHours: number) => new Date(Date.parse(NOW) + offsetHours * HOUR).toISOString();

describe('coupons', () => {
  it.each<[string, CouponSnapshot, string[], string, 'GLOBAL' | 'SPECIFIC_ITEMS']>([
    ['10 % off everything', coupon(), ['3.00', '1.00'], '4.00', 'GLOBAL'],
    ['12.5 % off, rounded per line', percentOff('12.5'), ['3.75', '1.25'], '5.00', 'GLOBAL'],
    ['5.00 off, split by amount', amountOff('5.00'), ['3.75', '1.25'], '5.00', 'GLOBAL'],
    ['1.00 off, split by largest remainder', amountOff('1.00'), ['0.75', '0.25'], '1.00', 'GLOBAL'],
    ['100.00 off, capped at the items', amountOff('100.00'), ['30.00', '10.00'], '40.00', 'GLOBAL'],
    ['150 % off, capped at the items', percentOff('150'), ['30.00', '10.00'], '40.00', 'GLOBAL'],
    [
      '20 % off one product',
      percentOff('20', { scope: { type: 'SPECIFIC_PRODUCTS', productIds: ['product-b'] } }),
      ['0.00', '2.00'],
      '2.00',
      'SPECIFIC_ITEMS',
    ],
    [
      '4.00 off a collection',
      amountOff('4.00', { scope: { type: 'SPECIFIC_COLLECTIONS', collectionIds: ['summer'] } }),
      ['4.00', '0.00'],
      '4.00',
      'SPECIFIC_ITEMS',
    ],
  ])('%s', (_, applied, perLine, total, discountType) => {
    const totals = estimate(
      [digital('a', '10.00', { quantity: 3, collectionIds: ['summer'] }), digital('b', '10.00')],
      {
        coupon: applied,
      },
    );
    expect(lineDiscounts(totals)).toEqual(perLine);
    expect(totals.priceSummary.discount.amount).toBe(total);
    expect(totals.appliedDiscounts).toHaveLength(1);
    expect(totals.appliedDiscounts[0]).toMatchObject({
      discountType,
      coupon: { id: 'coupon-1', code: 'SAVE', name: 'Save', amount: { amount: total } },
    });
    expect(totals.calculationErrors).toEqual({});
    for (const l of totals.calculatedLineItems) {
      expect(Number(l.pricesBreakdown.totalPriceAfterTax.amount)).toBeGreaterThanOrEqual(0);
    }
  });

  it('lists the lines in scope', () => {
    const totals = estimate([digital('a', '10.00'), digital('b', '10.00'), digital('c', '10.00')], {
      coupon: coupon({ scope: { type: 'SPECIFIC_PRODUCTS', productIds: ['product-a', 'product-c'] } }),
    });
    expect(totals.appliedDiscounts[0]?.lineItemIds).toEqual(['a', 'c']);
  });

  it('the code matches without regard to case', () => {
    const applied = coupon();
    const totals = estimate([digital('a', '10.00')], { coupon: { ...applied, code: 'save' } });
    expect(totals.priceSummary.discount.amount).toBe('1.00');
  });

  const errorCases: [string, CouponSnapshot, string][] = [
    [
      'no such coupon',
      { code: 'NOPE', definition: null, customerUsageCount: 0 },
      'ERROR_COUPON_DOES_NOT_EXIST',
    ],
    ['a coupon with another code', { ...coupon(), code: 'OTHER' }, 'ERROR_COUPON_DOES_NOT_EXIST'],
    ['disabled', coupon({ active: false }), 'ERROR_COUPON_IS_NOT_ACTIVE'],
    ['not started', coupon({ startsAt: at(1) }), 'ERROR_COUPON_IS_NOT_ACTIVE'],
    ['expired', coupon({ expiresAt: at(-1) }), 'ERROR_COUPON_HAS_EXPIRED'],
    ['used up', coupon({ usageLimit: 100, timesUsed: 100 }), 'ERROR_COUPON_USAGE_EXCEEDED'],
    [
      'used up by this customer',
      coupon({ limitPerCustomer: 2 }, 2),
      'ERROR_COUPON_LIMIT_PER_CUSTOMER_EXCEEDED',
    ],
    [
      'for other products',
      coupon({ scope: { type: 'SPECIFIC_PRODUCTS', productIds: ['product-z'] } }),
      'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS',
    ],
    [
      'for another collection',
      coupon({ scope: { type: 'SPECIFIC_COLLECTIONS', collectionIds: ['winter'] } }),
      'ERROR_COUPON_NOT_APPLICABLE_TO_ITEMS',
    ],
    ['above the subtotal', coupon({ minimumSubtotal: '50.01' }), 'ERROR_COUPON_MINIMUM_SUBTOTAL_NOT_REACHED'],
  ];

  it.each(errorCases)('%s → %s in couponCalculationError, the estimate stands', (_, applied, code) => {
    const totals = estimate([digital('a', '25.00', { quantity: 2, collectionIds: ['summer'] })], {
      coupon: applied,
    });
    expect(totals.calculationErrors).toEqual({
      couponCalculationError: {
        applicationError: expect.objectContaining({ code, description: expect.any(String) }),
      },
    });
    expect(totals.appliedDiscounts).toEqual([]);
    expect(amounts(totals.priceSummary)).toMatchObject({
      subtotal: '50.00',
      discount: '0.00',
      total: '50.00',
    });
  });

  it.each([
    [undefined, 1_000_000, undefined, 0, true],
    [5, 4, undefined, 0, true],
    [5, 5, undefined, 0, false],
    [5, 6, undefined, 0, false],
    [undefined, 0, 1, 0, true],
    [undefined, 0, 1, 1, false],
    [undefined, 0, 3, 2, true],
    [undefined, 0, 3, 3, false],
  ])(
    'usage limit %s used %d, per customer %s used %d → applies: %s',
    (usageLimit, timesUsed, limitPerCustomer, mine, ok) => {
      const applied = coupon(
        {
          timesUsed,
          ...(usageLimit !== undefined ? { usageLimit } : {}),
          ...(limitPerCustomer !== undefined ? { limitPerCustomer } : {}),
        },
        mine,
      );
      const totals = estimate([digital('a', '10.00')], { coupon: applied });
      expect(totals.priceSummary.discount.amount).toBe(ok ? '1.00' : '0.00');
    },
  );

  it.each([
    ['before the start', at(1), undefined, 'ERROR_COUPON_IS_NOT_ACTIVE'],
    ['at the start', NOW, undefined, undefined],
    ['after the start', at(-1), undefined, undefined],
    ['just before the end', undefined, new Date(Date.parse(NOW) + 1).toISOString(), undefined],
    ['at the end', undefined, NOW, 'ERROR_COUPON_HAS_EXPIRED'],
    ['after the end', undefined, at(-24), 'ERROR_COUPON_HAS_EXPIRED'],
    ['inside the window', at(-24), at(24), undefined],
  ])('validity window: %s', (_, startsAt, expiresAt, code) => {
    const applied = coupon({ ...(startsAt ? { startsAt } : {}), ...(expiresAt ? { expiresAt } : {}) });
    const totals = estimate([digital('a', '10.00')], { coupon: applied });
    if (code)
      expect(totals.calculationErrors.couponCalculationError).toMatchObject({ applicationError: { code } });
    else expect(totals.priceSummary.discount.amount).toBe('1.00');
  });

  it.each([
    ['at the minimum', '45.00', '45.00', true],
    ['a cent below', '45.00', '45.01', false],
    ['over it before the product discount only', '45.00', '50.00', false],
  ])('minimum subtotal, after product discounts: %s', (_, price, minimumSubtotal, ok) => {
    const totals = estimate([digital('a', price, { fullPrice: '60.00' })], {
      coupon: coupon({ minimumSubtotal }),
    });
    expect(totals.calculationErrors.couponCalculationError === undefined).toBe(ok);
  });

  it('the minimum is checked before automatic discounts are taken off', () => {
    const rule = liveRule({
      discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '20.00' }] },
    });
    const totals = estimate([digital('a', '50.00')], {
      coupon: coupon({ minimumSubtotal: '50.00' }),
      discountRules: [rule],
    });
    expect(totals.calculationErrors).toEqual({});
    // 50 − 20 (rule) = 30; 10 % of 30 = 3.
    expect(totals.priceSummary.discount.amount).toBe('23.00');
  });

  it('a malformed coupon fails only the coupon and leaves the lines as they were', () => {
    const broken = percentOff('ten');
    const totals = estimate([digital('a', '10.00')], { coupon: broken });
    expect(totals.calculationErrors.couponCalculationError).toMatchObject({
      systemError: { errorCode: 'CALCULATION_FAILED' },
    });
    expect(lineDiscounts(totals)).toEqual(['0.00']);
    expect(totals.priceSummary.total.amount).toBe('10.00');
  });
});

describe('merchant discounts', () => {
  const lines = [digital('a', '10.00', { quantity: 2 }), digital('b', '5.00'), digital('c', '15.00')];

  it.each<
    [
      string,
      MerchantDiscountSnapshot,
      string[],
      string,
      'GLOBAL' | 'SPECIFIC_ITEMS',
      string[],
      number | undefined,
    ]
  >([
    [
      'an amount on every line',
      { amount: '8.00' },
      ['4.00', '1.00', '3.00'],
      '8.00',
      'GLOBAL',
      ['a', 'b', 'c'],
      undefined,
    ],
    [
      'an amount on given lines',
      { amount: '3.00', lineItemIds: ['b', 'c'] },
      ['0.00', '0.75', '2.25'],
      '3.00',
      'SPECIFIC_ITEMS',
      ['b', 'c'],
      undefined,
    ],
    [
      'a percentage on every line',
      { percentage: '15' },
      ['3.00', '0.75', '2.25'],
      '6.00',
      'GLOBAL',
      ['a', 'b', 'c'],
      15,
    ],
    [
      'a percentage on one line',
      { percentage: '33.3', lineItemIds: ['c'] },
      ['0.00', '0.00', '5.00'],
      '5.00',
      'SPECIFIC_ITEMS',
      ['c'],
      33.3,
    ],
    [
      'more than the lines: capped',
      { amount: '99.00', lineItemIds: ['b'] },
      ['0.00', '5.00', '0.00'],
      '5.00',
      'SPECIFIC_ITEMS',
      ['b'],
      undefined,
    ],
    [
      'unknown line ids are ignored',
      { amount: '1.00', lineItemIds: ['b', 'gone'] },
      ['0.00', '1.00', '0.00'],
      '1.00',
      'SPECIFIC_ITEMS',
      ['b'],
      undefined,
    ],
  ])('%s', (_, discount, perLine, total, discountType, ids, percentage) => {
    const totals = estimate(lines, { merchantDiscounts: [discount] });
    expect(lineDiscounts(totals)).toEqual(perLine);
    expect(totals.priceSummary.discount.amount).toBe(total);
    expect(totals.appliedDiscounts).toEqual([
      {
        discountType,
        lineItemIds: ids,
        merchantDiscount: {
          amount: expect.objectContaining({ amount: total }),
          ...(percentage !== undefined ? { percentage } : {}),
        },
      },
    ]);
  });

  it('a discount only on lines not in the cart is dropped', () => {
    const totals = estimate(lines, { merchantDiscounts: [{ amount: '1.00', lineItemIds: ['gone'] }] });
    expect(totals.appliedDiscounts).toEqual([]);
    expect(totals.priceSummary.discount.amount).toBe('0.00');
  });
});

describe('discount allocation sums exactly to the discount', () => {
  it.each([
    ['10.00', ['5.00', '5.00', '5.00'], ['3.34', '3.33', '3.33']],
    ['0.01', ['1.00', '1.00', '1.00'], ['0.01', '0.00', '0.00']],
    // Exact shares 0.012, 0.004, 0.004: floors 0.01, 0, 0; the cent left goes to the largest remainder.
    ['0.02', ['3.00', '1.00', '1.00'], ['0.01', '0.01', '0.00']],
    ['1.00', ['0.01', '0.01', '9.98'], ['0.00', '0.00', '1.00']],
    ['7.77', ['19.99', '5.01', '0.99', '74.01'], ['1.55', '0.39', '0.08', '5.75']],
    ['25.00', ['10.00', '10.00', '5.00'], ['10.00', '10.00', '5.00']],
  ])('%s over %j → %j', (amount, prices, shares) => {
    const lineItems = prices.map((price, i) => digital(`l${i}`, price));
    const totals = estimate(lineItems, { merchantDiscounts: [{ amount }] });
    const out = lineDiscounts(totals);
    expect(out).toEqual(shares);
    const sum = out.reduce((a, s) => a + BigInt(s.replace('.', '')), 0n);
    expect(sum).toBe(BigInt(amount.replace('.', '')));
  });

  it.each([
    ['JPY', '1000', ['100', '100', '100'], ['334', '333', '333']],
    ['KWD', '1.000', ['0.100', '0.100', '0.100'], ['0.100', '0.100', '0.100']],
    ['KWD', '0.100', ['1.000', '1.000', '1.000'], ['0.034', '0.033', '0.033']],
  ])(
    '%s: %s over %j → %j (minor units of the currency, capped at the lines)',
    (currency, amount, prices, shares) => {
      const lineItems = prices.map((price, i) =>
        digital(`l${i}`, price, { quantity: currency === 'JPY' ? 10 : 1 }),
      );
      const totals = estimateTotals(
        snapshot({
          store: { currency, weightUnit: 'KG', taxIncludedInPrices: false },
          lineItems,
          merchantDiscounts: [{ amount }],
        }),
      );
      expect(lineDiscounts(totals)).toEqual(shares);
    },
  );
});

// ---- Automatic discount rules ----

function liveRule(overrides: Partial<DiscountRuleSnapshot> = {}): DiscountRuleSnapshot {
  return {
    id: 'rule-1',
    name: 'Summer sale',
    active: true,
    trigger: { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '0' } },
    discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10 }] },
    ...overrides,
  };
}

const eligible = (
  eligibilityType: 'MEMBERS' | 'SPECIFIC_MEMBERS',
  ...memberIds: string[]
): DiscountRuleTrigger => ({
  triggerType: 'CUSTOMER_ELIGIBILITY',
  customerEligibility: { eligibilityType, ...(memberIds.length ? { memberIds } : {}) },
});

const scope = (...ids: string[]) => ({
  id: 'scope',
  type: 'CATALOG_ITEM' as const,
  catalogItemFilter: { catalogAppId: STORE_APP, catalogItemIds: ids },
});

describe('discount rules', () => {
  const subtotal = (from?: string, to?: string): DiscountRuleTrigger => ({
    triggerType: 'SUBTOTAL_RANGE',
    subtotalRange: { ...(from ? { from } : {}), ...(to ? { to } : {}) },
  });
  const quantity = (from?: number, to?: number, ...ids: string[]): DiscountRuleTrigger => ({
    triggerType: 'ITEM_QUANTITY_RANGE',
    itemQuantityRange: {
      ...(from !== undefined ? { from } : {}),
      ...(to !== undefined ? { to } : {}),
      ...(ids.length ? { scopes: [scope(...ids)] } : {}),
    },
  });

  // The cart: a 3 × 10.00, b 1 × 20.00 → subtotal 50.00, quantity 4.
  it.each<[string, DiscountRuleTrigger, boolean]>([
    ['subtotal from 50 (inclusive)', subtotal('50'), true],
    ['subtotal from 50.01', subtotal('50.01'), false],
    ['subtotal to 50 (inclusive)', subtotal(undefined, '50.00'), true],
    ['subtotal to 49.99', subtotal(undefined, '49.99'), false],
    ['subtotal 40 to 60', subtotal('40', '60'), true],
    [
      'subtotal of product a from 30',
      { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '30', scopes: [scope('product-a')] } },
      true,
    ],
    [
      'subtotal of product b from 30',
      { triggerType: 'SUBTOTAL_RANGE', subtotalRange: { from: '30', scopes: [scope('product-b')] } },
      false,
    ],
    ['quantity from 4', quantity(4), true],
    ['quantity from 5', quantity(5), false],
    ['quantity to 4', quantity(undefined, 4), true],
    ['quantity to 3', quantity(undefined, 3), false],
    ['quantity of product a 3 to 3', quantity(3, 3, 'product-a'), true],
    ['quantity of product b from 2', quantity(2, undefined, 'product-b'), false],
    ['AND, both hold', { triggerType: 'AND', and: { triggers: [subtotal('50'), quantity(4)] } }, true],
    ['AND, one fails', { triggerType: 'AND', and: { triggers: [subtotal('50'), quantity(5)] } }, false],
    ['OR, one holds', { triggerType: 'OR', or: { triggers: [subtotal('51'), quantity(4)] } }, true],
    ['OR, none holds', { triggerType: 'OR', or: { triggers: [subtotal('51'), quantity(5)] } }, false],
    [
      'nested OR in AND',
      {
        triggerType: 'AND',
        and: {
          triggers: [quantity(1), { triggerType: 'OR', or: { triggers: [subtotal('99'), quantity(4)] } }],
        },
      },
      true,
    ],
    [
      'CUSTOM with no trigger registered never holds',
      { triggerType: 'CUSTOM', customTrigger: { id: 'none', appId: 'no-app' } },
      false,
    ],
    [
      'CUSTOMER_ELIGIBILITY without a signed-in member never holds',
      { triggerType: 'CUSTOMER_ELIGIBILITY', customerEligibility: { eligibilityType: 'MEMBERS' } },
      false,
    ],
  ])('trigger: %s → applies %s', (_, trigger, applies) => {
    const totals = estimate([digital('a', '10.00', { quantity: 3 }), digital('b', '20.00')], {
      discountRules: [liveRule({ trigger })],
    });
    expect(totals.priceSummary.discount.amount).toBe(applies ? '5.00' : '0.00');
  });

  it.each<[string, { memberId?: string } | undefined, DiscountRuleTrigger, boolean]>([
    ['any member, signed in', { memberId: 'm1' }, eligible('MEMBERS'), true],
    ['any member, a visitor', undefined, eligible('MEMBERS'), false],
    ['specific members, named', { memberId: 'm1' }, eligible('SPECIFIC_MEMBERS', 'm0', 'm1'), true],
    ['specific members, not named', { memberId: 'm2' }, eligible('SPECIFIC_MEMBERS', 'm1'), false],
    ['specific members, none named', { memberId: 'm1' }, eligible('SPECIFIC_MEMBERS'), false],
  ])('customer eligibility: %s → applies %s', (_, customer, trigger, applies) => {
    const totals = estimate([digital('a', '10.00')], {
      discountRules: [liveRule({ trigger })],
      ...(customer ? { customer } : {}),
    });
    expect(totals.priceSummary.discount.amount).toBe(applies ? '1.00' : '0.00');
  });

  it('a registered CUSTOM trigger decides with the priced lines and the shopper', () => {
    const seen: number[] = [];
    const unregister = registerCustomTrigger('loyalty-app', 'gold', ({ lines, customer }) => {
      seen.push(lines.length);
      return customer?.memberId === 'gold-member';
    });
    try {
      const trigger: DiscountRuleTrigger = {
        triggerType: 'CUSTOM',
        customTrigger: { id: 'gold', appId: 'loyalty-app' },
      };
      const gold = estimate([digital('a', '10.00')], {
        discountRules: [liveRule({ trigger })],
        customer: { memberId: 'gold-member' },
      });
      const other = estimate([digital('a', '10.00')], {
        discountRules: [liveRule({ trigger })],
        customer: { memberId: 'm2' },
      });
      expect(gold.priceSummary.discount.amount).toBe('1.00');
      expect(other.priceSummary.discount.amount).toBe('0.00');
      expect(seen).toEqual([1, 1]);
    } finally {
      unregister();
    }
    const after = estimate([digital('a', '10.00')], {
      discountRules: [
        liveRule({ trigger: { triggerType: 'CUSTOM', customTrigger: { id: 'gold', appId: 'loyalty-app' } } }),
      ],
      customer: { memberId: 'gold-member' },
    });
    expect(after.priceSummary.discount.amount).toBe('0.00');
  });

  it("a collection scope (the catalogue app's custom filter) selects the lines of products in those collections", () => {
    const inSale = {
      id: 'c',
      type: 'CUSTOM_FILTER' as const,
      customFilter: { appId: STORE_APP, params: { collectionIds: ['sale'] } },
    };
    const otherApp = { ...inSale, customFilter: { appId: 'other-app', params: { collectionIds: ['sale'] } } };
    const lines = [
      digital('a', '10.00', { collectionIds: ['sale', 'new'] }),
      digital('b', '20.00', { collectionIds: ['new'] }),
    ];
    const value = (scopes: DiscountRuleScope[]): DiscountRuleValue => ({
      discountType: 'PERCENTAGE',
      percentage: 50,
      specificItemsInfo: { scopes },
    });
    expect(
      lineDiscounts(
        estimate(lines, { discountRules: [liveRule({ discounts: { values: [value([inSale])] } })] }),
      ),
    ).toEqual(['5.00', '0.00']);
    expect(
      lineDiscounts(
        estimate(lines, { discountRules: [liveRule({ discounts: { values: [value([otherApp])] } })] }),
      ),
    ).toEqual(['0.00', '0.00']);
  });

  it('a subtotal trigger sees prices after the product discount', () => {
    const rule = liveRule({ trigger: subtotal('50') });
    const totals = estimate([digital('a', '45.00', { fullPrice: '60.00' })], { discountRules: [rule] });
    expect(totals.appliedDiscounts).toEqual([]);
  });

  it.each<[string, DiscountRuleValue, string[]]>([
    ['PERCENTAGE 25 on everything', { discountType: 'PERCENTAGE', percentage: 25 }, ['7.50', '5.00']],
    ['PERCENTAGE 12.5, per line', { discountType: 'PERCENTAGE', percentage: 12.5 }, ['3.75', '2.50']],
    ['FIXED_AMOUNT 2.00 per unit', { discountType: 'FIXED_AMOUNT', fixedAmount: '2.00' }, ['6.00', '2.00']],
    [
      'FIXED_AMOUNT above the price: capped',
      { discountType: 'FIXED_AMOUNT', fixedAmount: '15.00' },
      ['30.00', '15.00'],
    ],
    ['FIXED_PRICE 8.00 per unit', { discountType: 'FIXED_PRICE', fixedPrice: '8.00' }, ['6.00', '12.00']],
    [
      'FIXED_PRICE above the price: nothing',
      { discountType: 'FIXED_PRICE', fixedPrice: '12.00' },
      ['0.00', '8.00'],
    ],
    [
      'PERCENTAGE on product b only',
      {
        discountType: 'PERCENTAGE',
        percentage: 50,
        targetType: 'SPECIFIC_ITEMS',
        specificItemsInfo: { scopes: [scope('product-b')] },
      },
      ['0.00', '10.00'],
    ],
    [
      'every item of the catalogue app',
      {
        discountType: 'PERCENTAGE',
        percentage: 10,
        specificItemsInfo: {
          scopes: [{ id: 's', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: STORE_APP } }],
        },
      },
      ['3.00', '2.00'],
    ],
    [
      'another app: nothing',
      {
        discountType: 'PERCENTAGE',
        percentage: 10,
        specificItemsInfo: {
          scopes: [{ id: 's', type: 'CATALOG_ITEM', catalogItemFilter: { catalogAppId: 'other-app' } }],
        },
      },
      ['0.00', '0.00'],
    ],
    [
      'QUANTITY_BASED 2 for 15.00: dearest units bundled first, savings split by amount',
      {
        discountType: 'QUANTITY_BASED',
        quantityBased: { configurations: [{ quantity: 2, price: '15.00' }] },
      },
      ['10.00', '10.00'],
    ],
    [
      'QUANTITY_BASED 3 for 25.00 then 1 for 9.00',
      {
        discountType: 'QUANTITY_BASED',
        quantityBased: {
          configurations: [
            { quantity: 1, price: '9.00' },
            { quantity: 3, price: '25.00' },
          ],
        },
      },
      ['8.50', '7.50'],
    ],
    [
      'QUANTITY_BASED dearer than the units: nothing',
      {
        discountType: 'QUANTITY_BASED',
        quantityBased: { configurations: [{ quantity: 2, price: '99.00' }] },
      },
      ['0.00', '0.00'],
    ],
    [
      'ALL_ITEMS ignores scopes',
      {
        discountType: 'PERCENTAGE',
        percentage: 10,
        targetType: 'ALL_ITEMS',
        specificItemsInfo: { scopes: [scope('product-b')] },
      },
      ['3.00', '2.00'],
    ],
    [
      'LOWEST_PRICED_ITEM 50 %: one unit of the cheapest line',
      { discountType: 'PERCENTAGE', percentage: 50, targetType: 'LOWEST_PRICED_ITEM' },
      ['5.00', '0.00'],
    ],
    [
      'LOWEST_PRICED_ITEM at a fixed price of 1.00',
      { discountType: 'FIXED_PRICE', fixedPrice: '1.00', targetType: 'LOWEST_PRICED_ITEM' },
      ['9.00', '0.00'],
    ],
    [
      'LOWEST_PRICED_ITEM within the scope (product b)',
      {
        discountType: 'FIXED_AMOUNT',
        fixedAmount: '5.00',
        targetType: 'LOWEST_PRICED_ITEM',
        specificItemsInfo: { scopes: [scope('product-b')] },
      },
      ['0.00', '5.00'],
    ],
  ])('discount: %s', (_, value, perLine) => {
    const totals = estimate([digital('a', '10.00', { quantity: 3 }), digital('b', '20.00')], {
      discountRules: [liveRule({ discounts: { values: [value] } })],
    });
    expect(lineDiscounts(totals)).toEqual(perLine);
    const total = perLine.reduce((a, s) => a + Number(s), 0);
    if (total > 0) {
      expect(totals.appliedDiscounts).toEqual([
        {
          discountType: 'SPECIFIC_ITEMS',
          lineItemIds: ['a', 'b'].filter((_id, i) => perLine[i] !== '0.00'),
          discountRule: {
            id: 'rule-1',
            name: { original: 'Summer sale', translated: 'Summer sale' },
            amount: expect.objectContaining({ amount: total.toFixed(2) }),
          },
        },
      ]);
    } else {
      expect(totals.appliedDiscounts).toEqual([]);
    }
  });

  it.each<[string, { start?: string; end?: string } | undefined, 'LIVE' | 'PENDING' | 'EXPIRED']>([
    ['no window', undefined, 'LIVE'],
    ['starts in an hour', { start: at(1) }, 'PENDING'],
    ['starts now', { start: NOW }, 'LIVE'],
    ['ends now', { end: NOW }, 'EXPIRED'],
    ['ended yesterday', { start: at(-48), end: at(-24) }, 'EXPIRED'],
    ['ends in a millisecond', { end: new Date(Date.parse(NOW) + 1).toISOString() }, 'LIVE'],
    ['open window around now', { start: at(-1), end: at(1) }, 'LIVE'],
  ])('status: %s → %s, applied only when LIVE', (_, activeTimeInfo, status) => {
    const rule = liveRule(activeTimeInfo ? { activeTimeInfo } : {});
    expect(ruleStatus(rule, Date.parse(NOW))).toBe(status);
    const totals = estimate([digital('a', '10.00')], { discountRules: [rule] });
    expect(totals.priceSummary.discount.amount).toBe(status === 'LIVE' ? '1.00' : '0.00');
  });

  it('an inactive rule never applies', () => {
    const totals = estimate([digital('a', '10.00')], { discountRules: [liveRule({ active: false })] });
    expect(totals.priceSummary.discount.amount).toBe('0.00');
  });

  it('several live rules stack in order, each on what the previous left', () => {
    const rules = [
      liveRule({ id: 'r1', discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 50 }] } }),
      liveRule({ id: 'r2', discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '1.00' }] } }),
    ];
    const totals = estimate([digital('a', '10.00')], { discountRules: rules });
    expect(totals.appliedDiscounts.map((d) => [d.discountRule?.id, d.discountRule?.amount.amount])).toEqual([
      ['r1', '5.00'],
      ['r2', '1.00'],
    ]);
    expect(totals.priceSummary.total.amount).toBe('4.00');
  });

  it('a failing rule undoes the whole rules stage, so lines and applied discounts agree', () => {
    const good = liveRule({ id: 'good' });
    const broken = liveRule({
      id: 'broken',
      discounts: { values: [{ discountType: 'FIXED_PRICE', fixedPrice: '-1' }] },
    });
    const totals = estimate([digital('a', '10.00')], { discountRules: [good, broken] });
    expect(totals.calculationErrors.discountsCalculationError).toBeDefined();
    expect(totals.appliedDiscounts).toEqual([]);
    expect(lineDiscounts(totals)).toEqual(['0.00']);
    expect(totals.priceSummary.total.amount).toBe('10.00');
  });

  it('a malformed rule fails only the rules, in discountsCalculationError', () => {
    const broken = liveRule({
      discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: 'lots' }] },
    });
    const totals = estimate([digital('a', '10.00')], { discountRules: [broken], coupon: coupon() });
    expect(totals.calculationErrors.discountsCalculationError).toMatchObject({
      systemError: { errorCode: 'CALCULATION_FAILED' },
    });
    expect(totals.priceSummary.discount.amount).toBe('1.00');
  });
});

describe('stacking order: product discount → rules → coupon → merchant discounts', () => {
  const rule = liveRule({ discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 10 }] } });
  const tenPercent = coupon();
  const merchant: MerchantDiscountSnapshot = { percentage: '10' };

  it.each<[string, Partial<PricingSnapshot>, string[], string]>([
    // 100.00 (after a product discount from 125.00)
    ['rule only', { discountRules: [rule] }, ['10.00'], '90.00'],
    ['rule, coupon', { discountRules: [rule], coupon: tenPercent }, ['10.00', '9.00'], '81.00'],
    [
      'rule, coupon, merchant',
      { discountRules: [rule], coupon: tenPercent, merchantDiscounts: [merchant] },
      ['10.00', '9.00', '8.10'],
      '72.90',
    ],
    ['coupon, merchant', { coupon: tenPercent, merchantDiscounts: [merchant] }, ['10.00', '9.00'], '81.00'],
    [
      'fixed coupon after a percentage rule',
      {
        discountRules: [
          liveRule({ discounts: { values: [{ discountType: 'PERCENTAGE', percentage: 50 }] } }),
        ],
        coupon: amountOff('5.00'),
      },
      ['50.00', '5.00'],
      '45.00',
    ],
    [
      'percentage coupon after a fixed merchant discount is not affected by it',
      { coupon: tenPercent, merchantDiscounts: [{ amount: '20.00' }] },
      ['10.00', '20.00'],
      '70.00',
    ],
  ])('%s', (_, extra, steps, total) => {
    const totals = estimate([digital('a', '100.00', { fullPrice: '125.00' })], extra);
    expect(
      totals.appliedDiscounts.map((d) => (d.discountRule ?? d.coupon ?? d.merchantDiscount)?.amount.amount),
    ).toEqual(steps);
    expect(totals.priceSummary.total.amount).toBe(total);
    const breakdown = line(totals, 'a');
    expect(breakdown.fullPrice.amount).toBe('125.00');
    expect(breakdown.priceBeforeDiscounts.amount).toBe('100.00');
    expect(breakdown.totalDiscount.amount).toBe((100 - Number(total)).toFixed(2));
  });

  it('nothing ever makes a line negative', () => {
    const totals = estimate([digital('a', '10.00'), digital('b', '0.50')], {
      discountRules: [
        liveRule({ discounts: { values: [{ discountType: 'FIXED_AMOUNT', fixedAmount: '9.00' }] } }),
      ],
      coupon: amountOff('50.00'),
      merchantDiscounts: [{ amount: '10.00' }, { percentage: '100' }],
    });
    expect(totals.calculatedLineItems.map((l) => l.pricesBreakdown.totalPriceAfterTax.amount)).toEqual([
      '0.00',
      '0.00',
    ]);
    expect(totals.priceSummary.discount.amount).toBe('10.50');
    expect(totals.priceSummary.total.amount).toBe('0.00');
    // The coupon got what the rule left (1.00 + 0.00); later discounts got nothing.
    expect(
      totals.appliedDiscounts.map((d) => (d.discountRule ?? d.coupon ?? d.merchantDiscount)?.amount.amount),
    ).toEqual(['9.50', '1.00', '0.00', '0.00']);
  });
});
