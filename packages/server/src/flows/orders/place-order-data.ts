import type { CheckoutInfo, CreatedBy } from '../../modules/checkout/model.ts';
import type { Mcp, Totals } from '../../modules/pricing/index.ts';
import type { LineView } from '../cart/lines.ts';
import { isRecord, type Json } from './json.ts';

/**
 * A priced checkout → `orders.data` (docs/CHECKOUT.md "Stored order shape"): the wire order of wire/orders.md §1
 * without what is a column or derived (id, number, statuses, dates, activities, balance, tags). Pure: ids and
 * the clock come in. Money is `{amount, formattedAmount}` (the checkout's MCP without the converted parts).
 */

export interface OrderDataInput {
  checkout: {
    id: string;
    purchaseFlowId: string;
    channelType: string;
    info: CheckoutInfo;
  };
  views: readonly LineView[];
  totals: Totals;
  store: { currency: string; taxIncludedInPrices: boolean; weightUnit: string; locale: string };
  buyer: { memberId?: string | undefined; visitorId?: string | undefined };
  /** `create-order` without a charge: online-paid lines become FULL_PAYMENT_OFFLINE. */
  offline: boolean;
  /** The catalogue variant each store-catalogue line resolved to, by line id. */
  variantIds: ReadonlyMap<string, string>;
  /** Secure media file of each DIGITAL line, by line id (when the catalogue names one). */
  digitalFiles?: ReadonlyMap<string, string>;
  /** Whether placement took the stock (bookkeeping, never on the wire). */
  inventoryDecremented: boolean;
  /** Ids for applied discounts and additional fees. */
  newId: () => string;
}

const isMcp = (v: Json): v is Json & Mcp =>
  typeof v.amount === 'string' && typeof v.formattedAmount === 'string' && 'convertedAmount' in v;

/** Every MCP inside `value` as an order price `{amount, formattedAmount}`. */
export function orderPrices<T>(value: T): T {
  if (Array.isArray(value)) return value.map(orderPrices) as T;
  if (!isRecord(value)) return value;
  if (isMcp(value)) return { amount: value.amount, formattedAmount: value.formattedAmount } as T;
  const out: Json = {};
  for (const [key, child] of Object.entries(value)) out[key] = orderPrices(child);
  return out as T;
}

function lineOf(view: LineView, input: OrderDataInput): Json | undefined {
  const calculated = input.totals.calculatedLineItems.find((c) => c.lineItemId === view.wire.id);
  if (!calculated) return undefined;
  const w = view.wire;
  const p = orderPrices(calculated.pricesBreakdown);
  const preset = w.itemType.preset;
  const paymentOption =
    input.offline && calculated.paymentOption === 'FULL_PAYMENT_ONLINE'
      ? 'FULL_PAYMENT_OFFLINE'
      : calculated.paymentOption;
  const subscription = isRecord(w.subscriptionOptionInfo) ? w.subscriptionOptionInfo : undefined;
  const fileId = input.digitalFiles?.get(w.id);
  // The variant the reference resolved to, so restocking and reports need not resolve options again.
  const variantId = input.variantIds.get(w.id);
  const catalogReference = w.catalogReference
    ? {
        ...w.catalogReference,
        ...(variantId ? { options: { ...(w.catalogReference.options ?? {}), variantId } } : {}),
      }
    : undefined;
  return {
    id: w.id,
    productName: {
      original: w.productName.original,
      translated: w.productName.translated ?? w.productName.original,
    },
    ...(catalogReference ? { catalogReference } : {}),
    quantity: w.quantity,
    descriptionLines: w.descriptionLines,
    ...(w.image ? { image: w.image } : {}),
    physicalProperties: w.physicalProperties,
    itemType: preset ? { preset } : w.itemType,
    price: p.price,
    priceBeforeDiscounts: p.priceBeforeDiscounts,
    totalPriceBeforeTax: p.totalPriceBeforeTax,
    totalPriceAfterTax: p.totalPriceAfterTax,
    totalDiscount: p.totalDiscount,
    lineItemPrice: p.lineItemPrice,
    ...(p.depositAmount ? { depositAmount: p.depositAmount } : {}),
    paymentOption,
    taxDetails: p.taxDetails,
    taxInfo: {
      taxAmount: p.taxDetails.totalTax,
      taxableAmount: p.taxDetails.taxableAmount,
      taxRate: p.taxDetails.taxRate,
      taxIncludedInPrice: input.store.taxIncludedInPrices,
      taxBreakdown: p.taxDetails.taxBreakdown,
    },
    ...(w.priceDescription ? { priceDescription: w.priceDescription } : {}),
    taxableAddress: calculated.taxableAddress,
    priceUndetermined: w.priceUndetermined,
    fixedQuantity: w.fixedQuantity,
    ...(w.serviceProperties ? { serviceProperties: w.serviceProperties } : {}),
    ...(w.extendedFields ? { extendedFields: w.extendedFields } : {}),
    ...(preset === 'DIGITAL' && fileId ? { digitalFile: { fileId } } : {}),
    ...(subscription
      ? {
          subscriptionInfo: {
            cycleNumber: 1,
            ...(typeof subscription.title === 'string'
              ? { subscriptionOptionTitle: subscription.title }
              : {}),
            ...(typeof subscription.description === 'string'
              ? { subscriptionOptionDescription: subscription.description }
              : {}),
            ...(isRecord(subscription.subscriptionSettings)
              ? { subscriptionSettings: subscription.subscriptionSettings }
              : {}),
          },
        }
      : {}),
    refundQuantity: 0,
    restockQuantity: 0,
  };
}

