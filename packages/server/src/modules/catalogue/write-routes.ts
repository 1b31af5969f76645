import type { App } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { invalid } from '../../platform/errors.ts';
import { moneyFromNumber } from '../../platform/money.ts';
import { underPrefixes } from '../../platform/routing.ts';
import {
  addProductsToCollection,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  updateCollection,
} from './collection-writes.ts';
import { resolveMedia } from './media.ts';
import { type BulkAdjust, bulkAdjustProducts, bulkUpdateProducts, type BulkSet } from './product-bulk.ts';
import {
  addProductMedia,
  createProduct,
  deleteProduct,
  editChoiceMedia,
  removeProductBrandOrRibbon,
  removeProductMedia,
  updateProduct,
} from './product-writes.ts';
import { CollectionIdParams, CollectionResponse, ProductResponse } from './schemas.ts';
import { getCollection, getProduct } from './service.ts';
import { deleteProductOptions, resetVariants, updateVariants } from './variant-writes.ts';
import { productInputFromWire, productPatchFromWire, variantPatchFromWire } from './wire-input.ts';
import {
  AddMediaRequest,
  BulkAdjustRequest,
  BulkProductsResponse,
  BulkUpdateRequest,
  ChoiceMediaRequest,
  CollectionProductIdsRequest,
  CollectionWriteRequest,
  CreateProductRequest,
  DeleteByIdQuery,
  Empty,
  IdBody,
  ProductPathParams,
  RemoveMediaRequest,
  UpdateProductRequest,
  UpdateVariantsRequest,
  VariantsResponse,
} from './write-schemas.ts';

const tags = ['catalogue writes'];
const admin = { access: 'admin' } as const;
const merchant = { merchant: true };

/** A body field naming the entity must agree with the path. */
function samePath(pathId: string, bodyId: string | undefined, field: string): void {
  if (bodyId !== undefined && bodyId !== '' && bodyId.toLowerCase() !== pathId.toLowerCase())
    throw invalid(field, 'must equal the id in the path', 'VALIDATION', { pathId });
}

async function productResponse(ctx: AppContext, id: string) {
  return { product: await getProduct(ctx, id, merchant, { includeMerchantSpecificData: true }) };
}

