/** Builders for the engine's tests: a small US store and its settings. Not used by production code. */
import type {
  CouponDefinition,
  CouponSnapshot,
  DeliveryRegion,
  LineItemSnapshot,
  PricingSnapshot,
  ShippingOptionSnapshot,
  TaxSettings,
} from './snapshot.ts';
import type { PriceSummary, Totals } from './totals.ts';

export const NOW = '2025-06-15T12:00:00.000Z';
export const STORE_APP = '215238eb-22a5-4c36-9e7b-e7c08025e04e';

export function item(id: string, price: string, overrides: Partial<LineItemSnapshot> = {}): LineItemSnapshot {
  return {
    id,
    name: `Item ${id}`,
    quantity: 1,
    price,
    itemType: 'PHYSICAL',
    availability: { status: 'AVAILABLE' },
    catalogReference: { catalogItemId: `product-${id}`, appId: STORE_APP },
    productId: `product-${id}`,
    ...overrides,
  };
}

/** A digital line: no shipping, no tax, so totals show the prices and discounts alone. */
export function digital(
  id: string,
  price: string,
  overrides: Partial<LineItemSnapshot> = {},
): LineItemSnapshot {
  return item(id, price, { itemType: 'DIGITAL', ...overrides });
}

/** The store of `snapshot()`: dollars, kilograms, tax added to prices. */
export const US_STORE: PricingSnapshot['store'] = {
  currency: 'USD',
  weightUnit: 'KG',
  taxIncludedInPrices: false,
};

export function snapshot(overrides: Partial<PricingSnapshot> = {}): PricingSnapshot {
  return {
    now: NOW,
    store: US_STORE,
    lineItems: [],
    ...overrides,
  };
}

export function couponDefinition(overrides: Partial<CouponDefinition> = {}): CouponDefinition {
  return {
    id: 'coupon-1',
    code: 'SAVE',
    name: 'Save',
    active: true,
    discount: { type: 'PERCENTAGE', percentage: '10' },
    scope: { type: 'ALL_ITEMS' },
    timesUsed: 0,
    ...overrides,
  };
}

export function coupon(overrides: Partial<CouponDefinition> = {}, customerUsageCount = 0): CouponSnapshot {
  const definition = couponDefinition(overrides);
  return { code: definition.code, definition, customerUsageCount };
}

export const US: DeliveryRegion = { id: 'us', name: 'United States', destinations: [{ countryCode: 'US' }] };
export const CALIFORNIA: DeliveryRegion = {
  id: 'ca',
  name: 'California',
  destinations: [{ countryCode: 'US', subdivisions: ['US-CA'] }],
};

export function option(
  code: string,
  amount: string,
  overrides: Partial<ShippingOptionSnapshot> = {},
): ShippingOptionSnapshot {
  return {
    code,
    carrierId: 'aisle-shipping',
    title: code,
    deliveryRegionIds: ['us'],
    rates: [{ amount, conditions: [] }],
    ...overrides,
  };
}

/** Manual tax: US-CA 8.25 % (6 state + 2.25 county) on the group `goods`, prices without tax. */
export function manualTax(overrides: Partial<TaxSettings> = {}): TaxSettings {
  return {
    calculation: 'MANUAL',
    regions: [{ id: 'us-ca', country: 'US', subdivision: 'CA', taxIncludedInPrice: false }],
    groups: [{ id: 'goods', name: 'Goods' }],
    defaultTaxGroupId: 'goods',
    rates: [
      {
        taxRegionId: 'us-ca',
        taxGroupId: 'goods',
        jurisdictions: [
          { jurisdiction: 'California', jurisdictionType: 'STATE', rate: '6' },
          { jurisdiction: 'Los Angeles', jurisdictionType: 'COUNTY', rate: '2.25' },
        ],
      },
    ],
    ...overrides,
  };
}

export const CA_ADDRESS = { country: 'US', subdivision: 'US-CA', city: 'Los Angeles', postalCode: '90001' };
export const NY_ADDRESS = { country: 'US', subdivision: 'US-NY', city: 'New York', postalCode: '10001' };

/** The decimal amounts of a summary, for compact expectations. */
export function amounts(summary: PriceSummary): Record<keyof PriceSummary, string> {
  return {
    subtotal: summary.subtotal.amount,
    shipping: summary.shipping.amount,
    tax: summary.tax.amount,
    discount: summary.discount.amount,
    total: summary.total.amount,
    additionalFees: summary.additionalFees.amount,
  };
}

export function line(totals: Totals, id: string) {
  const found = totals.calculatedLineItems.find((l) => l.lineItemId === id);
  if (!found) throw new Error(`no calculated line ${id}`);
  return found.pricesBreakdown;
}
