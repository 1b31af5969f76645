import { convertFromWire, prefixConversion } from '../core/convert.ts';
import { defined, entityCalls, joinFieldMask } from '../core/entity.ts';
import { createFinder } from '../core/find.ts';
import type { Filter } from '../core/wire-query.ts';
import { QueryBuilder } from '../core/query.ts';
import type { Http } from '../core/transport.ts';
import type {
  InventoryChangeReason,
  InventoryChangesPage,
  InventoryItem,
  InventoryItemInput,
  InventorySearch,
  InventorySearchDetails,
  InventorySearchResult,
  InventorySetOrAdjust,
  InventoryStockOptions,
} from './catalogue-types.ts';
import type { BulkResult, FieldMask } from './common-types.ts';
import { CATALOGUE_V3_PATH } from './v3-entities.ts';

/** Inventory items v3 (custom-host alias: `/_api/inventory/v3/inventory-items`). */
export const INVENTORY_ITEMS_PATH = `${CATALOGUE_V3_PATH}/inventory-items`;
const BULK = `${CATALOGUE_V3_PATH}/bulk/inventory-items`;

const CONVERSION = { dates: ['createdDate', 'updatedDate'] };
const CHANGES_CONVERSION = { dates: ['changes.createdDate'] };
const BULK_CONVERSION = prefixConversion('results.item', CONVERSION);
const SEARCH_CONVERSION = {
  ...prefixConversion('inventoryItems', CONVERSION),
  floats: [
    'aggregationData.results.ranges.results.from',
    'aggregationData.results.ranges.results.to',
    'aggregationData.results.scalar.value',
  ],
};

export interface InventoryItemUpdateOptions {
  fieldMask?: FieldMask;
  reason?: InventoryChangeReason;
}

export interface ByFilterOptions {
  search?: InventorySearchDetails;
  reason?: InventoryChangeReason;
}

export interface VariantAndLocation {
  variantId: string;
  locationId?: string;
  productId?: string;
}

/** The by-filter calls finish their work before answering; the id names it in the server logs. */
export interface InventoryJob {
  jobId: string;
}

