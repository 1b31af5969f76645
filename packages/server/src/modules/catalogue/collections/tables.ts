import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { StoredMedia } from '../shared/model.ts';
import { at, created, primaryId, updated } from '../shared/columns.ts';
import { products } from '../products/tables.ts';

export const collections = pgTable(
  'collections',
  {
    id: primaryId(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    visible: boolean('visible').notNull().default(true),
    media: jsonb('media').$type<StoredMedia[]>().notNull().default([]),
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
    collectionId: uuid('collection_id')
      .notNull()
      .references(() => collections.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    addedDate: at('added_date').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('product_collections_product_idx').on(t.productId),
  ],
);

export type CollectionRow = typeof collections.$inferSelect;
