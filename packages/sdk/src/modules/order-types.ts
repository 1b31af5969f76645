// Orders and payment collection as the SDK returns them (wire/orders.md): dates as Date, floats as numbers,
// line images as `aisle:image://` URIs, addresses with the client's names; order money is `Price` (decimal and
// display strings), the order number an int64 string.
import type { Address } from '../core/address.ts';
import type { Filter, Sorting } from '../core/wire-query.ts';
import type {
  AdditionalFee,
  AppliedDiscount,
  BuyerInfo,
  CatalogReference,
  ChannelType,
  DescriptionLine,
  ItemTypePreset,
  PaymentOptionType,
  PhysicalProperties,
  PickupMethod,
  ServiceProperties,
  SubscriptionSettings,
  TaxableAddressType,
  TaxDetails,
  TaxSummary,
} from './cart-types.ts';
import type { AddressWithContact, CheckoutCustomField, CreatedBy } from './checkout-types.ts';
import type { BulkResult, ExtendedFields, TranslatableString, WeightUnit } from './common-types.ts';

// ---- Enumerations

export type OrderStatus = 'INITIALIZED' | 'APPROVED' | 'CANCELED' | 'PENDING' | 'REJECTED';
export type PaymentStatus =
  | 'UNSPECIFIED'
  | 'NOT_PAID'
  | 'PAID'
  | 'PARTIALLY_REFUNDED'
  | 'FULLY_REFUNDED'
  | 'PENDING'
  | 'PARTIALLY_PAID'
  | 'PENDING_MERCHANT'
  | 'CANCELED'
  | 'DECLINED';
export type FulfillmentStatus = 'NOT_FULFILLED' | 'FULFILLED' | 'PARTIALLY_FULFILLED' | 'CANCELED';
/** A cart item's preset, or a custom amount's line. */
export type OrderItemTypePreset = ItemTypePreset | 'CUSTOM_AMOUNT_ITEM';
export type ActivityType =
  | 'ORDER_PLACED'
  | 'ORDER_PAID'
  | 'ORDER_PARTIALLY_PAID'
  | 'ORDER_FULFILLED'
  | 'ORDER_NOT_FULFILLED'
  | 'ORDER_CANCELED'
  | 'ORDER_REFUNDED'
  | 'ORDER_PENDING'
  | 'ORDER_REJECTED'
  | 'MERCHANT_COMMENT'
  | 'CUSTOM_ACTIVITY'
  | 'DOWNLOAD_LINK_SENT'
  | 'TRACKING_NUMBER_ADDED'
  | 'TRACKING_NUMBER_EDITED'
  | 'TRACKING_LINK_ADDED'
  | 'SHIPPING_CONFIRMATION_EMAIL_SENT'
  | 'INVOICE_ADDED'
  | 'INVOICE_REMOVED'
  | 'INVOICE_SENT'
  | 'FULFILLER_EMAIL_SENT'
  | 'SHIPPING_ADDRESS_EDITED'
  | 'EMAIL_EDITED'
  | 'PICKUP_READY_EMAIL_SENT'
  | 'DRAFT_ORDER_CHANGES_APPLIED'
  | 'SAVED_PAYMENT_METHOD'
  | 'AUTHORIZED_PAYMENT_CREATED'
  | 'AUTHORIZED_PAYMENT_CAPTURED'
  | 'AUTHORIZED_PAYMENT_VOIDED'
  | 'REFUND_INITIATED'
  | 'PAYMENT_REFUNDED'
  | 'PAYMENT_REFUND_FAILED'
  | 'REFUNDED_AS_STORE_CREDIT'
  | 'PAYMENT_PENDING'
  | 'PAYMENT_CANCELED'
  | 'PAYMENT_DECLINED'
  | 'RECEIPT_CREATED'
  | 'RECEIPT_SENT'
  | 'CHARGEBACK_CREATED'
  | 'CHARGEBACK_REVERSED';
export type OrderApprovalStrategy = 'DEFAULT' | 'PAYMENT_RECEIVED' | 'PAYMENT_METHOD_SAVED';

// ---- The order (§1)

