import type { FastifyReply, FastifyRequest } from 'fastify';
import { complexGetHook, underPrefixes } from '../../../platform/routing.ts';
import {
  GetProductQuery,
  Product,
  ProductIdParams,
  ProductResponse,
  ProductsResponse,
  QueryProductsRequest,
} from './schemas.ts';
import {
  getProduct,
  type ProductPageSerializers,
  type ProductQueryRequest,
  queryProductsText,
} from './reads.ts';
import { cacheable, sendCached, sendCachedText, sendJsonText } from '../shared/read-cache.ts';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { invalid } from '../../../platform/errors.ts';
import { moneyFromNumber } from '../../../platform/money.ts';
import { resolveMedia } from '../media/resolve.ts';
import { type BulkAdjust, bulkAdjustProducts, type BulkSet, bulkUpdateProducts } from './bulk.ts';
import {
  addProductMedia,
  createProduct,
  deleteProduct,
  editChoiceMedia,
  removeProductBrandOrRibbon,
  removeProductMedia,
  reorderProductMedia,
  updateProduct,
  updateProductMedia,
} from './writes.ts';
import { productInputFromWire, productPatchFromWire } from './wire-input.ts';
import {
  AddMediaRequest,
  BulkAdjustRequest,
  BulkProductsResponse,
  BulkUpdateRequest,
  ChoiceMediaRequest,
  CreateProductRequest,
  IdBody,
  ProductPathParams,
  RemoveMediaRequest,
  ReorderMediaRequest,
  UpdateMediaRequest,
  UpdateProductRequest,
} from './write-schemas.ts';
import { Empty, PagingMetadata } from '../shared/schemas.ts';
import { catalogueRead, catalogueWrite, entityAction, samePath, viewerOf } from '../shared/route-support.ts';

const merchant = { merchant: true };

async function productResponse(ctx: AppContext, id: string) {
  return { product: await getProduct(ctx, id, merchant, { includeMerchantSpecificData: true }) };
}

/** The query route's serializers: its page's, and the same compiler's for one product and for the metadata. */
const pageSerializers = (reply: FastifyReply): ProductPageSerializers => ({
  page: (value) => reply.serialize(value) as string,
  // Compiled once per route and schema (Fastify keeps them); typed as the values they are given.
  product: reply.compileSerializationSchema(Product) as unknown as ProductPageSerializers['product'],
  metadata: reply.compileSerializationSchema(PagingMetadata) as unknown as ProductPageSerializers['metadata'],
});

