import type { StockChangeReason } from '@aisle/sdk';
import { and, eq, sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { at, cascadeRef, flag, revisionedTable } from '../shared/columns.ts';
import { productVariants } from '../variants/tables.ts';

/** Stock per variant (v3 inventory item shape: one row per variant; the v1 item groups them by product). */
export const inventoryItems = revisionedTable(
  'inventory_items',
  {
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    trackQuantity: flag('track_quantity', false),
    quantity: integer('quantity'),
    inStock: flag('in_stock', true),
    /** Pre-order settings; the v1 item sets them for all variants of a product at once. */
    preorderEnabled: flag('preorder_enabled', false),
    preorderMessage: text('preorder_message'),
    /** At most this many units pre-ordered; null = no limit. */
    preorderLimit: integer('preorder_limit'),
    /** Units pre-ordered so far (decrements with `preorderRequest` past the stock). */
    preorderCounter: integer('preorder_counter').notNull().default(0),
  },
  (t) => [
    check('inventory_items_quantity_check', sql`${t.quantity} is null or ${t.quantity} >= 0`),
    foreignKey({
      columns: [t.productId, t.variantId],
      foreignColumns: [productVariants.productId, productVariants.id],
    }).onDelete('cascade'),
    uniqueIndex('inventory_items_variant_idx').on(t.productId, t.variantId),
    // v3 inventory items: look-ups by variant id alone, and sorted pages by date.
    index('inventory_items_variant_id_idx').on(t.variantId),
    index('inventory_items_created_date_idx').on(t.createdDate, t.id),
    index('inventory_items_updated_date_idx').on(t.updatedDate, t.id),
  ],
);

/** Joins a variant to its inventory item. */
export const variantJoin = and(
  eq(productVariants.productId, inventoryItems.productId),
  eq(productVariants.id, inventoryItems.variantId),
);

export type InventoryRow = typeof inventoryItems.$inferSelect;
/** What a product read needs of a variant's inventory item. */
export type StockRow = Pick<InventoryRow, 'trackQuantity' | 'quantity' | 'inStock'>;

/**
 * Why a variant's stock moved (`inventory_changes.reason`): the wire's reasons (`ORDER`, `MANUAL`,
 * `REVERT_INVENTORY_CHANGE`, as callers of the inventory APIs give them) and the store's own, with the order
 * named when there is one.
 */
export type { StockChangeReason };

/**
 * Every change of a variant's tracked quantity, written in the transaction of the change: the units moved
 * (`delta`), the quantity after it (null once the variant is no longer tracked), why, who (a staff member or
 * API key; none for shoppers' orders and the system) and the order it was for. Newest first by `id`.
 */
export const inventoryChanges = pgTable(
  'inventory_changes',
  {
    id: bigserial('id', { mode: 'bigint' }).primaryKey(),
    itemId: cascadeRef('item_id', () => inventoryItems.id),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    delta: integer('delta').notNull(),
    quantityAfter: integer('quantity_after'),
    reason: text('reason').$type<StockChangeReason>().notNull(),
    actorKind: text('actor_kind').$type<'staff' | 'key'>(),
    actorId: text('actor_id'),
    actorLabel: text('actor_label'),
    orderId: uuid('order_id'),
    createdDate: at('created_date').notNull().defaultNow(),
  },
  (t) => [index('inventory_changes_item_idx').on(t.itemId, t.id)],
);

export type InventoryChangeRow = typeof inventoryChanges.$inferSelect;
