import { Type } from '@sinclair/typebox';
import { MEASUREMENT_UNITS } from '../shared/model.ts';
import { literals } from '../../../platform/schema.ts';
import {
  CostAndProfit,
  Dimensions,
  Media,
  Num,
  Opt,
  PagingMetadata,
  PriceData,
  Str,
  Uuidish,
  WireQuery,
} from '../shared/schemas.ts';
import { ProductOptions, Variant } from '../variants/schemas.ts';

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
const Range = Type.Object({ minValue: Num(), maxValue: Num() });

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
  subscriptionDetails: Opt(
    Type.Unknown({
      description:
        'Aisle extension: {subscriptions [{id, title, description, visible, frequency, interval, autoRenewal, billingCycles, freeTrialPeriod, discount}], allowOneTimePurchases, enableCustomerCancellation, membership}',
    }),
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
  productOptions: ProductOptions,
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

export const ProductResponse = Type.Object({ product: Product });
export const ProductsResponse = Type.Object({ products: Type.Array(Product), metadata: PagingMetadata });
