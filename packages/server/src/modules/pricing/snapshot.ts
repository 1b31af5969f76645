import type {
  ChargeType,
  CustomerEligibility,
  DiscountRuleScope,
  DiscountRuleTrigger,
  DiscountRuleValue,
  ItemAvailabilityStatus as AvailabilityStatus,
  ItemTypePreset as ItemType,
  JurisdictionType,
  PaymentOptionType as PaymentOption,
  PickupMethod,
  QuantityConfiguration,
  TaxableAddressType,
} from '@aisle/sdk';
import type { AddressInput } from '../../platform/schema.ts';

/**
 * The input of the pricing engine: everything `estimateTotals` needs, gathered beforehand by the caller
 * (cart, checkout, order creation) from the catalogue, the merchant settings and the providers. Money is a
 * decimal string in the store currency; rates are percentages as decimal strings (`"8.875"` = 8.875 %);
 * instants are ISO-8601 strings. Nothing here is read from a clock, a database or the network.
 */

// The wire's enumerations, as the SDK declares them.
export type {
  AvailabilityStatus,
  ChargeType,
  ItemType,
  JurisdictionType,
  PaymentOption,
  PickupMethod,
  TaxableAddressType,
};

export type WeightUnit = 'KG' | 'LB';
export type ConditionType = 'BY_TOTAL_WEIGHT' | 'BY_TOTAL_PRICE' | 'BY_TOTAL_QUANTITY';
export type ConditionOperator = 'EQ' | 'GT' | 'GTE' | 'LT' | 'LTE';
export type AdditionalFeeSource = 'SERVICE_PLUGIN' | 'ITEM' | 'MANUAL' | 'SHIPPING' | 'PLATFORM';

/** A translatable text: `translated` defaults to `original`. */
export interface TranslatableText {
  original: string;
  translated?: string;
}

export type Address = AddressInput;

export interface StoreSettings {
  /** ISO 4217, e.g. `USD`. Its minor unit (decimals) comes from Intl. */
  currency: string;
  weightUnit: WeightUnit;
  /** Whether catalogue prices include tax, where no tax region says otherwise. */
  taxIncludedInPrices: boolean;
  businessAddress?: Address;
  /** Locale of the formatted amounts; `en-US` by default. */
  locale?: string;
  /** An ERROR violation when the item subtotal after discounts is below this. */
  minimumOrderSubtotal?: string;
  /** Where a line without its own `taxableAddressType` is taxed; SHIPPING when absent. */
  defaultTaxableAddressType?: TaxableAddressType;
}

export interface CatalogReference {
  catalogItemId: string;
  appId: string;
  options?: Record<string, unknown>;
}

export interface LineItemSnapshot {
  id: string;
  /** For violation targets. */
  name: string;
  quantity: number;
  catalogReference?: CatalogReference;
  /** A caller-priced custom line item. */
  customLineItem?: boolean;
  /** Unit price after the product (catalogue) discount. */
  price: string;
  /** Unit price before the product discount; `price` when absent. */
  fullPrice?: string;
  /** Unit amount paid up front when `paymentOption` is `DEPOSIT_ONLINE`. */
  depositAmount?: string;
  itemType: ItemType;
  productId?: string;
  collectionIds?: string[];
  taxGroupId?: string;
  /** Unit weight in the store's weight unit. */
  weight?: number;
  /** Needs delivery; `itemType === 'PHYSICAL'` when absent. */
  shippable?: boolean;
  availability: { status: AvailabilityStatus; quantityAvailable?: number };
  /** An ERROR violation when `quantity` is below this. */
  minimumQuantity?: number;
  /** `FULL_PAYMENT_ONLINE` when absent. */
  paymentOption?: PaymentOption;
  /** `SHIPPING` when absent. */
  taxableAddressType?: TaxableAddressType;
  /** Carried for the caller; the engine does not price subscriptions differently. */
  subscriptionOptionInfo?: unknown;
}

/** Admin-managed coupon as stored. */
export interface CouponDefinition {
  id: string;
  code: string;
  name: string;
  /** Disabled by the merchant: `ERROR_COUPON_IS_NOT_ACTIVE`. */
  active: boolean;
  discount:
    | { type: 'PERCENTAGE'; percentage: string }
    | { type: 'FIXED_AMOUNT'; amount: string }
    | { type: 'FREE_SHIPPING' };
  minimumSubtotal?: string;
  scope:
    | { type: 'ALL_ITEMS' }
    | { type: 'SPECIFIC_PRODUCTS'; productIds: string[] }
    | { type: 'SPECIFIC_COLLECTIONS'; collectionIds: string[] };
  /** Validity window `[startsAt, expiresAt)`; open when absent. */
  startsAt?: string;
  expiresAt?: string;
  /** Total redemptions allowed, and made so far. */
  usageLimit?: number;
  timesUsed: number;
  /** Redemptions allowed per customer. */
  limitPerCustomer?: number;
}

export interface CouponSnapshot {
  /** The code on the cart. */
  code: string;
  /** The coupon with that code; `null` when none exists. */
  definition: CouponDefinition | null;
  /** Redemptions of this coupon by the current customer so far. */
  customerUsageCount: number;
}

export type MerchantDiscountSnapshot = ({ amount: string } | { percentage: string }) & {
  /** Only these lines; all lines when absent or empty. */
  lineItemIds?: string[];
};