/** Order money: a decimal string and its display form. */
export interface Price {
  amount?: string;
  formattedAmount?: string;
}

export interface DigitalFile {
  fileId?: string;
  /** A download link (time-limited). */
  link?: string;
  expirationDate?: Date;
}

export interface OrderSubscriptionInfo {
  id?: string;
  cycleNumber?: number;
  subscriptionOptionTitle?: string;
  subscriptionOptionDescription?: string;
  subscriptionSettings?: SubscriptionSettings;
  chargesDescription?: string;
}

export interface OrderLineItem {
  id: string;
  productName?: TranslatableString;
  catalogReference?: CatalogReference;
  quantity?: number;
  descriptionLines?: DescriptionLine[];
  /** `aisle:image://v1/<id>/<filename>#originWidth=…&originHeight=…`, or a URL for external images. */
  image?: string;
  physicalProperties?: PhysicalProperties;
  itemType?: { preset?: OrderItemTypePreset; custom?: string };
  price?: Price;
  priceBeforeDiscounts?: Price;
  totalPriceBeforeTax?: Price;
  totalPriceAfterTax?: Price;
  totalDiscount?: Price;
  lineItemPrice?: Price;
  depositAmount?: Price;
  paymentOption?: PaymentOptionType;
  taxDetails?: TaxDetails;
  taxInfo?: Record<string, unknown>;
  fulfillerId?: string;
  refundQuantity?: number;
  restockQuantity?: number;
  digitalFile?: DigitalFile;
  subscriptionInfo?: OrderSubscriptionInfo;
  priceDescription?: TranslatableString;
  locations?: { id?: string; appId?: string; quantity?: number; name?: string }[];
  taxableAddress?: { addressType?: TaxableAddressType };
  priceUndetermined?: boolean;
  fixedQuantity?: boolean;
  decimalQuantity?: { value?: string; measurementUnit?: string; otherUnit?: string };
  serviceProperties?: ServiceProperties;
  modifierGroups?: Record<string, unknown>[];
  extendedFields?: ExtendedFields;
}

export interface OrderPriceSummary {
  subtotal?: Price;
  shipping?: Price;
  tax?: Price;
  discount?: Price;
  total?: Price;
  totalAdditionalFees?: Price;
}

export interface BalanceSummary {
  /** What the buyer still owes. */
  balance?: Price;
  paid?: Price;
  refunded?: Price;
  authorized?: Price;
  pendingRefund?: Price;
  pending?: Price;
  chargeback?: Price;
  chargebackReversal?: Price;
  platformFees?: Price;
  totalMinusPlatformFees?: Price;
  cashRoundingAdjustment?: Price;
}

export interface OrderShippingInfo {
  carrierId?: string;
  code?: string;
  title?: string;
  region?: { name?: string };
  cost?: {
    price?: Price;
    totalPriceBeforeTax?: Price;
    totalPriceAfterTax?: Price;
    taxDetails?: TaxDetails;
    discount?: Price;
  };
  logistics?: {
    deliveryTime?: string;
    instructions?: string;
    deliverByDate?: Date;
    deliveryTimeSlot?: { from?: Date; to?: Date };
    shippingDestination?: AddressWithContact;
    pickupDetails?: { address?: Address; pickupMethod?: PickupMethod };
  };
}

export interface OrderActivity {
  id?: string;
  authorEmail?: string;
  createdDate?: Date;
  type?: ActivityType;
  activityType?: string;
  customActivity?: { appId?: string; type?: string; additionalData?: Record<string, string> };
  merchantComment?: { message?: string };
  orderRefunded?: { manual?: boolean; amount?: Price; reason?: string };
  [detail: string]: unknown;
}

/** An activity a merchant adds: a comment, or an app's own event. */
export type OrderActivityInput =
  | { merchantComment: { message: string } }
  | { customActivity: { appId?: string; type: string; additionalData?: Record<string, string> } };

export interface OrderTags {
  privateTags?: { tagIds?: string[] };
  tags?: { tagIds?: string[] };
}

export interface TrackingInfo {
  trackingNumber?: string;
  /** The carrier, e.g. `UPS`. */
  shippingProvider?: string;
  /** An `http(s)` URL where the buyer follows the parcel. */
  trackingLink?: string;
}