/** Product reads (v1, both reader prefixes; shoppers may get cached bytes) and writes (admin only, wire/catalogue.md §3). */
export async function productRoutes(app: App, ctx: AppContext): Promise<void> {
  const productPage = async (request: FastifyRequest, reply: FastifyReply, body: ProductQueryRequest) => {
    const read = () => queryProductsText(ctx, body, viewerOf(request), pageSerializers(reply));
    if (!cacheable(request)) return sendJsonText(reply, await read());
    return sendCachedText(ctx, reply, `products:${JSON.stringify(body)}`, read);
  };
  await underPrefixes(app, ['/stores-reader/v1', '/_api/catalog-reader-server/v1'], (r) => {
    r.get(
      '/products/:id',
      catalogueRead('Get a product (v1)', {
        params: ProductIdParams,
        querystring: GetProductQuery,
        response: { 200: ProductResponse },
      }),
      async (request, reply) => {
        const read = async () => ({
          product: await getProduct(ctx, request.params.id, viewerOf(request), request.query),
        });
        if (!cacheable(request)) return read();
        return sendCached(ctx, reply, `product:${request.params.id.toLowerCase()}`, read);
      },
    );
    const query = { response: { 200: ProductsResponse } };
    const querySummary = 'Query products (v1): filter, sort, offset or cursor paging';
    r.get(
      '/products/query-platformized',
      {
        ...catalogueRead(querySummary, { ...query, querystring: QueryProductsRequest }),
        preValidation: complexGetHook(),
      },
      async (request, reply) => productPage(request, reply, request.query),
    );
    r.post(
      '/products/query-platformized',
      catalogueRead(querySummary, { ...query, body: QueryProductsRequest }),
      async (request, reply) => productPage(request, reply, request.body),
    );
  });

  await underPrefixes(app, ['/stores/v1', '/_api/catalog-server/v1'], (r) => {
    r.post(
      '/products',
      catalogueWrite('Create a product', { body: CreateProductRequest, response: { 200: ProductResponse } }),
      async (request) => {
        const { id } = await createProduct(ctx, productInputFromWire(request.body.product));
        return productResponse(ctx, id);
      },
    );
    r.patch(
      '/products/:id',
      catalogueWrite('Update a product (only the fields sent)', {
        params: ProductPathParams,
        body: UpdateProductRequest,
        response: { 200: ProductResponse },
      }),
      async (request) => {
        samePath(request.params.id, request.body.product.id, 'product.id');
        await updateProduct(ctx, request.params.id, productPatchFromWire(request.body.product));
        return productResponse(ctx, request.params.id);
      },
    );
    entityAction(
      r,
      'DELETE',
      '/products/:id',
      { summary: 'Delete a product', params: ProductPathParams },
      (id) => deleteProduct(ctx, id),
    );
    const params = ProductPathParams;
    for (const kind of ['brand', 'ribbon'] as const)
      entityAction(
        r,
        'POST',
        `/products/:id/remove-${kind}`,
        { summary: `Remove the product's ${kind}`, params, body: IdBody },
        (id) => removeProductBrandOrRibbon(ctx, id, kind),
      );
    entityAction(
      r,
      'POST',
      '/products/:id/media',
      {
        summary: 'Add media by media id or URL, optionally to a choice',
        params,
        body: AddMediaRequest,
        response: { 200: Empty },
      },
      async (id, body) => {
        const missing = body.media.findIndex((m) => !m.mediaId && !m.url);
        if (missing >= 0)
          throw invalid(`media[${missing}].mediaId`, 'mediaId or url is required', 'REQUIRED_ONE_OF_FIELD');
        const items = [];
        for (const [i, m] of body.media.entries())
          items.push({ media: await resolveMedia(ctx, m, `media[${i}]`), choice: m.choice });
        await addProductMedia(ctx, id, items);
      },
    );
    entityAction(
      r,
      'POST',
      '/products/:id/media/delete',
      { summary: 'Remove media (also from choices)', params, body: RemoveMediaRequest },
      (id, body) => removeProductMedia(ctx, id, body.mediaIds),
    );
    entityAction(
      r,
      'POST',
      '/products/:id/media/reorder',
      {
        summary: "Put the product's media in a new order (ids and choices kept)",
        params,
        body: ReorderMediaRequest,
      },
      (id, body) => reorderProductMedia(ctx, id, body.mediaIds),
    );
    entityAction(
      r,
      'POST',
      '/products/:id/media/update',
      { summary: "Set the alt text of the product's media", params, body: UpdateMediaRequest },
      (id, body) => updateProductMedia(ctx, id, body.media),
    );
    const choiceMedia = [
      ['PATCH', '/products/:id/choices/media', 'Add product media to choices', false],
      ['POST', '/products/:id/choices/media/delete', 'Remove media from choices', true],
    ] as const;
    for (const [method, path, summary, remove] of choiceMedia)
      entityAction(r, method, path, { summary, params, body: ChoiceMediaRequest }, (id, body) =>
        editChoiceMedia(ctx, id, body.media, remove),
      );
    r.post(
      '/bulk/products/update',
      catalogueWrite('Set price, cost, weight, ribbon or brand of many products', {
        body: BulkUpdateRequest,
        response: { 200: BulkProductsResponse },
      }),
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
      catalogueWrite('Adjust price, cost or weight of many products by an amount or a percentage', {
        body: BulkAdjustRequest,
        response: { 200: BulkProductsResponse },
      }),
      async (request) => bulkAdjustProducts(ctx, request.body.ids, request.body.adjust as BulkAdjust),
    );
  });
}