/** v1 product and collection writes (wire/catalogue.md §3), admin only, under both prefixes. */
export async function catalogueWriteRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v1', '/_api/catalog-server/v1'], (r) => {
    r.post(
      '/products',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Create a product',
          body: CreateProductRequest,
          response: { 200: ProductResponse },
        },
      },
      async (request) => {
        const { id } = await createProduct(ctx, productInputFromWire(request.body.product));
        return productResponse(ctx, id);
      },
    );
    r.patch(
      '/products/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update a product (only the fields sent)',
          params: ProductPathParams,
          body: UpdateProductRequest,
          response: { 200: ProductResponse },
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.product.id, 'product.id');
        await updateProduct(ctx, request.params.id, productPatchFromWire(request.body.product));
        return productResponse(ctx, request.params.id);
      },
    );
    r.delete(
      '/products/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete a product',
          params: ProductPathParams,
          querystring: DeleteByIdQuery,
        },
      },
      async (request) => {
        await deleteProduct(ctx, request.params.id);
        return {};
      },
    );
    r.patch(
      '/products/:id/variants',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update variants by ids or choices: price, cost, weight, SKU, visibility, dimensions',
          params: ProductPathParams,
          body: UpdateVariantsRequest,
          response: { 200: VariantsResponse },
        },
      },
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
      {
        config: admin,
        schema: {
          tags,
          summary: 'Reset every variant to the product price, cost and weight',
          params: ProductPathParams,
          body: IdBody,
        },
      },
      async (request) => {
        await resetVariants(ctx, request.params.id);
        return {};
      },
    );
    r.delete(
      '/products/:id/options',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete all options (back to the default variant)',
          params: ProductPathParams,
          querystring: DeleteByIdQuery,
        },
      },
      async (request) => {
        await deleteProductOptions(ctx, request.params.id);
        return {};
      },
    );
    for (const kind of ['brand', 'ribbon'] as const)
      r.post(
        `/products/:id/remove-${kind}`,
        {
          config: admin,
          schema: { tags, summary: `Remove the product's ${kind}`, params: ProductPathParams, body: IdBody },
        },
        async (request) => {
          samePath(request.params.id, request.body.id, 'id');
          await removeProductBrandOrRibbon(ctx, request.params.id, kind);
          return {};
        },
      );
    r.post(
      '/products/:id/media',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Add media by media id or URL, optionally to a choice',
          params: ProductPathParams,
          body: AddMediaRequest,
          response: { 200: Empty },
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        const missing = request.body.media.findIndex((m) => !m.mediaId && !m.url);
        if (missing >= 0)
          throw invalid(`media[${missing}].mediaId`, 'mediaId or url is required', 'REQUIRED_ONE_OF_FIELD');
        const items = [];
        for (const [i, m] of request.body.media.entries())
          items.push({ media: await resolveMedia(ctx, m, `media[${i}]`), choice: m.choice });
        await addProductMedia(ctx, request.params.id, items);
        return {};
      },
    );
    r.post(
      '/products/:id/media/delete',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Remove media (also from choices)',
          params: ProductPathParams,
          body: RemoveMediaRequest,
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await removeProductMedia(ctx, request.params.id, request.body.mediaIds);
        return {};
      },
    );
    r.patch(
      '/products/:id/choices/media',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Add product media to choices',
          params: ProductPathParams,
          body: ChoiceMediaRequest,
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await editChoiceMedia(ctx, request.params.id, request.body.media, false);
        return {};
      },
    );
    r.post(
      '/products/:id/choices/media/delete',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Remove media from choices',
          params: ProductPathParams,
          body: ChoiceMediaRequest,
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await editChoiceMedia(ctx, request.params.id, request.body.media, true);
        return {};
      },
    );
    r.post(
      '/bulk/products/update',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Set price, cost, weight, ribbon or brand of many products',
          body: BulkUpdateRequest,
          response: { 200: BulkProductsResponse },
        },
      },
      async (request) => {
        const { price, cost, ...rest } = request.body.set;
        const set: BulkSet = {
          ...rest,
          ...(price !== undefined ? { price: moneyFromNumber(price) } : {}),
          ...(cost !== undefined ? { cost: moneyFromNumber(cost) } : {}),
        };
        return bulkUpdateProducts(ctx, request.body.ids, set);
      },
    );
    r.post(
      '/bulk/products/adjust-properties',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Adjust price, cost or weight of many products by an amount or a percentage',
          body: BulkAdjustRequest,
          response: { 200: BulkProductsResponse },
        },
      },
      async (request) => bulkAdjustProducts(ctx, request.body.ids, request.body.adjust as BulkAdjust),
    );

    r.post(
      '/collections',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Create a collection',
          body: CollectionWriteRequest,
          response: { 200: CollectionResponse },
        },
      },
      async (request) => {
        const c = request.body.collection;
        if (!c.name) throw invalid('collection.name', 'is required', 'REQUIRED_FIELD');
        const { id } = await createCollection(ctx, { ...c, name: c.name });
        return { collection: await getCollection(ctx, id, merchant) };
      },
    );
    r.patch(
      '/collections/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Update a collection (only the fields sent)',
          params: CollectionIdParams,
          body: CollectionWriteRequest,
          response: { 200: CollectionResponse },
        },
      },
      async (request) => {
        const { id: bodyId, ...patch } = request.body.collection;
        samePath(request.params.id, bodyId, 'collection.id');
        await updateCollection(ctx, request.params.id, patch);
        return { collection: await getCollection(ctx, request.params.id, merchant) };
      },
    );
    r.delete(
      '/collections/:id',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Delete a collection (its products stay)',
          params: CollectionIdParams,
          querystring: DeleteByIdQuery,
        },
      },
      async (request) => {
        await deleteCollection(ctx, request.params.id);
        return {};
      },
    );
    r.post(
      '/collections/:id/productIds',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Add products to a collection',
          params: CollectionIdParams,
          body: CollectionProductIdsRequest,
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await addProductsToCollection(ctx, request.params.id, request.body.productIds);
        return {};
      },
    );
    r.post(
      '/collections/:id/productIds/delete',
      {
        config: admin,
        schema: {
          tags,
          summary: 'Remove products from a collection',
          params: CollectionIdParams,
          body: CollectionProductIdsRequest,
        },
      },
      async (request) => {
        samePath(request.params.id, request.body.id, 'id');
        await removeProductsFromCollection(ctx, request.params.id, request.body.productIds);
        return {};
      },
    );
  });
}
