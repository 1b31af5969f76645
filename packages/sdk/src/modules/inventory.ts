import { defined } from '../core/entity.ts';
import { createPage, type Page } from '../core/paging.ts';
import { QueryBuilder } from '../core/query.ts';
import type { WireQuery } from '../core/wire-query.ts';
import { prefixTransform, type TransformSpec } from '../core/transform.ts';
import type { Http } from '../core/transport.ts';
import { isRecord } from '../core/values.ts';
import type {
  DecrementData,
  GetInventoryVariantsOptions,
  IncrementData,
  InventoryChangeReason,
  InventoryItemUpdate,
  ProductInventoryItem,
} from './catalogue-types.ts';

/** Inventory v1 writes (custom-host alias: `/v2/inventoryItems`). */
export const INVENTORY_WRITER_PATH = '/stores/v2/inventoryItems';
/** Inventory v1 reads. */
export const INVENTORY_READER_PATH = '/stores-reader/v2/inventoryItems';

/** Date paths of an inventory item v1, relative to it. */
export const INVENTORY_ITEM_TRANSFORM: TransformSpec = { dates: ['lastUpdated'] };

export interface InventoryChangeOptions {
  /** Recorded with the change; defaults: update MANUAL, decrement ORDER, increment REVERT_INVENTORY_CHANGE. */
  reason?: InventoryChangeReason;
}

/**
 * The v1 query: `filter` and `sort` travel as JSON strings, the answer pages by `metadata {items, offset}` and
 * `totalResults`. Offset paging only.
 */
function inventoryFinder(http: Http) {
  const run = async (query: WireQuery): Promise<Page<ProductInventoryItem>> => {
    const wire: Record<string, unknown> = {};
    if (query.filter) wire.filter = JSON.stringify(query.filter);
    if (query.sort) wire.sort = JSON.stringify(query.sort);
    if (query.paging) wire.paging = query.paging;
    if (query.cursorPaging) wire.cursorPaging = query.cursorPaging;
    const response = await http.request<unknown>({
      method: 'POST',
      path: `${INVENTORY_READER_PATH}/query`,
      data: { query: wire },
      transform: prefixTransform('inventoryItems', INVENTORY_ITEM_TRANSFORM),
    });
    const body = isRecord(response) ? response : {};
    const metadata = isRecord(body.metadata) ? body.metadata : {};
    const items = Array.isArray(body.inventoryItems) ? (body.inventoryItems as ProductInventoryItem[]) : [];
    return createPage<ProductInventoryItem>({
      items,
      metadata: { count: metadata.items, offset: metadata.offset, total: body.totalResults },
      query,
      fetch: run,
    });
  };
  return run;
}

/** A stock write of the v1 writer at `path` under it, with the reason the stock history shows; answered `{}`. */
async function stockChange(
  http: Http,
  method: 'POST' | 'PATCH',
  path: string,
  options: InventoryChangeOptions,
  data: Record<string, unknown>,
): Promise<void> {
  await http.request<unknown>({
    method,
    path: `${INVENTORY_WRITER_PATH}${path}`,
    data: defined({ ...data, reason: options.reason }),
  });
}

/** Inventory v1: one item per product with its variants' stock; writes for admin clients. */
export const inventory = (http: Http) => ({
  /** Tracking, per-variant stock (`quantity` tracked, `inStock` untracked) and pre-order settings of a product. */
  updateInventoryVariants: (
    productId: string,
    inventoryItem: InventoryItemUpdate,
    options: InventoryChangeOptions = {},
  ): Promise<void> =>
    stockChange(http, 'PATCH', '/product/{inventoryItem.productId}', options, {
      inventoryItem: { ...inventoryItem, productId },
    }),

  /** All or nothing; never below zero (or past the pre-order limit with `preorderRequest`). */
  decrementInventory: (
    decrementData: readonly DecrementData[],
    options: InventoryChangeOptions = {},
  ): Promise<void> => stockChange(http, 'POST', '/decrement', options, { decrementData: [...decrementData] }),

  /** All or nothing. */
  incrementInventory: (
    incrementData: readonly IncrementData[],
    options: InventoryChangeOptions = {},
  ): Promise<void> => stockChange(http, 'POST', '/increment', options, { incrementData: [...incrementData] }),

  /** The inventory item (v1: its id is the product id) with all or some of its variants. */
  getInventoryVariants: (
    inventoryId: string,
    options: GetInventoryVariantsOptions = {},
  ): Promise<ProductInventoryItem> =>
    http
      .request<{ inventoryItem: ProductInventoryItem }>({
        method: 'POST',
        path: `${INVENTORY_READER_PATH}/{inventoryId}/getVariants`,
        data: { ...options, inventoryId },
        transform: prefixTransform('inventoryItem', INVENTORY_ITEM_TRANSFORM),
      })
      .then((response) => response.inventoryItem),

  /** Offset-paged; `.find()` sends `POST /query` with filter and sort as JSON strings. */
  queryInventory: (): QueryBuilder<ProductInventoryItem> =>
    new QueryBuilder<ProductInventoryItem>(inventoryFinder(http), 'offset'),
});

export type InventoryModule = ReturnType<typeof inventory>;
