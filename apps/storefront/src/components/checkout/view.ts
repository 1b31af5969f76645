import { AisleError, type Checkout, getImageUrl, type Order, type OrderLineItem } from '@aisle/sdk';
import { type ShownError, showError } from '../../lib/errors.ts';
import { type LineOption, lineOptions } from '../../resources/cart.ts';

// Shared with the admin app: it shows order addresses the same way.
export { addressLines, contactName } from '../../lib/address.ts';

// ---------------------------------------------------------------------------------------------------------
// Lines, addresses and money as the checkout and order pages show them
// ---------------------------------------------------------------------------------------------------------

/** Any line with a name, options and a picture (checkout lines carry `media`, order lines `image`). */
interface ShownLine {
  id: string;
  productName?: { original?: string; translated?: string };
  descriptionLines?: OrderLineItem['descriptionLines'];
  image?: string;
  media?: string;
}

export const itemName = (line: ShownLine): string =>
  line.productName?.translated || line.productName?.original || 'Item';

export const itemOptions = (line: ShownLine): LineOption[] =>
  lineOptions({ id: line.id, ...(line.descriptionLines ? { descriptionLines: line.descriptionLines } : {}) });

export function itemImage(line: ShownLine): string | undefined {
  const image = line.image ?? line.media;
  return image ? getImageUrl(image) : undefined;
}

/** Does anything in the checkout ship (so it needs a shipping address and a delivery choice)? */
export const needsShipping = (checkout: Checkout): boolean =>
  checkout.lineItems.some((line) => line.physicalProperties?.shippable === true);

// ---------------------------------------------------------------------------------------------------------
// Order statuses in the shopper's words
// ---------------------------------------------------------------------------------------------------------

const PAYMENT: Record<string, string> = {
  PAID: 'Paid',
  NOT_PAID: 'Not paid yet',
  PENDING: 'Payment pending',
  PARTIALLY_PAID: 'Partly paid',
  PARTIALLY_REFUNDED: 'Partly refunded',
  FULLY_REFUNDED: 'Refunded',
  PENDING_MERCHANT: 'Payment being checked',
  CANCELED: 'Payment canceled',
  DECLINED: 'Payment declined',
  UNSPECIFIED: 'Payment unknown',
};

const FULFILMENT: Record<string, string> = {
  NOT_FULFILLED: 'Not shipped yet',
  PARTIALLY_FULFILLED: 'Partly shipped',
  FULFILLED: 'Shipped',
  CANCELED: 'Canceled',
};

export const paymentLabel = (order: Order): string => PAYMENT[order.paymentStatus ?? ''] ?? 'Payment unknown';

/** Digital-only orders are "delivered" by their download links, not shipped. */
export function fulfilmentLabel(order: Order): string {
  const ships = order.lineItems.some((line) => line.physicalProperties?.shippable === true);
  if (!ships && order.fulfillmentStatus !== 'CANCELED') return 'Download';
  if (order.shippingInfo?.logistics?.pickupDetails && order.fulfillmentStatus === 'FULFILLED')
    return 'Picked up';
  return FULFILMENT[order.fulfillmentStatus ?? ''] ?? 'Not shipped yet';
}

/** One word for the order as a whole, for lists. */
export function orderStateLabel(order: Order): { text: string; tone: 'ok' | 'warn' | 'bad' | 'info' } {
  switch (order.status) {
    case 'CANCELED':
      return { text: 'Canceled', tone: 'bad' };
    case 'REJECTED':
      return { text: 'Payment failed', tone: 'bad' };
    case 'INITIALIZED':
      return { text: 'Awaiting payment', tone: 'warn' };
    case 'PENDING':
      return { text: 'Pending', tone: 'warn' };
    default:
      if (order.paymentStatus === 'FULLY_REFUNDED') return { text: 'Refunded', tone: 'info' };
      if (order.fulfillmentStatus === 'FULFILLED') return { text: 'Fulfilled', tone: 'ok' };
      if (order.paymentStatus === 'PARTIALLY_REFUNDED') return { text: 'Partly refunded', tone: 'info' };
      if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED') return { text: 'Partly shipped', tone: 'info' };
      return { text: 'Confirmed', tone: 'info' };
  }
}

/**
 * What the order page's head says, following the order's status: a placed order thanks the shopper, a
 * shipped one says so, a refunded or canceled one says that instead (the confirmation link is reopened
 * long after the order). `REJECTED` (payment failed) has its own head with a way back to the checkout.
 */
