// The checkout as the SDK returns it (wire/cart-and-checkout.md §4–5): dates as Date, floats as numbers, line
// `media` as `aisle:image://` URIs, page URLs as strings, addresses with the client's names. Shapes shared with
// the cart come from cart-types.ts.
import type { Address } from '../core/address.ts';
import type {
  AdditionalFee,
  AppliedDiscount,
  BuyerInfo,
  CalculationErrors,
  CarrierServiceOption,
  ChannelType,
  ContactDetails,
  CustomLineItemInput,
  GiftCard,
  LineItem,
  LineItemInput,
  LineItemQuantityUpdate,
  MembershipOptions,
  PriceSummary,
  SelectedCarrierServiceOption,
  SelectedMemberships,
  TaxDetails,
  TaxSummary,
  Violation,
} from './cart-types.ts';
import type { ExtendedFields, MultiCurrencyPrice, WeightUnit } from './common-types.ts';

// ---- The checkout (§4)

/** A checkout line: the cart line's fields (picture in `media`) plus its priced totals. */
export interface CheckoutLineItem extends LineItem {
  totalPriceAfterTax?: MultiCurrencyPrice;
  totalPriceBeforeTax?: MultiCurrencyPrice;
  discount?: MultiCurrencyPrice;
  taxDetails?: TaxDetails;
}

/** An address with the buyer's name and phone (billing address, shipping destination). */
export interface AddressWithContact {
  address?: Address;
  contactDetails?: ContactDetails;
}

export interface CheckoutShippingInfo {
  /** Where the order ships to. */
  shippingDestination?: AddressWithContact;
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  region?: { id?: string; name?: string };
  carrierServiceOptions?: CarrierServiceOption[];
}

export interface CheckoutCustomField {
  value?: unknown;
  title?: string;
  translatedTitle?: string;
}

export interface CheckoutCustomSettings {
  lockGiftCard?: boolean;
  lockCouponCode?: boolean;
  disabledPolicyAgreementCheckbox?: boolean;
  /** When true the buyer cannot choose to pay offline (manual payment). */
  disabledManualPayment?: boolean;
  /** Aisle: the hosted checkout page shows no way back to the shop (a checkout template's flag). */
  disabledContinueShoppingButton?: boolean;
}

export interface CreatedBy {
  userId?: string;
  memberId?: string;
  visitorId?: string;
  appId?: string;
}

export interface SubscriptionCharge {
  cycleBillingDate?: Date;
  [key: string]: unknown;
}

/** What a checkout holds as a write sets it (`Checkout` and `CheckoutInfo` alike). */
export interface CheckoutSetFields {
  billingInfo?: AddressWithContact;
  buyerNote?: string;
  customFields?: CheckoutCustomField[];
  customSettings?: CheckoutCustomSettings;
  extendedFields?: ExtendedFields;
  businessLocationId?: string;
  buyerLanguage?: string;
  customContentReference?: { appId?: string; componentId?: string };
  externalReference?: { appId?: string; resourceId?: string };
}

export interface Checkout extends CheckoutSetFields {
  id: string;
  lineItems: CheckoutLineItem[];
  shippingInfo?: CheckoutShippingInfo;
  buyerInfo?: BuyerInfo;
  currency?: string;
  conversionCurrency?: string;
  paymentCurrency?: string;
  priceSummary?: PriceSummary;
  payNow?: PriceSummary;
  payLater?: PriceSummary;
  payAfterFreeTrial?: PriceSummary;
  calculationErrors?: CalculationErrors;
  giftCard?: GiftCard;
  appliedDiscounts?: AppliedDiscount[];
  weightUnit?: WeightUnit;
  taxSummary?: TaxSummary;
  channelType?: ChannelType;
  siteLanguage?: string;
  /** An order was placed from it (or it was marked completed). */
  completed?: boolean;
  taxIncludedInPrice?: boolean;
  createdBy?: CreatedBy;
  createdDate?: Date;
  updatedDate?: Date;
  membershipOptions?: MembershipOptions;
  additionalFees?: AdditionalFee[];
  cartId?: string;
  violations?: Violation[];
  purchaseFlowId?: string;
  /** Aisle: the checkout template this checkout was started from. */
  checkoutTemplateId?: string;
  taxExemptGroupId?: string;
  subscriptionCharges?: { charges?: SubscriptionCharge[] };
  /** The checkout's own URL, when set to another page than the store's hosted checkout. */
  overrideCheckoutUrl?: string;
  /** Aisle: the order placed from this checkout. */
  orderId?: string;
}

// ---- Requests (§5)

/** What a buyer (or merchant) may set on a checkout. */
export interface CheckoutInfo extends CheckoutSetFields {
  shippingInfo?: {
    shippingDestination?: AddressWithContact;
    /** `code` alone picks one of the store's own shipping options. */
    selectedCarrierServiceOption?: { code?: string; carrierId?: string };
  };
  buyerInfo?: { contactId?: string; email?: string };
  membershipOptions?: { selectedMemberships?: SelectedMemberships };
}

/** Codes applied with a write: a coupon, a gift card (with an optional amount to redeem). */
interface CheckoutCodes {
  couponCode?: string;
  giftCardCode?: string;
  /** Decimal string. */
  giftCardRedeemAmount?: string;
  overrideCheckoutUrl?: string;
}

/** `checkout.createCheckout` (the current cart's `CreateCheckoutOptions` is another call). */
export interface NewCheckoutOptions extends CheckoutCodes {
  checkoutInfo?: CheckoutInfo;
  lineItems?: LineItemInput[];
  /** Admin credentials only. */
  customLineItems?: CustomLineItemInput[];
  channelType?: ChannelType;
}

export interface UpdateCheckoutOptions extends CheckoutCodes {
  /** The fields to write (dotted paths under `checkout`); all given fields when absent. */
  fieldMask?: string | readonly string[];
  /** Lines to add. */
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
}

export interface AddToCheckoutOptions {
  lineItems?: LineItemInput[];
  customLineItems?: CustomLineItemInput[];
}

export type CheckoutLineItemQuantityUpdate = LineItemQuantityUpdate;

export interface PlaceOrderOptions {
  savePaymentMethod?: boolean;
  /** Authorise now, capture later (when the store allows it). */
  delayCapture?: boolean;
}

export interface PlaceOrderResponse {
  orderId: string;
  subscriptionId?: string;
  paymentGatewayOrderId?: string;
  /** Lets this buyer read the order without signing in (`orders.getOrder(id, { confirmationToken })`). */
  confirmationToken?: string;
}

export interface PlaceOrderAndChargeResponse extends PlaceOrderResponse {
  /**
   * Set when the payment needs a step from the buyer (3-D Secure-like): send them to
   * `sandboxPayments.confirmationUrl(paymentResponseToken, returnUrl)`.
   */
  paymentResponseToken?: string;
}

// ---- Sandbox card payments (docs/CHECKOUT.md)

export interface SandboxCardInput {
  /** Digits; spaces are allowed. */
  number: string;
  expMonth: number;
  /** Four digits. */
  expYear: number;
  cvc: string;
  holderName?: string;
}

export interface SandboxCardToken {
  /** Single use, valid for 30 minutes: pass it to `createOrderAndCharge`. */
  paymentToken: string;
  card: { brand?: string; lastFourDigits?: string; expMonth?: number; expYear?: number };
}
