import { randomUUID } from 'node:crypto';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { AppContext } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { invalid } from '../../../platform/errors.ts';
import type { EventInput } from '../../../platform/events.ts';
import type { QuerySpec } from '../../../platform/query/index.ts';
import { type InventoryReason, stockOf } from './v1-items.ts';
import type { InventoryItemInput, SearchDetails } from './v3-schemas.ts';
import { PAGE_LIMITS } from '../shared/reads.ts';
import { productVariants } from '../variants/tables.ts';
import { inventoryItems, type InventoryRow, variantJoin } from './tables.ts';
import { type ProductRow, products } from '../products/tables.ts';
import { refreshProduct } from '../variants/writes.ts';
import { lockProductIfFound } from '../shared/write-support.ts';
import {
  compileFilter,
  createEdit,
  editFrom,
  inventoryEvents,
  type ItemEdit,
  nextState,
  NO_ITEM,
  searchCondition,
  stockDiffers,
  writeEdits,
} from './v3-items.ts';

/** Items per read of the by-filter writes. */
const FILTER_BATCH = 500;

// ---- by filter

export interface FilterRequest {
  filter?: unknown;
  search?: SearchDetails | undefined;
}

export interface JobResult {
  jobId: string;
  /** Items written (also logged with the job id). */
  processed: number;
}

/** A batch's rows: the product and the row's own id (an item's, or a variant's). */
interface BatchRow {
  productId: string;
  id: string;
}

/**
 * A by-filter job: reads batches (`readBatch(after)`, the rows after the last one of the batch before) until
 * one comes back short; for each product of a batch, one transaction: the product locked (skipped when
 * deleted meanwhile), then `run` with the ids of its rows. Logs and answers the count `run` gives.
 */
async function filterJob(
  ctx: AppContext,
  kind: string,
  readBatch: (after: BatchRow | undefined) => Promise<BatchRow[]>,
  run: (tx: Db, product: ProductRow, ids: string[]) => Promise<number>,
): Promise<JobResult> {
  const jobId = randomUUID();
  let processed = 0;
  let after: BatchRow | undefined;
  for (;;) {
    const batch = await readBatch(after);
    if (batch.length === 0) break;
    after = batch.at(-1)!;
    const byProduct = new Map<string, string[]>();
    for (const r of batch) {
      const ids = byProduct.get(r.productId);
      if (ids) ids.push(r.id);
      else byProduct.set(r.productId, [r.id]);
    }
    for (const [productId, ids] of byProduct) {
      processed += await ctx.events.transaction(async (tx) => {
        const product = await lockProductIfFound(tx, productId);
        return product ? run(tx, product, ids) : 0; // none: deleted meanwhile
      });
    }
    if (batch.length < FILTER_BATCH) break;
  }
  ctx.log.info({ jobId, kind, processed }, 'inventory items by filter');
  return { jobId, processed };
}

/**
 * Runs `apply` over every item matching a filter (and search), product by product: each product is
 * locked, its matching rows re-read under the lock, written, re-derived and its events recorded in one
 * transaction. Items are read in batches by id, so a write that changes whether an item matches neither
 * repeats nor stops the walk. Done synchronously: the job id names the work in logs only.
 */
async function forEachMatch(
  ctx: AppContext,
  request: FilterRequest,
  kind: string,
  apply: (tx: Db, product: ProductRow, rows: InventoryRow[]) => Promise<EventInput[]>,
): Promise<JobResult> {
  const where = and(compileFilter(request.filter), searchCondition(request.search, 'search'));
  return filterJob(
    ctx,
    kind,
    (after) =>
      ctx.db
        .select({ id: inventoryItems.id, productId: inventoryItems.productId })
        .from(inventoryItems)
        .innerJoin(products, eq(products.id, inventoryItems.productId))
        .innerJoin(productVariants, variantJoin)
        .where(and(where, after ? gt(inventoryItems.id, after.id) : undefined))
        .orderBy(asc(inventoryItems.id))
        .limit(FILTER_BATCH),
    async (tx, product, ids) => {
      const rows = await tx
        .select()
        .from(inventoryItems)
        .where(inArray(inventoryItems.id, ids))
        .orderBy(asc(inventoryItems.id))
        .for('update');
      if (rows.length === 0) return 0;
      await ctx.events.record(tx, await apply(tx, product, rows));
      return rows.length;
    },
  );
}

/** Writes `edit` to every item matching the request's filter (and search), for its `reason`. */
function editEachMatch(
  ctx: AppContext,
  request: FilterRequest & { reason?: InventoryReason | undefined },
  kind: string,
  edit: ItemEdit,
): Promise<JobResult> {
  return forEachMatch(ctx, request, kind, (tx, product, rows) =>
    writeEdits(
      tx,
      product,
      rows.map((row) => ({ row, edit })),
      request.reason ?? 'MANUAL',
    ),
  );
}

export async function updateItemsByFilterV3(
  ctx: AppContext,
  request: FilterRequest & {
    inventoryItem: InventoryItemInput;
    fieldMask?: string | string[] | undefined;
    reason?: InventoryReason | undefined;
  },
): Promise<JobResult> {
  const edit = editFrom(request.inventoryItem, request.fieldMask, 'inventoryItem');
  return editEachMatch(ctx, request, 'update', edit);
}

