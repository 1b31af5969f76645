import { type Static, Type } from '@sinclair/typebox';
import { MEASUREMENT_UNITS } from '../shared/model.ts';
import { SeoTag } from './schemas.ts';
import { literals } from '../../../platform/schema.ts';
import {
  Amount,
  Bool,
  BulkActionMetadata,
  BulkItemMetadata,
  DimensionsInput,
  Id,
  MAX_AMOUNT,
  Opt,
  Str,
  Weight,
} from '../shared/schemas.ts';

/**
 * Request schemas of the v1 catalogue writes (wire/catalogue.md §3) and inventory v1 (§5). Prices, costs
 * and weights are JSON numbers on this wire; the routes turn them into decimal strings.
 */

const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const Measurement = Str({ enum: [...MEASUREMENT_UNITS] });

const Frequency = literals(['DAY', 'WEEK', 'MONTH', 'YEAR'] as const);
const Guid = Str({ format: 'uuid' });

/** Aisle extension (docs/SUBSCRIPTIONS.md): the product's subscription options; null removes them. */
export const SubscriptionDetailsWrite = Type.Object(
  {
    subscriptions: Type.Array(
      Type.Object({
        id: Opt(Guid),
        title: Str({ minLength: 1, maxLength: 50 }),
        description: Opt(Str({ maxLength: 500 })),
        visible: Opt(Bool()),
        frequency: Frequency,
        interval: Opt(Type.Integer({ minimum: 1, maximum: 365 })),
        autoRenewal: Opt(Bool()),
        billingCycles: Opt(Type.Integer({ minimum: 1, maximum: 999 })),
        freeTrialPeriod: Opt(
          Type.Object({ frequency: Frequency, interval: Opt(Type.Integer({ minimum: 1, maximum: 999 })) }),
        ),
        discount: Opt(
          Type.Object({
            type: literals(['NONE', 'AMOUNT', 'PERCENT'] as const),
            value: Opt(Amount('An amount off the one-time price, or a percentage for PERCENT')),
          }),
        ),
      }),
      { maxItems: 6 },
    ),
    allowOneTimePurchases: Opt(Bool({ description: 'false: sold by subscription only' })),
    enableCustomerCancellation: Opt(
      Bool({ description: 'Members may cancel their contracts (default true)' }),
    ),
    membership: Opt(
      Type.Object(
        {
          productIds: Opt(Type.Array(Guid, { maxItems: 100 })),
          collectionIds: Opt(Type.Array(Guid, { maxItems: 100 })),
        },
        { description: 'A membership plan: the products and collections an active contract pays for' },
      ),
    ),
  },
  { description: 'Aisle extension: subscription options of the product' },
);

export const ProductWrite = Type.Object(
  {
    id: Opt(Id),
    name: Opt(Str({ minLength: 1, maxLength: 80 })),
    slug: Opt(Str({ minLength: 1, maxLength: 100 })),
    description: Opt(Str({ maxLength: 16_000, description: 'HTML; sanitised' })),
    sku: Opt(orNull(Str({ maxLength: 40 }))),
    visible: Opt(Bool()),
    productType: Opt(literals(['physical', 'digital'] as const)),
    weight: Opt(orNull(Weight)),
    priceData: Opt(Type.Object({ price: Opt(Amount()), currency: Opt(Str({ maxLength: 3 })) })),
    costAndProfitData: Opt(Type.Object({ itemCost: Opt(orNull(Amount())) })),
    pricePerUnitData: Opt(
      orNull(
        Type.Object({
          totalQuantity: Type.Number({ exclusiveMinimum: 0 }),
          totalMeasurementUnit: Measurement,
          baseQuantity: Type.Number({ exclusiveMinimum: 0 }),
          baseMeasurementUnit: Measurement,
        }),
      ),
    ),
    discount: Opt(
      Type.Object({
        type: literals(['NONE', 'AMOUNT', 'PERCENT'] as const),
        value: Opt(Amount('An amount, or a percentage for PERCENT')),
      }),
    ),
    productOptions: Opt(
      Type.Array(
        Type.Object({
          optionType: Opt(literals(['drop_down', 'color'] as const)),
          name: Str({ minLength: 1, maxLength: 50 }),
          choices: Type.Array(
            Type.Object({
              value: Str({ minLength: 1, maxLength: 50, description: 'A CSS colour for colour options' }),
              description: Opt(Str({ minLength: 1, maxLength: 50 })),
              visible: Opt(Bool()),
            }),
            { minItems: 1, maxItems: 100 },
          ),
        }),
        { maxItems: 6 },
      ),
    ),
    manageVariants: Opt(
      Bool({ description: 'Follows the options: a product with options manages its variants' }),
    ),
    additionalInfoSections: Opt(
      Type.Array(Type.Object({ title: Str({ maxLength: 50 }), description: Str({ maxLength: 16_000 }) }), {
        maxItems: 10,
      }),
    ),
    customTextFields: Opt(
      Type.Array(
        Type.Object({
          title: Str({ minLength: 1, maxLength: 100 }),
          maxLength: Type.Integer({ minimum: 1, maximum: 500 }),
          mandatory: Opt(Bool()),
        }),
        { maxItems: 2 },
      ),
    ),
    ribbon: Opt(orNull(Str({ maxLength: 30 }))),
    brand: Opt(orNull(Str({ maxLength: 50 }))),
    seoData: Opt(
      Type.Object({
        tags: Opt(Type.Array(SeoTag, { maxItems: 50 })),
        settings: Opt(
          Type.Object({
            preventAutoRedirect: Opt(Bool()),
            keywords: Opt(Type.Array(Type.Object({ term: Str(), isMain: Bool() }), { maxItems: 20 })),
          }),
        ),
      }),
    ),
    productDimensions: Opt(orNull(DimensionsInput)),
    packageDimensions: Opt(orNull(DimensionsInput)),
    digitalFile: Opt(
      orNull(
        Type.Object(
          { fileId: Str({ format: 'uuid', description: 'A secure media file (uploaded with a fileType)' }) },
          { description: 'Aisle extension: the file a digital product delivers; null removes it' },
        ),
      ),
    ),
    subscriptionDetails: Opt(orNull(SubscriptionDetailsWrite)),
  },
  { description: 'Writable fields of a v1 product; read-only fields sent back are ignored' },
);
export type ProductWrite = Static<typeof ProductWrite>;

