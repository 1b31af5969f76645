import { type ConversionSpec, convertFromWire, convertToWire, mergeConversions } from '../core/convert.ts';
import { joinFieldMask } from '../core/entity.ts';
import type { Http } from '../core/transport.ts';
import type { LineItemQuantityUpdate } from './cart-types.ts';
import type {
  AddToCheckoutOptions,
  Checkout,
  CheckoutInfo,
  NewCheckoutOptions,
  PlaceOrderAndChargeResponse,
  PlaceOrderOptions,
  PlaceOrderResponse,
  SandboxCardInput,
  SandboxCardToken,
  UpdateCheckoutOptions,
} from './checkout-types.ts';
import { CART_CONVERSION, ESTIMATE_TOTALS_CONVERSION } from './current-cart.ts';

/** Public prefix of checkouts (wire/cart-and-checkout.md §5). */
export const CHECKOUTS_PATH = '/ecom/v1/checkouts';

/**
 * Header with which a hosted checkout page presents the `ecomCheckout` redirect session that sent the shopper
 * (`createClient({ headers: { [REDIRECT_SESSION_HEADER]: redirectSessionId } })`): the session grants that
 * page the one checkout its owner opened, though the page's own visitor token is another (docs/CHECKOUT.md).
 */
export const REDIRECT_SESSION_HEADER = 'X-Aisle-Redirect-Session';

/** The estimate's own paths (not those under `cart`): delivery slots, pickup addresses, memberships, discounts. */
const ESTIMATED: ConversionSpec = (() => {
  const own = (paths: readonly string[] | undefined) => (paths ?? []).filter((p) => !p.startsWith('cart.'));
  const spec = ESTIMATE_TOTALS_CONVERSION;
  return { dates: own(spec.dates), floats: own(spec.floats), addresses: own(spec.addresses) };
})();

/**
 * Conversions of a returned checkout (§4), relative to the checkout: the cart's (`media` in place of `image`),
 * the estimate-totals paths (delivery slots, pickup addresses, membership expiry), subscription billing dates,
 * and the billing and shipping addresses (renamed, geocode floats).
 */
export const CHECKOUT_CONVERSION: ConversionSpec = mergeConversions(CART_CONVERSION, ESTIMATED, {
  dates: ['subscriptionCharges.charges.cycleBillingDate'],
  floats: ['lineItems.media.focalPoint.x', 'lineItems.media.focalPoint.y'],
  addresses: ['billingInfo.address', 'shippingInfo.shippingDestination.address'],
});

/** Request side: line inputs (image URIs, page URLs) and the checkout's addresses under `root`. */
const lineInputs: ConversionSpec = {
  images: ['lineItems.catalogOverrideFields.image', 'customLineItems.media'],
  pageUrls: ['customLineItems.url'],
};
const checkoutRequest = (root: string): ConversionSpec => ({
  ...lineInputs,
  addresses: [`${root}.billingInfo.address`, `${root}.shippingInfo.shippingDestination.address`],
});
const CREATE_REQUEST = checkoutRequest('checkoutInfo');
const UPDATE_REQUEST = checkoutRequest('checkout');

/** A converted checkout, typed. */
export const toCheckout = (checkout: unknown): Checkout =>
  convertFromWire(checkout, CHECKOUT_CONVERSION) as Checkout;

const checkoutOf = (response: { checkout?: unknown }): Checkout => toCheckout(response.checkout);

const wire = (data: object, spec: ConversionSpec): object => convertToWire(data, spec) as object;

/**
 * Checkouts (wire/cart-and-checkout.md §5). A visitor or member sees the checkouts their token created (a member
 * also those of the visitor they were); admins see all. Calls that change a checkout return it as it now is,
 * priced by the server (totals, shipping options, violations). Placing the order: `createOrder` (pay offline)
 * or `createOrderAndCharge` with a payment token (`sandboxPayments.createCardToken`).
 */
