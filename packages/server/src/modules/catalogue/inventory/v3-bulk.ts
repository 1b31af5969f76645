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

/** Writes each entry on its own; `field` and `maskField` name the entry's item and its mask in violations. */
function bulkMaskedWrite(
  ctx: AppContext,
  list: MaskedItem[],
  options: BulkWriteOptions,
  write: (entry: MaskedItem, field: string, maskField: string) => Promise<WireItemV3>,
): Promise<BulkResult<WireItemV3>> {
  return runBulk(
    ctx,
    list,
    async (entry, i) => {
      const item = await write(entry, `inventoryItems[${i}].inventoryItem`, `inventoryItems[${i}].fieldMask`);
      return { id: item.id, item: entity(options.returnEntity, item) };
    },
    (entry) => entry.inventoryItem.id,
  );
}

export function bulkUpdateItemsV3(
  ctx: AppContext,
  list: MaskedItem[],
  options: BulkWriteOptions,
): Promise<BulkResult<WireItemV3>> {
  return bulkMaskedWrite(ctx, list, options, ({ inventoryItem, fieldMask }, field, maskField) =>
    updateItemV3(ctx, inventoryItem.id ?? '', inventoryItem, {
      fieldMask,
      reason: options.reason,
      field,
      maskField,
    }),
  );
}

export function bulkUpsertItemsV3(
  ctx: AppContext,
  list: MaskedItem[],
  options: BulkWriteOptions,
): Promise<BulkResult<WireItemV3>> {
  return bulkMaskedWrite(ctx, list, options, ({ inventoryItem, fieldMask }, field, maskField) =>
    upsertItemV3(ctx, inventoryItem, fieldMask, options.reason ?? 'MANUAL', field, maskField),
  );
}

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