function buyerInfoOf(input: OrderDataInput): Json {
  const b = input.checkout.info.buyerInfo;
  return {
    ...(input.buyer.memberId ? { memberId: input.buyer.memberId } : { visitorId: input.buyer.visitorId }),
    ...(b?.contactId ? { contactId: b.contactId } : {}),
    ...(b?.email ? { email: b.email } : {}),
  };
}

function shippingOf(input: OrderDataInput): Json | undefined {
  const selected = input.totals.shippingInfo.selectedCarrierServiceOption;
  if (!selected) return undefined;
  const destination = input.checkout.info.shippingInfo?.shippingDestination;
  const cost = orderPrices(selected.cost);
  const region = input.totals.shippingInfo.region;
  return {
    carrierId: selected.carrierId,
    code: selected.code,
    title: selected.title,
    ...(region ? { region: { name: region.name } } : {}),
    cost: {
      price: cost.price,
      totalPriceBeforeTax: cost.totalPriceBeforeTax,
      totalPriceAfterTax: cost.totalPriceAfterTax,
      taxDetails: cost.taxDetails,
      discount: cost.totalDiscount,
    },
    otherCharges: orderPrices(selected.otherCharges),
    logistics: {
      ...selected.logistics,
      ...(destination && !selected.logistics.pickupDetails ? { shippingDestination: destination } : {}),
    },
  };
}

export function orderDataFrom(input: OrderDataInput): Json {
  const { totals, checkout, store } = input;
  const info = checkout.info;
  const summary = orderPrices(totals.priceSummary);
  const destination = info.shippingInfo?.shippingDestination;
  const shipping = shippingOf(input);
  const createdBy: CreatedBy | undefined = info.createdBy;
  return {
    checkoutId: checkout.id,
    purchaseFlowId: checkout.purchaseFlowId,
    lineItems: input.views.map((v) => lineOf(v, input)).filter((l): l is Json => l !== undefined),
    buyerInfo: buyerInfoOf(input),
    ...(info.buyerLanguage ? { buyerLanguage: info.buyerLanguage } : {}),
    ...(info.buyerNote ? { buyerNote: info.buyerNote } : {}),
    ...(info.billingInfo ? { billingInfo: info.billingInfo } : {}),
    ...(destination && shipping ? { recipientInfo: destination } : {}),
    currency: store.currency,
    taxIncludedInPrices: store.taxIncludedInPrices,
    weightUnit: store.weightUnit,
    siteLanguage: store.locale.split('-')[0],
    priceSummary: {
      subtotal: summary.subtotal,
      shipping: summary.shipping,
      tax: summary.tax,
      discount: summary.discount,
      total: summary.total,
      totalAdditionalFees: summary.additionalFees,
    },
    taxSummary: orderPrices(totals.taxSummary),
    taxInfo: { totalTax: summary.tax, taxIncludedInPrices: store.taxIncludedInPrices },
    appliedDiscounts: orderPrices(totals.appliedDiscounts).map((d) => ({ id: input.newId(), ...d })),
    additionalFees: orderPrices(totals.additionalFees).map((f) => ({ id: input.newId(), ...f })),
    ...(shipping ? { shippingInfo: shipping } : {}),
    channelInfo: { type: checkout.channelType },
    ...(createdBy ? { createdBy } : {}),
    customFields: info.customFields ?? [],
    ...(info.businessLocationId ? { businessLocation: { id: info.businessLocationId } } : {}),
    ...(info.extendedFields ? { extendedFields: info.extendedFields } : {}),
    seenByAHuman: false,
    _inventory: { decremented: input.inventoryDecremented },
  };
}
