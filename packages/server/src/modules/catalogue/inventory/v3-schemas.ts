import { type Static, Type } from '@sinclair/typebox';
import { PathMask as FieldMask } from '../../../platform/entity-kit/index.ts';
import { Revision } from '../shared/v3.ts';
import {
  Bool,
  BulkActionMetadata,
  BulkItemMetadata,
  Id,
  Opt,
  PagingMetadata,
  Str,
  WireQuery,
} from '../shared/schemas.ts';

/** Inventory items v3 (wire/catalogue.md §6). Read-only fields sent back by a client are ignored. */

const Int = Type.Integer;
const orNull = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);

export const Reason = Type.Union(
  [Type.Literal('ORDER'), Type.Literal('MANUAL'), Type.Literal('REVERT_INVENTORY_CHANGE')],
  { description: 'Recorded with the change in the inventory events' },
);
const ReturnEntity = Opt(Bool({ description: 'Default true' }));
const MAX_BULK = 300;

export const PreorderInput = Type.Object({
  enabled: Opt(Bool()),
  message: Opt(orNull(Str({ maxLength: 250 }))),
  limit: Opt(orNull(Int({ minimum: 0, maximum: 100_000, description: 'null = no limit' }))),
});

export const InventoryItemInput = Type.Object(
  {
    id: Opt(Id),
    revision: Opt(Revision),
    variantId: Opt(Id),
    productId: Opt(Id),
    locationId: Opt(Id),
    inStock: Opt(Bool({ description: 'Untracked stock: send this or `quantity`, not both' })),
    quantity: Opt(Int({ minimum: 0, maximum: 1_000_000_000, description: 'Tracked stock' })),
    preorderInfo: Opt(PreorderInput),
  },
  {
    description:
      'Writable fields of an inventory item. `quantity` makes the item tracked, `inStock` untracked. `productId` is needed when `variantId` is the default variant id (shared by products without options).',
  },
);
export type InventoryItemInput = Static<typeof InventoryItemInput>;

export const InventoryItemV3 = Type.Object({
  id: Str(),
  revision: Str(),
  createdDate: Str({ format: 'date-time' }),
  updatedDate: Str({ format: 'date-time' }),
  variantId: Str(),
  locationId: Str(),
  productId: Str(),
  inStock: Opt(Bool()),
  quantity: Opt(Int()),
  trackQuantity: Bool(),
  availabilityStatus: Str(),
  preorderInfo: Type.Object({
    enabled: Bool(),
    message: Opt(Str()),
    limit: Opt(Int()),
    counter: Int(),
    quantity: Opt(Int()),
  }),
  product: Type.Object({
    name: Str(),
    directCategoryIds: Type.Array(Str()),
    variantName: Opt(Str()),
    variantSku: Opt(Str()),
    variantVisible: Bool(),
  }),
});

export const ItemParams = Type.Object({ inventoryItemId: Id });
export const ItemResponse = Type.Object({ inventoryItem: InventoryItemV3 });
export const CreateItemRequest = Type.Object({ inventoryItem: InventoryItemInput });
export const UpdateItemRequest = Type.Object({
  inventoryItem: InventoryItemInput,
  reason: Opt(Reason),
  fieldMask: FieldMask,
});

export const QueryItemsRequest = Type.Object({ query: Opt(WireQuery) });

const Aggregation = Type.Object({
  name: Opt(Str({ maxLength: 100 })),
  fieldPath: Str({ maxLength: 100 }),
  type: Opt(Type.Union([Type.Literal('VALUE'), Type.Literal('RANGE'), Type.Literal('SCALAR')])),
  value: Opt(
    Type.Object({
      limit: Opt(Int({ minimum: 1, maximum: 100 })),
      sortType: Opt(Type.Union([Type.Literal('COUNT'), Type.Literal('VALUE')])),
      sortDirection: Opt(Type.Union([Type.Literal('DESC'), Type.Literal('ASC')])),
    }),
  ),
  range: Opt(
    Type.Object({
      buckets: Type.Array(Type.Object({ from: Opt(Type.Number()), to: Opt(Type.Number()) }), {
        minItems: 1,
        maxItems: 50,
      }),
    }),
  ),
  scalar: Opt(
    Type.Object({
      type: Type.Union([
        Type.Literal('COUNT_DISTINCT'),
        Type.Literal('MIN'),
        Type.Literal('MAX'),
        Type.Literal('SUM'),
        Type.Literal('AVG'),
      ]),
    }),
  ),
});
export type Aggregation = Static<typeof Aggregation>;

