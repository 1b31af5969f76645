import { type Static, type TSchema, Type } from '@sinclair/typebox';

/**
 * Request schemas of the merchant settings (wire/merchant-settings.md: shipping options, tax groups and regions;
 * and Aisle's own store settings, delivery regions, tax rates and coupons, documented in docs/API.md).
 * Money is a decimal string; coupon percentages are JSON numbers as elsewhere on the wire.
 */

const Opt = Type.Optional;
const Str = (max = 200, extra: Record<string, unknown> = {}) => Type.String({ maxLength: max, ...extra });
import { type EntityApi, patchSchema } from '../../platform/entity-kit/index.ts';
import { Address, CountryCode, literals, Subdivision } from '../../platform/schema.ts';
import { ImageInput } from '../catalogue/media/image-ref.ts';
const orNull = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const Money = Type.String({
  pattern: '^\\d{1,12}(\\.\\d{1,3})?$',
  description: 'A non-negative decimal string, e.g. "5.99"',
});
/** A percentage as a decimal string (`"8.875"`). */
export const PercentString = Type.String({
  pattern: '^\\d{1,3}(\\.\\d{1,6})?$',
  description: 'A percentage as a decimal string, e.g. "8.875"',
});
export const Id = Type.String({ format: 'uuid' });
export { CountryCode, Subdivision } from '../../platform/schema.ts';
const Revision = Type.Union([Type.String({ pattern: '^\\d{1,19}$' }), Type.Integer({ minimum: 0 })]);
const Loose = Type.Record(Type.String(), Type.Unknown());
const DateTime = Type.String({ format: 'date-time' });

export { Address, type AddressInput } from '../../platform/schema.ts';

/** `{e, fieldMask}` PATCH bodies and `{e}` create bodies share these. */
const FieldMask = Opt(
  Str(2000, { description: 'Comma-joined field names to update; all given fields when absent' }),
);

// ---- Store settings

export const TAXABLE_ADDRESS_TYPES = ['BUSINESS', 'BILLING', 'SHIPPING'] as const;
const TaxableAddressType = literals(TAXABLE_ADDRESS_TYPES);

export const StoreSettingsInput = Type.Object({
  currency: Opt(Type.String({ pattern: '^[A-Z]{3}$', description: 'ISO 4217, e.g. USD' })),
  weightUnit: Opt(literals(['KG', 'LB'] as const)),
  taxIncludedInPrices: Opt(Type.Boolean()),
  businessAddress: Opt(orNull(Address)),
  locale: Opt(
    Type.String({ pattern: '^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})*$', description: 'BCP 47, e.g. en-US' }),
  ),
  minimumOrderSubtotal: Opt(orNull(Money)),
  defaultTaxGroupId: Opt(orNull(Id)),
  shippingTaxGroupId: Opt(orNull(Id)),
  defaultTaxableAddress: Opt(TaxableAddressType),
  // Null first: with type coercion a null would otherwise become the empty string.
  storeName: Opt(
    Type.Union([
      Type.Null(),
      Str(300, { description: "The store's name (1–100 characters once trimmed); null for none" }),
    ]),
  ),
  logo: Opt(
    orNull(
      Type.Object(ImageInput.properties, {
        description:
          'The store\'s logo: an uploaded image (id) or an image URL; null (or the mask "logo" alone) removes it',
      }),
    ),
  ),
  revision: Opt(Revision),
});
export type StoreSettingsInput = Static<typeof StoreSettingsInput>;
export const UpdateStoreSettingsRequest = Type.Object({
  storeSettings: StoreSettingsInput,
  fieldMask: FieldMask,
});

/** Where the shipping settings are served: delivery regions and shipping options. */
export const SHIPPING_API: EntityApi = { prefix: '/ecom/v1', tags: ['shipping'] };
/** Where the tax settings are served: tax groups, regions and rates. */
export const TAX_API: EntityApi = { prefix: '/billing/v1', tags: ['tax'] };

// ---- Delivery regions

const Destination = Type.Object({
  countryCode: CountryCode,
  subdivisions: Opt(Type.Array(Subdivision, { maxItems: 100 })),
});
const DeliveryRegionFields = {
  name: Str(200, { minLength: 1 }),
  destinations: Type.Array(Destination, { minItems: 1, maxItems: 300 }),
};
export const DeliveryRegionCreate = Type.Object(DeliveryRegionFields);
export const DeliveryRegionPatch = patchSchema(DeliveryRegionFields);
export type DeliveryRegionCreate = Static<typeof DeliveryRegionCreate>;
export type DeliveryRegionPatch = Static<typeof DeliveryRegionPatch>;

// ---- Shipping options

