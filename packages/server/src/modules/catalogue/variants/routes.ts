import { underPrefixes } from '../../../platform/routing.ts';
import {
  getStoreVariant,
  productOptionsAvailability,
  queryProductVariants,
  queryStoreVariants,
} from './reads.ts';
import { ProductIdParams } from '../products/schemas.ts';
import {
  ProductOptionsAvailabilityRequest,
  ProductOptionsAvailabilityResponse,
  ProductVariantsResponse,
  QueryProductVariantsRequest,
  QueryStoreVariantsRequest,
  StoreVariantParams,
  StoreVariantResponse,
  StoreVariantsResponse,
  UpdateVariantsRequest,
  VariantsResponse,
} from './schemas.ts';
import { getProduct } from '../products/reads.ts';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { deleteProductOptions, resetVariants, updateVariants } from './writes.ts';
import { variantPatchFromWire } from '../products/wire-input.ts';
import { IdBody, ProductPathParams } from '../products/write-schemas.ts';
import { catalogueRead, catalogueWrite, entityAction, samePath, viewerOf } from '../shared/route-support.ts';

const merchant = { merchant: true };

/** Variant reads (a product's choices and variants, store variants) and variant writes. */
export async function variantRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores-reader/v1', '/_api/catalog-reader-server/v1'], (r) => {
    r.post(
      '/products/:id/productOptionsAvailability',
      catalogueRead('Availability of choices given the chosen options, and the selected variant', {
        params: ProductIdParams,
        body: ProductOptionsAvailabilityRequest,
        response: { 200: ProductOptionsAvailabilityResponse },
      }),
      async (request) =>
        productOptionsAvailability(ctx, request.params.id, request.body.options ?? {}, viewerOf(request)),
    );
    r.post(
      '/products/:id/variants/query',
      catalogueRead("A product's variants by choices or ids", {
        params: ProductIdParams,
        body: QueryProductVariantsRequest,
        response: { 200: ProductVariantsResponse },
      }),
      async (request) => queryProductVariants(ctx, request.params.id, request.body, viewerOf(request)),
    );
    r.post(
      '/variants/query',
      catalogueRead('Query store variants: filter, sort, offset or cursor paging', {
        body: QueryStoreVariantsRequest,
        response: { 200: StoreVariantsResponse },
      }),
      async (request) => queryStoreVariants(ctx, request.body, viewerOf(request)),
    );
    r.get(
      '/variants/:id',
      catalogueRead('Get a store variant (`<productId>-<variantId>`)', {
        params: StoreVariantParams,
        response: { 200: StoreVariantResponse },
      }),
      async (request) => ({ variant: await getStoreVariant(ctx, request.params.id, viewerOf(request)) }),
    );
  });

  await underPrefixes(app, ['/stores/v1', '/_api/catalog-server/v1'], (r) => {
    r.patch(
      '/products/:id/variants',
      catalogueWrite('Update variants by ids or choices: price, cost, weight, SKU, visibility, dimensions', {
        params: ProductPathParams,
        body: UpdateVariantsRequest,
        response: { 200: VariantsResponse },
      }),
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await updateVariants(ctx, request.params.id, request.body.variants.map(variantPatchFromWire));
        const product = await getProduct(ctx, request.params.id, merchant, {
          includeMerchantSpecificData: true,
        });
        return { variants: product.variants ?? [] };
      },
    );
    r.post(
      '/products/:id/variants/resetToDefault',
      catalogueWrite('Reset every variant to the product price, cost and weight', {
        params: ProductPathParams,
        body: IdBody,
      }),
      async (request) => {
        await resetVariants(ctx, request.params.id);
        return {};
      },
    );
    entityAction(
      r,
      'DELETE',
      '/products/:id/options',
      { summary: 'Delete all options (back to the default variant)', params: ProductPathParams },
      (id) => deleteProductOptions(ctx, id),
    );
  });
}