export const checkout = (http: Http) => {
  const post = (path: string, id: string, data: object = {}): Promise<Checkout> =>
    http
      .request<{ checkout?: unknown }>({
        method: 'POST',
        path: `${CHECKOUTS_PATH}/{id}/${path}`,
        data: { ...data, id },
      })
      .then(checkoutOf);

  return {
    /** A checkout of the lines given (not of a cart: see `currentCart.createCheckoutFromCurrentCart`). */
    createCheckout: (options: NewCheckoutOptions = {}): Promise<Checkout> =>
      http
        .request<{ checkout?: unknown }>({
          method: 'POST',
          path: CHECKOUTS_PATH,
          data: wire(options, CREATE_REQUEST),
        })
        .then(checkoutOf),

    getCheckout: (id: string): Promise<Checkout> =>
      http
        .request<{ checkout?: unknown }>({ method: 'GET', path: `${CHECKOUTS_PATH}/{id}`, data: { id } })
        .then(checkoutOf),

    /** The checkout made from a cart (the newest). */
    getCheckoutByCartId: (cartId: string): Promise<Checkout> =>
      http
        .request<{ checkout?: unknown }>({
          method: 'GET',
          path: `${CHECKOUTS_PATH}/by-cart-id/{id}`,
          data: { id: cartId },
        })
        .then(checkoutOf),

    /**
     * Writes the checkout fields given (per `fieldMask` when given), applies codes and adds lines. A coupon the
     * engine refuses fails the call (`ERROR_COUPON_…`) and changes nothing.
     */
    updateCheckout: (
      id: string,
      patch: CheckoutInfo,
      options: UpdateCheckoutOptions = {},
    ): Promise<Checkout> => {
      const { fieldMask, ...rest } = options;
      const mask = joinFieldMask(fieldMask);
      return http
        .request<{ checkout?: unknown }>({
          method: 'PATCH',
          path: `${CHECKOUTS_PATH}/{checkout.id}`,
          data: wire(
            { ...rest, checkout: { ...patch, id }, ...(mask === undefined ? {} : { fieldMask: mask }) },
            UPDATE_REQUEST,
          ),
        })
        .then(checkoutOf);
    },

    addToCheckout: (id: string, options: AddToCheckoutOptions): Promise<Checkout> =>
      post('add-to-checkout', id, wire(options, lineInputs)),

    removeLineItems: (id: string, lineItemIds: readonly string[]): Promise<Checkout> =>
      post('remove-line-items', id, { lineItemIds: [...lineItemIds] }),

    /** Sets the quantity of each line given; 0 removes the line. */
    updateLineItemsQuantity: (id: string, lineItems: readonly LineItemQuantityUpdate[]): Promise<Checkout> =>
      post('update-line-items-quantity', id, { lineItems: [...lineItems] }),

    removeCoupon: (id: string): Promise<Checkout> => post('remove-coupon', id),
    removeGiftCard: (id: string): Promise<Checkout> => post('remove-gift-card', id),
    removeOverrideCheckoutUrl: (id: string): Promise<Checkout> => post('remove-override-checkout-url', id),

    /** Where the buyer completes this checkout: the store's hosted checkout page, or its override URL. */
    getCheckoutUrl: (id: string): Promise<{ checkoutUrl: string }> =>
      http.request<{ checkoutUrl: string }>({
        method: 'GET',
        path: `${CHECKOUTS_PATH}/{id}/checkout-url`,
        data: { id },
      }),

    /**
     * Places the order without taking a payment (pay offline: `paymentStatus NOT_PAID`). Exactly once: asking
     * again answers with the same order. Fails with `FULL_OUT_OF_STOCK` / `PARTIAL_OUT_OF_STOCK`,
     * `CHECKOUT_VIOLATIONS`, `NO_SELECTED_CARRIER_SERVICE_OPTION`, `EMPTY_CHECKOUT`, … and then changes nothing.
     */
    createOrder: (id: string, options: PlaceOrderOptions = {}): Promise<PlaceOrderResponse> =>
      http.request<PlaceOrderResponse>({
        method: 'POST',
        path: `${CHECKOUTS_PATH}/{id}/create-order`,
        data: { ...options, id },
      }),

    /**
     * Places the order and charges the payment token. A decline fails with `PAYMENT_ERROR`
     * (`data.declineReason`) and leaves the checkout as it was, ready for another card. A payment that needs the
     * buyer answers with `paymentResponseToken` (see `sandboxPayments.confirmationUrl`).
     */
    createOrderAndCharge: (
      id: string,
      paymentToken: string,
      options: PlaceOrderOptions = {},
    ): Promise<PlaceOrderAndChargeResponse> =>
      http.request<PlaceOrderAndChargeResponse>({
        method: 'POST',
        path: `${CHECKOUTS_PATH}/{id}/create-order-and-charge`,
        data: { ...options, paymentToken, id },
      }),

    /** Marks the checkout completed without an order (an external flow took the payment). */
    markAsCompleted: async (id: string): Promise<void> => {
      await http.request<unknown>({
        method: 'POST',
        path: `${CHECKOUTS_PATH}/{id}/mark-as-completed`,
        data: { id },
      });
    },
  };
};

export type CheckoutModule = ReturnType<typeof checkout>;

/** Public prefix of the sandbox card provider (docs/CHECKOUT.md "Payment providers"). */
export const SANDBOX_PAYMENTS_PATH = '/payments/sandbox/v1';

/**
 * The sandbox card provider: test cards become single-use payment tokens for `checkout.createOrderAndCharge`.
 * `4242 4242 4242 4242` approves, `4000 0000 0000 0002` declines, `4000 0000 0000 3220` needs the buyer to
 * confirm on the sandbox page (`confirmationUrl`). The card number is never stored.
 */
export const sandboxPayments = (http: Http) => ({
  createCardToken: (card: SandboxCardInput): Promise<SandboxCardToken> =>
    http.request<SandboxCardToken>({
      method: 'POST',
      path: `${SANDBOX_PAYMENTS_PATH}/card-tokens`,
      data: { ...card, number: card.number.replace(/[\s-]/g, '') },
    }),

  /** The sandbox page where the buyer confirms a payment (`paymentResponseToken`); it then goes to `returnUrl`. */
  confirmationUrl: (paymentResponseToken: string, returnUrl: string): string =>
    http.url(`${SANDBOX_PAYMENTS_PATH}/confirm`, { token: paymentResponseToken, returnUrl }),
});

export type SandboxPaymentsModule = ReturnType<typeof sandboxPayments>;
