import { type Static, Type } from '@sinclair/typebox';
import {
  backInStockRequest,
  backInStockService,
  CatalogReference,
  countByCatalogReference,
  ItemDetailsSchema,
  MarkSentRequest,
  markNotificationSent,
  PREFIXES,
  RELATIVE_PATH,
  RequestCreate,
  STATUSES,
  variantOf,
} from '../../modules/back-in-stock/entity.ts';
import type { Module } from '../../platform/app.ts';
import { entityRoutes, IdParam } from '../../platform/entity-kit/index.ts';
import { admin, complexGetHook, routeOptions, underPrefixes, visitor } from '../../platform/routing.ts';
import { isStoreItem, resolveRequest } from './item.ts';
import { notifyItem, subscribeBackInStock } from './notify.ts';

const route = routeOptions(['back in stock']);

const CreateRequest = Type.Object({
  request: RequestCreate,
  itemDetails: Type.Optional(ItemDetailsSchema),
});

const CountRequest = Type.Object({
  catalogReferences: Type.Array(CatalogReference, { minItems: 1, maxItems: 100 }),
  statuses: Type.Optional(Type.Array(Type.Union(STATUSES.map((s) => Type.Literal(s))), { maxItems: 4 })),
});

const ReportRequest = Type.Object({
  catalogReference: CatalogReference,
  requestIds: Type.Optional(Type.Array(Type.String({ format: 'uuid' }), { maxItems: 1000 })),
  itemDetails: Type.Optional(ItemDetailsSchema),
  extraAutomationTemplateParameters: Type.Optional(Type.Unknown()),
});

/**
 * Back-in-stock requests on `/back-in-stock-service/v1/back-in-stock-notification-requests` and the custom-host
 * alias `/v1/…`: shoppers create, admins read, delete, query, count, mark and report; restocks notify through
 * the outbox subscriber (notify.ts).
 */
export const backInStockRoutes: Module = async (app, ctx) => {
  subscribeBackInStock(ctx);
  await underPrefixes(app, PREFIXES, (scoped) => {
    const p = RELATIVE_PATH;
    entityRoutes(scoped, ctx, { ...backInStockRequest, path: p }, backInStockService, [
      'get',
      'delete',
      'query',
    ]);

    scoped.post(
      p,
      route(visitor, 'Ask to be told when an item is back in stock', { body: CreateRequest }),
      async (request) => ({
        request: await backInStockService.create(
          ctx,
          await resolveRequest(ctx, request.body.request, request.body.itemDetails),
          'request',
        ),
      }),
    );

    scoped.put(
      `${p}/:id/mark-as-notification-sent`,
      route(admin, 'Record that the shopper was told', { params: IdParam, body: MarkSentRequest }),
      async (request) => ({
        request: await markNotificationSent(ctx, request.params.id, request.body?.revision),
      }),
    );

    scoped.get(
      `${p}/count-by-catalog-reference`,
      {
        ...route(admin, 'Requests per catalogue item', { querystring: CountRequest }),
        preValidation: complexGetHook(),
      },
      async (request) =>
        countByCatalogReference(ctx.db, request.query.catalogReferences, request.query.statuses),
    );

    scoped.post(
      `${p}/report-items-back-in-stock`,
      route(admin, 'Notify the waiting requests of an item now', { body: ReportRequest }),
      async (request) => {
        await report(request.body);
        return {};
      },
    );
  });

  async function report(body: Static<typeof ReportRequest>) {
    const ref = body.catalogReference;
    const store = isStoreItem(ref);
    const variant = store ? variantOf(ref).toLowerCase() : variantOf(ref);
    await notifyItem(
      ctx,
      {
        appId: ref.appId,
        catalogItemId: store ? ref.catalogItemId.toLowerCase() : ref.catalogItemId,
        variantIds: variant ? [variant] : undefined,
      },
      { auto: false, requestIds: body.requestIds, itemDetails: body.itemDetails },
    );
  }
};