const ConditionValue = Type.Union([
  Type.String({ pattern: '^\\d{1,12}(\\.\\d{1,6})?$' }),
  Type.Number({ minimum: 0 }),
]);
const Rate = Type.Object({
  amount: Money,
  conditions: Opt(
    Type.Array(
      Type.Object({
        type: literals(['BY_TOTAL_WEIGHT', 'BY_TOTAL_PRICE', 'BY_TOTAL_QUANTITY'] as const),
        value: ConditionValue,
        operator: literals(['EQ', 'GT', 'GTE', 'LT', 'LTE'] as const),
      }),
      { maxItems: 10 },
    ),
  ),
  multiplyByQuantity: Opt(Type.Boolean()),
});
const Charge = Type.Object({
  type: literals(['HANDLING_FEE', 'INSURANCE'] as const),
  details: Opt(Str(200)),
  price: Money,
});
const Pickup = Type.Object({
  address: Address,
  pickupMethod: Opt(literals(['STORE_PICKUP', 'PICKUP_POINT'] as const)),
  businessLocation: Opt(Str(200)),
});
const TimeSlot = Type.Object({ from: DateTime, to: DateTime });
const ShippingOptionFields = {
  title: Str(200, { minLength: 1 }),
  deliveryRegionIds: Type.Array(Id, { maxItems: 100 }),
  estimatedDeliveryTime: orNull(Str(200)),
  instructions: orNull(Str(1000)),
  deliveryTimeSlot: orNull(TimeSlot),
  rates: Type.Array(Rate, { minItems: 1, maxItems: 50 }),
  otherCharges: Type.Array(Charge, { maxItems: 10 }),
  pickup: orNull(Pickup),
  taxGroupId: orNull(Id),
  extendedFields: Type.Object({ namespaces: Opt(Loose) }),
};
export const ShippingOptionCreate = Type.Object({
  title: ShippingOptionFields.title,
  deliveryRegionIds: Opt(ShippingOptionFields.deliveryRegionIds),
  estimatedDeliveryTime: Opt(ShippingOptionFields.estimatedDeliveryTime),
  instructions: Opt(ShippingOptionFields.instructions),
  deliveryTimeSlot: Opt(ShippingOptionFields.deliveryTimeSlot),
  rates: ShippingOptionFields.rates,
  otherCharges: Opt(ShippingOptionFields.otherCharges),
  pickup: Opt(ShippingOptionFields.pickup),
  taxGroupId: Opt(ShippingOptionFields.taxGroupId),
  extendedFields: Opt(ShippingOptionFields.extendedFields),
});
export const ShippingOptionPatch = patchSchema(ShippingOptionFields);
export type ShippingOptionCreate = Static<typeof ShippingOptionCreate>;
export type ShippingOptionPatch = Static<typeof ShippingOptionPatch>;
export const DeliveryRegionChangeRequest = Type.Object({ deliveryRegionId: Id, revision: Opt(Revision) });
export const ExtendedFieldsRequest = Type.Object({
  namespace: Str(200, { minLength: 1 }),
  namespaceData: Loose,
});

// ---- Tax groups, regions, rates

export const DefaultTaxGroupsByAppsRequest = Type.Object({
  appIds: Type.Array(Str(100), { minItems: 1, maxItems: 100 }),
});

// ---- Coupons

const Scope = Type.Object({
  type: literals(['ALL_ITEMS', 'SPECIFIC_PRODUCTS', 'SPECIFIC_COLLECTIONS'] as const),
  productIds: Opt(Type.Array(Id, { maxItems: 1000 })),
  collectionIds: Opt(Type.Array(Id, { maxItems: 1000 })),
});
const CouponFields = {
  code: Type.String({
    minLength: 1,
    maxLength: 50,
    pattern: '^[A-Za-z0-9][A-Za-z0-9_-]*$',
    description: 'Letters, digits, - and _; unique ignoring case',
  }),
  name: Str(200, { minLength: 1 }),
  active: Type.Boolean(),
  discountType: literals(['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'] as const),
  percentage: Type.Number({ exclusiveMinimum: 0, maximum: 100 }),
  fixedAmount: Money,
  minimumSubtotal: orNull(Money),
  scope: Scope,
  startTime: orNull(DateTime),
  expirationTime: orNull(DateTime),
  usageLimit: orNull(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
  limitPerCustomer: orNull(Type.Integer({ minimum: 1, maximum: 1_000_000_000 })),
};
export const CouponCreate = Type.Object({
  code: CouponFields.code,
  name: Opt(CouponFields.name),
  active: Opt(CouponFields.active),
  discountType: CouponFields.discountType,
  percentage: Opt(CouponFields.percentage),
  fixedAmount: Opt(CouponFields.fixedAmount),
  minimumSubtotal: Opt(CouponFields.minimumSubtotal),
  scope: Opt(CouponFields.scope),
  startTime: Opt(CouponFields.startTime),
  expirationTime: Opt(CouponFields.expirationTime),
  usageLimit: Opt(CouponFields.usageLimit),
  limitPerCustomer: Opt(CouponFields.limitPerCustomer),
});
export const CouponPatch = patchSchema({
  ...CouponFields,
  percentage: orNull(CouponFields.percentage),
  fixedAmount: orNull(CouponFields.fixedAmount),
});
export type CouponCreate = Static<typeof CouponCreate>;
export type CouponPatch = Static<typeof CouponPatch>;

// ---- Path parameters

export const IdParams = (name: string) => Type.Object({ [name]: Id });
