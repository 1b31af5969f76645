import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Module } from '../../platform/app.ts';
import { complexGetHook, underPrefixes } from '../../platform/routing.ts';
import { mediaRoutes } from './media-routes.ts';
import { catalogueWriteRoutes } from './write-routes.ts';
import { inventoryRoutes } from './inventory-routes.ts';
import { inventoryV3Routes } from './inventory-v3-routes.ts';
import { catalogueCsvRoutes } from './catalogue-csv-routes.ts';
import { merchandisingRoutes } from './merchandising-routes.ts';
import {
  getStoreVariant,
  productOptionsAvailability,
  queryProductVariants,
  queryStoreVariants,
} from './variant-reads.ts';
import {
  CatalogVersionResponse,
  CollectionIdParams,
  CollectionResponse,
  CollectionsResponse,
  GetProductQuery,
  ProductIdParams,
  ProductOptionsAvailabilityRequest,
  ProductOptionsAvailabilityResponse,
  ProductResponse,
  ProductsResponse,
  ProductVariantsResponse,
  QueryCollectionsRequest,
  QueryProductsRequest,
  QueryProductVariantsRequest,
  QueryStoreVariantsRequest,
  SlugParams,
  StoreVariantParams,
  StoreVariantResponse,
  StoreVariantsResponse,
} from './schemas.ts';
import {
  getCollection,
  getCollectionBySlug,
  getProduct,
  queryCollections,
  type ProductQueryRequest,
  queryProducts,
  type Viewer,
} from './service.ts';
import { cacheable, sendCached } from './read-cache.ts';

const tags = ['catalogue'];
const open = { access: 'public' } as const;
const viewer = (request: FastifyRequest): Viewer => ({ merchant: request.caller.kind === 'admin' });

/**
 * Catalogue routes: v1 product, variant and collection reads (both prefixes), v2 collections, the catalogue
 * version, media files; and the write, inventory and merchandising routes registered from their files.
 */
export const catalogueRoutes: Module = async (app, ctx) => {
  /** A page of `query-platformized`; the GET and its POST fallback ask the same, so they share entries. */
  const productPage = async (request: FastifyRequest, reply: FastifyReply, body: ProductQueryRequest) => {
    const read = () => queryProducts(ctx, body, viewer(request));
    if (!cacheable(request)) return read();
    return sendCached(ctx, reply, `products:${JSON.stringify(body)}`, read);
  };
  await underPrefixes(app, ['/stores-reader/v1', '/_api/catalog-reader-server/v1'], (r) => {
    r.get(
      '/products/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'Get a product (v1)',
          params: ProductIdParams,
          querystring: GetProductQuery,
          response: { 200: ProductResponse },
        },
      },
      async (request, reply) => {
        const read = async () => ({
          product: await getProduct(ctx, request.params.id, viewer(request), request.query),
        });
        if (!cacheable(request)) return read();
        return sendCached(ctx, reply, `product:${request.params.id.toLowerCase()}`, read);
      },
    );
    const queryProductsSchema = {
      tags,
      summary: 'Query products (v1): filter, sort, offset or cursor paging',
      response: { 200: ProductsResponse },
    };
    r.get(
      '/products/query-platformized',
      {
        config: open,
        preValidation: complexGetHook(),
        schema: { ...queryProductsSchema, querystring: QueryProductsRequest },
      },
      async (request, reply) => productPage(request, reply, request.query),
    );
    r.post(
      '/products/query-platformized',
      { config: open, schema: { ...queryProductsSchema, body: QueryProductsRequest } },
      async (request, reply) => productPage(request, reply, request.body),
    );
    r.post(
      '/products/:id/productOptionsAvailability',
      {
        config: open,
        schema: {
          tags,
          summary: 'Availability of choices given the chosen options, and the selected variant',
          params: ProductIdParams,
          body: ProductOptionsAvailabilityRequest,
          response: { 200: ProductOptionsAvailabilityResponse },
        },
      },
      async (request) =>
        productOptionsAvailability(ctx, request.params.id, request.body.options ?? {}, viewer(request)),
    );
    r.post(
      '/products/:id/variants/query',
      {
        config: open,
        schema: {
          tags,
          summary: "A product's variants by choices or ids",
          params: ProductIdParams,
          body: QueryProductVariantsRequest,
          response: { 200: ProductVariantsResponse },
        },
      },
      async (request) => queryProductVariants(ctx, request.params.id, request.body, viewer(request)),
    );
    r.post(
      '/variants/query',
      {
        config: open,
        schema: {
          tags,
          summary: 'Query store variants: filter, sort, offset or cursor paging',
          body: QueryStoreVariantsRequest,
          response: { 200: StoreVariantsResponse },
        },
      },
      async (request) => queryStoreVariants(ctx, request.body, viewer(request)),
    );
    r.get(
      '/variants/:id',
      {
        config: open,
        schema: {
          tags,
          summary: 'Get a store variant (`<productId>-<variantId>`)',
          params: StoreVariantParams,
          response: { 200: StoreVariantResponse },
        },
      },
      async (request) => ({ variant: await getStoreVariant(ctx, request.params.id, viewer(request)) }),
    );
    r.get(
      '/collections/slug/:slug',
      {
        config: open,
        schema: {
          tags,
          summary: 'Get a collection by slug (v1)',
          params: SlugParams,
          response: { 200: CollectionResponse },
        },
      },
      async (request) => ({
        collection: await getCollectionBySlug(ctx, request.params.slug, viewer(request)),
      }),
    );
  });

  // Collections v2 have no service prefix on any host (wire/README §1).
  app.get(
    '/v2/collections/:id',
    {
      config: open,
      schema: {
        tags,
        summary: 'Get a collection',
        params: CollectionIdParams,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({ collection: await getCollection(ctx, request.params.id, viewer(request)) }),
  );
  app.get(
    '/v2/collections/slug/:slug',
    {
      config: open,
      schema: {
        tags,
        summary: 'Get a collection by slug',
        params: SlugParams,
        response: { 200: CollectionResponse },
      },
    },
    async (request) => ({ collection: await getCollectionBySlug(ctx, request.params.slug, viewer(request)) }),
  );
  const queryCollectionsSchema = {
    tags,
    summary: 'Query collections',
    response: { 200: CollectionsResponse },
  };
  app.get(
    '/v2/collections/query',
    {
      config: open,
      preValidation: complexGetHook(),
      schema: { ...queryCollectionsSchema, querystring: QueryCollectionsRequest },
    },
    async (request) => queryCollections(ctx, request.query, viewer(request)),
  );
  app.post(
    '/v2/collections/query',
    { config: open, schema: { ...queryCollectionsSchema, body: QueryCollectionsRequest } },
    async (request) => queryCollections(ctx, request.body, viewer(request)),
  );

  await underPrefixes(app, ['/stores/v3/provision', '/_api/stores/v3/provision'], (r) => {
    r.get(
      '/version',
      {
        config: open,
        schema: {
          tags,
          summary: 'Catalogue version of the store',
          response: { 200: CatalogVersionResponse },
        },
      },
      async () => ({ catalogVersion: 'V1_CATALOG' as const }),
    );
  });

  await catalogueWriteRoutes(app, ctx);
  await inventoryRoutes(app, ctx);
  await inventoryV3Routes(app, ctx);
  await catalogueCsvRoutes(app, ctx);
  await merchandisingRoutes(app, ctx);
  await mediaRoutes(app, ctx);
};
