import { type ConversionSpec, convertFromWire } from '../core/convert.ts';
import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { HttpMethod } from '../core/encode-request.ts';
import type { Http } from '../core/transport.ts';
import type {
  BulkProductsAdjust,
  BulkProductsSet,
  ChoiceMediaAssignment,
  Product,
  ProductInput,
  ProductMediaInput,
  ProductOptionsAvailability,
  ProductUpdate,
  ProductVariant,
  ProductVariantsResult,
  QueryProductVariantsOptions,
  StoreVariant,
  VariantOverride,
} from './catalogue-types.ts';
import type { BulkResult } from './common-types.ts';

/** v1 catalogue reads (custom-host alias: `/_api/catalog-reader-server/v1`). */
export const PRODUCTS_READER_PATH = '/stores-reader/v1';
/** v1 catalogue writes (custom-host alias: `/_api/catalog-server/v1`). */
export const PRODUCTS_WRITER_PATH = '/stores/v1';

const READER = PRODUCTS_READER_PATH;
const WRITER = PRODUCTS_WRITER_PATH;

const priceFloats = (prefix: string): string[] =>
  ['price', 'discountedPrice', 'pricePerUnit'].map((field) => `${prefix}.${field}`);
const costFloats = (prefix: string): string[] =>
  ['itemCost', 'profit', 'profitMargin'].map((field) => `${prefix}.${field}`);
const rangeFloats = (prefix: string): string[] =>
  ['minValue', 'maxValue'].map((field) => `${prefix}.${field}`);

/** Date and float paths of a v1 product (wire/catalogue.md §1), relative to the product. */
export const PRODUCT_TRANSFORM: TransformSpec = {
  dates: ['lastUpdated', 'createdDate'],
  floats: [
    'weight',
    ...rangeFloats('weightRange'),
    ...rangeFloats('priceRange'),
    ...rangeFloats('costRange'),
    ...priceFloats('priceData'),
    ...priceFloats('price'),
    ...priceFloats('convertedPriceData'),
    ...costFloats('costAndProfitData'),
    'pricePerUnitData.totalQuantity',
    'pricePerUnitData.baseQuantity',
    'discount.value',
    'variants.variant.weight',
    ...priceFloats('variants.variant.priceData'),
    ...priceFloats('variants.variant.convertedPriceData'),
    ...costFloats('variants.variant.costAndProfitData'),
  ],
};

/** Float paths of a product variant (`{id, choices, variant, stock}`), relative to the variant. */
export const VARIANT_TRANSFORM: TransformSpec = {
  floats: (PRODUCT_TRANSFORM.floats ?? [])
    .filter((path) => path.startsWith('variants.'))
    .map((path) => path.slice('variants.'.length)),
};

/** Floats of `selectedVariant` (productOptionsAvailability), relative to it. */
const SELECTED_VARIANT_TRANSFORM: TransformSpec = {
  floats: ['weight', ...priceFloats('price'), ...priceFloats('convertedPriceData')],
};

/** A store variant: its image's date and focal point, then the image as an `aisle:image://` URI. */
export const STORE_VARIANT_CONVERSION: ConversionSpec = {
  dates: ['media.image.urlExpirationDate'],
  floats: ['media.image.focalPoint.x', 'media.image.focalPoint.y'],
  images: ['media.image'],
};

/** Results of a bulk product call: `itemMetadata` per product, no items. */
export type BulkProductsResult = BulkResult<never>;

export interface GetProductOptions {
  /** Adds cost and profit data (merchant clients). */
  includeMerchantSpecificData?: boolean;
}

export interface QueryProductsOptions {
  /** Adds `variants` to every product. */
  includeVariants?: boolean;
  /** Adds cost and profit data (merchant clients). */
  includeMerchantSpecificData?: boolean;
}

const one = prefixTransform('product', PRODUCT_TRANSFORM);
const variants = prefixTransform('variants', VARIANT_TRANSFORM);

