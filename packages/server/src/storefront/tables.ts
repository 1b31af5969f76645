import { pgTable, text } from 'drizzle-orm/pg-core';
import { at } from '../platform/columns.ts';

/**
 * Slugs of products the store deleted: their pages answer 410 Gone instead of 404 (search engines drop them
 * sooner). A product made again at the slug simply takes its page back.
 */
export const storefrontGoneProducts = pgTable('storefront_gone_products', {
  slug: text('slug').primaryKey(),
  deletedDate: at('deleted_date').notNull().defaultNow(),
});
