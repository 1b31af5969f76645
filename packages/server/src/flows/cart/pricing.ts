import type { StoredCoupon, StoredMerchantDiscount } from '../../modules/cart/model.ts';
import type {
  AdditionalFeeSnapshot,
  Address,
  CalculationErrors,
  CouponDefinition,
  CouponSnapshot,
  LineItemSnapshot,
  MembershipSnapshot,
  MerchantDiscountSnapshot,
  PricingSnapshot,
  StoreSettings,
  TaxSettings,
} from '../../modules/pricing/index.ts';
import {
  type CouponCustomer,
  type CouponRow,
  findCouponForCustomer,
} from '../../modules/settings/coupons.ts';
import { type DeliveryRegionRow, listDeliveryRegions } from '../../modules/settings/delivery-regions.ts';
import {
  listShippingOptions,
  SHIPPING_CARRIER_ID,
  type ShippingOptionRow,
} from '../../modules/settings/shipping-options.ts';
import { listDiscountRules, ruleSnapshot } from '../../modules/discount-rules/rules.ts';
import type { DiscountRuleSnapshot } from '../../modules/pricing/snapshot.ts';
import {
  currentStoreSettings,
  type StoreSettingsRow,
  storePricingFields,
} from '../../modules/settings/store.ts';
import type { LineView, ViewContext } from './lines.ts';
import { membershipsFor } from '../subscriptions/memberships.ts';
import { labelOptions } from './label-options.ts';
import {
  listShippoConfigurations,
  type ShippoConfigurationRow,
} from '../../modules/shipping-labels/configurations.ts';
import { listTaxGroups, PRODUCTS_TAX_GROUP_ID, type TaxGroupRow } from '../../modules/settings/tax-groups.ts';
import { listTaxRates, type TaxRateRow } from '../../modules/settings/tax-rates.ts';
import { listTaxRegions, type TaxRegionRow } from '../../modules/settings/tax-regions.ts';
import { mediaLinks } from '../../modules/catalogue/media/signing.ts';
import { type Currency, currencyOf } from '../../modules/pricing/currency.ts';
import { keptPerServer } from '../../platform/change-cache.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { announceChanges } from '../../platform/events.ts';
import { AppError, badRequest } from '../../platform/errors.ts';

/** Merchant settings → the pricing engine's snapshot parts (modules/pricing/snapshot.ts). */

export function storeSnapshot(row: StoreSettingsRow): StoreSettings {
  return {
    ...storePricingFields(row),
    defaultTaxableAddressType: row.defaultTaxableAddress,
  };
}

/** The tax group of catalogue lines: the store's setting, else the system "Products" group. */
export const defaultTaxGroupOf = (row: StoreSettingsRow) => row.defaultTaxGroupId ?? PRODUCTS_TAX_GROUP_ID;

/** The store's currency and what line views need (public URL, media links, tax group). */
export function viewContext(
  ctx: AppContext,
  store: StoreSettingsRow,
): { currency: Currency; view: ViewContext } {
  const currency = currencyOf(store.currency, store.locale);
  return {
    currency,
    view: {
      currency,
      baseUrl: ctx.config.publicUrl,
      media: mediaLinks(ctx),
      defaultTaxGroupId: defaultTaxGroupOf(store),
    },
  };
}

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
  const found = await findCouponForCustomer(db, code, customer);
  if (!found) return { code, definition: null, customerUsageCount: 0 };
  return { code, definition: couponDefinition(found.coupon), customerUsageCount: found.redemptions };
}

export function merchantDiscountsSnapshot(list: StoredMerchantDiscount[]): MerchantDiscountSnapshot[] {
  return list.map((d) => ({ ...d, ...(d.lineItemIds?.length ? { lineItemIds: d.lineItemIds } : {}) }));
}

