import { and, eq, inArray } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { conflict, invalid, notFound } from '../../../platform/errors.ts';
import { changeStock } from './stock.ts';
import { type InventoryReason, stockOf } from './v1-items.ts';
import type { InventoryItemInput, StockEntry, StockRequest } from './v3-schemas.ts';
import { parseRevision } from '../../../platform/entity-kit/index.ts';
import { checkRevision } from '../shared/v3.ts';
import { UUID } from '../shared/reads.ts';
import { DEFAULT_VARIANT_ID, productVariants } from '../variants/tables.ts';
import { inventoryItems, type InventoryRow } from './tables.ts';
import type { ProductRow } from '../products/tables.ts';
import { refreshProduct } from '../variants/writes.ts';
import { type BulkResult, lockProduct, runBulk } from '../shared/write-support.ts';
import {
  checkLocation,
  createEdit,
  editFrom,
  inventoryEvents,
  type ItemEdit,
  itemKey,
  itemNotFound,
  nextState,
  NO_ITEM,
  readItem,
  type StockChange,
  stockDiffers,
  type WireItemV3,
  writeEdits,
} from './v3-items.ts';

/** Locks an item's product, then the item (the v1 order), and returns both. */
async function lockItem(tx: Db, id: string): Promise<{ row: InventoryRow; product: ProductRow }> {
  const [found] = await tx
    .select({ productId: inventoryItems.productId })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, id));
  if (!found) throw itemNotFound(id);
  const product = await lockProduct(tx, found.productId);
  const [row] = await tx.select().from(inventoryItems).where(eq(inventoryItems.id, id)).for('update');
  if (!row) throw itemNotFound(id);
  return { row, product };
}

const variantNotFound = (variantId: string, productId?: string) =>
  notFound(
    'VARIANT_NOT_FOUND',
    productId ? `Product ${productId} has no variant ${variantId}` : `No variant ${variantId}`,
    { variantId, ...(productId ? { productId } : {}) },
  );

const ambiguousVariant = (field: string) =>
  invalid(
    `${field}.productId`,
    'is required: variant ids are unique within a product only, and several products have this one',
    'REQUIRED_FIELD',
  );

/** The product and variant an item is (to be) created for. */
async function resolveVariant(
  db: Db,
  variantId: string | undefined,
  productId: string | undefined,
  field: string,
): Promise<{ productId: string; variantId: string }> {
  if (!variantId) throw invalid(`${field}.variantId`, 'is required', 'REQUIRED_FIELD');
  if (!UUID.test(variantId)) throw variantNotFound(variantId);
  const variant = variantId.toLowerCase();
  if (productId !== undefined) {
    if (!UUID.test(productId)) throw variantNotFound(variantId, productId);
    const product = productId.toLowerCase();
    const [found] = await db
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, product), eq(productVariants.id, variant)));
    if (!found) throw variantNotFound(variantId, productId);
    return { productId: product, variantId: variant };
  }
  if (variant === DEFAULT_VARIANT_ID) throw ambiguousVariant(field);
  const found = await db
    .select({ productId: productVariants.productId })
    .from(productVariants)
    .where(eq(productVariants.id, variant))
    .limit(2);
  if (found.length === 0) throw variantNotFound(variantId);
  if (found.length > 1) throw ambiguousVariant(field);
  return { productId: found[0]!.productId, variantId: variant };
}

/** The existing item of a variant (and location), for the by-variant stock changes and upserts. */
async function itemOfVariant(
  db: Db,
  entry: { variantId?: string | undefined; productId?: string | undefined; locationId?: string | undefined },
  field: string,
): Promise<{ id: string; productId: string; variantId: string }> {
  checkLocation(entry.locationId, `${field}.locationId`);
  if (!entry.variantId) throw invalid(`${field}.variantId`, 'is required', 'REQUIRED_FIELD');
  const missing = () =>
    notFound('INVENTORY_ITEM_NOT_FOUND', `Variant ${entry.variantId} has no inventory item`, {
      variantId: entry.variantId,
      ...(entry.productId ? { productId: entry.productId } : {}),
    });
  if (!UUID.test(entry.variantId) || (entry.productId !== undefined && !UUID.test(entry.productId)))
    throw missing();
  const variant = entry.variantId.toLowerCase();
  if (entry.productId === undefined && variant === DEFAULT_VARIANT_ID) throw ambiguousVariant(field);
  const found = await db
    .select({
      id: inventoryItems.id,
      productId: inventoryItems.productId,
      variantId: inventoryItems.variantId,
    })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.variantId, variant),
        entry.productId !== undefined
          ? eq(inventoryItems.productId, entry.productId.toLowerCase())
          : undefined,
      ),
    )
    .limit(2);
  if (found.length === 0) throw missing();
  if (found.length > 1) throw ambiguousVariant(field);
  return found[0]!;
}

