// Merchant settings as the SDK returns them (wire/merchant-settings.md and the server's settings README):
// dates as Date, addresses with the client's names, money as decimal strings, revisions as int64 strings.
import type { Address } from '../core/address.ts';
import type { WireImage } from '../core/image.ts';
import type { TaxableAddressType } from './cart-types.ts';
import type { ExtendedFields, WeightUnit } from './common-types.ts';

/** Fields every settings entity carries. */
export interface SettingsEntity {
  id: string;
  /** int64 as a string: send it back on update to refuse overwriting a newer change (409 REVISION_MISMATCH). */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
}

// ---- Store settings (singleton)

export interface StoreSettings {
  /** The store's name (Aisle), as the storefront shows it. */
  storeName?: string;
  /** The store's logo (Aisle): `aisle:image://v1/<id>/<filename>#…` for an uploaded image, else its URL. */
  logo?: string;
  /** ISO 4217, e.g. `USD`. */
  currency?: string;
  weightUnit?: WeightUnit;
  taxIncludedInPrices?: boolean;
  businessAddress?: Address;
  /** BCP 47, e.g. `en-US`. */
  locale?: string;
  /** Decimal string. */
  minimumOrderSubtotal?: string;
  /** Tax group of catalogue lines ("Products" when unset). */
  defaultTaxGroupId?: string;
  /** Tax group of shipping (untaxed when unset). */
  shippingTaxGroupId?: string;
  /** Where lines without their own taxable address are taxed (Aisle); SHIPPING by default. */
  defaultTaxableAddress?: TaxableAddressType;
  /** `"0"` until first written. */
  revision?: string;
  createdDate?: Date;
  updatedDate?: Date;
}

/** `null` clears a field. */
export interface StoreSettingsUpdate {
  currency?: string;
  weightUnit?: WeightUnit;
  taxIncludedInPrices?: boolean;
  businessAddress?: Address | null;
  locale?: string;
  minimumOrderSubtotal?: string | null;
  defaultTaxGroupId?: string | null;
  shippingTaxGroupId?: string | null;
  defaultTaxableAddress?: TaxableAddressType;
  /** 1–100 characters (trimmed). */
  storeName?: string | null;
  /** An image URI or URL (as read, or an uploaded file's `{id}`); `null` removes the logo. */
  logo?: string | WireImage | null;
  revision?: string;
}

/** What anyone may read: the storefront's header and titles. */
export type PublicStoreSettings = Pick<StoreSettings, 'storeName' | 'logo' | 'currency' | 'locale'>;

// ---- Delivery regions

export interface Destination {
  /** ISO 3166-1 alpha-2. */
  countryCode: string;
  /** ISO 3166-2 (`US-CA`); none = the whole country. */
  subdivisions?: string[];
}

export interface DeliveryRegion extends SettingsEntity {
  name?: string;
  destinations?: Destination[];
}

export interface DeliveryRegionInput {
  name: string;
  destinations: Destination[];
}

export interface DeliveryRegionUpdate {
  name?: string;
  destinations?: Destination[];
  revision?: string;
}

// ---- Shipping options

export type RateConditionType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
export type ConditionOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';

export interface RateCondition {
  type: RateConditionType;
  /** Decimal string (or number when sent). */
  value: string | number;
  operator: ConditionOperator;
}

export interface ShippingRate {
  /** Decimal string. */
  amount: string;
  /** All must hold; none = always. */
  conditions?: RateCondition[];
  multiplyByQuantity?: boolean;
}

/** A handling fee or insurance added to the option's price. */
export interface ShippingCharge {
  type: 'HANDLING_FEE' | 'INSURANCE';
  details?: string;
  /** Decimal string. */
  price: string;
}

export interface PickupSettings {
  address: Address;
  pickupMethod?: 'STORE_PICKUP' | 'PICKUP_POINT';
  businessLocation?: string;
}

export interface ShippingOption extends SettingsEntity {
  /** What a shopper selects (`selectedShippingOption.code`); equals the id. */
  code?: string;
  /** The store's own carrier. */
  carrierId?: string;
  title?: string;
  deliveryRegionIds?: string[];
  estimatedDeliveryTime?: string;
  instructions?: string;
  deliveryTimeSlot?: { from?: Date; to?: Date };
  rates?: ShippingRate[];
  otherCharges?: ShippingCharge[];
  pickup?: PickupSettings;
  taxGroupId?: string;
  extendedFields?: ExtendedFields;
}

