import { createFinder } from '../core/find.ts';
import { QueryBuilder } from '../core/query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import type { Product } from './catalogue-types.ts';

const READER = '/stores-reader/v1';

const priceFloats = (prefix: string): string[] =>
  ['price', 'discountedPrice', 'pricePerUnit'].map((field) => `${prefix}.${field}`);
const costFloats = (prefix: string): string[] =>
  ['itemCost', 'profit', 'profitMargin'].map((field) => `${prefix}.${field}`);

/** Date and float paths of a v1 product (wire/catalogue.md §1), relative to the product. */
export const PRODUCT_TRANSFORM: TransformSpec = {
  dates: ['lastUpdated', 'createdDate'],
  floats: [
    'weight',
    'weightRange.minValue',
    'weightRange.maxValue',
    'priceRange.minValue',
    'priceRange.maxValue',
    'costRange.minValue',
    'costRange.maxValue',
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

export interface GetProductOptions {
  /** Adds cost and profit data (merchant clients). */
  includeMerchantSpecificData?: boolean;
}

/** Catalogue reads for v1 products. */
export const products = (http: Http) => ({
  getProduct: (id: string, options: GetProductOptions = {}): Promise<Product> =>
    http
      .request<{ product: Product }>({
        method: 'GET',
        path: `${READER}/products/{id}`,
        data: { ...options, id },
        transform: prefixTransform('product', PRODUCT_TRANSFORM),
      })
      .then((response) => response.product),

  /** Offset-paged query; `.find()` sends GET* `query-platformized` (POST fallback, same path). */
  queryProducts: (): QueryBuilder<Product> =>
    new QueryBuilder<Product>(
      createFinder<Product>(http, {
        path: `${READER}/products/query-platformized`,
        itemsKey: 'products',
        metadataKey: 'metadata',
        transform: prefixTransform('products', PRODUCT_TRANSFORM),
      }),
      'offset',
    ),
});

export type ProductsModule = ReturnType<typeof products>;