export const CreateProductRequest = Type.Object({ product: ProductWrite });
export const UpdateProductRequest = Type.Object({ product: ProductWrite });

export const ProductPathParams = Type.Object({ id: Id });

const ChoiceRef = Type.Object({ option: Str({ minLength: 1 }), choice: Str({ minLength: 1 }) });
export const MediaUrl = Str({
  maxLength: 2000,
  pattern: '^(https?://|aisle:image://v1/)',
  description: 'An http(s) image URL, or the URL or image URI of a stored media file',
});

export const AddMediaRequest = Type.Object({
  id: Opt(Id),
  media: Type.Array(
    Type.Object({ mediaId: Opt(Str({ maxLength: 100 })), url: Opt(MediaUrl), choice: Opt(ChoiceRef) }),
    { minItems: 1, maxItems: 100 },
  ),
});
export const RemoveMediaRequest = Type.Object({
  id: Opt(Id),
  mediaIds: Type.Array(Str({ maxLength: 100 }), {
    maxItems: 100,
    description: "Media to remove; empty removes all of the product's media",
  }),
});
export const ReorderMediaRequest = Type.Object({
  id: Opt(Id),
  mediaIds: Type.Array(Str({ maxLength: 100 }), {
    minItems: 1,
    maxItems: 100,
    description: "The product's media in their new order; media not listed follow in their current order",
  }),
});
export const UpdateMediaRequest = Type.Object({
  id: Opt(Id),
  media: Type.Array(
    Type.Object({
      mediaId: Str({ minLength: 1, maxLength: 100 }),
      altText: Str({
        maxLength: 250,
        description: "What the picture shows, for screen readers; '' removes it",
      }),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export const ChoiceMediaRequest = Type.Object({
  id: Opt(Id),
  media: Type.Array(
    Type.Object({
      option: Str({ minLength: 1 }),
      choice: Str({ minLength: 1 }),
      mediaIds: Type.Array(Str({ maxLength: 100 }), { maxItems: 100 }),
    }),
    { minItems: 1, maxItems: 100 },
  ),
});
export const IdBody = Type.Object({ id: Opt(Id) });

const Ids = Type.Array(Id, { minItems: 1, maxItems: 100 });
export const BulkUpdateRequest = Type.Object({
  ids: Ids,
  set: Type.Object({
    price: Opt(Amount()),
    cost: Opt(Amount()),
    weight: Opt(Weight),
    ribbon: Opt(Str({ maxLength: 30, description: 'A ribbon name; empty removes the ribbon' })),
    brand: Opt(Str({ maxLength: 50, description: 'A brand name; empty removes the brand' })),
  }),
});
const Adjust = Type.Object({
  amount: Opt(Type.Number({ minimum: -MAX_AMOUNT, maximum: MAX_AMOUNT })),
  percentage: Opt(
    Type.Object({
      rate: Type.Number({
        minimum: -100,
        maximum: 10_000,
        description: 'Percent: 10 adds 10 %, -10 takes 10 % off',
      }),
      roundToInt: Opt(Bool()),
    }),
  ),
});
export const BulkAdjustRequest = Type.Object({
  ids: Ids,
  adjust: Type.Object({ price: Opt(Adjust), cost: Opt(Adjust), weight: Opt(Adjust) }),
});
export const BulkProductsResponse = Type.Object({
  results: Type.Array(Type.Object({ itemMetadata: BulkItemMetadata })),
  bulkActionMetadata: BulkActionMetadata,
});