export const SearchDetails = Type.Object({
  mode: Opt(Type.Union([Type.Literal('OR'), Type.Literal('AND')])),
  expression: Opt(Str({ maxLength: 200 })),
  fields: Opt(Type.Array(Str({ maxLength: 100 }), { maxItems: 5 })),
  fuzzy: Opt(Bool({ description: 'Accepted, not used' })),
});
export type SearchDetails = Static<typeof SearchDetails>;

export const SearchObject = Type.Composite([
  WireQuery,
  Type.Object({
    aggregations: Opt(Type.Array(Aggregation, { maxItems: 10 })),
    search: Opt(SearchDetails),
    timeZone: Opt(Str({ maxLength: 100 })),
  }),
]);
export type SearchObject = Static<typeof SearchObject>;
export const SearchItemsRequest = Type.Object({ search: Opt(SearchObject) });

const Filter = Opt(Type.Union([Type.Record(Str(), Type.Unknown()), Str({ maxLength: 20_000 })]));
export const CountItemsRequest = Type.Object({ filter: Filter, search: Opt(SearchDetails) });
export const CountResponse = Type.Object({ count: Int() });

export const ItemsPage = Type.Object({
  inventoryItems: Type.Array(InventoryItemV3),
  pagingMetadata: PagingMetadata,
});

const AggregationResult = Type.Object({
  name: Str(),
  type: Str(),
  fieldPath: Str(),
  values: Opt(Type.Object({ results: Type.Array(Type.Object({ value: Str(), count: Int() })) })),
  ranges: Opt(
    Type.Object({
      results: Type.Array(Type.Object({ from: Opt(Type.Number()), to: Opt(Type.Number()), count: Int() })),
    }),
  ),
  scalar: Opt(Type.Object({ type: Str(), value: Type.Union([Type.Number(), Type.Null()]) })),
});
export const SearchPage = Type.Object({
  inventoryItems: Type.Array(InventoryItemV3),
  pagingMetadata: PagingMetadata,
  aggregationData: Opt(Type.Object({ results: Type.Array(AggregationResult) })),
});

export const BulkItemsResponse = Type.Object({
  results: Type.Array(Type.Object({ itemMetadata: BulkItemMetadata, item: Opt(InventoryItemV3) })),
  bulkActionMetadata: BulkActionMetadata,
});

export const BulkCreateRequest = Type.Object({
  inventoryItems: Type.Array(InventoryItemInput, { minItems: 1, maxItems: MAX_BULK }),
  returnEntity: ReturnEntity,
});
const Masked = Type.Object({ inventoryItem: InventoryItemInput, fieldMask: FieldMask });
export const BulkUpdateRequest = Type.Object({
  inventoryItems: Type.Array(Masked, { minItems: 1, maxItems: MAX_BULK }),
  returnEntity: ReturnEntity,
  reason: Opt(Reason),
});
export const BulkUpsertRequest = BulkUpdateRequest;
export const BulkDeleteRequest = Type.Object({
  inventoryItemIds: Type.Array(Id, { minItems: 1, maxItems: MAX_BULK }),
});

const By = (key: 'decrementBy' | 'incrementBy') =>
  Int({ minimum: 1, maximum: 1_000_000, description: key === 'decrementBy' ? 'Units taken' : 'Units added' });
