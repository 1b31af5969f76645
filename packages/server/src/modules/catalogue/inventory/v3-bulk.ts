import type { AppContext } from '../../../platform/context.ts';
import type { InventoryReason } from './v1-items.ts';
import type { InventoryItemInput } from './v3-schemas.ts';
import { type BulkResult, runBulk } from '../shared/write-support.ts';
import type { WireItemV3 } from './v3-items.ts';
import { createItemV3, deleteItemV3, updateItemV3, upsertItemV3 } from './v3-writes.ts';

// ---- bulk

const entity = (returnEntity: boolean | undefined, item: WireItemV3) =>
  returnEntity === false ? undefined : item;

export async function bulkCreateItemsV3(
  ctx: AppContext,
  list: InventoryItemInput[],
  returnEntity: boolean | undefined,
): Promise<BulkResult<WireItemV3>> {
  return runBulk(ctx, list, async (input, i) => {
    const item = await createItemV3(ctx, input, 'MANUAL', `inventoryItems[${i}]`);
    return { id: item.id, item: entity(returnEntity, item) };
  });
}

/** An item to write in a bulk call, with the field mask of its write. */
export interface MaskedItem {
  inventoryItem: InventoryItemInput;
  fieldMask?: string | string[] | undefined;
}

export interface BulkWriteOptions {
  returnEntity?: boolean | undefined;
  reason?: InventoryReason | undefined;
}

/**
 * A bulk write of masked items: `write` writes each entry on its own; `field` and `maskField` name the entry's
 * item and its mask in violations.
 */
function bulkMaskedWrite(
  write: (
    ctx: AppContext,
    entry: MaskedItem,
    options: BulkWriteOptions,
    field: string,
    maskField: string,
  ) => Promise<WireItemV3>,
) {
  return (ctx: AppContext, list: MaskedItem[], options: BulkWriteOptions): Promise<BulkResult<WireItemV3>> =>
    runBulk(
      ctx,
      list,
      async (entry, i) => {
        const field = `inventoryItems[${i}].inventoryItem`;
        const item = await write(ctx, entry, options, field, `inventoryItems[${i}].fieldMask`);
        return { id: item.id, item: entity(options.returnEntity, item) };
      },
      (entry) => entry.inventoryItem.id,
    );
}

export const bulkUpdateItemsV3 = bulkMaskedWrite(
  (ctx, { inventoryItem, fieldMask }, options, field, maskField) =>
    updateItemV3(ctx, inventoryItem.id ?? '', inventoryItem, {
      fieldMask,
      reason: options.reason,
      field,
      maskField,
    }),
);

export const bulkUpsertItemsV3 = bulkMaskedWrite(
  (ctx, { inventoryItem, fieldMask }, options, field, maskField) =>
    upsertItemV3(ctx, inventoryItem, fieldMask, options.reason ?? 'MANUAL', field, maskField),
);

export async function bulkDeleteItemsV3(ctx: AppContext, ids: string[]): Promise<BulkResult<never>> {
  return runBulk(
    ctx,
    ids,
    async (id) => {
      await deleteItemV3(ctx, id);
      return { id: id.toLowerCase() };
    },
    (id) => id,
  );
}
