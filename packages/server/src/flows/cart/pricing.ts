import type { StoredMerchantDiscount } from '../../modules/cart/model.ts';
import type {
  Address,
  CouponDefinition,
  CouponSnapshot,
  MerchantDiscountSnapshot,
  PricingSnapshot,
  StoreSettings,
  TaxSettings,
} from '../../modules/pricing/index.ts';
import {
  type CouponCustomer,
  type CouponRow,
  customerRedemptions,
  findCouponByCode,
} from '../../modules/settings/coupons.ts';
import {
  type DeliveryRegionRow,
  listDeliveryRegions,
  listShippingOptions,
  SHIPPING_CARRIER_ID,
  type ShippingOptionRow,
} from '../../modules/settings/shipping.ts';
import type { StoreSettingsRow } from '../../modules/settings/store.ts';
import {
  listTaxGroups,
  listTaxRates,
  listTaxRegions,
  PRODUCTS_TAX_GROUP_ID,
  type TaxGroupRow,
  type TaxRateRow,
  type TaxRegionRow,
} from '../../modules/settings/tax.ts';
import type { Db } from '../../platform/db.ts';

/** Merchant settings → the pricing engine's snapshot parts (modules/pricing/snapshot.ts). */

export function storeSnapshot(row: StoreSettingsRow): StoreSettings {
  return {
    currency: row.currency,
    weightUnit: row.weightUnit,
    taxIncludedInPrices: row.taxIncludedInPrices,
    ...(row.businessAddress ? { businessAddress: row.businessAddress } : {}),
    locale: row.locale,
    ...(row.minimumOrderSubtotal !== null ? { minimumOrderSubtotal: row.minimumOrderSubtotal } : {}),
  };
}

/** The tax group of catalogue lines: the store's setting, else the system "Products" group. */
export const defaultTaxGroupOf = (row: StoreSettingsRow) => row.defaultTaxGroupId ?? PRODUCTS_TAX_GROUP_ID;

export function couponDefinition(row: CouponRow): CouponDefinition {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    active: row.active,
    discount:
      row.discountType === 'PERCENTAGE'
        ? { type: 'PERCENTAGE', percentage: row.percentage ?? '0' }
        : row.discountType === 'FIXED_AMOUNT'
          ? { type: 'FIXED_AMOUNT', amount: row.fixedAmount ?? '0' }
          : { type: 'FREE_SHIPPING' },
    ...(row.minimumSubtotal !== null ? { minimumSubtotal: row.minimumSubtotal } : {}),
    scope:
      row.scopeType === 'SPECIFIC_PRODUCTS'
        ? { type: 'SPECIFIC_PRODUCTS', productIds: row.scopeIds }
        : row.scopeType === 'SPECIFIC_COLLECTIONS'
          ? { type: 'SPECIFIC_COLLECTIONS', collectionIds: row.scopeIds }
          : { type: 'ALL_ITEMS' },
    ...(row.startTime ? { startsAt: row.startTime.toISOString() } : {}),
    ...(row.expirationTime ? { expiresAt: row.expirationTime.toISOString() } : {}),
    ...(row.usageLimit !== null ? { usageLimit: row.usageLimit } : {}),
    timesUsed: row.timesUsed,
    ...(row.limitPerCustomer !== null ? { limitPerCustomer: row.limitPerCustomer } : {}),
  };
}

/** The coupon with this code as the engine judges it: definition (or null) and this customer's uses. */
export async function couponSnapshot(
  db: Db,
  code: string,
  customer: CouponCustomer,
): Promise<CouponSnapshot> {
  const row = await findCouponByCode(db, code);
  if (!row) return { code, definition: null, customerUsageCount: 0 };
  return {
    code,
    definition: couponDefinition(row),
    customerUsageCount: await customerRedemptions(db, row.id, customer),
  };
}

export function merchantDiscountsSnapshot(list: StoredMerchantDiscount[]): MerchantDiscountSnapshot[] {
  return list.map((d) => ({ ...d, ...(d.lineItemIds?.length ? { lineItemIds: d.lineItemIds } : {}) }));
}

export interface ShippingAndTax {
  regions: DeliveryRegionRow[];
  options: ShippingOptionRow[];
  taxRegions: TaxRegionRow[];
  taxGroups: TaxGroupRow[];
  taxRates: TaxRateRow[];
}

export async function loadShippingAndTax(db: Db): Promise<ShippingAndTax> {
  const [regions, options, taxRegions, taxGroups, taxRates] = await Promise.all([
    listDeliveryRegions(db),
    listShippingOptions(db),
    listTaxRegions(db),
    listTaxGroups(db),
    listTaxRates(db),
  ]);
  return { regions, options, taxRegions, taxGroups, taxRates };
}

export function shippingSnapshot(data: ShippingAndTax): NonNullable<PricingSnapshot['shipping']> {
  return {
    regions: data.regions.map((r) => ({ id: r.id, name: r.name, destinations: r.destinations })),
    options: data.options.map((o) => ({
      code: o.id,
      carrierId: SHIPPING_CARRIER_ID,
      title: o.title,
      deliveryRegionIds: o.deliveryRegionIds,
      ...(o.estimatedDeliveryTime ? { estimatedDeliveryTime: o.estimatedDeliveryTime } : {}),
      ...(o.instructions ? { instructions: o.instructions } : {}),
      ...(o.deliveryTimeSlot ? { deliveryTimeSlot: o.deliveryTimeSlot } : {}),
      ...(o.pickup ? { pickup: { ...o.pickup, address: o.pickup.address as Address } } : {}),
      rates: o.rates.map((r) => ({
        amount: r.amount,
        conditions: r.conditions,
        ...(r.multiplyByQuantity ? { multiplyByQuantity: true } : {}),
      })),
      otherCharges: o.otherCharges,
      ...(o.taxGroupId ? { taxGroupId: o.taxGroupId } : {}),
    })),
  };
}

export function taxSnapshot(data: ShippingAndTax, store: StoreSettingsRow): TaxSettings {
  return {
    calculation: 'MANUAL',
    regions: data.taxRegions.map((r) => ({
      id: r.id,
      country: r.country,
      ...(r.subdivision ? { subdivision: r.subdivision } : {}),
      taxIncludedInPrice: r.taxIncludedInPrice,
    })),
    groups: data.taxGroups.map((g) => ({ id: g.id, name: g.name })),
    rates: data.taxRates.map((r) => ({
      taxRegionId: r.taxRegionId,
      taxGroupId: r.taxGroupId,
      jurisdictions: r.jurisdictions,
    })),
    defaultTaxGroupId: defaultTaxGroupOf(store),
    ...(store.shippingTaxGroupId ? { shippingTaxGroupId: store.shippingTaxGroupId } : {}),
  };
}
