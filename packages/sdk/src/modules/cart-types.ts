// The current cart and its totals as the SDK returns them (wire/cart-and-checkout.md §1–3): dates as Date,
// floats as numbers, images as `aisle:image://` URIs, page URLs as strings, addresses with the client's names.
import type { Address } from '../core/address.ts';
import type { ExtendedFields, MultiCurrencyPrice, TranslatableString, WeightUnit } from './common-types.ts';

// ---- Shared shapes (§1)

/** A catalogue item: the store catalogue is `STORES_APP_ID` with `options {variantId}` or `{options {…}}`. */
export interface CatalogReference {
  catalogItemId: string;
  appId: string;
  /** Store catalogue: `{variantId, customTextFields}` or `{options {<option>: <choice>}, customTextFields}`. */
  options?: Record<string, unknown>;
}

export type ItemTypePreset = 'PHYSICAL' | 'DIGITAL' | 'GIFT_CARD' | 'SERVICE';
export type ItemAvailabilityStatus = 'AVAILABLE' | 'NOT_FOUND' | 'NOT_AVAILABLE' | 'PARTIALLY_AVAILABLE';
export type PaymentOptionType =
  | 'FULL_PAYMENT_ONLINE'
  | 'FULL_PAYMENT_OFFLINE'
  | 'MEMBERSHIP'
  | 'DEPOSIT_ONLINE'
  | 'MEMBERSHIP_OFFLINE'
  | 'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER';
export type TaxableAddressType = 'BUSINESS' | 'BILLING' | 'SHIPPING';
export type SubscriptionFrequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
export type DiscountType = 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
export type JurisdictionType = 'COUNTRY' | 'STATE' | 'COUNTY' | 'CITY' | 'SPECIAL';
export type PickupMethod = 'STORE_PICKUP' | 'PICKUP_POINT';
export type ChargeType = 'HANDLING_FEE' | 'INSURANCE';
export type ViolationSeverity = 'WARNING' | 'ERROR';
export type AdditionalFeeSource = 'SERVICE_PLUGIN' | 'ITEM' | 'MANUAL' | 'SHIPPING' | 'PLATFORM';
export type ChannelType =
  | 'UNSPECIFIED'
  | 'WEB'
  | 'POS'
  | 'OTHER_PLATFORM'
  | 'BACKOFFICE_MERCHANT'
  | 'AISLE_APP_STORE'
  | 'AISLE_INVOICES'
  | 'EBAY'
  | 'AMAZON'
  | 'WISH'
  | 'CLASS_PASS'
  | 'GLOBAL_E'
  | 'FACEBOOK'
  | 'ETSY'
  | 'TIKTOK'
  | 'FAIRE_COM'
  | 'PAYPAL_AGENTIC_CHECKOUT'
  | 'STRIPE_AGENTIC_CHECKOUT';

export interface DescriptionLine {
  name?: TranslatableString;
  plainText?: TranslatableString;
  colorInfo?: { original?: string; translated?: string; code?: string };
  lineType?: 'PLAIN_TEXT' | 'COLOR';
}

export interface PhysicalProperties {
  weight?: number;
  sku?: string;
  shippable?: boolean;
}

export interface SubscriptionSettings {
  frequency?: SubscriptionFrequency;
  interval?: number;
  autoRenewal?: boolean;
  billingCycles?: number;
  enableCustomerCancellation?: boolean;
  freeTrialPeriod?: { frequency?: SubscriptionFrequency; interval?: number };
  startDate?: Date;
}

export interface SubscriptionOptionInfo {
  subscriptionSettings?: SubscriptionSettings;
  title?: TranslatableString | string;
  description?: TranslatableString | string;
}

export interface ServiceProperties {
  scheduledDate?: Date;
  endDate?: Date;
  numberOfParticipants?: number;
}

/** Admin-only replacements of what the catalogue says about a line; money as decimal strings. */
export interface CatalogOverrideFields {
  productName?: TranslatableString;
  price?: string;
  fullPrice?: string;
  depositAmount?: string;
  descriptionLines?: DescriptionLine[];
  physicalProperties?: PhysicalProperties;
  /** An `aisle:image://` URI or an image URL. */
  image?: string;
  paymentOption?: { value?: PaymentOptionType };
  savePaymentMethod?: boolean;
  inventoryAppId?: string;
}

export interface Policy {
  title?: string;
  content?: string;
}

