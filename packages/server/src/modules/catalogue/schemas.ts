import { Type } from '@sinclair/typebox';
import { MEASUREMENT_UNITS } from './model.ts';

/** Wire schemas of the catalogue reads (wire/catalogue.md §1, §2, §4). v1 prices are JSON numbers. */

const Opt = Type.Optional;
const Str = Type.String;
const Num = Type.Number;
import { literals } from '../../platform/schema.ts';

// ---- requests

const Uuidish = Str({ maxLength: 100 });

/** The wire query (wire/README §4). `filter` and `sort` are also accepted as JSON strings. */
export const WireQuery = Type.Object(
  {
    filter: Opt(
      Type.Union([Type.Record(Str(), Type.Unknown()), Str({ maxLength: 20_000 })], {
        description:
          'Filter object: `{"field": value}` (equals), `$ne`, `$gt`, `$gte`, `$lt`, `$lte`, `$startsWith`, `$endsWith`, `$contains` (case-insensitive), `$in`, `$hasSome`, `$hasAll`, `$exists`, `$and`, `$or`, `$not`.',
      }),
    ),
    sort: Opt(
      Type.Union([
        Type.Array(
          Type.Object({ fieldName: Opt(Str({ maxLength: 100 })), order: Opt(Str({ maxLength: 10 })) }),
          {
            maxItems: 5,
          },
        ),
        Str({ maxLength: 2000 }),
      ]),
    ),
    paging: Opt(
      Type.Object({
        limit: Opt(Type.Integer({ minimum: 0, maximum: 100, description: 'Default 50, at most 100' })),
        offset: Opt(Type.Integer({ minimum: 0 })),
      }),
    ),
    cursorPaging: Opt(
      Type.Object({
        limit: Opt(Type.Integer({ minimum: 0, maximum: 100, description: 'Default 50, at most 100' })),
        cursor: Opt(Type.Union([Str({ maxLength: 16_384 }), Type.Null()])),
      }),
    ),
  },
  { description: 'Use `paging` (offset) or `cursorPaging`; a cursor carries its query, so send it alone.' },
);

export const ProductIdParams = Type.Object({ id: Uuidish });
export const GetProductQuery = Type.Object({
  id: Opt(Uuidish),
  includeMerchantSpecificData: Opt(
    Type.Boolean({ description: 'Adds cost and profit data; honoured for admin callers only' }),
  ),
});

export const QueryProductsRequest = Type.Object({
  query: Opt(WireQuery),
  includeVariants: Opt(Type.Boolean({ description: 'Adds `variants` to every product' })),
  includeMerchantSpecificData: Opt(
    Type.Boolean({ description: 'Adds cost and profit data; honoured for admin callers only' }),
  ),
});

export const QueryCollectionsRequest = Type.Object({ query: Opt(WireQuery) });
export const CollectionIdParams = Type.Object({ id: Uuidish });
export const SlugParams = Type.Object({ slug: Str({ maxLength: 200 }) });
export const MediaParams = Type.Object({ id: Str({ maxLength: 36 }), filename: Str({ maxLength: 200 }) });

// ---- responses

export const FocalPoint = Type.Object(
  { x: Num(), y: Num() },
  { description: 'Percent of the width and height (0–100) that crops keep in view' },
);
const Expiry = Str({ description: 'When the signed `url` stops working (ISO date)' });
export const Image = Type.Object({
  id: Str(),
  url: Str({ description: 'Signed media URL; `&size=150|400|800` gives a WebP thumbnail of an upload' }),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Opt(Str()),
  altText: Opt(Str()),
  filename: Str(),
  urlExpirationDate: Opt(Expiry),
  focalPoint: Opt(FocalPoint),
});
const Thumbnail = Type.Object({
  url: Str(),
  width: Type.Integer(),
  height: Type.Integer(),
  format: Opt(Str()),
  urlExpirationDate: Opt(Expiry),
});
const MediaItem = Type.Object({
  id: Str(),
  title: Opt(Str()),
  mediaType: literals(['image', 'video']),
  image: Opt(Image),
  video: Opt(
    Type.Object({
      files: Type.Array(
        Type.Object({
          url: Str(),
          width: Type.Integer(),
          height: Type.Integer(),
          format: Str(),
          urlExpirationDate: Opt(Expiry),
        }),
      ),
      stillFrameMediaId: Opt(Str({ description: 'Id of the poster image' })),
    }),
  ),
  thumbnail: Opt(Thumbnail),
});
export const Media = Type.Object({ mainMedia: Opt(MediaItem), items: Type.Array(MediaItem) });
const VariantImage = Type.Omit(Image, ['format']);
export const VideoObject = Type.Object({
  id: Str(),
  filename: Str(),
  urlExpirationDate: Opt(Expiry),
  resolutions: Type.Array(
    Type.Object({
      url: Str(),
      height: Type.Integer(),
      width: Type.Integer(),
      format: Str(),
      urlExpirationDate: Opt(Expiry),
      poster: Opt(Image),
    }),
  ),
  posters: Type.Array(Image),
});