export async function setOrAdjustByFilterV3(
  ctx: AppContext,
  request: FilterRequest & {
    setOrAdjust: {
      setQuantity?: number | undefined;
      adjustQuantityBy?: number | undefined;
      setInStock?: boolean | undefined;
      preorderInfo?: InventoryItemInput['preorderInfo'];
    };
    reason?: InventoryReason | undefined;
  },
): Promise<JobResult> {
  const { setQuantity, adjustQuantityBy, setInStock, preorderInfo } = request.setOrAdjust;
  const given = [setQuantity, adjustQuantityBy, setInStock].filter((v) => v !== undefined).length;
  if (given > 1)
    throw invalid(
      'setOrAdjust.setQuantity',
      'send at most one of setQuantity, adjustQuantityBy and setInStock',
      'ONE_OF_ALIGNMENT',
    );
  const edit: ItemEdit = {
    ...editFrom({ ...(preorderInfo ? { preorderInfo } : {}) }, undefined, 'setOrAdjust'),
    ...(setQuantity !== undefined ? { quantity: setQuantity } : {}),
    ...(adjustQuantityBy !== undefined ? { adjustBy: adjustQuantityBy } : {}),
    ...(setInStock !== undefined ? { inStock: setInStock } : {}),
  };
  return editEachMatch(ctx, request, 'set-or-adjust', edit);
}

export async function adjustByFilterV3(
  ctx: AppContext,
  request: FilterRequest & { adjustQuantityBy: number; reason?: InventoryReason | undefined },
): Promise<JobResult> {
  const edit: ItemEdit = { adjustBy: request.adjustQuantityBy };
  return editEachMatch(ctx, request, 'adjust', edit);
}

export async function deleteByFilterV3(ctx: AppContext, request: FilterRequest): Promise<JobResult> {
  return forEachMatch(ctx, request, 'delete', async (tx, product, rows) => {
    await tx.delete(inventoryItems).where(
      inArray(
        inventoryItems.id,
        rows.map((r) => r.id),
      ),
    );
    await refreshProduct(tx, product.id);
    const changes = rows
      .filter((row) => stockDiffers(row, NO_ITEM))
      .map((row) => ({ id: row.variantId, oldValue: stockOf(row), newValue: stockOf(NO_ITEM) }));
    return inventoryEvents(tx, product, true, changes, 'MANUAL');
  });
}

/** Variants a create-by-variant-filter may name. */
export const VARIANT_FILTER: QuerySpec = {
  fields: {
    id: { sql: productVariants.id, type: 'uuid' },
    variantId: { sql: productVariants.id, type: 'uuid' },
    productId: { sql: productVariants.productId, type: 'uuid', sortable: true, unique: true },
    sku: { sql: productVariants.sku, type: 'string', nullable: true },
    visible: { sql: productVariants.visible, type: 'boolean' },
    'product.name': { sql: products.name, type: 'string' },
    'product.visible': { sql: products.visible, type: 'boolean' },
    'product.directCategoryIds': { sql: products.collectionIds, type: 'uuid[]' },
  },
  defaultSort: [{ fieldName: 'productId', order: 'ASC' }],
  tiebreaker: 'productId',
  ...PAGE_LIMITS,
};

/**
 * Creates an item (with the given stock, default untracked and in stock) for every variant matching the
 * filter that has none. Product by product, in the products' id order.
 */
export async function createByVariantFilterV3(
  ctx: AppContext,
  request: { filter?: unknown; inventoryItem?: InventoryItemInput | undefined },
): Promise<JobResult> {
  const where = compileFilter(request.filter, VARIANT_FILTER);
  const edit = createEdit(request.inventoryItem ?? {}, 'inventoryItem');
  const state = nextState(NO_ITEM, edit);
  return filterJob(
    ctx,
    'create-by-variant-filter',
    (after) =>
      ctx.db
        .select({ productId: productVariants.productId, id: productVariants.id })
        .from(productVariants)
        .innerJoin(products, eq(products.id, productVariants.productId))
        .leftJoin(inventoryItems, variantJoin)
        .where(
          and(
            sql`${inventoryItems.id} is null`,
            where,
            after
              ? sql`(${productVariants.productId}, ${productVariants.id}) > (${after.productId}::uuid, ${after.id}::uuid)`
              : undefined,
          ),
        )
        .orderBy(asc(productVariants.productId), asc(productVariants.id))
        .limit(FILTER_BATCH),
    async (tx, product, variantIds) => {
      const productId = product.id;
      const created = await tx
        .insert(inventoryItems)
        .values(variantIds.map((variantId) => ({ productId, variantId, ...state })))
        .onConflictDoNothing()
        .returning({ variantId: inventoryItems.variantId });
      if (created.length === 0) return 0;
      await refreshProduct(tx, productId);
      const changes = stockDiffers(NO_ITEM, state)
        ? created.map((c) => ({ id: c.variantId, oldValue: stockOf(NO_ITEM), newValue: stockOf(state) }))
        : [];
      await ctx.events.record(tx, await inventoryEvents(tx, product, true, changes, 'MANUAL'));
      return created.length;
    },
  );
}
