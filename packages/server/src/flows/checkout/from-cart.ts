import type { CartInfo } from '../../modules/cart/model.ts';
import type { CreateCheckoutRequest as CartCreateCheckoutRequest } from '../../modules/cart/schemas.ts';
import type { CartChanges, CartOwner } from '../../modules/cart/service.ts';
import type { CheckoutInfo, CreatedBy } from '../../modules/checkout/model.ts';
import { insertCheckout } from '../../modules/checkout/service.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import type { Catalog } from '../cart/catalogue.ts';
import type { MerchantSettings } from '../cart/pricing.ts';
import { priceCheckout } from './pricing.ts';
import { checkoutToWire, type WireCheckout } from './wire.ts';

/**
 * The cart's `create-checkout`: a checkout holding the cart's lines, coupon, merchant discounts and info, the
 * request's addresses, shipping choice and e-mail on top. Runs inside the cart's transaction (the cart row is
 * locked) and records `checkout.created` with the priced checkout.
 */

/** The checkout's info from the cart's and the create-checkout request's (the request wins). */
export function checkoutInfoFromCart(
  cart: CartInfo,
  request: CartCreateCheckoutRequest,
  createdBy: CreatedBy | undefined,
): CheckoutInfo {
  const contact = cart.contactInfo;
  const address = request.shippingAddress ?? contact?.address;
  const selected = request.selectedShippingOption ?? cart.selectedShippingOption;
  const email = request.email ?? cart.buyerInfo?.email;
  const destination = {
    ...(address ? { address } : {}),
    ...(contact?.contactDetails ? { contactDetails: contact.contactDetails } : {}),
  };
  return {
    ...(cart.buyerNote ? { buyerNote: cart.buyerNote } : {}),
    ...(email || cart.buyerInfo?.contactId
      ? {
          buyerInfo: {
            ...(cart.buyerInfo?.contactId ? { contactId: cart.buyerInfo.contactId } : {}),
            ...(email ? { email } : {}),
          },
        }
      : {}),
    ...(Object.keys(destination).length || selected
      ? {
          shippingInfo: {
            ...(Object.keys(destination).length ? { shippingDestination: destination } : {}),
            ...(selected ? { selectedCarrierServiceOption: selected } : {}),
          },
        }
      : {}),
    ...(request.billingAddress
      ? {
          billingInfo: {
            address: request.billingAddress,
            ...(contact?.contactDetails ? { contactDetails: contact.contactDetails } : {}),
          },
        }
      : {}),
    ...(cart.overrideCheckoutUrl ? { overrideCheckoutUrl: cart.overrideCheckoutUrl } : {}),
    ...(cart.businessLocationId ? { businessLocationId: cart.businessLocationId } : {}),
    ...(cart.extendedFields ? { extendedFields: cart.extendedFields } : {}),
    ...(cart.buyerLanguage ? { buyerLanguage: cart.buyerLanguage } : {}),
    ...(createdBy ? { createdBy } : {}),
  };
}

const createdByOwner = (owner: CartOwner): CreatedBy =>
  owner.memberId ? { memberId: owner.memberId } : { visitorId: owner.visitorId! };

export interface FromCart {
  owner: CartOwner;
  cartId: string;
  cart: Pick<CartChanges, 'lineItems' | 'info' | 'coupon' | 'merchantDiscounts'>;
  /** The products of the cart's lines, as the cart's transaction read them. */
  catalog: Catalog;
  /** Merchant settings, read before the cart's transaction. */
  settings: MerchantSettings;
  /** The wire cart's lines and the request, kept on the checkout for reference. */
  wireLines: unknown[];
  request: CartCreateCheckoutRequest;
}

export async function createCheckoutFromCart(
  ctx: AppContext,
  tx: Db,
  input: FromCart,
): Promise<WireCheckout> {
  const now = ctx.clock();
  const { request } = input;
  const row = await insertCheckout(tx, {
    cartId: input.cartId,
    memberId: input.owner.memberId,
    visitorId: input.owner.visitorId,
    channelType: request.channelType ?? 'WEB',
    lineItems: input.cart.lineItems,
    info: checkoutInfoFromCart(input.cart.info, request, createdByOwner(input.owner)),
    coupon: input.cart.coupon,
    merchantDiscounts: input.cart.merchantDiscounts,
    cart: { id: input.cartId, lineItems: input.wireLines },
    request: { ...request },
    now,
  });
  const wire = checkoutToWire(
    await priceCheckout(ctx, tx, row, { settings: input.settings, catalog: input.catalog }),
    now,
  );
  await ctx.events.record(tx, {
    entity: 'checkout',
    entityId: row.id,
    type: 'created',
    payload: { checkout: wire },
  });
  return wire;
}
