import { bigserial, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import type { StoredMedia } from '../shared/model.ts';
import { at, cascadeRef, created, jsonList, primaryId, updated } from '../shared/columns.ts';
import { products } from '../products/tables.ts';

export const collections = pgTable(
  'collections',
  {
    id: primaryId(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
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
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('product_collections_product_idx').on(t.productId),
    index('product_collections_position_idx').on(t.collectionId, t.position, t.productId),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
