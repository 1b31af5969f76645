/**
 * The output of the pricing engine: the estimate-totals response of wire/cart-and-checkout.md §1 and §3
 * without `cart` (the caller adds it). Amounts are MCP objects in the store currency (no conversion).
 */
import type {
  AdditionalFeeSource,
  Address,
  ChargeType,
  JurisdictionType,
  Membership,
  PaymentOption,
  PickupMethod,
  TaxableAddressType,
  TranslatableText,
  WeightUnit,
} from './snapshot.ts';

/** Multi-currency price: decimal and display strings; converted = amount. */
export interface Mcp {
  amount: string;
  convertedAmount: string;
  formattedAmount: string;
  formattedConvertedAmount: string;
}

export interface TaxBreakdown {
  jurisdiction: string;
  jurisdictionType: JurisdictionType;
  /** Fraction, e.g. `"0.0625"`. */
  rate: string;
  taxName: string;
  taxType?: string;
  taxAmount: Mcp;
  taxableAmount: Mcp;
  nonTaxableAmount: Mcp;
}

export interface TaxDetails {
  taxableAmount: Mcp;
  totalTax: Mcp;
  /** Fraction, e.g. `"0.0825"` for 8.25 %. */
  taxRate: string;
  rateBreakdown: { name: string; rate: string; tax: Mcp }[];
  taxBreakdown: TaxBreakdown[];
}

export interface PricesBreakdown {
  totalPriceAfterTax: Mcp;
  totalPriceBeforeTax: Mcp;
  taxDetails: TaxDetails;
  totalDiscount: Mcp;
  price: Mcp;
  priceBeforeDiscounts: Mcp;
  lineItemPrice: Mcp;
  fullPrice: Mcp;
  depositAmount?: Mcp;
}

export interface CalculatedLineItem {
  lineItemId: string;
  pricesBreakdown: PricesBreakdown;
  paymentOption: PaymentOption;
  taxableAddress: { addressType: TaxableAddressType };
}

export interface PriceSummary {
  subtotal: Mcp;
  shipping: Mcp;
  tax: Mcp;
  discount: Mcp;
  total: Mcp;
  additionalFees: Mcp;
}

export type RateType = 'NO_TAX_COLLECTED' | 'MANUAL_RATE' | 'AUTO_RATE' | 'FALLBACK_RATE';

export interface TaxSummary {
  taxableAmount: Mcp;
  totalTax: Mcp;
  calculationDetails: {
    rateType: RateType;
    manualRateReason?: 'GLOBAL_SETTING_TO_MANUAL' | 'REGION_SETTING_TO_MANUAL';
    autoTaxFallbackDetails?: {
      fallbackReason: 'AUTO_TAX_FAILED' | 'AUTO_TAX_DEACTIVATED';
      error?: ApplicationError;
    };
  };
}

export interface Logistics {
  deliveryTime?: string;
  instructions?: string;
  deliveryTimeSlot?: { from: string; to: string };
  pickupDetails?: { address: Address; businessLocation?: string; pickupMethod: PickupMethod };
}

export interface SelectedOptionPrices {
  price: Mcp;
  totalPriceBeforeTax: Mcp;
  totalPriceAfterTax: Mcp;
  totalDiscount: Mcp;
  taxDetails: TaxDetails;
}

export interface SelectedCarrierServiceOption {
  code: string;
  title: string;
  carrierId: string;
  logistics: Logistics;
  cost: SelectedOptionPrices;
  otherCharges: { type: ChargeType; details?: string; cost: SelectedOptionPrices }[];
  /** Whether this is the option the shopper asked for (false when the engine chose the default). */
  requestedShippingOption: boolean;
  partial: boolean;
}

export interface CarrierServiceOption {
  carrierId: string;
  shippingOptions: {
    code: string;
    title: string;
    logistics: Logistics;
    cost: { price: Mcp; otherCharges: { type: ChargeType; price: Mcp }[] };
    partial: boolean;
  }[];
}

export interface ShippingInfo {
  region?: { id: string; name: string };
  selectedCarrierServiceOption?: SelectedCarrierServiceOption;
  carrierServiceOptions: CarrierServiceOption[];
}

export interface AppliedDiscount {
  discountType: 'GLOBAL' | 'SPECIFIC_ITEMS' | 'SHIPPING';
  lineItemIds: string[];
  coupon?: { id: string; code: string; name: string; amount: Mcp };
  merchantDiscount?: { amount: Mcp; percentage?: number };
  discountRule?: { id: string; name: TranslatableText; amount: Mcp };
}

export interface ApplicationError {
  code: string;
  description: string;
  data?: Record<string, unknown>;
}

export type CalculationError = (
  | { applicationError: ApplicationError }
  | { systemError: { errorCode: string } }
) & {
  tracing?: Record<string, string>;
};

export interface CalculationErrors {
  generalShippingCalculationError?: CalculationError;
  carrierErrors?: { errors: { carrierId: string; error: CalculationError }[] };
  selectedShippingOptionError?: CalculationError;
  taxCalculationError?: CalculationError;
  couponCalculationError?: CalculationError;
  membershipError?: CalculationError;
  discountsCalculationError?: CalculationError;
  orderValidationErrors?: ApplicationError[];
}

export interface Violation {
  severity: 'WARNING' | 'ERROR';
  target: { lineItem: { id: string; name: string } } | { other: { name: string } };
  description: string;
  suggestedFix?: 'REMOVE_LINE_ITEM';
}

export interface MembershipOptions {
  eligibleMemberships: Membership[];
  invalidMemberships: { membership: Membership; reason: string }[];
  selectedMemberships: { memberships: { id: string; appId: string; lineItemIds: string[] }[] };
}

export interface AdditionalFee {
  code: string;
  name: string;
  translatedName: string;
  price: Mcp;
  priceBeforeTax: Mcp;
  priceAfterTax: Mcp;
  taxDetails: TaxDetails;
  providerAppId?: string;
  lineItemIds: string[];
  source: AdditionalFeeSource;
}

export interface Totals {
  calculatedLineItems: CalculatedLineItem[];
  priceSummary: PriceSummary;
  payNow: PriceSummary;
  payLater: PriceSummary;
  taxSummary: TaxSummary;
  shippingInfo: ShippingInfo;
  appliedDiscounts: AppliedDiscount[];
  calculationErrors: CalculationErrors;
  violations: Violation[];
  membershipOptions: MembershipOptions;
  additionalFees: AdditionalFee[];
  weightUnit: WeightUnit;
  currency: string;
}
