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

/** Inventory v1: one item per product with its variants' stock; writes for admin clients. */
export const inventory = (http: Http) => ({
  /** Tracking, per-variant stock (`quantity` tracked, `inStock` untracked) and pre-order settings of a product. */
  updateInventoryVariants: async (
    productId: string,
    inventoryItem: InventoryItemUpdate,
    options: InventoryChangeOptions = {},
  ): Promise<void> => {
    await http.request<unknown>({
      method: 'PATCH',
      path: `${INVENTORY_WRITER_PATH}/product/{inventoryItem.productId}`,
      data: defined({ inventoryItem: { ...inventoryItem, productId }, reason: options.reason }),
    });
  },

  /** All or nothing; never below zero (or past the pre-order limit with `preorderRequest`). */
  decrementInventory: async (
    decrementData: readonly DecrementData[],
    options: InventoryChangeOptions = {},
  ): Promise<void> => {
    await http.request<unknown>({
      method: 'POST',
      path: `${INVENTORY_WRITER_PATH}/decrement`,
      data: defined({ decrementData: [...decrementData], reason: options.reason }),
    });
  },

  /** All or nothing. */
  incrementInventory: async (
    incrementData: readonly IncrementData[],
    options: InventoryChangeOptions = {},
  ): Promise<void> => {
    await http.request<unknown>({
      method: 'POST',
      path: `${INVENTORY_WRITER_PATH}/increment`,
      data: defined({ incrementData: [...incrementData], reason: options.reason }),
    });
  },

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