/** Discount rules as on the wire (merchant-settings.md "Discount rules"): the SDK's types. */
export type {
  CustomerEligibility,
  DiscountRuleScope,
  DiscountRuleTrigger,
  DiscountRuleValue,
  QuantityConfiguration,
};

export interface DiscountRuleSnapshot {
  id: string;
  name: string;
  active: boolean;
  activeTimeInfo?: { start?: string; end?: string };
  trigger: DiscountRuleTrigger;
  discounts: { values: DiscountRuleValue[] };
}

export interface DeliveryRegion {
  id: string;
  name: string;
  /** Countries, each whole or limited to some subdivisions. */
  destinations: { countryCode: string; subdivisions?: string[] }[];
}

export interface ShippingRateCondition {
  type: ConditionType;
  /** A decimal string: weight in the store unit, money in the store currency, or a count. */
  value: string;
  operator: ConditionOperator;
}

export interface ShippingRate {
  amount: string;
  /** All must hold (AND); none = always. */
  conditions: ShippingRateCondition[];
  /** The amount is per unit of the total shippable quantity. */
  multiplyByQuantity?: boolean;
}

export interface ShippingOptionSnapshot {
  /** Unique per carrier; `{carrierId, code}` is what a shopper selects. */
  code: string;
  carrierId: string;
  title: string;
  deliveryRegionIds: string[];
  estimatedDeliveryTime?: string;
  instructions?: string;
  deliveryTimeSlot?: { from: string; to: string };
  pickup?: { address: Address; pickupMethod: PickupMethod; businessLocation?: string };
  /** The first rate whose conditions all hold is the option's price; no match = option not offered. */
  rates: ShippingRate[];
  otherCharges?: { type: ChargeType; details?: string; price: string }[];
  /** Tax group for the shipping price and charges; the tax settings' `shippingTaxGroupId` when absent. */
  taxGroupId?: string;
}

export interface TaxRegion {
  id: string;
  country: string;
  /** The whole country when absent. */
  subdivision?: string;
  taxIncludedInPrice: boolean;
  /** With auto tax on: this region keeps manual rates (`REGION_SETTING_TO_MANUAL`). */
  manualRates?: boolean;
}

export interface TaxJurisdictionRate {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  /** Percentage, e.g. `"6.25"`. */
  rate: string;
  taxName?: string;
  taxType?: string;
}

export interface ManualTaxRate {
  taxRegionId: string;
  taxGroupId: string;
  jurisdictions: TaxJurisdictionRate[];
}

/** What an auto-tax provider answered for this snapshot, decided outside the engine. */
export type AutoTaxResult =
  | { ok: { lineItems: Record<string, TaxJurisdictionRate[]>; shipping?: TaxJurisdictionRate[] } }
  | { failed: { reason: string } };

export interface TaxSettings {
  /** `MANUAL`: rates from `rates`. `AUTO`: rates from `autoTax`, falling back to `rates`. */
  calculation: 'MANUAL' | 'AUTO';
  regions: TaxRegion[];
  groups: { id: string; name: string }[];
  rates: ManualTaxRate[];
  /** The group of lines without one. */
  defaultTaxGroupId?: string;
  /** The group of shipping prices; shipping is untaxed when neither this nor the option names one. */
  shippingTaxGroupId?: string;
  /** With `AUTO`: the provider's answer; absent = provider deactivated. */
  autoTax?: AutoTaxResult;
}

export interface AdditionalFeeSnapshot {
  code: string;
  name: string;
  translatedName?: string;
  /** A fixed amount, or a percentage of the lines' amount after discounts (a percentage tip). */
  charge: { amount: string } | { percentage: string };
  source: AdditionalFeeSource;
  providerAppId?: string;
  /** The lines it relates to (and the base of a percentage); all lines when absent. */
  lineItemIds?: string[];
}

export interface Membership {
  id: string;
  appId: string;
  name: TranslatableText;
  lineItemIds: string[];
  credits?: { total: number; remaining: number };
  expirationDate?: string;
  additionalData?: Record<string, unknown>;
}

export interface MembershipSnapshot {
  eligible: Membership[];
  invalid: { membership: Membership; reason: string }[];
  selected: { id: string; appId: string; lineItemIds: string[] }[];
}

export interface PricingSnapshot {
  /** The instant validity windows and rule statuses are evaluated at. */
  now: string;
  store: StoreSettings;
  lineItems: LineItemSnapshot[];
  coupon?: CouponSnapshot;
  merchantDiscounts?: MerchantDiscountSnapshot[];
  /** All the store's discount rules; the engine decides which are live and triggered. */
  discountRules?: DiscountRuleSnapshot[];
  /** The shopper, for CUSTOMER_ELIGIBILITY triggers: a member id when signed in. */
  customer?: { memberId?: string };
  shipping?: { regions: DeliveryRegion[]; options: ShippingOptionSnapshot[] };
  tax?: TaxSettings;
  additionalFees?: AdditionalFeeSnapshot[];
  /** From the membership provider; none by default. */
  memberships?: MembershipSnapshot;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: { carrierId: string; code: string };
  /** Default true. */
  calculateTax?: boolean;
  /** Default true. */
  calculateShipping?: boolean;
}