/** Fields any line input may carry; the cart returns them unchanged. */
interface CarriedLineFields {
  selectedMembership?: { id: string; appId: string };
  taxableAddress?: { addressType: TaxableAddressType };
  extendedFields?: ExtendedFields;
  subscriptionOptionInfo?: SubscriptionOptionInfo;
  serviceProperties?: ServiceProperties;
}

/** A catalogue line to add: name, image and price always come from the catalogue. */
export interface LineItemInput extends CarriedLineFields {
  /** Default 1. */
  quantity?: number;
  catalogReference: CatalogReference;
  /** Admin credentials only. */
  catalogOverrideFields?: CatalogOverrideFields;
}

/** A caller-priced line (admin credentials only); money as decimal strings. */
export interface CustomLineItemInput extends CarriedLineFields {
  quantity: number;
  price: string;
  fullPrice?: string;
  depositAmount?: string;
  productName: TranslatableString;
  priceDescription?: TranslatableString;
  descriptionLines?: DescriptionLine[];
  /** An `aisle:image://` URI or an image URL. */
  media?: string;
  /** The item's page. */
  url?: string;
  itemType?: { preset?: ItemTypePreset; custom?: string };
  quantityAvailable?: number;
  physicalProperties?: PhysicalProperties;
  paymentOption?: PaymentOptionType;
  catalogReference?: CatalogReference;
  taxGroupId?: string;
  policies?: Policy[];
  membersOnly?: boolean;
  fixedQuantity?: boolean;
  priceUndetermined?: boolean;
  savePaymentMethod?: boolean;
  rootCatalogItemId?: string;
}

/** A cart line as returned. */
export interface LineItem extends CarriedLineFields {
  id: string;
  quantity?: number;
  catalogReference?: CatalogReference;
  productName?: TranslatableString;
  /** The item's page (wire `url.url`). */
  url?: string;
  price?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  depositAmount?: MultiCurrencyPrice;
  modifiersTotalPrice?: MultiCurrencyPrice;
  descriptionLines?: DescriptionLine[];
  /** `aisle:image://v1/<id>/<filename>#originWidth=…&originHeight=…`, or a URL for external images. */
  image?: string;
  /** Custom lines: the media given (same form as `image`). */
  media?: string;
  availability?: { status?: ItemAvailabilityStatus; quantityAvailable?: number };
  physicalProperties?: PhysicalProperties;
  itemType?: { preset?: ItemTypePreset; custom?: string };
  paymentOption?: PaymentOptionType;
  priceDescription?: TranslatableString;
  rootCatalogItemId?: string;
  deliveryProfileId?: string;
  taxGroupId?: string;
  customLineItem?: boolean;
  priceUndetermined?: boolean;
  fixedQuantity?: boolean;
  savePaymentMethod?: boolean;
  consentRequiredPaymentPolicy?: string;
  policies?: Policy[];
  membersOnly?: boolean;
  modifierGroups?: {
    id?: string;
    name?: TranslatableString;
    modifiers?: {
      id?: string;
      quantity?: number;
      label?: TranslatableString;
      details?: TranslatableString;
      price?: MultiCurrencyPrice;
    }[];
  }[];
  catalogOverrideFields?: CatalogOverrideFields;
}

export interface AppliedDiscount {
  coupon?: { id?: string; code?: string; name?: string; amount?: MultiCurrencyPrice };
  merchantDiscount?: { amount?: MultiCurrencyPrice; percentage?: number };
  discountRule?: { id?: string; name?: TranslatableString; amount?: MultiCurrencyPrice };
  discountType?: DiscountType;
  lineItemIds?: string[];
}

export interface ContactDetails {
  firstName?: string;
  lastName?: string;
  phone?: string;
  company?: string;
  vatId?: { id?: string; type?: 'CPF' | 'CNPJ' };
}

export interface ContactInfo {
  address?: Address;
  contactDetails?: ContactDetails;
}

/** `code` alone picks one of the store's own shipping options. */
export interface SelectedShippingOption {
  carrierId?: string;
  code?: string;
}

export interface BuyerInfo {
  visitorId?: string;
  memberId?: string;
  userId?: string;
  contactId?: string;
  email?: string;
}

// ---- The cart (§2)