/** Inventory items v3: one per variant and location; reads for everyone, writes for admin clients. */
export const inventoryItems = (http: Http) => {
  const calls = entityCalls<InventoryItem, InventoryItemInput, InventoryItemInput>(http, {
    path: INVENTORY_ITEMS_PATH,
    key: 'inventoryItem',
    idParam: 'inventoryItemId',
    conversion: CONVERSION,
  });
  const bulk = <T = InventoryItem>(action: string, data: object): Promise<BulkResult<T>> =>
    http
      .request<unknown>({ method: 'POST', path: `${BULK}/${action}`, data })
      .then((response) => convertFromWire(response, BULK_CONVERSION) as BulkResult<T>);
  const job = (action: string, data: object): Promise<InventoryJob> =>
    http.request<InventoryJob>({ method: 'POST', path: `${BULK}/${action}`, data });
  /** A by-filter job: the filter, the job's own `fields`, and the options' search and reason. */
  const filterJob = (action: string, filter: Filter, fields: object, options: ByFilterOptions) =>
    job(action, defined({ filter, ...fields, search: options.search, reason: options.reason }));
  const masked = (
    list: readonly { inventoryItem: InventoryItemInput & { id?: string }; fieldMask?: FieldMask }[],
  ) =>
    list.map((item) =>
      defined({ inventoryItem: item.inventoryItem, fieldMask: joinFieldMask(item.fieldMask) }),
    );
  return {
    createInventoryItem: (inventoryItem: InventoryItemInput): Promise<InventoryItem> =>
      calls.create(inventoryItem),
    getInventoryItem: (inventoryItemId: string): Promise<InventoryItem> => calls.get(inventoryItemId),
    /** Send the `revision` you read (409 when stale). */
    updateInventoryItem: (
      inventoryItemId: string,
      inventoryItem: InventoryItemInput,
      options: InventoryItemUpdateOptions = {},
    ): Promise<InventoryItem> =>
      calls.update(
        inventoryItemId,
        inventoryItem,
        defined({ fieldMask: joinFieldMask(options.fieldMask), reason: options.reason }),
      ),
    /** The item's stock changes with their reasons (orders, refunds, edits, imports), newest first. */
    listInventoryItemChanges: (
      inventoryItemId: string,
      options: { limit?: number; cursor?: string } = {},
    ): Promise<InventoryChangesPage> =>
      http
        .request<unknown>({
          method: 'GET',
          path: `${INVENTORY_ITEMS_PATH}/${encodeURIComponent(inventoryItemId)}/changes`,
          data: defined({ limit: options.limit, cursor: options.cursor }),
        })
        .then((response) => convertFromWire(response, CHANGES_CONVERSION) as InventoryChangesPage),
    /** The variant then counts as untracked and in stock. */
    deleteInventoryItem: (inventoryItemId: string): Promise<void> => calls.remove(inventoryItemId),

    /** Cursor-paged; `.find()` sends GET* `/query` (POST fallback, same path). */
    queryInventoryItems: (): QueryBuilder<InventoryItem> =>
      new QueryBuilder<InventoryItem>(
        createFinder<InventoryItem>(http, {
          path: `${INVENTORY_ITEMS_PATH}/query`,
          itemsKey: 'inventoryItems',
          metadataKey: 'pagingMetadata',
          item: calls.fromWire,
        }),
        'cursor',
      ),
    /** A query plus a text search and aggregations; GET* `/search`. */
    searchInventoryItems: (search: InventorySearch = {}): Promise<InventorySearchResult> =>
      http
        .request<unknown>({
          method: 'GET',
          path: `${INVENTORY_ITEMS_PATH}/search`,
          data: { search },
          complex: true,
        })
        .then((response) => convertFromWire(response, SEARCH_CONVERSION) as InventorySearchResult),
    countInventoryItems: (
      options: { filter?: Filter; search?: InventorySearchDetails } = {},
    ): Promise<number> =>
      http
        .request<{ count?: number }>({
          method: 'GET',
          path: `${INVENTORY_ITEMS_PATH}/count`,
          data: defined({ filter: options.filter, search: options.search }),
          complex: true,
        })
        .then((response) => response.count ?? 0),

    bulkCreateInventoryItems: (
      list: readonly InventoryItemInput[],
      options: { returnEntity?: boolean } = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('create', defined({ inventoryItems: [...list], returnEntity: options.returnEntity })),
    bulkUpdateInventoryItems: (
      list: readonly { inventoryItem: InventoryItemInput & { id: string }; fieldMask?: FieldMask }[],
      options: { returnEntity?: boolean; reason?: InventoryChangeReason } = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('update', defined({ inventoryItems: masked(list), ...options })),
    /** Updates items found by id, or by variant and location, and creates the others. */
    bulkUpsertInventoryItems: (
      list: readonly { inventoryItem: InventoryItemInput & { id?: string }; fieldMask?: FieldMask }[],
      options: { returnEntity?: boolean; reason?: InventoryChangeReason } = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('upsert', defined({ inventoryItems: masked(list), ...options })),
    bulkDeleteInventoryItems: (inventoryItemIds: readonly string[]): Promise<BulkResult<never>> =>
      bulk<never>('delete', { inventoryItemIds: [...inventoryItemIds] }),

    /** Each entry atomically; with `restrictInventory` (default) never past the stock. */
    bulkDecrementInventoryItems: (
      decrementData: readonly { inventoryItemId: string; decrementBy: number; preorderRequest?: boolean }[],
      options: InventoryStockOptions = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('decrement', defined({ decrementData: [...decrementData], ...options })),
    bulkIncrementInventoryItems: (
      incrementData: readonly { inventoryItemId: string; incrementBy: number }[],
      options: InventoryStockOptions = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('increment', defined({ incrementData: [...incrementData], ...options })),
    /** Items named by variant (and location; `productId` with the default variant id). */
    bulkDecrementInventoryItemsByVariantAndLocation: (
      decrementData: readonly (VariantAndLocation & { decrementBy: number; preorderRequest?: boolean })[],
      options: InventoryStockOptions = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('decrement-by-variant-and-location', defined({ decrementData: [...decrementData], ...options })),
    bulkIncrementInventoryItemsByVariantAndLocation: (
      incrementData: readonly (VariantAndLocation & { incrementBy: number })[],
      options: InventoryStockOptions = {},
    ): Promise<BulkResult<InventoryItem>> =>
      bulk('increment-by-variant-and-location', defined({ incrementData: [...incrementData], ...options })),

    bulkUpdateInventoryItemsByFilter: (
      filter: Filter,
      inventoryItem: InventoryItemInput,
      options: ByFilterOptions & { fieldMask?: FieldMask } = {},
    ): Promise<InventoryJob> =>
      job(
        'update-by-filter',
        defined({
          filter,
          inventoryItem,
          search: options.search,
          fieldMask: joinFieldMask(options.fieldMask),
          reason: options.reason,
        }),
      ),
    bulkDeleteInventoryItemsByFilter: (
      filter: Filter,
      options: { search?: InventorySearchDetails } = {},
    ): Promise<InventoryJob> => job('delete-by-filter', defined({ filter, search: options.search })),
    bulkSetOrAdjustInventoryItemsByFilter: (
      filter: Filter,
      setOrAdjust: InventorySetOrAdjust,
      options: ByFilterOptions = {},
    ): Promise<InventoryJob> => filterJob('set-or-adjust-by-filter', filter, { setOrAdjust }, options),
    /** Adds to tracked quantities (never below zero); untracked items are left alone. */
    bulkAdjustInventoryItemsByFilter: (
      filter: Filter,
      adjustQuantityBy: number,
      options: ByFilterOptions = {},
    ): Promise<InventoryJob> => filterJob('adjust-by-filter', filter, { adjustQuantityBy }, options),
    /** Items for the matching variants that have none. */
    bulkCreateInventoryItemsByVariantFilter: (
      filter: Filter,
      options: { inventoryItem?: InventoryItemInput } = {},
    ): Promise<InventoryJob> =>
      job('create-by-variant-filter', defined({ filter, inventoryItem: options.inventoryItem })),
  };
};

export type InventoryItemsModule = ReturnType<typeof inventoryItems>;