export async function createItemV3(
  ctx: AppContext,
  input: InventoryItemInput,
  reason: InventoryReason = 'MANUAL',
  field = 'inventoryItem',
): Promise<WireItemV3> {
  const edit = createEdit(input, field);
  const target = await resolveVariant(ctx.db, input.variantId, input.productId, field);
  return ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, target.productId);
    const [variant] = await tx
      .select({ id: productVariants.id })
      .from(productVariants)
      .where(and(eq(productVariants.productId, target.productId), eq(productVariants.id, target.variantId)));
    if (!variant) throw variantNotFound(target.variantId, target.productId);
    const [existing] = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(
        and(eq(inventoryItems.productId, target.productId), eq(inventoryItems.variantId, target.variantId)),
      );
    if (existing)
      throw conflict(
        'INVENTORY_ITEM_ALREADY_EXISTS',
        `Variant ${target.variantId} already has inventory item ${existing.id}`,
        { variantId: target.variantId, inventoryItemId: existing.id },
      );
    const state = nextState(NO_ITEM, edit);
    const [row] = await tx
      .insert(inventoryItems)
      .values({ productId: target.productId, variantId: target.variantId, ...state })
      .returning({ id: inventoryItems.id });
    await refreshProduct(tx, target.productId);
    const changes: StockChange[] = stockDiffers(NO_ITEM, state)
      ? [{ id: target.variantId, oldValue: stockOf(NO_ITEM), newValue: stockOf(state) }]
      : [];
    await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, reason));
    return readItem(tx, row!.id);
  });
}

export interface UpdateOptions {
  fieldMask?: string | string[] | undefined;
  reason?: InventoryReason | undefined;
  /** Updates need the revision the client read; upserts check it only when sent. */
  requireRevision?: boolean;
  field?: string;
  maskField?: string;
}

/** Updates an item; a revision other than the stored one is a 409 REVISION_MISMATCH. */
export async function updateItemV3(
  ctx: AppContext,
  id: string,
  input: InventoryItemInput,
  options: UpdateOptions = {},
): Promise<WireItemV3> {
  const field = options.field ?? 'inventoryItem';
  const key = itemKey(id, `${field}.id`);
  const revision =
    (options.requireRevision ?? true) || input.revision !== undefined
      ? parseRevision(`${field}.revision`, input.revision)
      : undefined;
  checkLocation(input.locationId, `${field}.locationId`);
  const edit = editFrom(input, options.fieldMask, field, options.maskField);
  return ctx.events.transaction(async (tx) => {
    const { row, product } = await lockItem(tx, key);
    checkRevision('inventory item', key, row.revision, revision);
    await ctx.events.record(tx, await writeEdits(tx, product, [{ row, edit }], options.reason ?? 'MANUAL'));
    return readItem(tx, key);
  });
}

/** Deletes an item: its variant then counts as untracked and in stock (see the module comment). */
export async function deleteItemV3(
  ctx: AppContext,
  id: string,
  reason: InventoryReason = 'MANUAL',
): Promise<void> {
  const key = itemKey(id);
  await ctx.events.transaction(async (tx) => {
    const { row, product } = await lockItem(tx, key);
    await tx.delete(inventoryItems).where(eq(inventoryItems.id, key));
    await refreshProduct(tx, product.id);
    const changes: StockChange[] = stockDiffers(row, NO_ITEM)
      ? [{ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(NO_ITEM) }]
      : [];
    await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, reason));
  });
}