export function orderHeadline(order: Order): {
  eyebrow: string;
  title: string;
  note?: string;
  /** A new order, nothing since: the confirmation mail is what the page mentions. */
  placed?: true;
} {
  if (order.status === 'CANCELED')
    return {
      eyebrow: 'Order canceled',
      title: 'This order was canceled',
      note:
        order.paymentStatus === 'FULLY_REFUNDED' || order.paymentStatus === 'PARTIALLY_REFUNDED'
          ? 'The payment was refunded to you.'
          : 'Nothing will be shipped.',
    };
  if (order.paymentStatus === 'FULLY_REFUNDED')
    return {
      eyebrow: 'Order refunded',
      title: 'Your order was refunded',
      note: 'The payment was refunded to you.',
    };
  if (order.paymentStatus === 'PARTIALLY_REFUNDED' && order.fulfillmentStatus !== 'FULFILLED')
    return { eyebrow: 'Partly refunded', title: 'Part of your order was refunded' };
  if (order.fulfillmentStatus === 'FULFILLED')
    return { eyebrow: 'Order shipped', title: 'Your order is on its way' };
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED')
    return { eyebrow: 'Partly shipped', title: 'Part of your order is on its way' };
  const waiting = order.status === 'INITIALIZED' || order.paymentStatus === 'PENDING';
  return {
    eyebrow: waiting ? 'Waiting for payment' : 'Order confirmed',
    title: 'Thank you for your order!',
    placed: true,
  };
}

const DATE = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export const shortDate = (date: Date | undefined): string => (date ? DATE.format(date) : '');
export const longDate = (date: Date | undefined): string => (date ? DATE_TIME.format(date) : '');

// ---------------------------------------------------------------------------------------------------------
// Errors of checkout calls
// ---------------------------------------------------------------------------------------------------------

const DECLINES: Record<string, string> = {
  CARD_DECLINED: 'Your card was declined. Try another card, or check the details with your bank.',
  INSUFFICIENT_FUNDS: 'Your card was declined: there are not enough funds. Try another card.',
  EXPIRED_CARD: 'Your card has expired. Try another card.',
  INCORRECT_CVC: 'The security code is not right. Check it and try again.',
  PROCESSING_ERROR: 'The payment could not be processed. Please try again.',
  INVALID_PAYMENT_TOKEN: 'The card check ran out of time. Please pay again.',
  CONFIRMATION_EXPIRED: 'The confirmation with your bank ran out of time. Please pay again.',
};

/** A decline (`PAYMENT_ERROR`), in the shopper's words; undefined for any other error. */
export function declineMessage(error: unknown): string | undefined {
  if (!(error instanceof AisleError) || error.code !== 'PAYMENT_ERROR') return undefined;
  const data =
    typeof error.data === 'object' && error.data !== null ? (error.data as Record<string, unknown>) : {};
  const reason = typeof data.declineReason === 'string' ? data.declineReason : '';
  return DECLINES[reason] ?? 'The payment was declined. Try another card or another way to pay.';
}

/** A failed checkout call (placing the order, saving details) as the shopper should read it. */
export function checkoutErrorMessage(error: unknown): ShownError {
  if (error instanceof AisleError) {
    const requestId = error.requestId ? { requestId: error.requestId } : {};
    const decline = declineMessage(error);
    if (decline) return { message: decline, ...requestId };
    switch (error.code) {
      case 'CHECKOUT_IS_COMPLETE':
      case 'CHECKOUT_ALREADY_PAID':
        return { message: 'This order has already been placed.', ...requestId };
      case 'EMPTY_CHECKOUT':
        return { message: 'There is nothing to order in this checkout.', ...requestId };
      case 'FULL_OUT_OF_STOCK':
        return { message: 'Sorry, the items in your order are out of stock now.', ...requestId };
      case 'PARTIAL_OUT_OF_STOCK':
        return {
          message: 'Some items in your order are no longer available in the quantity you chose.',
          ...requestId,
        };
      case 'NO_SELECTED_CARRIER_SERVICE_OPTION':
        return { message: 'Choose a delivery option first.', ...requestId };
      case 'MEMBERSHIP_NOT_ELIGIBLE':
        return {
          message:
            'Your membership can no longer pay for some of these items, so your order was not placed. Check your order and place it again.',
          ...requestId,
        };
      case 'CHECKOUT_VIOLATIONS':
        return { message: error.description ?? 'This order cannot be placed as it is.', ...requestId };
    }
  }
  return showError(error);
}