export interface ShippingOptionInput {
  title: string;
  deliveryRegionIds?: string[];
  estimatedDeliveryTime?: string | null;
  instructions?: string | null;
  deliveryTimeSlot?: { from: Date | string; to: Date | string } | null;
  rates: ShippingRate[];
  otherCharges?: ShippingCharge[];
  pickup?: PickupSettings | null;
  taxGroupId?: string | null;
  extendedFields?: ExtendedFields;
}

export type ShippingOptionUpdate = Partial<ShippingOptionInput> & { revision?: string };

// ---- Tax groups, regions, rates

export interface TaxGroup extends SettingsEntity {
  name?: string;
  /** The built-in groups (e.g. "Products") cannot change. */
  systemDefined?: boolean;
  appId?: string;
}

export interface TaxGroupInput {
  name: string;
}

export interface TaxGroupUpdate {
  name?: string;
  revision?: string;
}

/** `list-default-tax-groups-by-app-ids` item. */
export interface AppDefaultTaxGroups {
  appId?: string;
  taxGroups?: TaxGroup[];
}

export interface TaxRegion extends SettingsEntity {
  country?: string;
  /** ISO 3166-2, e.g. `US-CA`. */
  subdivision?: string;
  /** The tax calculator (only the manual one). */
  appId?: string;
  taxIncludedInPrice?: boolean;
}

export interface TaxRegionInput {
  country: string;
  subdivision?: string | null;
  appId?: string;
  /** Default: the store's `taxIncludedInPrices`. */
  taxIncludedInPrice?: boolean;
}

export type TaxRegionUpdate = Partial<TaxRegionInput> & { revision?: string };

export interface TaxJurisdiction {
  jurisdiction: string;
  jurisdictionType: 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
  /** Percentage as a decimal string, e.g. `"6.25"`. */
  rate: string;
  taxName?: string;
  taxType?: string;
}

/** The manual rate of one tax group in one region. */
export interface TaxRate extends SettingsEntity {
  taxRegionId?: string;
  taxGroupId?: string;
  /** Total percentage, decimal string (read-only). */
  rate?: string;
  jurisdictions?: TaxJurisdiction[];
}

/** `rate` alone makes one jurisdiction named after the region. */
export interface TaxRateInput {
  taxRegionId: string;
  taxGroupId: string;
  rate?: string;
  jurisdictions?: TaxJurisdiction[];
}

export interface TaxRateUpdate {
  rate?: string;
  jurisdictions?: TaxJurisdiction[];
  revision?: string;
}

// ---- Coupons

export type CouponDiscountType = 'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING';

export interface CouponScope {
  type: 'ALL_ITEMS' | 'SPECIFIC_PRODUCTS' | 'SPECIFIC_COLLECTIONS';
  productIds?: string[];
  collectionIds?: string[];
}

export interface Coupon extends SettingsEntity {
  /** Unique ignoring case. */
  code?: string;
  name?: string;
  active?: boolean;
  discountType?: CouponDiscountType;
  /** PERCENTAGE: 0–100. */
  percentage?: number;
  /** FIXED_AMOUNT: decimal string. */
  fixedAmount?: string;
  minimumSubtotal?: string;
  scope?: CouponScope;
  /** Valid in `[startTime, expirationTime)`. */
  startTime?: Date;
  expirationTime?: Date;
  usageLimit?: number;
  limitPerCustomer?: number;
  timesUsed?: number;
}

export interface CouponInput {
  code: string;
  name?: string;
  active?: boolean;
  discountType: CouponDiscountType;
  percentage?: number;
  fixedAmount?: string;
  minimumSubtotal?: string | null;
  scope?: CouponScope;
  startTime?: Date | string | null;
  expirationTime?: Date | string | null;
  usageLimit?: number | null;
  limitPerCustomer?: number | null;
}

export type CouponUpdate = Omit<Partial<CouponInput>, 'percentage' | 'fixedAmount'> & {
  percentage?: number | null;
  fixedAmount?: string | null;
  revision?: string;
};

/** `{fieldMask}` of an update: the fields to write (all given fields when absent). */
export interface UpdateOptions {
  fieldMask?: string | readonly string[];
}