const Formatted = Type.Object({ price: Str(), discountedPrice: Str(), pricePerUnit: Opt(Str()) });
export const PriceData = Type.Object({
  currency: Str(),
  price: Num(),
  discountedPrice: Num(),
  pricePerUnit: Opt(Num()),
  formatted: Formatted,
});
const CostAndProfit = Type.Object({
  itemCost: Num(),
  formattedItemCost: Str(),
  profit: Num(),
  formattedProfit: Str(),
  profitMargin: Num({ description: 'profit / discounted price, e.g. 0.35' }),
});
const Range = Type.Object({ minValue: Num(), maxValue: Num() });
export const DimensionUnit = literals(['MM', 'CM', 'M', 'IN', 'FT', 'YD'] as const);
export const Dimensions = Type.Object({
  length: Opt(Str()),
  width: Opt(Str()),
  height: Opt(Str()),
  unit: Opt(DimensionUnit),
});

export const Variant = Type.Object({
  id: Str(),
  choices: Type.Record(Str(), Str()),
  variant: Type.Object({
    priceData: PriceData,
    convertedPriceData: PriceData,
    costAndProfitData: Opt(CostAndProfit),
    weight: Opt(Num()),
    sku: Opt(Str()),
    visible: Type.Boolean(),
    productDimensions: Opt(Dimensions),
    packageDimensions: Opt(Dimensions),
  }),
  stock: Type.Object({
    trackQuantity: Type.Boolean(),
    quantity: Opt(Type.Integer()),
    inStock: Type.Boolean(),
  }),
});

export const SeoTag = Type.Object({
  type: Str(),
  props: Opt(Type.Record(Str(), Type.Unknown())),
  meta: Opt(Type.Record(Str(), Type.Unknown())),
  children: Opt(Str()),
  custom: Opt(Type.Boolean()),
  disabled: Opt(Type.Boolean()),
});

export const Product = Type.Object({
  id: Str(),
  name: Str(),
  slug: Str(),
  visible: Type.Boolean(),
  productType: literals(['physical', 'digital'] as const),
  description: Str({ description: 'HTML text' }),
  sku: Opt(Str()),
  weight: Opt(Num()),
  weightRange: Opt(Range),
  stock: Type.Object({
    trackInventory: Type.Boolean(),
    quantity: Opt(Type.Integer()),
    inStock: Type.Boolean(),
    inventoryStatus: literals(['IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK'] as const),
  }),
  price: PriceData,
  priceData: PriceData,
  convertedPriceData: PriceData,
  priceRange: Range,
  costAndProfitData: Opt(CostAndProfit),
  costRange: Opt(Range),
  digitalFile: Opt(
    Type.Object(
      { fileId: Str() },
      { description: 'Aisle extension, merchant data: the secure file a digital product delivers' },
    ),
  ),
  pricePerUnitData: Opt(
    Type.Object({
      totalQuantity: Num(),
      totalMeasurementUnit: Str({ enum: [...MEASUREMENT_UNITS] }),
      baseQuantity: Num(),
      baseMeasurementUnit: Str({ enum: [...MEASUREMENT_UNITS] }),
    }),
  ),
  discount: Type.Object({ type: literals(['NONE', 'AMOUNT', 'PERCENT'] as const), value: Num() }),
  productDimensions: Opt(Dimensions),
  packageDimensions: Opt(Dimensions),
  additionalInfoSections: Type.Array(Type.Object({ title: Str(), description: Str() })),
  ribbons: Type.Array(Type.Object({ text: Str() })),
  ribbon: Opt(Str()),
  brand: Opt(Str()),
  media: Media,
  customTextFields: Type.Array(
    Type.Object({ title: Str(), maxLength: Type.Integer(), mandatory: Type.Boolean() }),
  ),
  manageVariants: Type.Boolean(),
  productOptions: Type.Array(
    Type.Object({
      optionType: literals(['drop_down', 'color'] as const),
      name: Str(),
      choices: Type.Array(
        Type.Object({
          value: Str(),
          description: Str(),
          inStock: Type.Boolean(),
          visible: Type.Boolean(),
          media: Media,
        }),
      ),
    }),
  ),
  productPageUrl: Type.Object({ base: Str(), path: Str() }),
  numericId: Str({ description: 'int64 as a string' }),
  inventoryItemId: Str(),
  collectionIds: Type.Array(Str()),
  variants: Opt(Type.Array(Variant)),
  lastUpdated: Str({ format: 'date-time' }),
  createdDate: Str({ format: 'date-time' }),
  seoData: Type.Object({
    tags: Opt(Type.Array(SeoTag)),
    settings: Opt(
      Type.Object({
        preventAutoRedirect: Opt(Type.Boolean()),
        keywords: Opt(Type.Array(Type.Object({ term: Str(), isMain: Type.Boolean() }))),
      }),
    ),
  }),
});

