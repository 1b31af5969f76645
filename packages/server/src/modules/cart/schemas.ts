import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * Request bodies of the current-cart calls (wire/cart-and-checkout.md §1–3). Unknown fields are ignored,
 * so a `price` sent on a catalogue line has no effect: prices come from the catalogue.
 */

const Opt = Type.Optional;
const Str = (max = 200, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
import { Address, literals } from '../../platform/schema.ts';
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const Loose = Type.Record(Type.String(), Type.Unknown());

export const MAX_QUANTITY = 100_000;
export const MAX_LINES = 300;

const Money = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
  description: 'A non-negative decimal string, e.g. "19.90"',
});
const Uuid = Type.String({ format: 'uuid' });
const TranslatableText = Type.Object({ original: Str(1000), translated: Opt(Str(1000)) });

export { Address, type AddressInput } from '../../platform/schema.ts';

const Image = Type.Object({
  id: Opt(Str(200)),
  url: Opt(Str(2000)),
  height: Opt(Type.Integer({ minimum: 0 })),
  width: Opt(Type.Integer({ minimum: 0 })),
  altText: Opt(Str(500)),
  filename: Opt(Str(500)),
});
const ImageInput = Type.Union([Image, Str(2000)]);

const DescriptionLine = Type.Object({
  name: TranslatableText,
  plainText: Opt(TranslatableText),
  colorInfo: Opt(Type.Object({ original: Str(200), translated: Opt(Str(200)), code: Opt(Str(40)) })),
  lineType: Opt(literals(['PLAIN_TEXT', 'COLOR'] as const)),
});
const DescriptionLines = Type.Array(DescriptionLine, { maxItems: 50 });

const PaymentOptionValue = literals([
  'FULL_PAYMENT_ONLINE',
  'FULL_PAYMENT_OFFLINE',
  'MEMBERSHIP',
  'DEPOSIT_ONLINE',
  'MEMBERSHIP_OFFLINE',
  'MEMBERSHIP_ONLINE_WITH_OFFLINE_REMAINDER',
] as const);

