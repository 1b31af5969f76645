import { Type } from '@sinclair/typebox';
import {
  Amount,
  Bool,
  CostAndProfit,
  Dimensions,
  DimensionsInput,
  Expiry,
  Id,
  Image,
  Media,
  Num,
  Opt,
  PagingMetadata,
  PriceData,
  Str,
  Uuidish,
  Weight,
  WireQuery,
} from '../shared/schemas.ts';
import { literals } from '../../../platform/schema.ts';

/** A product's options and their choices (they make its variants). */
export const ProductOptions = Type.Array(
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
);

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
  productOptions: ProductOptions,
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
