import type { FastifyRequest } from 'fastify';
import type { App } from '../../../platform/app.ts';
import type { AppContext } from '../../../platform/context.ts';
import { invalid } from '../../../platform/errors.ts';
import { admin, open, routeOptions, underPrefixes } from '../../../platform/routing.ts';
import { changeStock, type StockChange } from './stock.ts';
import {
  getInventoryVariants,
  type InventoryReason,
  queryInventoryItems,
  updateInventoryItem,
} from './v1-items.ts';
import {
  DecrementRequest,
  GetVariantsRequest,
  IncrementRequest,
  InventoryIdParams,
  InventoryItemResponse,
  InventoryItemsResponse,
  InventoryProductParams,
  QueryInventoryRequest,
  UpdateInventoryRequest,
} from './v1-schemas.ts';
import type { Viewer } from '../shared/reads.ts';
import { Empty } from '../shared/schemas.ts';

const route = routeOptions(['inventory']);
const viewer = (request: FastifyRequest): Viewer => ({ merchant: request.caller.kind === 'admin' });

interface Target {
  inventoryId?: string | undefined;
  externalId?: string | undefined;
  productId?: string | undefined;
  variantId?: string | undefined;
}

/** A v1 inventory item is its product: any of the three ids names it. */
function toChange(entry: Target, by: number, field: string, preorderRequest?: boolean): StockChange {
  const productId = entry.inventoryId ?? entry.externalId ?? entry.productId;
  if (!productId)
    throw invalid(
      `${field}.inventoryId`,
      'inventoryId, externalId or productId is required',
      'REQUIRED_ONE_OF_FIELD',
    );
  return { productId, variantId: entry.variantId, by, preorderRequest, field };
}

/** A decrement's or an increment's body: the entries under `<direction>Data`, each moving `<direction>By`. */
type MoveEntry = Target & { decrementBy?: number; incrementBy?: number; preorderRequest?: boolean };
type MoveRequest = { decrementData?: MoveEntry[]; incrementData?: MoveEntry[]; reason?: InventoryReason };

/** The two stock moves differ in their wording and the reason they record by default. */
const moves = [
  ['decrement', 'Decrement stock (all or nothing; never below zero)', DecrementRequest, 'ORDER'],
  ['increment', 'Increment stock (all or nothing)', IncrementRequest, 'REVERT_INVENTORY_CHANGE'],
] as const;

/** Inventory v1 (wire/catalogue.md §5): writes for admins under both prefixes, reads for everyone. */
export async function inventoryRoutes(app: App, ctx: AppContext): Promise<void> {
  await underPrefixes(app, ['/stores/v2/inventoryItems', '/v2/inventoryItems'], (r) => {
    r.patch(
      '/product/:productId',
      route(admin, 'Update the inventory item of a product: tracking, variant stock, pre-order settings', {
        params: InventoryProductParams,
        body: UpdateInventoryRequest,
        response: { 200: Empty },
      }),
      async (request) => {
        const { productId: bodyId, ...patch } = request.body.inventoryItem;
        if (bodyId && bodyId.toLowerCase() !== request.params.productId.toLowerCase())
          throw invalid('inventoryItem.productId', 'must equal the id in the path');
        await updateInventoryItem(ctx, request.params.productId, patch, request.body.reason ?? 'MANUAL');
        return {};
      },
    );
    for (const [direction, summary, body, defaultReason] of moves)
      r.post(`/${direction}`, route(admin, summary, { body, response: { 200: Empty } }), async (request) => {
        const { reason, ...data } = request.body as MoveRequest;
        const changes = (data[`${direction}Data`] ?? []).map((d, i) =>
          toChange(d, d[`${direction}By`] ?? 0, `${direction}Data[${i}]`, d.preorderRequest),
        );
        await changeStock(ctx, direction, changes, reason ?? defaultReason);
        return {};
      });
  });

  await underPrefixes(app, ['/stores-reader/v2/inventoryItems'], (r) => {
    r.post(
      '/:inventoryId/getVariants',
      route(open, 'An inventory item with all or some of its variants', {
        params: InventoryIdParams,
        body: GetVariantsRequest,
        response: { 200: InventoryItemResponse },
      }),
      async (request) => ({
        inventoryItem: await getInventoryVariants(
          ctx,
          request.params.inventoryId,
          request.body.variantIds,
          viewer(request),
        ),
      }),
    );
    r.post(
      '/query',
      route(open, 'Query inventory items (filter and sort may be JSON strings)', {
        body: QueryInventoryRequest,
        response: { 200: InventoryItemsResponse },
      }),
      async (request) => queryInventoryItems(ctx, request.body, viewer(request)),
    );
  });
}
