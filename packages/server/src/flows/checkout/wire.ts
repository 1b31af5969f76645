import type { CheckoutRow } from '../../modules/checkout/service.ts';
import type { CreatedBy } from '../../modules/checkout/model.ts';
import type { WireLineItem } from '../cart/lines.ts';
import type { PricedCheckout } from './pricing.ts';
import { type SubscriptionCharge, subscriptionCharges } from './subscriptions.ts';

/**
 * A priced checkout → the wire checkout (wire/cart-and-checkout.md §4): the cart's line items with `media` for
 * `image` and the engine's per-line prices and tax, the buyer's choices as stored, and every total, shipping
 * option, discount, fee, violation and calculation error from the pricing engine.
 */

export interface WireCheckout {
  id: string;
  lineItems: Array<WireLineItem & Record<string, unknown>>;
  completed: boolean;
  purchaseFlowId: string;
  [field: string]: unknown;
}

/** The caller a checkout belongs to, as `buyerInfo` names it. */
function buyerOf(row: CheckoutRow, createdBy: CreatedBy | undefined) {
  if (row.memberId) return { memberId: row.memberId };
  if (row.visitorId) return { visitorId: row.visitorId };
  if (createdBy && 'userId' in createdBy) return { userId: createdBy.userId };
  return {};
}

export function checkoutToWire(priced: PricedCheckout, now: Date): WireCheckout {
  const { row, totals, store } = priced;
  const info = row.info;
  const calculated = new Map(totals.calculatedLineItems.map((c) => [c.lineItemId, c]));
  const lineItems = priced.views.map(({ wire }) => {
    const { image, ...rest } = wire;
    const prices = calculated.get(wire.id)?.pricesBreakdown;
    return {
      ...rest,
      ...(image ? { media: image } : {}),
      ...(prices
        ? {
            price: prices.price,
            priceBeforeDiscounts: prices.priceBeforeDiscounts,
            fullPrice: prices.fullPrice,
            lineItemPrice: prices.lineItemPrice,
            totalPriceAfterTax: prices.totalPriceAfterTax,
            totalPriceBeforeTax: prices.totalPriceBeforeTax,
            discount: prices.totalDiscount,
            taxDetails: prices.taxDetails,
            ...(prices.depositAmount ? { depositAmount: prices.depositAmount } : {}),
            paymentOption: calculated.get(wire.id)!.paymentOption,
          }
        : {}),
    };
  });
  const charges: SubscriptionCharge[] = subscriptionCharges(
    priced.views.map((v) => v.wire),
    totals.calculatedLineItems,
    now,
    priced.currency,
  ).charges;
  const shipping = totals.shippingInfo;
  return {
    id: row.id,
    lineItems,
    ...(info.billingInfo ? { billingInfo: info.billingInfo } : {}),
    shippingInfo: {
      ...(info.shippingInfo?.shippingDestination
        ? { shippingDestination: info.shippingInfo.shippingDestination }
        : {}),
      ...(shipping.selectedCarrierServiceOption
        ? { selectedCarrierServiceOption: shipping.selectedCarrierServiceOption }
        : {}),
      ...(shipping.region ? { region: shipping.region } : {}),
      carrierServiceOptions: shipping.carrierServiceOptions,
    },
    ...(info.buyerNote ? { buyerNote: info.buyerNote } : {}),
    buyerInfo: {
      ...buyerOf(row, info.createdBy),
      ...(info.buyerInfo?.contactId ? { contactId: info.buyerInfo.contactId } : {}),
      ...(info.buyerInfo?.email ? { email: info.buyerInfo.email } : {}),
    },
    currency: store.currency,
    conversionCurrency: store.currency,
    paymentCurrency: store.currency,
    priceSummary: totals.priceSummary,
    payNow: totals.payNow,
    payLater: totals.payLater,
    calculationErrors: totals.calculationErrors,
    appliedDiscounts: totals.appliedDiscounts,
    customFields: info.customFields ?? [],
    weightUnit: totals.weightUnit,
    taxSummary: totals.taxSummary,
    channelType: row.channelType,
    siteLanguage: store.locale.split('-')[0],
    ...(info.buyerLanguage ? { buyerLanguage: info.buyerLanguage } : {}),
    completed: row.completed,
    taxIncludedInPrice: store.taxIncludedInPrices,
    ...(info.createdBy ? { createdBy: info.createdBy } : {}),
    createdDate: row.createdDate.toISOString(),
    updatedDate: row.updatedDate.toISOString(),
    membershipOptions: totals.membershipOptions,
    additionalFees: totals.additionalFees,
    ...(row.cartId ? { cartId: row.cartId } : {}),
    violations: totals.violations,
    ...(info.extendedFields ? { extendedFields: info.extendedFields } : {}),
    purchaseFlowId: row.purchaseFlowId,
    ...(info.customSettings ? { customSettings: info.customSettings } : {}),
    ...(info.checkoutTemplateId ? { checkoutTemplateId: info.checkoutTemplateId } : {}),
    ...(info.customContentReference ? { customContentReference: info.customContentReference } : {}),
    ...(info.externalReference ? { externalReference: info.externalReference } : {}),
    ...(info.businessLocationId ? { businessLocationId: info.businessLocationId } : {}),
    ...(info.taxExemptGroupId ? { taxExemptGroupId: info.taxExemptGroupId } : {}),
    ...(charges.length ? { subscriptionCharges: { charges } } : {}),
    ...(row.orderId ? { orderId: row.orderId } : {}),
  };
}
