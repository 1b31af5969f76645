import { type Static, type TSchema, Type } from '@sinclair/typebox';
import {
  CartInfoInput,
  CHANNEL_TYPES,
  CustomLineItemInput,
  EstimateTotalsRequest,
  LineItemInput,
  RemoveLineItemsRequest,
  UpdateQuantitiesRequest,
} from '../cart/schemas.ts';
import { literals } from '../../platform/schema.ts';

/**
 * Request bodies of the checkout calls (wire/cart-and-checkout.md §5). Lines are the cart's line inputs; unknown
 * fields are ignored, so a client may send back a whole checkout it read (only the writable fields count).
 */

const Opt = Type.Optional;
const Str = (max = 200, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Loose = Type.Record(Type.String(), Type.Unknown());
const info = CartInfoInput.properties;

/** `{address, contactDetails}`: the cart's contact shape. */
const Contact = info.contactInfo;

export const CheckoutInput = Type.Object({
  billingInfo: Contact,
  shippingInfo: Opt(
    Type.Object({
      shippingDestination: Contact,
      selectedCarrierServiceOption: Opt(Type.Object({ code: Opt(Str(200)), carrierId: Opt(Str(100)) })),
    }),
  ),
  buyerNote: info.buyerNote,
  buyerInfo: info.buyerInfo,
  buyerLanguage: info.buyerLanguage,
  customFields: Opt(
    Type.Array(
      Type.Object({ value: Opt(Type.Unknown()), title: Opt(Str(200)), translatedTitle: Opt(Str(200)) }),
      { maxItems: 50 },
    ),
  ),
  membershipOptions: Opt(
    Type.Object({ selectedMemberships: EstimateTotalsRequest.properties.selectedMemberships }),
  ),
  /** Admin only: how the checkout page behaves. */
  customSettings: Opt(
    Type.Object({
      lockGiftCard: Opt(Type.Boolean()),
      lockCouponCode: Opt(Type.Boolean()),
      disabledPolicyAgreementCheckbox: Opt(Type.Boolean()),
      disabledManualPayment: Opt(Type.Boolean()),
      disabledContinueShoppingButton: Opt(Type.Boolean()),
    }),
  ),
  /** Admin only. */
  customContentReference: Opt(Type.Object({ appId: Opt(Str(100)), componentId: Opt(Str(100)) })),
  /** Admin only. */
  externalReference: Opt(Type.Object({ appId: Opt(Str(100)), resourceId: Opt(Str(200)) })),
  extendedFields: Opt(Type.Object({ namespaces: Opt(Loose) })),
  businessLocationId: Opt(Str(100)),
  /** Admin only. */
  taxExemptGroupId: Opt(Str(100)),
});
export type CheckoutInput = Static<typeof CheckoutInput>;

/** Fields of `checkout` only an admin credential may write. */
export const ADMIN_ONLY_FIELDS = [
  'customSettings',
  'customContentReference',
  'externalReference',
  'taxExemptGroupId',
] as const;

const LineItems = Type.Array(LineItemInput, { maxItems: 100 });
const CustomLineItems = Type.Array(CustomLineItemInput, { maxItems: 100 });
const GiftCard = {
  giftCardCode: Opt(orNull(Str(100))),
  giftCardRedeemAmount: Opt(Str(20)),
};

export const CreateCheckoutRequest = Type.Object({
  checkoutInfo: Opt(CheckoutInput),
  lineItems: Opt(LineItems),
  customLineItems: Opt(CustomLineItems),
  couponCode: Opt(orNull(Str(50))),
  ...GiftCard,
  overrideCheckoutUrl: Opt(orNull(Str(2000))),
  channelType: Opt(literals(CHANNEL_TYPES)),
});
export type CreateCheckoutRequest = Static<typeof CreateCheckoutRequest>;

export const UpdateCheckoutRequest = Type.Object({
  checkout: Opt(CheckoutInput),
  fieldMask: Opt(Str(2000)),
  couponCode: Opt(orNull(Str(50))),
  ...GiftCard,
  overrideCheckoutUrl: Opt(orNull(Str(2000))),
  lineItems: Opt(LineItems),
  customLineItems: Opt(CustomLineItems),
});
export type UpdateCheckoutRequest = Static<typeof UpdateCheckoutRequest>;

export const AddToCheckoutRequest = Type.Object({
  lineItems: Opt(LineItems),
  customLineItems: Opt(CustomLineItems),
});
export type AddToCheckoutRequest = Static<typeof AddToCheckoutRequest>;

export { RemoveLineItemsRequest, UpdateQuantitiesRequest };

export const CreateOrderRequest = Type.Object({
  savePaymentMethod: Opt(Type.Boolean()),
  delayCapture: Opt(Type.Boolean()),
});
export type CreateOrderRequest = Static<typeof CreateOrderRequest>;

export const CreateOrderAndChargeRequest = Type.Object({
  paymentToken: Opt(Str(200)),
  savePaymentMethod: Opt(Type.Boolean()),
  delayCapture: Opt(Type.Boolean()),
});
export type CreateOrderAndChargeRequest = Static<typeof CreateOrderAndChargeRequest>;

export const CheckoutIdParams = Type.Object({ id: Str(100) });

export const CompletionRedirectQuery = Type.Object({
  token: Str(200, { minLength: 1 }),
  redirectUrl: Opt(Str(2000)),
});