const PhysicalProperties = Type.Object({
  weight: Opt(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  sku: Opt(Str(100)),
  shippable: Opt(Type.Boolean()),
});

export const CatalogReference = Type.Object({
  catalogItemId: Str(100, { minLength: 1 }),
  appId: Str(100, { minLength: 1 }),
  options: Opt(Loose),
});

/** What every line input may carry through unchanged. */
const carried = {
  selectedMembership: Opt(Type.Object({ id: Str(200), appId: Str(200) })),
  taxableAddress: Opt(Type.Object({ addressType: literals(['BUSINESS', 'BILLING', 'SHIPPING'] as const) })),
  extendedFields: Opt(Type.Object({ namespaces: Opt(Loose) })),
  subscriptionOptionInfo: Opt(Loose),
  serviceProperties: Opt(
    Type.Object({
      scheduledDate: Opt(Type.String({ format: 'date-time' })),
      endDate: Opt(Type.String({ format: 'date-time' })),
      numberOfParticipants: Opt(Type.Integer({ minimum: 1, maximum: 100_000 })),
    }),
  ),
};

export const LineItemInput = Type.Object({
  quantity: Opt(Type.Integer({ minimum: 1, maximum: MAX_QUANTITY })),
  catalogReference: CatalogReference,
  /** Admin callers only (403 otherwise): they replace what the catalogue says. */
  catalogOverrideFields: Opt(
    Type.Object({
      productName: Opt(TranslatableText),
      price: Opt(Money),
      fullPrice: Opt(Money),
      depositAmount: Opt(Money),
      descriptionLines: Opt(DescriptionLines),
      physicalProperties: Opt(PhysicalProperties),
      image: Opt(ImageInput),
      paymentOption: Opt(Type.Object({ value: PaymentOptionValue })),
      savePaymentMethod: Opt(Type.Boolean()),
      inventoryAppId: Opt(Str(100)),
    }),
  ),
  ...carried,
});
export type LineItemInput = Static<typeof LineItemInput>;

/** Caller-priced lines: admin callers only. */
export const CustomLineItemInput = Type.Object({
  quantity: Type.Integer({ minimum: 1, maximum: MAX_QUANTITY }),
  price: Money,
  fullPrice: Opt(Money),
  depositAmount: Opt(Money),
  productName: TranslatableText,
  priceDescription: Opt(TranslatableText),
  descriptionLines: Opt(DescriptionLines),
  media: Opt(ImageInput),
  url: Opt(Type.Union([Type.Object({ relativePath: Opt(Str(2000)), url: Opt(Str(2000)) }), Str(2000)])),
  itemType: Opt(
    Type.Object({
      preset: Opt(literals(['PHYSICAL', 'DIGITAL', 'GIFT_CARD', 'SERVICE'] as const)),
      custom: Opt(Str(100)),
    }),
  ),
  quantityAvailable: Opt(Type.Integer({ minimum: 0, maximum: 1_000_000_000 })),
  physicalProperties: Opt(PhysicalProperties),
  paymentOption: Opt(PaymentOptionValue),
  catalogReference: Opt(CatalogReference),
  taxGroupId: Opt(Uuid),
  policies: Opt(Type.Array(Type.Object({ title: Opt(Str(200)), content: Opt(Str(5000)) }), { maxItems: 10 })),
  membersOnly: Opt(Type.Boolean()),
  fixedQuantity: Opt(Type.Boolean()),
  priceUndetermined: Opt(Type.Boolean()),
  savePaymentMethod: Opt(Type.Boolean()),
  rootCatalogItemId: Opt(Str(100)),
  ...carried,
});
export type CustomLineItemInput = Static<typeof CustomLineItemInput>;

const SelectedShippingOption = Type.Object({ carrierId: Opt(Str(100)), code: Opt(Str(200)) });

export const CartInfoInput = Type.Object({
  buyerNote: Opt(Str(1000)),
  buyerInfo: Opt(
    Type.Object({ contactId: Opt(Str(100)), email: Opt(Type.String({ format: 'email', maxLength: 320 })) }),
  ),
  contactInfo: Opt(
    Type.Object({
      address: Opt(Address),
      contactDetails: Opt(
        Type.Object({
          firstName: Opt(Str(100)),
          lastName: Opt(Str(100)),
          phone: Opt(Str(50)),
          company: Opt(Str(200)),
          vatId: Opt(Type.Object({ id: Opt(Str(50)), type: Opt(literals(['CPF', 'CNPJ'] as const)) })),
        }),
      ),
    }),
  ),
  selectedShippingOption: Opt(SelectedShippingOption),
  overrideCheckoutUrl: Opt(Str(2000)),
  businessLocationId: Opt(Str(100)),
  extendedFields: Opt(Type.Object({ namespaces: Opt(Loose) })),
  buyerLanguage: Opt(Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$' })),
});
export type CartInfoInput = Static<typeof CartInfoInput>;

const LineItems = Type.Array(LineItemInput, { maxItems: 100 });
const CustomLineItems = Type.Array(CustomLineItemInput, { maxItems: 100 });

export const MerchantDiscountInput = Type.Object({
  amount: Opt(Money),
  percentage: Opt(Type.Number({ exclusiveMinimum: 0, maximum: 100 })),
  lineItemIds: Opt(Type.Array(Uuid, { maxItems: MAX_LINES })),
});

export const UpdateCartRequest = Type.Object({
  cartInfo: Opt(CartInfoInput),
  couponCode: Opt(orNull(Str(50))),
  merchantDiscounts: Opt(Type.Array(MerchantDiscountInput, { maxItems: 20 })),
  lineItems: Opt(LineItems),
  customLineItems: Opt(CustomLineItems),
  cartFieldmask: Opt(Str(2000)),
});
export type UpdateCartRequest = Static<typeof UpdateCartRequest>;

export const AddToCartRequest = Type.Object({
  lineItems: Opt(LineItems),
  customLineItems: Opt(CustomLineItems),
  businessLocationId: Opt(Str(100)),
});
export type AddToCartRequest = Static<typeof AddToCartRequest>;

export const RemoveLineItemsRequest = Type.Object({
  lineItemIds: Type.Array(Uuid, { minItems: 1, maxItems: MAX_LINES }),
});

export const UpdateQuantitiesRequest = Type.Object({
  lineItems: Type.Array(
    Type.Object({ id: Uuid, quantity: Type.Integer({ minimum: 0, maximum: MAX_QUANTITY }) }),
    { minItems: 1, maxItems: MAX_LINES },
  ),
});

export const EstimateTotalsRequest = Type.Object({
  selectedShippingOption: Opt(SelectedShippingOption),
  shippingAddress: Opt(Address),
  billingAddress: Opt(Address),
  selectedMemberships: Opt(
    Type.Object({
      memberships: Opt(
        Type.Array(
          Type.Object({
            id: Str(200),
            appId: Str(200),
            lineItemIds: Opt(Type.Array(Str(100), { maxItems: MAX_LINES })),
          }),
          { maxItems: 20 },
        ),
      ),
    }),
  ),
  calculateTax: Opt(Type.Boolean()),
  calculateShipping: Opt(Type.Boolean()),
  calculateAdditionalFees: Opt(Type.Boolean()),
});
export type EstimateTotalsRequest = Static<typeof EstimateTotalsRequest>;

export const CHANNEL_TYPES = [
  'UNSPECIFIED',
  'WEB',
  'POS',
  'OTHER_PLATFORM',
  'BACKOFFICE_MERCHANT',
  'AISLE_APP_STORE',
  'AISLE_INVOICES',
  'EBAY',
  'AMAZON',
  'WISH',
  'CLASS_PASS',
  'GLOBAL_E',
  'FACEBOOK',
  'ETSY',
  'TIKTOK',
  'FAIRE_COM',
  'PAYPAL_AGENTIC_CHECKOUT',
  'STRIPE_AGENTIC_CHECKOUT',
] as const;

export const CreateCheckoutRequest = Type.Object({
  channelType: Opt(literals(CHANNEL_TYPES)),
  shippingAddress: Opt(Address),
  billingAddress: Opt(Address),
  selectedShippingOption: Opt(SelectedShippingOption),
  email: Opt(Type.String({ format: 'email', maxLength: 320 })),
});
export type CreateCheckoutRequest = Static<typeof CreateCheckoutRequest>;
