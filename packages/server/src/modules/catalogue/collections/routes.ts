import type { FastifyReply, FastifyRequest } from 'fastify';
import { complexGetHook, underPrefixes } from '../../../platform/routing.ts';
import {
  CollectionIdParams,
  CollectionImageRequest,
  CollectionProductIdsRequest,
  CollectionReorderRequest,
  CollectionResponse,
  CollectionsResponse,
  CollectionWriteRequest,
  QueryCollectionsRequest,
  SlugParams,
} from './schemas.ts';
import { getCollection, getCollectionBySlug, queryCollections } from './reads.ts';
import { cacheable, sendCached } from '../shared/read-cache.ts';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { invalid } from '../../../platform/errors.ts';
import {
  addProductsToCollection,
  createCollection,
  deleteCollection,
  removeProductsFromCollection,
  reorderCollectionProducts,
  setCollectionImage,
  updateCollection,
} from './writes.ts';
import { resolveMedia } from '../media/resolve.ts';
import { IdBody } from '../products/write-schemas.ts';
import { catalogueRead, catalogueWrite, entityAction, samePath, viewerOf } from '../shared/route-support.ts';

const ok = { 200: CollectionResponse };
const merchant = { merchant: true };

/** Collection reads (v1 by slug, v2 without a service prefix) and writes. */
export async function collectionRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores-reader/v1', '/_api/catalog-reader-server/v1'], (r) => {
    r.get(
      '/collections/slug/:slug',
      catalogueRead('Get a collection by slug (v1)', { params: SlugParams, response: ok }),
      async (request) => ({
        collection: await getCollectionBySlug(ctx, request.params.slug, viewerOf(request)),
      }),
    );
  });
  // Collections v2 have no service prefix on any host (wire/README §1).
  app.get(
    '/v2/collections/:id',
    catalogueRead('Get a collection', { params: CollectionIdParams, response: ok }),
    async (request) => ({ collection: await getCollection(ctx, request.params.id, viewerOf(request)) }),
  );
  app.get(
    '/v2/collections/slug/:slug',
    catalogueRead('Get a collection by slug', { params: SlugParams, response: ok }),
    async (request) => ({
      collection: await getCollectionBySlug(ctx, request.params.slug, viewerOf(request)),
    }),
  );
  const query = { response: { 200: CollectionsResponse } };
  // Shoppers' pages of collections (every storefront page's header lists them) come from the read cache.
  const collectionPage = async (request: FastifyRequest, reply: FastifyReply, body: { query?: unknown }) => {
    const read = () => queryCollections(ctx, body, viewerOf(request));
    if (!cacheable(request)) return read();
    return sendCached(ctx, reply, `collections:${JSON.stringify(body)}`, read);
  };
  app.get(
    '/v2/collections/query',
    {
      ...catalogueRead('Query collections', { ...query, querystring: QueryCollectionsRequest }),
      preValidation: complexGetHook(),
    },
    async (request, reply) => collectionPage(request, reply, request.query),
  );
  app.post(
    '/v2/collections/query',
    catalogueRead('Query collections', { ...query, body: QueryCollectionsRequest }),
    async (request, reply) => collectionPage(request, reply, request.body),
  );

  await underPrefixes(app, ['/stores/v1', '/_api/catalog-server/v1'], (r) => {
    r.post(
      '/collections',
      catalogueWrite('Create a collection', { body: CollectionWriteRequest, response: ok }),
      async (request) => {
        const c = request.body.collection;
        if (!c.name) throw invalid('collection.name', 'is required', 'REQUIRED_FIELD');
        const { id } = await createCollection(ctx, { ...c, name: c.name });
        return { collection: await getCollection(ctx, id, merchant) };
      },
    );
    r.patch(
      '/collections/:id',
      catalogueWrite('Update a collection (only the fields sent)', {
        params: CollectionIdParams,
        body: CollectionWriteRequest,
        response: ok,
      }),
      async (request) => {
        const { id: bodyId, ...patch } = request.body.collection;
        samePath(request.params.id, bodyId, 'collection.id');
        await updateCollection(ctx, request.params.id, patch);
        return { collection: await getCollection(ctx, request.params.id, merchant) };
      },
    );
    entityAction(
      r,
      'DELETE',
      '/collections/:id',
      { summary: 'Delete a collection (its products stay)', params: CollectionIdParams },
      (id) => deleteCollection(ctx, id),
    );
    const membership = { params: CollectionIdParams, body: CollectionProductIdsRequest };
    entityAction(
      r,
      'POST',
      '/collections/:id/productIds',
      { ...membership, summary: 'Add products to a collection' },
      (id, body) => addProductsToCollection(ctx, id, body.productIds),
    );
    entityAction(
      r,
      'POST',
      '/collections/:id/productIds/delete',
      { ...membership, summary: 'Remove products from a collection' },
      (id, body) => removeProductsFromCollection(ctx, id, body.productIds),
    );
    entityAction(
      r,
      'POST',
      '/collections/:id/productIds/reorder',
      {
        params: CollectionIdParams,
        body: CollectionReorderRequest,
        summary: "Put a collection's products in the merchant's order (Aisle)",
      },
      (id, body) => reorderCollectionProducts(ctx, id, body.productIds),
    );
    entityAction(
      r,
      'POST',
      '/collections/:id/image',
      {
        params: CollectionIdParams,
        body: CollectionImageRequest,
        summary: "Set a collection's image: an uploaded image or an image URL (Aisle)",
      },
      async (id, body) => {
        if (body.mediaId === undefined && body.url === undefined)
          throw invalid('mediaId', 'mediaId or url is required', 'REQUIRED_ONE_OF_FIELD');
        const field = body.mediaId !== undefined ? 'mediaId' : 'url';
        const image = await resolveMedia(ctx, body, '');
        const altText = body.altText?.trim();
        await setCollectionImage(ctx, id, altText ? { ...image, altText } : image, field);
      },
    );
    entityAction(
      r,
      'POST',
      '/collections/:id/image/delete',
      { params: CollectionIdParams, body: IdBody, summary: "Remove a collection's image (Aisle)" },
      (id) => setCollectionImage(ctx, id, null),
    );
  });
}