export interface Cart {
  id: string;
  lineItems: LineItem[];
  buyerNote?: string;
  buyerInfo?: BuyerInfo;
  currency?: string;
  conversionCurrency?: string;
  paymentCurrency?: string;
  buyerLanguage?: string;
  siteLanguage?: string;
  taxIncludedInPrices?: boolean;
  weightUnit?: WeightUnit;
  checkoutId?: string;
  appliedDiscounts?: AppliedDiscount[];
  createdDate?: Date;
  updatedDate?: Date;
  contactInfo?: ContactInfo;
  overrideCheckoutUrl?: string;
  purchaseFlowId?: string;
  selectedShippingOption?: SelectedShippingOption;
  extendedFields?: ExtendedFields;
  businessLocationId?: string;
  /** int64 as a string; increases on every write. */
  revision?: string;
}

// ---- Requests (§3)

/** The writable part of the cart (`cartInfo`). */
export interface CartInfo {
  buyerNote?: string;
  buyerInfo?: { contactId?: string; email?: string };
  contactInfo?: ContactInfo;
  selectedShippingOption?: SelectedShippingOption;
  overrideCheckoutUrl?: string;
  businessLocationId?: string;
  extendedFields?: ExtendedFields;
  buyerLanguage?: string;
}

/** Admin credentials only; exactly one of `amount` (decimal string) and `percentage`. */
export interface MerchantDiscountInput {
  amount?: string;
  percentage?: number;
  lineItemIds?: string[];
}

export interface UpdateCurrentCartOptions {
  cartInfo?: CartInfo;
  /** A code to apply; `null` or `''` removes the coupon. */
  couponCode?: string | null;
  merchantDiscounts?: MerchantDiscountInput[];
  /** Lines to add. */
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
  /** The `cartInfo` fields to write (dotted paths); all given fields when absent. */
  cartFieldmask?: string | readonly string[];
}

export interface AddToCurrentCartOptions {
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
  businessLocationId?: string;
}

export interface LineItemQuantityUpdate {
  id: string;
  /** 0 removes the line. */
  quantity: number;
}

export interface SelectedMemberships {
  memberships?: { id: string; appId: string; lineItemIds?: string[] }[];
}

export interface EstimateCurrentCartTotalsOptions {
  selectedShippingOption?: SelectedShippingOption;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedMemberships?: SelectedMemberships;
  calculateTax?: boolean;
  calculateShipping?: boolean;
  calculateAdditionalFees?: boolean;
}

export interface CreateCheckoutOptions {
  channelType?: ChannelType;
  shippingAddress?: Address;
  billingAddress?: Address;
  selectedShippingOption?: SelectedShippingOption;
  email?: string;
}

export interface CreateCheckoutResponse {
  checkoutId: string;
}

// ---- Totals (§1, §3)

export interface TaxBreakdown {
  jurisdiction?: string;
  jurisdictionType?: JurisdictionType;
  /** Decimal string fraction, e.g. `"0.0625"`. */
  rate?: string;
  taxName?: string;
  taxType?: string;
  taxAmount?: MultiCurrencyPrice;
  taxableAmount?: MultiCurrencyPrice;
  nonTaxableAmount?: MultiCurrencyPrice;
}

export interface TaxDetails {
  taxableAmount?: MultiCurrencyPrice;
  totalTax?: MultiCurrencyPrice;
  /** Decimal string fraction. */
  taxRate?: string;
  rateBreakdown?: { name?: string; rate?: string; tax?: MultiCurrencyPrice }[];
  taxBreakdown?: TaxBreakdown[];
}

export interface PricesBreakdown {
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  taxDetails?: TaxDetails;
  totalDiscount?: MultiCurrencyPrice;
  price?: MultiCurrencyPrice;
  priceBeforeDiscounts?: MultiCurrencyPrice;
  lineItemPrice?: MultiCurrencyPrice;
  fullPrice?: MultiCurrencyPrice;
  modifiers?: MultiCurrencyPrice;
  depositAmount?: MultiCurrencyPrice;
}

export interface CalculatedLineItem {
  lineItemId?: string;
  pricesBreakdown?: PricesBreakdown;
  paymentOption?: PaymentOptionType;
  taxableAddress?: { addressType?: TaxableAddressType };
}

export interface PriceSummary {
  subtotal?: MultiCurrencyPrice;
  shipping?: MultiCurrencyPrice;
  tax?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  total?: MultiCurrencyPrice;
  additionalFees?: MultiCurrencyPrice;
}

export interface CalculationErrorDetails {
  code?: string;
  description?: string;
  data?: Record<string, unknown>;
}

export interface CalculationError {
  applicationError?: CalculationErrorDetails;
  validationError?: { fieldViolations?: { field?: string; description?: string }[] };
  systemError?: { errorCode?: string };
  tracing?: Record<string, string>;
}