const stockRequest = (listKey: string, byKey: 'decrementBy' | 'incrementBy', byVariant: boolean) =>
  Type.Object({
    [listKey]: Type.Array(
      Type.Object({
        ...(byVariant ? { variantId: Id, locationId: Opt(Id), productId: Opt(Id) } : { inventoryItemId: Id }),
        [byKey]: By(byKey),
        ...(byKey === 'decrementBy' ? { preorderRequest: Opt(Bool()) } : {}),
      }),
      { minItems: 1, maxItems: MAX_BULK },
    ),
    restrictInventory: Opt(
      Bool({ description: 'Default true: a decrement past the stock fails instead of emptying it' }),
    ),
    returnEntity: ReturnEntity,
    reason: Opt(Reason),
  });
export const DecrementRequest = stockRequest('decrementData', 'decrementBy', false);
export const IncrementRequest = stockRequest('incrementData', 'incrementBy', false);
export const DecrementByVariantRequest = stockRequest('decrementData', 'decrementBy', true);
export const IncrementByVariantRequest = stockRequest('incrementData', 'incrementBy', true);

export interface StockEntry {
  inventoryItemId?: string;
  variantId?: string;
  locationId?: string;
  productId?: string;
  decrementBy?: number;
  incrementBy?: number;
  preorderRequest?: boolean;
}
export interface StockRequest {
  decrementData?: StockEntry[];
  incrementData?: StockEntry[];
  restrictInventory?: boolean;
  returnEntity?: boolean;
  reason?: Static<typeof Reason>;
}

const ByFilter = { filter: Filter, search: Opt(SearchDetails) };
export const UpdateByFilterRequest = Type.Object({
  ...ByFilter,
  inventoryItem: InventoryItemInput,
  fieldMask: FieldMask,
  reason: Opt(Reason),
});
export const DeleteByFilterRequest = Type.Object(ByFilter);
export const SetOrAdjustByFilterRequest = Type.Object({
  ...ByFilter,
  setOrAdjust: Type.Object(
    {
      setQuantity: Opt(Int({ minimum: 0, maximum: 1_000_000_000 })),
      adjustQuantityBy: Opt(Int({ minimum: -1_000_000_000, maximum: 1_000_000_000 })),
      setInStock: Opt(Bool()),
      preorderInfo: Opt(PreorderInput),
    },
    { description: 'At most one of setQuantity, adjustQuantityBy, setInStock; preorderInfo alongside' },
  ),
  reason: Opt(Reason),
});
export const AdjustByFilterRequest = Type.Object({
  ...ByFilter,
  adjustQuantityBy: Int({
    minimum: -1_000_000_000,
    maximum: 1_000_000_000,
    description: 'Added to tracked quantities (never below zero); untracked items are left alone',
  }),
  reason: Opt(Reason),
});
export const CreateByVariantFilterRequest = Type.Object({
  filter: Filter,
  inventoryItem: Opt(InventoryItemInput),
});
export const JobResponse = Type.Object({
  jobId: Str({ description: 'The work is done when the response arrives; the id only names it in logs' }),
});

/** `GET /stores/v3/inventory-items/{id}/changes`: the item's stock changes, newest first (history.ts). */
export const ChangesQuery = Type.Object({
  limit: Opt(Type.Integer({ minimum: 1, maximum: 100 })),
  cursor: Opt(Type.String({ maxLength: 20 })),
});
const Actor = Type.Object({
  kind: Type.Union([Type.Literal('staff'), Type.Literal('key')]),
  id: Type.String(),
  label: Type.String(),
});
export const ChangesPage = Type.Object({
  changes: Type.Array(
    Type.Object({
      id: Type.String(),
      inventoryItemId: Type.String(),
      productId: Type.String(),
      variantId: Type.String(),
      delta: Type.Integer(),
      quantityAfter: Opt(Type.Integer()),
      reason: Type.String(),
      orderId: Opt(Type.String()),
      actor: Opt(Actor),
      createdDate: Type.String(),
    }),
  ),
  pagingMetadata: Type.Object({
    count: Type.Integer(),
    hasNext: Type.Boolean(),
    cursors: Type.Object({ next: Type.Union([Type.String(), Type.Null()]) }),
  }),
});