/** A shipment of some lines, with tracking (Aisle's fulfilments, docs/ORDERS.md). */
export interface Fulfillment {
  id?: string;
  lineItems?: { id: string; quantity?: number }[];
  trackingInfo?: TrackingInfo;
  completed?: boolean;
  createdDate?: Date;
}

/** What `createFulfillment` takes: lines (all units not fulfilled yet when absent) and tracking. */
export interface FulfillmentInput {
  lineItems?: { id: string; quantity?: number }[];
  trackingInfo?: TrackingInfo;
  completed?: boolean;
}

export interface OrderWithFulfillments {
  orderId: string;
  fulfillments: Fulfillment[];
}

export type InvoiceStatus =
  | 'Draft'
  | 'Sent'
  | 'Paid'
  | 'Overdue'
  | 'PartiallyPaid'
  | 'PartialAndOverdue'
  | 'Void';

/** An order's invoice (Aisle's invoices, docs/ORDERS.md); `number` counts up over the store. */
export interface OrderInvoice {
  id: string;
  orderId?: string;
  number?: string;
  status?: InvoiceStatus;
  dueDate?: Date;
  sentDate?: Date;
  total?: Price;
  createdDate?: Date;
  updatedDate?: Date;
}

export interface Order {
  id: string;
  /** int64 as a string, e.g. `"10001"`. */
  number?: string;
  createdDate?: Date;
  updatedDate?: Date;
  purchasedDate?: Date;
  checkoutId?: string;
  purchaseFlowId?: string;
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
  fulfillmentStatus?: FulfillmentStatus;
  archived?: boolean;
  seenByAHuman?: boolean;
  imported?: boolean;
  lineItems: OrderLineItem[];
  buyerInfo?: BuyerInfo;
  buyerLanguage?: string;
  buyerNote?: string;
  billingInfo?: AddressWithContact;
  recipientInfo?: AddressWithContact;
  currency?: string;
  currencyConversionDetails?: { originalCurrency?: string; conversionRate?: string };
  taxIncludedInPrices?: boolean;
  priceSummary?: OrderPriceSummary;
  payAfterFreeTrial?: OrderPriceSummary;
  taxSummary?: TaxSummary;
  taxInfo?: Record<string, unknown>;
  appliedDiscounts?: (AppliedDiscount & { id?: string; lineItemDiscounts?: Record<string, unknown>[] })[];
  additionalFees?: (AdditionalFee & { id?: string })[];
  balanceSummary?: BalanceSummary;
  platformFeeSummary?: Record<string, unknown>;
  shippingInfo?: OrderShippingInfo;
  weightUnit?: WeightUnit;
  siteLanguage?: string;
  activities?: OrderActivity[];
  attributionSource?: string;
  createdBy?: CreatedBy;
  channelInfo?: { type?: ChannelType; externalOrderId?: string; externalOrderUrl?: string };
  customFields?: CheckoutCustomField[];
  tags?: OrderTags;
  businessLocation?: { id?: string; name?: string };
  extendedFields?: ExtendedFields;
  /** The order's fulfilments, when the server sends them with the order. */
  fulfillments?: Fulfillment[];
}

// ---- Requests (§2)

export interface GetOrderOptions {
  /** A visitor's proof of purchase (from `createOrder` or the confirmation link) instead of being its buyer. */
  confirmationToken?: string;
}

/** `POST /ecom/v1/orders/search`: cursor paging (default 50). */
export interface OrderSearch {
  filter?: Filter;
  sort?: Sorting[];
  cursorPaging?: { limit?: number; cursor?: string };
}

export interface NewOrderSettings {
  editableByEveryone?: boolean;
  editableByOwnerApps?: { appIds?: string[] };
  orderApprovalStrategy?: OrderApprovalStrategy;
  notifications?: { sendNotificationToBuyer?: boolean; sendNotificationsToBusiness?: boolean };
}

/** An order as sent: the fields given are written; dates may be Dates or ISO strings. */
export type OrderInput = Partial<Omit<Order, 'lineItems'>> & { lineItems?: Partial<OrderLineItem>[] };

