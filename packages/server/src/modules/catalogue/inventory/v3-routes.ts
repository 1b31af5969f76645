import type { Static, TSchema } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { admin, complexGetHook, open, routeOptions, underPrefixes } from '../../../platform/routing.ts';
import {
  adjustByFilterV3,
  createByVariantFilterV3,
  deleteByFilterV3,
  setOrAdjustByFilterV3,
  updateItemsByFilterV3,
} from './v3-by-filter.ts';
import { bulkCreateItemsV3, bulkDeleteItemsV3, bulkUpdateItemsV3, bulkUpsertItemsV3 } from './v3-bulk.ts';
import { listStockChanges } from './history.ts';
import { changeStockV3, createItemV3, deleteItemV3, updateItemV3 } from './v3-writes.ts';
import { countItemsV3, getItemV3, queryItemsV3, searchItemsV3 } from './v3-reads.ts';
import {
  AdjustByFilterRequest,
  BulkCreateRequest,
  BulkDeleteRequest,
  BulkItemsResponse,
  BulkUpdateRequest,
  BulkUpsertRequest,
  ChangesPage,
  ChangesQuery,
  CountItemsRequest,
  CountResponse,
  CreateByVariantFilterRequest,
  CreateItemRequest,
  DecrementByVariantRequest,
  DecrementRequest,
  DeleteByFilterRequest,
  IncrementByVariantRequest,
  IncrementRequest,
  ItemParams,
  ItemResponse,
  ItemsPage,
  JobResponse,
  QueryItemsRequest,
  SearchItemsRequest,
  SearchPage,
  SetOrAdjustByFilterRequest,
  type StockRequest,
  UpdateByFilterRequest,
  UpdateItemRequest,
} from './v3-schemas.ts';
import type { Viewer } from '../shared/reads.ts';
import { BulkDeleteResponse } from '../../../platform/wire-schemas.ts';
import { samePath } from '../shared/route-support.ts';
import { Empty } from '../shared/schemas.ts';

const route = routeOptions(['inventory items (v3)']);
const viewer = (request: FastifyRequest): Viewer => ({ merchant: request.caller.kind === 'admin' });

/**
 * Inventory items v3 (wire/catalogue.md §6) under `/stores/v3` and `/_api/inventory/v3`: admin writes,
 * reads for everyone (visitors see items of visible products). The by-filter calls do their work before
 * answering and return a `jobId` that names it in the logs.
 */
