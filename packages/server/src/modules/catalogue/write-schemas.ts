import { type Static, Type } from '@sinclair/typebox';
import { MEASUREMENT_UNITS } from './model.ts';
import { DimensionUnit, SeoTag, Variant } from './schemas.ts';

/**
 * Request schemas of the v1 catalogue writes (wire/catalogue.md §3) and inventory v1 (§5). Prices, costs
 * and weights are JSON numbers on this wire; the routes turn them into decimal strings.
 */

const Opt = Type.Optional;
const Str = Type.String;
const Bool = Type.Boolean;
import { literals } from '../../platform/schema.ts';
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

const MAX_AMOUNT = 999_999_999_999;
const Amount = (description?: string) =>
  Type.Number({ minimum: 0, maximum: MAX_AMOUNT, ...(description ? { description } : {}) });
const Weight = Type.Number({ minimum: 0, maximum: 1_000_000 });
const Id = Str({ maxLength: 100 });
const Length = Str({ pattern: '^\\d{1,9}(\\.\\d{1,4})?$', description: 'A decimal string, e.g. "24.5"' });

export const DimensionsInput = Type.Object({
  length: Opt(Length),
  width: Opt(Length),
  height: Opt(Length),
  unit: Opt(DimensionUnit),
});

const Measurement = Str({ enum: [...MEASUREMENT_UNITS] });

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
  },
  { description: 'Writable fields of a v1 product; read-only fields sent back are ignored' },
);
export type ProductWrite = Static<typeof ProductWrite>;

export const CreateProductRequest = Type.Object({ product: ProductWrite });
export const UpdateProductRequest = Type.Object({ product: ProductWrite });

export const ProductPathParams = Type.Object({ id: Id });
export const DeleteByIdQuery = Type.Object({ id: Opt(Id) });

const ChoicesMap = Type.Record(Str(), Str({ maxLength: 50 }), { description: 'Option name → choice' });

export const UpdateVariantsRequest = Type.Object({
  id: Opt(Id),
  variants: Type.Array(
    Type.Object({
      choices: Opt(ChoicesMap),
      variantIds: Opt(Type.Array(Id, { maxItems: 1000 })),
      price: Opt(Amount()),
      cost: Opt(Amount()),
      weight: Opt(Weight),
      sku: Opt(Str({ maxLength: 40 })),
      visible: Opt(Bool()),
      productDimensions: Opt(DimensionsInput),
      packageDimensions: Opt(DimensionsInput),
    }),
    { minItems: 1, maxItems: 1000 },
  ),
});
export const VariantsResponse = Type.Object({ variants: Type.Array(Variant) });

const ChoiceRef = Type.Object({ option: Str({ minLength: 1 }), choice: Str({ minLength: 1 }) });
const MediaUrl = Str({
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
  mediaIds: Type.Array(Str({ maxLength: 100 }), { minItems: 1, maxItems: 100 }),
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

const BulkError = Type.Object({ code: Str(), description: Str(), data: Type.Record(Str(), Type.Unknown()) });
export const BulkItemMetadata = Type.Object({
  id: Opt(Str()),
  originalIndex: Type.Integer(),
  success: Bool(),
  error: Opt(BulkError),
});
export const BulkActionMetadata = Type.Object({
  totalSuccesses: Type.Integer(),
  totalFailures: Type.Integer(),
  undetailedFailures: Type.Integer(),
});
export const BulkProductsResponse = Type.Object({
  results: Type.Array(Type.Object({ itemMetadata: BulkItemMetadata })),
  bulkActionMetadata: BulkActionMetadata,
});

const CollectionWrite = Type.Object({
  id: Opt(Id),
  name: Opt(Str({ minLength: 1, maxLength: 50 })),
  slug: Opt(Str({ minLength: 1, maxLength: 100 })),
  description: Opt(Str({ maxLength: 16_000 })),
  visible: Opt(Bool()),
});
export const CollectionWriteRequest = Type.Object({ collection: CollectionWrite });
export const CollectionProductIdsRequest = Type.Object({
  id: Opt(Id),
  productIds: Type.Array(Id, { maxItems: 1000 }),
});

export const Empty = Type.Object({});