/** v1 products and store variants: reads for everyone, writes for admin clients (`ApiKeyStrategy`). */
export const products = (http: Http) => {
  /** A write whose answer is `{}`. */
  const write = async (method: 'POST' | 'PATCH' | 'DELETE', path: string, data: object): Promise<void> => {
    await http.request<unknown>({ method, path: `${WRITER}${path}`, data });
  };
  /** A call answered `{product}`. */
  const productCall = (method: HttpMethod, path: string, data: object): Promise<Product> =>
    http
      .request<{ product: Product }>({ method, path, data, transform: one })
      .then((response) => response.product);

  return {
    getProduct: (id: string, options: GetProductOptions = {}): Promise<Product> =>
      productCall('GET', `${READER}/products/{id}`, { ...options, id }),

    /** Offset-paged query; `.find()` sends GET* `query-platformized` (POST fallback, same path). */
    queryProducts: (options: QueryProductsOptions = {}): QueryBuilder<Product> =>
      new QueryBuilder<Product>(
        createFinder<Product>(http, {
          path: `${READER}/products/query-platformized`,
          itemsKey: 'products',
          metadataKey: 'metadata',
          transform: prefixTransform('products', PRODUCT_TRANSFORM),
          extra: options,
        }),
        'offset',
      ),

    /** A product's variants filtered by (partial) choices and/or ids; offset paging, default limit 100. */
    queryProductVariants: (
      productId: string,
      options: QueryProductVariantsOptions = {},
    ): Promise<ProductVariantsResult> =>
      http.request<ProductVariantsResult>({
        method: 'POST',
        path: `${READER}/products/{id}/variants/query`,
        data: { ...options, id: productId },
        transform: variants,
      }),

    /** Per-choice availability given the options chosen so far; `selectedVariant` once each option is chosen. */
    productOptionsAvailability: (
      productId: string,
      options: Record<string, string> = {},
    ): Promise<ProductOptionsAvailability> =>
      http.request<ProductOptionsAvailability>({
        method: 'POST',
        path: `${READER}/products/{id}/productOptionsAvailability`,
        data: { id: productId, options },
        transform: prefixTransform('selectedVariant', SELECTED_VARIANT_TRANSFORM),
      }),

    /** Store variants (id `<productId>-<variantId>`) across products; `.find()` sends `POST /variants/query`. */
    queryStoreVariants: (): QueryBuilder<StoreVariant> =>
      new QueryBuilder<StoreVariant>(
        createFinder<StoreVariant>(http, {
          path: `${READER}/variants/query`,
          method: 'POST',
          itemsKey: 'variants',
          metadataKey: 'metadata',
          item: (raw) => convertFromWire(raw, STORE_VARIANT_CONVERSION),
        }),
        'offset',
      ),

    getStoreVariant: (id: string): Promise<StoreVariant> =>
      http
        .request<{ variant?: unknown }>({ method: 'GET', path: `${READER}/variants/{id}`, data: { id } })
        .then((response) => convertFromWire(response.variant, STORE_VARIANT_CONVERSION) as StoreVariant),

    // ---- Writes (admin)

    /** The product as stored, with merchant data. */
    createProduct: (input: ProductInput): Promise<Product> =>
      productCall('POST', `${WRITER}/products`, { product: input }),

    /** Changes only the fields sent. */
    updateProduct: (productId: string, update: ProductUpdate): Promise<Product> =>
      productCall('PATCH', `${WRITER}/products/{product.id}`, { product: { ...update, id: productId } }),

    deleteProduct: (productId: string): Promise<void> => write('DELETE', '/products/{id}', { id: productId }),

    /** Price, cost, weight, SKU, visibility or dimensions of the variants named by ids or choices. */
    updateVariants: (productId: string, overrides: readonly VariantOverride[]): Promise<ProductVariant[]> =>
      http
        .request<{ variants?: ProductVariant[] }>({
          method: 'PATCH',
          path: `${WRITER}/products/{id}/variants`,
          data: { id: productId, variants: [...overrides] },
          transform: variants,
        })
        .then((response) => response.variants ?? []),

    /** Every variant back to the product's price, cost and weight. */
    resetVariantsToDefault: (productId: string): Promise<void> =>
      write('POST', '/products/{id}/variants/resetToDefault', { id: productId }),

    /** Media by stored media id or by URL (an `aisle:image://` URI of a stored file too), optionally to a choice. */
    addProductMedia: (productId: string, media: readonly ProductMediaInput[]): Promise<void> =>
      write('POST', '/products/{id}/media', { id: productId, media: [...media] }),

    /** Also takes the media off choices. */
    removeProductMedia: (productId: string, mediaIds: readonly string[]): Promise<void> =>
      write('POST', '/products/{id}/media/delete', { id: productId, mediaIds: [...mediaIds] }),

    /** Every media item of the product, from its choices too (the wire's empty `mediaIds`). */
    removeAllProductMedia: (productId: string): Promise<void> =>
      write('POST', '/products/{id}/media/delete', { id: productId, mediaIds: [] }),

    /** The product's media in a new order (ids, alt text and choices kept); those not listed follow. */
    reorderProductMedia: (productId: string, mediaIds: readonly string[]): Promise<void> =>
      write('POST', '/products/{id}/media/reorder', { id: productId, mediaIds: [...mediaIds] }),

    /** Alt text of the product's media items (`''` removes it). */
    updateProductMedia: (
      productId: string,
      media: readonly { mediaId: string; altText: string }[],
    ): Promise<void> => write('POST', '/products/{id}/media/update', { id: productId, media: [...media] }),

    addProductMediaToChoices: (productId: string, media: readonly ChoiceMediaAssignment[]): Promise<void> =>
      write('PATCH', '/products/{id}/choices/media', { id: productId, media: [...media] }),

    removeProductMediaFromChoices: (
      productId: string,
      media: readonly ChoiceMediaAssignment[],
    ): Promise<void> =>
      write('POST', '/products/{id}/choices/media/delete', { id: productId, media: [...media] }),

    /** Removes every option: the product is back to its default variant. */
    deleteProductOptions: (productId: string): Promise<void> =>
      write('DELETE', '/products/{id}/options', { id: productId }),

    removeBrand: (productId: string): Promise<void> =>
      write('POST', '/products/{id}/remove-brand', { id: productId }),

    removeRibbon: (productId: string): Promise<void> =>
      write('POST', '/products/{id}/remove-ribbon', { id: productId }),

    /** Sets price, cost, weight, ribbon or brand of up to 100 products; one result per product. */
    bulkUpdateProducts: (ids: readonly string[], set: BulkProductsSet): Promise<BulkProductsResult> =>
      http.request<BulkProductsResult>({
        method: 'POST',
        path: `${WRITER}/bulk/products/update`,
        data: { ids: [...ids], set },
      }),

    /** Adjusts price, cost or weight of up to 100 products by an amount or a percentage. */
    bulkAdjustProductProperties: (
      ids: readonly string[],
      adjust: BulkProductsAdjust,
    ): Promise<BulkProductsResult> =>
      http.request<BulkProductsResult>({
        method: 'POST',
        path: `${WRITER}/bulk/products/adjust-properties`,
        data: { ids: [...ids], adjust },
      }),
  };
};

export type ProductsModule = ReturnType<typeof products>;