export const Collection = Type.Object({
  id: Str(),
  name: Str(),
  slug: Str(),
  description: Str(),
  visible: Type.Boolean(),
  numberOfProducts: Type.Integer(),
  media: Media,
  lastUpdated: Str({ format: 'date-time' }),
});

/** Offset paging: count, offset, total (absent when tooManyToCount); cursor paging: count, cursors, hasNext. */
export const PagingMetadata = Type.Object({
  count: Type.Integer(),
  offset: Opt(Type.Integer()),
  total: Opt(Type.Integer()),
  tooManyToCount: Opt(Type.Boolean()),
  cursors: Opt(
    Type.Object({ next: Type.Union([Str(), Type.Null()]), prev: Type.Union([Str(), Type.Null()]) }),
  ),
  hasNext: Opt(Type.Boolean()),
});

export const ProductResponse = Type.Object({ product: Product });
export const ProductsResponse = Type.Object({ products: Type.Array(Product), metadata: PagingMetadata });
export const CollectionResponse = Type.Object({ collection: Collection });
export const CollectionsResponse = Type.Object({
  collections: Type.Array(Collection),
  metadata: PagingMetadata,
});

// ---- variant and availability reads

export const ProductOptionsAvailabilityRequest = Type.Object({
  id: Opt(Uuidish),
  options: Opt(Type.Record(Str(), Str({ maxLength: 100 }), { description: 'Option name → choice' })),
});

const SelectedVariant = Type.Object({
  id: Str(),
  price: PriceData,
  convertedPriceData: PriceData,
  weight: Opt(Num()),
  sku: Opt(Str()),
  quantity: Opt(Type.Integer()),
  inStock: Type.Boolean(),
  visible: Type.Boolean(),
  productDimensions: Opt(Dimensions),
  packageDimensions: Opt(Dimensions),
});

export const ProductOptionsAvailabilityResponse = Type.Object({
  selectedVariant: Opt(SelectedVariant),
  media: Media,
  productOptions: Product.properties.productOptions,
  availableForPurchase: Type.Boolean(),
});

export const QueryProductVariantsRequest = Type.Object({
  id: Opt(Uuidish),
  choices: Opt(Type.Record(Str(), Str({ maxLength: 100 }))),
  variantIds: Opt(Type.Array(Uuidish, { maxItems: 1000 })),
  paging: Opt(
    Type.Object({
      limit: Opt(Type.Integer({ minimum: 0, maximum: 100, description: 'Default 100' })),
      offset: Opt(Type.Integer({ minimum: 0 })),
    }),
  ),
  includeMerchantSpecificData: Opt(Type.Boolean({ description: 'Honoured for admin callers only' })),
});

export const ProductVariantsResponse = Type.Object({
  variants: Type.Array(Variant),
  metadata: Type.Object({ items: Type.Integer(), offset: Type.Integer() }),
  totalResults: Type.Integer(),
});

export const StoreVariant = Type.Object({
  id: Str({ description: '`<productId>-<variantId>`' }),
  variantId: Str(),
  productId: Str(),
  variantName: Str(),
  productName: Str(),
  managedVariant: Type.Boolean(),
  sku: Opt(Str()),
  stock: Type.Object({
    trackQuantity: Type.Boolean(),
    quantity: Opt(Type.Integer()),
    inStock: Type.Boolean(),
  }),
  choices: Type.Record(Str(), Str()),
  collectionIds: Type.Array(Str()),
  preorderInfo: Type.Object({ enabled: Type.Boolean(), message: Opt(Str()), limit: Opt(Type.Integer()) }),
  media: Opt(Type.Object({ image: Opt(VariantImage), video: Opt(VideoObject) })),
});

export const QueryStoreVariantsRequest = Type.Object({ query: Opt(WireQuery) });
export const StoreVariantsResponse = Type.Object({
  variants: Type.Array(StoreVariant),
  metadata: PagingMetadata,
});
export const StoreVariantResponse = Type.Object({ variant: StoreVariant });
export const StoreVariantParams = Type.Object({ id: Str({ maxLength: 100 }) });
export const CatalogVersionResponse = Type.Object({
  catalogVersion: Type.Union([
    Type.Literal('V1_CATALOG'),
    Type.Literal('V3_CATALOG'),
    Type.Literal('STORES_NOT_INSTALLED'),
  ]),
});