/** By id when given, else by variant (and product): updates the item there is, or creates one. */
export async function upsertItemV3(
  ctx: AppContext,
  input: InventoryItemInput,
  fieldMask: string | string[] | undefined,
  reason: InventoryReason,
  field: string,
  maskField: string,
): Promise<WireItemV3> {
  const options = { fieldMask, reason, requireRevision: false, field, maskField };
  if (input.id) return updateItemV3(ctx, input.id, input, options);
  checkLocation(input.locationId, `${field}.locationId`);
  const target = await resolveVariant(ctx.db, input.variantId, input.productId, field);
  const [existing] = await ctx.db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(
      and(eq(inventoryItems.productId, target.productId), eq(inventoryItems.variantId, target.variantId)),
    );
  if (existing) return updateItemV3(ctx, existing.id, input, options);
  return createItemV3(ctx, { ...input, productId: target.productId }, reason, field);
}

/**
 * Bulk decrement or increment, by item id or by variant and location. Each entry is applied on its own,
 * atomically, by the v1 `changeStock` (a conditional update under the product's lock): with
 * `restrictInventory` (default true) a decrement past the stock fails that entry with
 * INSUFFICIENT_INVENTORY and changes nothing; without, it empties the stock (never below zero).
 */
export async function changeStockV3(
  ctx: AppContext,
  direction: 'decrement' | 'increment',
  request: StockRequest,
  byVariant: boolean,
): Promise<BulkResult<WireItemV3>> {
  const key = direction === 'decrement' ? 'decrementData' : 'incrementData';
  const list = request[key] ?? [];
  const reason = request.reason ?? (direction === 'decrement' ? 'ORDER' : 'REVERT_INVENTORY_CHANGE');
  const restrict = request.restrictInventory ?? true;
  return runBulk(
    ctx,
    list,
    async (entry: StockEntry, i) => {
      const field = `${key}[${i}]`;
      const target = byVariant
        ? await itemOfVariant(ctx.db, entry, field)
        : await itemById(ctx.db, entry.inventoryItemId, `${field}.inventoryItemId`);
      const by = (direction === 'decrement' ? entry.decrementBy : entry.incrementBy) ?? 0;
      await changeStock(
        ctx,
        direction,
        [
          {
            productId: target.productId,
            variantId: target.variantId,
            by,
            preorderRequest: entry.preorderRequest,
            field,
          },
        ],
        reason,
        { restrict },
      );
      if (request.returnEntity === false) return { id: target.id };
      return { id: target.id, item: await readItem(ctx.db, target.id) };
    },
    (entry) => entry.inventoryItemId,
  );
}

async function itemById(
  db: Db,
  id: string | undefined,
  field: string,
): Promise<{ id: string; productId: string; variantId: string }> {
  const key = itemKey(id, field);
  const [found] = await db
    .select({
      id: inventoryItems.id,
      productId: inventoryItems.productId,
      variantId: inventoryItems.variantId,
    })
    .from(inventoryItems)
    .where(eq(inventoryItems.id, key));
  if (!found) throw itemNotFound(key);
  return found;
}

/**
 * Sets the stock of some variants of one product in one transaction, creating the items that are missing
 * (the CSV import's stock columns). Unchanged items are not written.
 */
export async function setVariantStock(
  ctx: AppContext,
  productId: string,
  entries: Array<{ variantId: string; edit: ItemEdit }>,
  reason: InventoryReason = 'MANUAL',
): Promise<void> {
  if (entries.length === 0) return;
  await ctx.events.transaction(async (tx) => {
    const product = await lockProduct(tx, productId);
    const where = and(
      eq(inventoryItems.productId, productId),
      inArray(
        inventoryItems.variantId,
        entries.map((e) => e.variantId),
      ),
    );
    const found = await tx.select().from(inventoryItems).where(where).for('update');
    const missing = entries.filter((e) => !found.some((r) => r.variantId === e.variantId));
    const inserted = missing.length
      ? await tx
          .insert(inventoryItems)
          .values(missing.map((e) => ({ productId, variantId: e.variantId })))
          .onConflictDoNothing()
          .returning()
      : [];
    const byVariant = new Map([...found, ...inserted].map((r) => [r.variantId, r]));
    const list = entries.flatMap((e) => {
      const row = byVariant.get(e.variantId);
      return row ? [{ row, edit: e.edit }] : [];
    });
    await ctx.events.record(tx, await writeEdits(tx, product, list, reason));
  });
}