export interface ShippingAndTax {
  /** Every discount rule, oldest first, as the engine reads them (it keeps those live and triggered). */
  discountRules: DiscountRuleSnapshot[];
  regions: DeliveryRegionRow[];
  options: ShippingOptionRow[];
  taxRegions: TaxRegionRow[];
  taxGroups: TaxGroupRow[];
  taxRates: TaxRateRow[];
  /** Shipping-label configurations: their services are priced per shipment (`labelOptions`). */
  labelConfigurations: ShippoConfigurationRow[];
}

export async function loadShippingAndTax(db: Db): Promise<ShippingAndTax> {
  const [rules, regions, options, taxRegions, taxGroups, taxRates, labelConfigurations] = await Promise.all([
    listDiscountRules(db),
    listDeliveryRegions(db),
    listShippingOptions(db),
    listTaxRegions(db),
    listTaxGroups(db),
    listTaxRates(db),
    listShippoConfigurations(db),
  ]);
  return {
    discountRules: rules.map(ruleSnapshot),
    regions,
    options,
    taxRegions,
    taxGroups,
    taxRates,
    labelConfigurations,
  };
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

/**
 * The coupon as a cart or checkout keeps it once the engine accepted it; `discountType` as its applied discount
 * will show.
 */
export function storedCouponOf(definition: CouponDefinition): StoredCoupon {
  return {
    id: definition.id,
    code: definition.code,
    name: definition.name,
    discountType:
      definition.discount.type === 'FREE_SHIPPING'
        ? 'SHIPPING'
        : definition.scope.type === 'ALL_ITEMS'
          ? 'GLOBAL'
          : 'SPECIFIC_ITEMS',
  };
}

/** The engine's coupon error as the 400 a write that sets the code answers with; none when it applied. */
export function couponFailure(errors: CalculationErrors, code: string): AppError | undefined {
  const error = errors.couponCalculationError;
  if (!error) return undefined;
  if ('applicationError' in error)
    return new AppError(400, error.applicationError.code, error.applicationError.description, {
      couponCode: code,
      ...(error.applicationError.data ?? {}),
    });
  return badRequest('COUPON_NOT_APPLIED', `Coupon "${code}" could not be applied`, { couponCode: code });
}

export interface SnapshotInput {
  now: Date;
  store: StoreSettingsRow;
  lineItems: LineItemSnapshot[];
  coupon?: CouponSnapshot | undefined;
  /** The shopper: a member id lets CUSTOMER_ELIGIBILITY rules apply. */
  customer?: { memberId?: string | undefined } | undefined;
  merchantDiscounts: StoredMerchantDiscount[];
  settings: ShippingAndTax;
  shippingAddress?: Address | undefined;
  billingAddress?: Address | undefined;
  selectedShippingOption?: { carrierId?: string | undefined; code?: string | undefined } | undefined;
  memberships?: Array<{ id: string; appId: string; lineItemIds?: string[] | undefined }> | undefined;
  /** The shopper's memberships for these lines (flows/subscriptions/memberships.ts), eligible or not. */
  offeredMemberships?: Pick<MembershipSnapshot, 'eligible' | 'invalid'> | undefined;
  additionalFees?: AdditionalFeeSnapshot[] | undefined;
  calculateTax?: boolean | undefined;
  calculateShipping?: boolean | undefined;
}

/**
 * `pricingSnapshot` of a shopper's lines now (a cart's estimate, a checkout): the lines' snapshots from their
 * views, and what the member's memberships offer for them, read with `db`.
 */
export async function linesSnapshot(
  ctx: AppContext,
  db: Db,
  memberId: string | null | undefined,
  views: readonly LineView[],
  input: Omit<SnapshotInput, 'now' | 'lineItems' | 'offeredMemberships'>,
): Promise<PricingSnapshot> {
  const now = ctx.clock();
  const lineItems = views.map((v) => v.snapshot);
  const offeredMemberships = await membershipsFor(db, memberId, lineItems, now);
  return pricingSnapshot({ ...input, now, lineItems, offeredMemberships });
}

/** The pricing engine's input for a cart's estimate or a checkout: one builder, so both price alike. */
export function pricingSnapshot(input: SnapshotInput): PricingSnapshot {
  const selected = input.selectedShippingOption;
  const memberships = input.memberships ?? [];
  const offered = input.offeredMemberships;
  const store = storeSnapshot(input.store);
  const shipping = shippingSnapshot(input.settings);
  const labelled = labelOptions(input.settings.labelConfigurations, {
    store,
    lineItems: input.lineItems,
    shippingAddress: input.shippingAddress,
  });
  return {
    now: input.now.toISOString(),
    store,
    lineItems: input.lineItems,
    ...(input.coupon ? { coupon: input.coupon } : {}),
    ...(input.settings.discountRules.length ? { discountRules: input.settings.discountRules } : {}),
    ...(input.customer?.memberId ? { customer: { memberId: input.customer.memberId } } : {}),
    merchantDiscounts: merchantDiscountsSnapshot(input.merchantDiscounts),
    shipping: labelled.length ? { ...shipping, options: [...shipping.options, ...labelled] } : shipping,
    tax: taxSnapshot(input.settings, input.store),
    ...(memberships.length || offered
      ? {
          memberships: {
            eligible: offered?.eligible ?? [],
            invalid: offered?.invalid ?? [],
            selected: memberships.map((m) => ({
              id: m.id,
              appId: m.appId,
              lineItemIds: m.lineItemIds ?? [],
            })),
          },
        }
      : {}),
    ...(input.additionalFees?.length ? { additionalFees: input.additionalFees } : {}),
    ...(input.shippingAddress ? { shippingAddress: input.shippingAddress } : {}),
    ...(input.billingAddress ? { billingAddress: input.billingAddress } : {}),
    // A code alone selects one of the store's own options.
    ...(selected?.code
      ? {
          selectedShippingOption: {
            carrierId: selected.carrierId || SHIPPING_CARRIER_ID,
            code: selected.code,
          },
        }
      : {}),
    calculateTax: input.calculateTax ?? true,
    calculateShipping: input.calculateShipping ?? true,
  };
}

// ---- Merchant settings, cached per process

export interface MerchantSettings {
  store: StoreSettingsRow;
  shippingAndTax: ShippingAndTax;
}

/** The events of every write to the settings `MerchantSettings` holds. */
export const MERCHANT_SETTINGS_ENTITIES = [
  'store_settings',
  'discount_rule',
  'delivery_region',
  'shipping_option',
  'tax_group',
  'tax_region',
  'tax_rate',
  'shippo_configuration',
];
announceChanges(MERCHANT_SETTINGS_ENTITIES);

/** A safety net for writes that bypass the services (and so record no event): reload at least this often. */
export const MERCHANT_SETTINGS_MAX_AGE_MS = 60_000;

/** The store's settings as shoppers' reads keep them (`currentStoreSettings`), with shipping and tax read now. */
async function readMerchantSettings(ctx: AppContext): Promise<MerchantSettings> {
  const [store, shippingAndTax] = await Promise.all([currentStoreSettings(ctx), loadShippingAndTax(ctx.db)]);
  return { store, shippingAndTax };
}

/**
 * Store settings, shipping and tax as of the last change (`KeptUntilChange`): read once, kept until a settings
 * event commits, never while the notification channel is down, never older than `MERCHANT_SETTINGS_MAX_AGE_MS`.
 * One per server's events (the context's copies share it).
 */
const keptMerchantSettings = keptPerServer(
  MERCHANT_SETTINGS_ENTITIES,
  MERCHANT_SETTINGS_MAX_AGE_MS,
  readMerchantSettings,
);

/** The merchant settings a cart needs (store, shipping, tax), from this process's cache when it is current. */
export function merchantSettings(ctx: AppContext): Promise<MerchantSettings> {
  return keptMerchantSettings(ctx);
}
