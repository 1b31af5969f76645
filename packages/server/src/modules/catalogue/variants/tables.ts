import { doublePrecision, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import type { VariantData } from '../shared/model.ts';
import { products } from '../products/tables.ts';
import { cascadeRef, flag, jsonObject, money } from '../shared/columns.ts';

/** The id of the one variant of a product without managed variants (wire/catalogue.md). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** Variants of a product; variant ids are unique within their product only. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: cascadeRef('product_id', () => products.id),
    id: uuid('id').notNull(),
    position: integer('position').notNull().default(0),
    /** Option name → choice description, e.g. `{"Size": "M", "Color": "Navy"}`. */
    choices: jsonObject<Record<string, string>>('choices'),
    price: money('price').notNull(),
    discountedPrice: money('discounted_price').notNull(),
    cost: money('cost'),
    weight: doublePrecision('weight'),
    sku: text('sku'),
    visible: flag('visible', true),
    data: jsonObject<VariantData>('data'),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.id] }),
    // Store-variant look-ups by SKU (wire/catalogue.md §2, `POST /variants/query`).
    index('product_variants_sku_idx').on(t.sku),
    // v3 inventory items name a variant by its id alone.
    index('product_variants_id_idx').on(t.id),
  ],
);

export type VariantRow = typeof productVariants.$inferSelect;