export interface UpdateOrderOptions {
  /** The fields to write (dotted paths under `order`); all given fields when absent. */
  fieldMask?: string | readonly string[];
}

export interface BulkOrderUpdate {
  order: OrderInput & { id: string };
  fieldMask?: string | readonly string[];
}

export interface CancelOrderOptions {
  sendOrderCanceledEmail?: boolean;
  customMessage?: string;
  restockAllItems?: boolean;
}

export interface AggregateOrdersOptions {
  filter?: Filter;
  /** Free JSON, e.g. `{ total: { $sum: '$priceSummary.total.amount' } }`. */
  aggregation?: Record<string, unknown>;
  hierarchySeparatorOverride?: string;
}

/** `getSalesAnalytics`: calendar days of a time zone, both ends counted. */
export interface SalesAnalyticsRequest {
  /** `YYYY-MM-DD`. */
  startDate: string;
  /** `YYYY-MM-DD`, at most 366 days after `startDate`. */
  endDate: string;
  /** IANA name, default `UTC`: which day an order falls on. */
  timeZone?: string;
  /** How many best-selling products (1–20, default 5). */
  topProducts?: number;
}

/** Figures of approved orders in the store currency; money as decimal strings. */
export interface SalesPeriod {
  startDate: string;
  endDate: string;
  sales: string;
  orders: number;
  averageOrderValue: string;
}

export interface SalesAnalytics {
  currency: string;
  timeZone: string;
  period: SalesPeriod;
  /** As many days, just before `period`. */
  previousPeriod: SalesPeriod;
  /** Percent up (positive) or down against the previous period, one decimal; null when it had nothing. */
  change: {
    salesPercent: number | null;
    ordersPercent: number | null;
    averageOrderValuePercent: number | null;
  };
  /** Every day of the period, days without orders included. */
  days: Array<{ date: string; sales: string; orders: number }>;
  /** Most units sold first. */
  topProducts: Array<{ productId?: string; name: string; quantity: number; sales: string }>;
  /** Approved orders not (fully) fulfilled nor fully refunded, whenever placed. */
  ordersToFulfil: number;
}

export interface BulkUpdateOrderTagsOptions {
  assignTags?: OrderTags;
  unassignTags?: OrderTags;
}

export interface SetOrderNumberCounterResponse {
  /** int64 strings. */
  oldCounter?: string;
  newCounter?: string;
}

export type OrdersBulkResult = BulkResult<Order>;

// ---- Payment collection (§3)

export type CollectabilityStatus =
  | 'COLLECTABLE'
  | 'NONCOLLECTABLE_ORDER_IS_CANCELLED'
  | 'NONCOLLECTABLE_ORDER_IS_PAID'
  | 'NONCOLLECTABLE_MISSING_PAYMENT_METHOD'
  | 'NONCOLLECTABLE_ORDER_IS_PENDING'
  | 'NONCOLLECTABLE_ORDER_IS_REJECTED'
  | 'NONCOLLECTABLE_ORDER_HAS_SUBSCRIPTIONS'
  | 'NONCOLLECTABLE_ORDER_HAS_CHARGEBACKS'
  | 'NONCOLLECTABLE_SUBSCRIPTION_CYCLE_ALREADY_PASSED'
  | 'NONCOLLECTABLE_ORDER_HAS_UNSUPPORTED_SUBSCRIPTION'
  | 'NONCOLLECTABLE_CUSTOM_AMOUNT_NOT_SUPPORTED'
  | 'UNKNOWN';

export type NonRefundableReason =
  | 'NONE'
  | 'ALREADY_REFUNDED'
  | 'PROVIDER_IS_DOWN'
  | 'INTERNAL_ERROR'
  | 'NOT_PAID'
  | 'ACCESS_DENIED'
  | 'ZERO_PRICE'
  | 'DISABLED_BY_PROVIDER'
  | 'PENDING_REFUND'
  | 'FORBIDDEN'
  | 'TRANSACTION_NOT_FOUND'
  | 'ORDER_IS_PENDING'
  | 'ORDER_IS_REJECTED';

