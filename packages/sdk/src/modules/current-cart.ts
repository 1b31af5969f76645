import {
  type ConversionSpec,
  convertFromWire,
  convertToWire,
  mergeConversions,
  prefixConversion,
} from '../core/convert.ts';
import type { Http } from '../core/transport.ts';
import type {
  AddToCurrentCartOptions,
  Cart,
  CreateCheckoutOptions,
  CreateCheckoutResponse,
  EstimateCurrentCartTotalsOptions,
  EstimateTotalsResponse,
  LineItemQuantityUpdate,
  UpdateCurrentCartOptions,
} from './cart-types.ts';

/** Public path of the current cart (custom-host alias: `/_api/ecom-cart/v1/carts/current`). */
export const CURRENT_CART_PATH = '/ecom/v1/carts/current';

/** Conversions of a returned cart (wire/cart-and-checkout.md §2), relative to the cart. */
export const CART_CONVERSION: ConversionSpec = {
  dates: [
    'createdDate',
    'updatedDate',
    'lineItems.image.urlExpirationDate',
    'lineItems.media.urlExpirationDate',
    'lineItems.subscriptionOptionInfo.subscriptionSettings.startDate',
    'lineItems.serviceProperties.scheduledDate',
    'lineItems.serviceProperties.endDate',
  ],
  floats: [
    'lineItems.image.focalPoint.x',
    'lineItems.image.focalPoint.y',
    'lineItems.physicalProperties.weight',
    'lineItems.catalogOverrideFields.physicalProperties.weight',
    'appliedDiscounts.merchantDiscount.percentage',
  ],
  images: ['lineItems.image', 'lineItems.media', 'lineItems.catalogOverrideFields.image'],
  pageUrls: ['lineItems.url'],
  // Geocode floats are mapped with the rename.
  addresses: ['contactInfo.address'],
};

const SELECTED = 'shippingInfo.selectedCarrierServiceOption.logistics';
const OFFERED = 'shippingInfo.carrierServiceOptions.shippingOptions.logistics';

/** Conversions of an estimate-totals response (§3): the cart's under `cart`, plus shipping and memberships. */
export const ESTIMATE_TOTALS_CONVERSION: ConversionSpec = mergeConversions(
  prefixConversion('cart', CART_CONVERSION),
  {
    dates: [
      `${SELECTED}.deliveryTimeSlot.from`,
      `${SELECTED}.deliveryTimeSlot.to`,
      `${OFFERED}.deliveryTimeSlot.from`,
      `${OFFERED}.deliveryTimeSlot.to`,
      'membershipOptions.eligibleMemberships.expirationDate',
      'membershipOptions.invalidMemberships.membership.expirationDate',
    ],
    floats: ['appliedDiscounts.merchantDiscount.percentage'],
    addresses: [`${SELECTED}.pickupDetails.address`, `${OFFERED}.pickupDetails.address`],
  },
);

/** Request-side conversions: image URIs, page URLs and client addresses back to wire shapes. */
const LINE_INPUTS: ConversionSpec = {
  images: ['lineItems.catalogOverrideFields.image', 'customLineItems.media'],
  pageUrls: ['customLineItems.url'],
};
const UPDATE_REQUEST: ConversionSpec = { ...LINE_INPUTS, addresses: ['cartInfo.contactInfo.address'] };
const ADDRESSES_REQUEST: ConversionSpec = { addresses: ['shippingAddress', 'billingAddress'] };

/** A converted cart, typed. */
export const toCart = (cart: unknown): Cart => convertFromWire(cart, CART_CONVERSION) as Cart;

const cartOf = (response: { cart?: unknown }): Cart => toCart(response.cart);

const wireRequest = (data: object, spec: ConversionSpec): object => convertToWire(data, spec) as object;

/**
 * The caller's current cart (wire/cart-and-checkout.md §3): the cart of the visitor or member token the client
 * sends (`OAuthStrategy`), no id needed. Every call that changes the cart returns it as it now is.
 */
export const currentCart = (http: Http) => ({
  /** Rejects with `OWNED_CART_NOT_FOUND` (404) while the caller has no cart. */
  getCurrentCart: (): Promise<Cart> =>
    http.request<{ cart?: unknown }>({ method: 'GET', path: CURRENT_CART_PATH }).then(cartOf),

  /**
   * Cart info (per `cartFieldmask` when given), a coupon code (`null` removes it), lines to add; merchant
   * discounts and custom lines need admin credentials.
   */
  updateCurrentCart: (options: UpdateCurrentCartOptions = {}): Promise<Cart> => {
    const { cartFieldmask, ...rest } = options;
    const mask = typeof cartFieldmask === 'string' ? cartFieldmask : cartFieldmask?.join(',');
    return http
      .request<{ cart?: unknown }>({
        method: 'PATCH',
        path: CURRENT_CART_PATH,
        data: wireRequest(mask === undefined ? rest : { ...rest, cartFieldmask: mask }, UPDATE_REQUEST),
      })
      .then(cartOf);
  },

  /** Adds lines (creating the cart); adding an item already in the cart adds to its line's quantity. */
  addToCurrentCart: (options: AddToCurrentCartOptions): Promise<Cart> =>
    http
      .request<{ cart?: unknown }>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/add-to-cart`,
        data: wireRequest(options, LINE_INPUTS),
      })
      .then(cartOf),

  removeLineItemsFromCurrentCart: (lineItemIds: readonly string[]): Promise<Cart> =>
    http
      .request<{ cart?: unknown }>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/remove-line-items`,
        data: { lineItemIds: [...lineItemIds] },
      })
      .then(cartOf),

  /** Sets the quantity of each line given; 0 removes the line. */
  updateCurrentCartLineItemQuantity: (lineItems: readonly LineItemQuantityUpdate[]): Promise<Cart> =>
    http
      .request<{ cart?: unknown }>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/update-line-items-quantity`,
        data: { lineItems: [...lineItems] },
      })
      .then(cartOf),

  removeCouponFromCurrentCart: (): Promise<Cart> =>
    http
      .request<{ cart?: unknown }>({ method: 'POST', path: `${CURRENT_CART_PATH}/remove-coupon`, data: {} })
      .then(cartOf),

  /**
   * Totals for the given addresses and shipping choice (default: the cart's contact address and selected
   * option): discounts, shipping options, tax, fees, violations. A part that cannot be calculated is reported
   * in `calculationErrors` rather than failing the call.
   */
  estimateCurrentCartTotals: (
    options: EstimateCurrentCartTotalsOptions = {},
  ): Promise<EstimateTotalsResponse> =>
    http
      .request<unknown>({
        method: 'POST',
        path: `${CURRENT_CART_PATH}/estimate-totals`,
        data: wireRequest(options, ADDRESSES_REQUEST),
      })
      .then((response) => convertFromWire(response, ESTIMATE_TOTALS_CONVERSION) as EstimateTotalsResponse),

  /** A checkout from the cart as it is now (`EMPTY_CART` when it has no lines). */
  createCheckoutFromCurrentCart: (options: CreateCheckoutOptions = {}): Promise<CreateCheckoutResponse> =>
    http.request<CreateCheckoutResponse>({
      method: 'POST',
      path: `${CURRENT_CART_PATH}/create-checkout`,
      data: wireRequest(options, ADDRESSES_REQUEST),
    }),

  deleteCurrentCart: async (): Promise<void> => {
    await http.request<unknown>({ method: 'DELETE', path: CURRENT_CART_PATH });
  },
});

export type CurrentCartModule = ReturnType<typeof currentCart>;
