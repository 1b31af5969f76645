import { sql } from 'drizzle-orm';
import { bigint, bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StoredMedia } from '../shared/model.ts';
import { at, cascadeRef, created, flag, jsonList, money, primaryId, updated } from '../shared/columns.ts';
import { products } from '../products/tables.ts';

export const collections = pgTable(
  'collections',
  {
    id: primaryId(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    visible: flag('visible', true),
    media: jsonList<StoredMedia>('media'),
    /** Maintained by the membership writes. */
    productCount: integer('product_count').notNull().default(0),
    createdDate: created(),
    lastUpdated: updated(),
  },
  (t) => [
    index('collections_name_idx').on(t.name, t.id),
    index('collections_last_updated_idx').on(t.lastUpdated, t.id),
  ],
);

/** Collection membership, the source of truth behind `products.collection_ids`. */
export const productCollections = pgTable(
  'product_collections',
  {
    collectionId: cascadeRef('collection_id', () => collections.id),
    productId: cascadeRef('product_id', () => products.id),
    addedDate: at('added_date').notNull().defaultNow(),
    /**
     * The merchant's order of the collection's products (ascending; `collectionPosition` sorts of product
     * queries). Every new membership takes the next value of a store-wide sequence, so it goes last;
     * `reorderCollectionProducts` numbers a collection's rows 1…n again. Ties (none in practice) by product id.
     */
    position: bigserial('position', { mode: 'number' }).notNull(),
    /**
     * Copies of the product's `visible`, `price`, `discounted_price` and `numeric_id`, so a collection page
     * sorted by price, newest or the merchant's order walks one index of the collection instead of sorting all
     * of it (`collectionPage` of products/reads.ts). Written only by the database (migration
     * `collection_sort_keys`): a trigger fills them on every insert here and copies every change of the
     * product's columns in the same statement, so no writer can leave them behind. Never written by code.
     */
    visible: boolean('visible'),
    price: money('price'),
    discountedPrice: money('discounted_price'),
    numericId: bigint('numeric_id', { mode: 'bigint' }),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('product_collections_product_idx').on(t.productId),
    index('product_collections_position_idx').on(t.collectionId, t.position, t.productId),
    // A shopper's collection page, one index per sort it offers (visible products only, tie-broken like the
    // product query, by numeric id).
    index('product_collections_discounted_price_idx')
      .on(t.collectionId, t.discountedPrice, t.numericId)
      .where(sql`${t.visible}`),
    index('product_collections_price_idx').on(t.collectionId, t.price, t.numericId).where(sql`${t.visible}`),
    index('product_collections_newest_idx').on(t.collectionId, t.numericId).where(sql`${t.visible}`),
    index('product_collections_featured_idx')
      .on(t.collectionId, t.position, t.numericId)
      .where(sql`${t.visible}`),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