export type ManuallyRefundableReason = 'EXPIRED' | 'NOT_SUPPORTED' | 'OFFLINE' | 'REQUIRES_CARD_READER';

export type TransactionStatus =
  | 'APPROVED'
  | 'PENDING'
  | 'PENDING_MERCHANT'
  | 'CANCELED'
  | 'DECLINED'
  | 'REFUNDED'
  | 'PARTIALLY_REFUNDED'
  | 'AUTHORIZED'
  | 'VOIDED';

export interface PreparePaymentCollectionOptions {
  paymentGatewayOrderId?: string;
  delayedCapture?: boolean;
  delayedCaptureSettings?: {
    scheduledAction?: 'VOID' | 'CAPTURE';
    delayDuration?: { count?: number; unit?: 'MINUTES' | 'HOURS' | 'DAYS' };
  };
}

export interface PaymentCollectability {
  status?: CollectabilityStatus;
  amount?: Price;
}

export interface Refundability {
  paymentId?: string;
  refundabilityStatus?: 'NOT_REFUNDABLE' | 'MANUAL' | 'REFUNDABLE';
  nonRefundableReason?: NonRefundableReason;
  manuallyRefundableReason?: ManuallyRefundableReason;
  providerLink?: string;
}

export interface RefundabilityResponse {
  refundabilities?: Refundability[];
  refundablePerItem?: boolean;
}

export interface MembershipCharge {
  membershipId?: string;
  appId?: string;
  membershipName?: TranslatableString;
  catalogReference?: CatalogReference;
  serviceProperties?: ServiceProperties;
  rootCatalogItemId?: string;
  lineItemId?: string;
}

export interface PaymentRefund {
  paymentId: string;
  /** Decimal string. */
  amount?: string;
  externalRefund?: boolean;
}

export interface TriggerRefundOptions {
  details?: {
    lineItems?: { lineItemId: string; quantity?: number }[];
    shipping?: { amount?: string };
    additionalFees?: { additionalFeeId: string; amount?: string }[];
    reason?: string;
  };
  sideEffects?: {
    restockInfo?: {
      type?: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS';
      items?: { lineItemId: string; quantity?: number }[];
    };
    sendOrderRefundedEmail?: boolean;
    customMessage?: string;
  };
}

export interface AuthorizationDetails {
  delayedCapture?: boolean;
  authorizedDate?: Date;
  captures?: { amount?: Price; createdDate?: Date; [key: string]: unknown }[];
  void?: { voidedDate?: Date; [key: string]: unknown };
  scheduledAction?: { actionType?: string; executionDate?: Date };
  [key: string]: unknown;
}

export interface RegularPaymentDetails {
  paymentOrderId?: string;
  gatewayTransactionId?: string;
  paymentMethod?: string;
  providerTransactionId?: string;
  offlinePayment?: boolean;
  status?: TransactionStatus;
  savedPaymentMethod?: boolean;
  authorizationDetails?: AuthorizationDetails;
  creditCardDetails?: { lastFourDigits?: string; brand?: string };
  chargebacks?: { id?: string; createdDate?: Date; updatedDate?: Date; [key: string]: unknown }[];
  [key: string]: unknown;
}

export interface OrderPayment {
  id?: string;
  createdDate?: Date;
  updatedDate?: Date;
  amount?: Price;
  status?: TransactionStatus;
  refundDisabled?: boolean;
  regularPaymentDetails?: RegularPaymentDetails;
  giftcardPaymentDetails?: Record<string, unknown>;
  membershipPaymentDetails?: Record<string, unknown>;
}

export interface OrderRefund {
  id?: string;
  createdDate?: Date;
  status?: 'PENDING' | 'SUCCEEDED' | 'FAILED' | 'SCHEDULED' | 'STARTED';
  [key: string]: unknown;
}

export interface OrderTransactions {
  orderId?: string;
  payments?: OrderPayment[];
  refunds?: OrderRefund[];
}

export interface TriggerRefundResponse {
  orderTransactions?: OrderTransactions;
  refundId?: string;
  failedPaymentIds?: { id?: string; [key: string]: unknown }[];
}
