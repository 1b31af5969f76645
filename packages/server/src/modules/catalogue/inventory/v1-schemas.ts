import { Type } from '@sinclair/typebox';
import { Id, Opt, Str, WireQuery } from '../shared/schemas.ts';

/** Inventory v1 wire schemas (wire/catalogue.md §5). */

const Reason = Type.Union(
  [Type.Literal('ORDER'), Type.Literal('MANUAL'), Type.Literal('REVERT_INVENTORY_CHANGE')],
  {
    description:
      'Recorded with the change (events); defaults: decrement ORDER, increment REVERT_INVENTORY_CHANGE, update MANUAL',
  },
);

export const InventoryProductParams = Type.Object({ productId: Id });

export const UpdateInventoryRequest = Type.Object({
  inventoryItem: Type.Object({
    productId: Opt(Id),
    trackQuantity: Opt(Type.Boolean()),
    variants: Opt(
      Type.Array(
        Type.Object({
          variantId: Id,
          inStock: Opt(Type.Boolean({ description: 'Untracked variants' })),
          quantity: Opt(
            Type.Integer({ minimum: 0, maximum: 1_000_000_000, description: 'Tracked variants' }),
          ),
        }),
        { maxItems: 1000 },
      ),
    ),
    preorderInfo: Opt(
      Type.Object({
        enabled: Opt(Type.Boolean()),
        message: Opt(Type.Union([Str({ maxLength: 250 }), Type.Null()])),
        limit: Opt(Type.Union([Type.Integer({ minimum: 0, maximum: 100_000 }), Type.Null()])),
      }),
    ),
  }),
  reason: Opt(Reason),
});

const Target = {
  inventoryId: Opt(Id),
  externalId: Opt(Id),
  productId: Opt(Id),
  variantId: Opt(Id),
};

export const DecrementRequest = Type.Object({
  decrementData: Type.Array(
    Type.Object({
      ...Target,
      decrementBy: Type.Integer({ minimum: 1, maximum: 1_000_000 }),
      preorderRequest: Opt(Type.Boolean()),
    }),
    { minItems: 1, maxItems: 300 },
  ),
  reason: Opt(Reason),
});

export const IncrementRequest = Type.Object({
  incrementData: Type.Array(
    Type.Object({ ...Target, incrementBy: Type.Integer({ minimum: 1, maximum: 1_000_000 }) }),
    { minItems: 1, maxItems: 300 },
  ),
  reason: Opt(Reason),
});

export const InventoryIdParams = Type.Object({ inventoryId: Id });
export const GetVariantsRequest = Type.Object({
  inventoryId: Opt(Id),
  externalId: Opt(Id),
  productId: Opt(Id),
  variantIds: Opt(Type.Array(Id, { maxItems: 1000 })),
});

export const InventoryItem = Type.Object({
  id: Str(),
  externalId: Str(),
  productId: Str(),
  trackQuantity: Type.Boolean(),
  variants: Type.Array(
    Type.Object({
      variantId: Str(),
      inStock: Type.Boolean(),
      quantity: Opt(Type.Integer()),
      availableForPreorder: Type.Boolean(),
    }),
  ),
  lastUpdated: Opt(Str({ format: 'date-time' })),
  numericId: Str(),
  preorderInfo: Type.Object({ enabled: Type.Boolean(), message: Opt(Str()), limit: Opt(Type.Integer()) }),
});

export const InventoryItemResponse = Type.Object({ inventoryItem: InventoryItem });
export const QueryInventoryRequest = Type.Object({ query: Opt(WireQuery) });
export const InventoryItemsResponse = Type.Object({
  inventoryItems: Type.Array(InventoryItem),
  metadata: Type.Object({ items: Type.Integer(), offset: Type.Integer() }),
  totalResults: Type.Integer(),
});