export async function inventoryV3Routes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v3', '/_api/inventory/v3'], (r) => {
    r.post(
      '/inventory-items',
      route(admin, 'Create the inventory item of a variant', {
        body: CreateItemRequest,
        response: { 200: ItemResponse },
      }),
      async (request) => ({ inventoryItem: await createItemV3(ctx, request.body.inventoryItem) }),
    );
    r.get(
      '/inventory-items/:inventoryItemId',
      route(open, 'Get an inventory item', { params: ItemParams, response: { 200: ItemResponse } }),
      async (request) => ({
        inventoryItem: await getItemV3(ctx, request.params.inventoryItemId, viewer(request)),
      }),
    );
    r.get(
      '/inventory-items/:inventoryItemId/changes',
      route(admin, "An inventory item's stock changes with their reasons, newest first (cursor paging)", {
        params: ItemParams,
        querystring: ChangesQuery,
        response: { 200: ChangesPage },
      }),
      async (request) => listStockChanges(ctx, request.params.inventoryItemId, request.query),
    );
    r.patch(
      '/inventory-items/:inventoryItemId',
      route(admin, 'Update an inventory item (send its revision; a stale one is a 409)', {
        params: ItemParams,
        body: UpdateItemRequest,
        response: { 200: ItemResponse },
      }),
      async (request) => {
        const { inventoryItem, fieldMask, reason } = request.body;
        const pathId = request.params.inventoryItemId;
        samePath(pathId, inventoryItem.id, 'inventoryItem.id');
        return { inventoryItem: await updateItemV3(ctx, pathId, inventoryItem, { fieldMask, reason }) };
      },
    );
    r.delete(
      '/inventory-items/:inventoryItemId',
      route(admin, 'Delete an inventory item (its variant then counts as untracked, in stock)', {
        params: ItemParams,
        response: { 200: Empty },
      }),
      async (request) => {
        await deleteItemV3(ctx, request.params.inventoryItemId);
        return {};
      },
    );

    // Complex GETs with their POST fallbacks (wire/README §2).
    const reads = [
      {
        path: '/inventory-items/query',
        summary: 'Query inventory items: filter, sort, offset or cursor paging',
        schema: QueryItemsRequest,
        response: ItemsPage,
        run: (body: unknown, request: FastifyRequest) =>
          queryItemsV3(ctx, (body as { query?: unknown }).query, viewer(request)),
      },
      {
        path: '/inventory-items/search',
        summary: 'Search inventory items: a query plus a search expression and aggregations',
        schema: SearchItemsRequest,
        response: SearchPage,
        run: (body: unknown, request: FastifyRequest) =>
          searchItemsV3(
            ctx,
            (body as { search?: Parameters<typeof searchItemsV3>[1] }).search,
            viewer(request),
          ),
      },
      {
        path: '/inventory-items/count',
        summary: 'Count inventory items matching a filter and search',
        schema: CountItemsRequest,
        response: CountResponse,
        run: async (body: unknown, request: FastifyRequest) => ({
          count: await countItemsV3(ctx, body as Parameters<typeof countItemsV3>[1], viewer(request)),
        }),
      },
    ];
    for (const read of reads) {
      r.get(
        read.path,
        {
          ...route(open, read.summary, { querystring: read.schema, response: { 200: read.response } }),
          preValidation: complexGetHook(),
        },
        async (request) => read.run(request.query, request),
      );
      r.post(
        read.path,
        route(open, read.summary, { body: read.schema, response: { 200: read.response } }),
        async (request) => read.run(request.body, request),
      );
    }

    r.post(
      '/bulk/inventory-items/create',
      route(admin, 'Create inventory items', {
        body: BulkCreateRequest,
        response: { 200: BulkItemsResponse },
      }),
      async (request) => bulkCreateItemsV3(ctx, request.body.inventoryItems, request.body.returnEntity),
    );
    r.post(
      '/bulk/inventory-items/update',
      route(admin, 'Update inventory items (each with its revision)', {
        body: BulkUpdateRequest,
        response: { 200: BulkItemsResponse },
      }),
      async (request) => bulkUpdateItemsV3(ctx, request.body.inventoryItems, request.body),
    );
    r.post(
      '/bulk/inventory-items/upsert',
      route(admin, 'Update (by id, or by variant) or create inventory items', {
        body: BulkUpsertRequest,
        response: { 200: BulkItemsResponse },
      }),
      async (request) => bulkUpsertItemsV3(ctx, request.body.inventoryItems, request.body),
    );
    r.post(
      '/bulk/inventory-items/delete',
      route(admin, 'Delete inventory items', {
        body: BulkDeleteRequest,
        response: { 200: BulkDeleteResponse },
      }),
      async (request) => bulkDeleteItemsV3(ctx, request.body.inventoryItemIds),
    );

    const stock = [
      ['decrement', 'decrement', false, DecrementRequest],
      ['increment', 'increment', false, IncrementRequest],
      ['decrement-by-variant-and-location', 'decrement', true, DecrementByVariantRequest],
      ['increment-by-variant-and-location', 'increment', true, IncrementByVariantRequest],
    ] as const;
    for (const [path, direction, byVariant, body] of stock)
      r.post(
        `/bulk/inventory-items/${path}`,
        route(
          admin,
          `${direction === 'decrement' ? 'Decrement' : 'Increment'} stock${byVariant ? ' by variant and location' : ''}, each entry atomically${direction === 'decrement' ? ' (restrictInventory: never past the stock)' : ''}`,
          { body, response: { 200: BulkItemsResponse } },
        ),
        async (request) => changeStockV3(ctx, direction, request.body as StockRequest, byVariant),
      );

    /** A by-filter job, `POST /bulk/inventory-items/<action>`: `run` does the work, the answer is its `{jobId}`. */
    const job = <B extends TSchema>(
      action: string,
      summary: string,
      body: B,
      run: (ctx: AppContext, request: Static<B>) => Promise<{ jobId: string }>,
    ) =>
      r.post(
        `/bulk/inventory-items/${action}`,
        route(admin, summary, { response: { 200: JobResponse }, body }),
        async (request) => ({ jobId: (await run(ctx, request.body as Static<B>)).jobId }),
      );
    job('update-by-filter', 'Update every matching item', UpdateByFilterRequest, updateItemsByFilterV3);
    job('delete-by-filter', 'Delete every matching item', DeleteByFilterRequest, deleteByFilterV3);
    job(
      'set-or-adjust-by-filter',
      'Set or adjust the stock (and pre-order settings) of every matching item',
      SetOrAdjustByFilterRequest,
      setOrAdjustByFilterV3,
    );
    job(
      'adjust-by-filter',
      'Adjust the tracked quantity of every matching item',
      AdjustByFilterRequest,
      adjustByFilterV3,
    );
    job(
      'create-by-variant-filter',
      'Create items for the matching variants that have none',
      CreateByVariantFilterRequest,
      createByVariantFilterV3,
    );
  });
}