export interface CalculationErrors {
  generalShippingCalculationError?: CalculationError;
  carrierErrors?: { errors?: { carrierId?: string; error?: CalculationError }[] };
  selectedShippingOptionError?: CalculationError;
  taxCalculationError?: CalculationError;
  couponCalculationError?: CalculationError;
  giftCardCalculationError?: CalculationError;
  membershipError?: CalculationError;
  discountsCalculationError?: CalculationError;
  orderValidationErrors?: CalculationErrorDetails[];
}

export interface TaxSummary {
  taxableAmount?: MultiCurrencyPrice;
  totalTax?: MultiCurrencyPrice;
  calculationDetails?: {
    rateType?: 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE';
    manualRateReason?: 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL';
    autoTaxFallbackDetails?: {
      fallbackReason?: 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED';
      error?: CalculationErrorDetails;
    };
  };
}

export interface PickupDetails {
  address?: Address;
  businessLocation?: string;
  pickupMethod?: PickupMethod;
}

export interface DeliveryLogistics {
  /** Text, e.g. "3–5 business days". */
  deliveryTime?: string;
  instructions?: string;
  deliveryTimeSlot?: { from?: Date; to?: Date };
  pickupDetails?: PickupDetails;
}

export interface ShippingPrices {
  price?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalDiscount?: MultiCurrencyPrice;
  taxDetails?: TaxDetails;
}

export interface SelectedCarrierServiceOption {
  code?: string;
  title?: string;
  carrierId?: string;
  logistics?: DeliveryLogistics;
  cost?: ShippingPrices;
  otherCharges?: { type?: ChargeType; details?: string; cost?: ShippingPrices }[];
  requestedShippingOption?: boolean;
  partial?: boolean;
}

/** One option a carrier offers for the address. */
export interface OfferedShippingOption {
  /** What `selectedShippingOption.code` takes. */
  code?: string;
  title?: string;
  logistics?: DeliveryLogistics;
  cost?: { price?: MultiCurrencyPrice; otherCharges?: { type?: ChargeType; price?: MultiCurrencyPrice }[] };
  partial?: boolean;
}

export interface CarrierServiceOption {
  carrierId?: string;
  shippingOptions?: OfferedShippingOption[];
}

export interface ShippingInfo {
  region?: { id?: string; name?: string };
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions?: CarrierServiceOption[];
}

export interface Membership {
  id?: string;
  appId?: string;
  name?: TranslatableString;
  lineItemIds?: string[];
  credits?: { total?: number; remaining?: number };
  expirationDate?: Date;
  additionalData?: Record<string, unknown>;
}

export interface MembershipOptions {
  eligibleMemberships?: Membership[];
  invalidMemberships?: { membership?: Membership; reason?: string }[];
  selectedMemberships?: SelectedMemberships;
}

export interface AdditionalFee {
  code?: string;
  name?: string;
  translatedName?: string;
  price?: MultiCurrencyPrice;
  priceBeforeTax?: MultiCurrencyPrice;
  priceAfterTax?: MultiCurrencyPrice;
  taxDetails?: TaxDetails;
  providerAppId?: string;
  lineItemIds?: string[];
  source?: AdditionalFeeSource;
  taxableAddress?: { addressType?: TaxableAddressType };
}

export interface Violation {
  severity?: ViolationSeverity;
  target?: { other?: { name?: string }; lineItem?: { id?: string; name?: string } };
  description?: string;
  suggestedFix?: 'REMOVE_LINE_ITEM';
}

export interface GiftCard {
  id?: string;
  obfuscatedCode?: string;
  amount?: MultiCurrencyPrice;
  requestedAmount?: MultiCurrencyPrice;
  appId?: string;
  externalId?: string;
}

export interface EstimateTotalsResponse {
  cart?: Cart;
  calculatedLineItems?: CalculatedLineItem[];
  priceSummary?: PriceSummary;
  payNow?: PriceSummary;
  payLater?: PriceSummary;
  giftCard?: GiftCard;
  taxSummary?: TaxSummary;
  shippingInfo?: ShippingInfo;
  appliedDiscounts?: AppliedDiscount[];
  calculationErrors?: CalculationErrors;
  weightUnit?: WeightUnit;
  currency?: string;
  membershipOptions?: MembershipOptions;
  additionalFees?: AdditionalFee[];
  violations?: Violation[];
}
