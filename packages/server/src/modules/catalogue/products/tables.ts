import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ProductData } from '../shared/model.ts';
import { created, flag, jsonObject, money, primaryId, updated } from '../shared/columns.ts';
import { brands, ribbons } from '../merchandising/tables.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** The text-search configuration of `products.search`; queries must use the same one. */
export const SEARCH_CONFIG = 'english';
const searchConfig = sql.raw(`'${SEARCH_CONFIG}'`);

/**
 * v1 products. Everything a filter or a sort reads is a column (with an index, tie-broken by `numeric_id`);
 * stock and price ranges are denormalised from variants and inventory by the write service; the rest of the
 * wire entity lives in `data`.
 */
export const products = pgTable(
  'products',
  {
    id: primaryId(),
    numericId: bigint('numeric_id', { mode: 'bigint' }).notNull().unique().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    sku: text('sku'),
    productType: text('product_type').$type<'physical' | 'digital'>().notNull().default('physical'),
    visible: flag('visible', true),
    manageVariants: flag('manage_variants', false),
    price: money('price').notNull(),
    /** `price` after the product discount; what `discountedPrice` filters and sorts read. */
    discountedPrice: money('discounted_price').notNull(),
    cost: money('cost'),
    weight: doublePrecision('weight'),
    discountType: text('discount_type').$type<'NONE' | 'AMOUNT' | 'PERCENT'>().notNull().default('NONE'),
    discountValue: money('discount_value').notNull().default('0'),
    ppuTotalQuantity: doublePrecision('ppu_total_quantity'),
    ppuTotalUnit: text('ppu_total_unit'),
    ppuBaseQuantity: doublePrecision('ppu_base_quantity'),
    ppuBaseUnit: text('ppu_base_unit'),
    brandId: uuid('brand_id').references(() => brands.id, { onDelete: 'set null' }),
    brand: text('brand'),
    ribbonId: uuid('ribbon_id').references(() => ribbons.id, { onDelete: 'set null' }),
    ribbon: text('ribbon'),
    // Denormalised from variants, inventory and collection membership.
    trackInventory: flag('track_inventory', false),
    quantity: integer('quantity'),
    inStock: flag('in_stock', true),
    inventoryStatus: text('inventory_status')
      .$type<'IN_STOCK' | 'OUT_OF_STOCK' | 'PARTIALLY_OUT_OF_STOCK'>()
      .notNull()
      .default('IN_STOCK'),
    priceMin: money('price_min').notNull(),
    priceMax: money('price_max').notNull(),
    costMin: money('cost_min'),
    costMax: money('cost_max'),
    weightMin: doublePrecision('weight_min'),
    weightMax: doublePrecision('weight_max'),
    collectionIds: uuid('collection_ids').array().notNull().default(sql`'{}'::uuid[]`),
    data: jsonObject<ProductData>('data'),
    createdDate: created(),
    lastUpdated: updated(),
    search: tsvector('search').notNull().generatedAlwaysAs(
      // Name weighs more than the description, whose HTML tags are dropped.
      sql`setweight(to_tsvector(${searchConfig}, "name"), 'A') || setweight(to_tsvector(${searchConfig}, regexp_replace("description", '<[^>]*>', ' ', 'g')), 'B')`,
    ),
    /**
     * `<option name>:<choice name>` of every visible choice (`Size:M`, `Color:Navy`; a choice's name is its
     * description, or its value when that is empty), what the `optionChoices` filter reads. Computed by the
     * SQL function `product_option_choices(jsonb)` (migration `product_option_choices`), so every write of
     * `data.productOptions` keeps it right.
     */
    optionChoices: text('option_choices')
      .array()
      .notNull()
      .generatedAlwaysAs(sql`product_option_choices("data")`),
  },
  (t) => [
    check('products_product_type_check', sql`${t.productType} in ('physical', 'digital')`),
    check('products_discount_type_check', sql`${t.discountType} in ('NONE', 'AMOUNT', 'PERCENT')`),
    check(
      'products_inventory_status_check',
      sql`${t.inventoryStatus} in ('IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK')`,
    ),
    index('products_name_idx').on(t.name, t.numericId),
    index('products_name_prefix_idx').on(sql`lower(${t.name}) text_pattern_ops`),
    index('products_price_idx').on(t.price, t.numericId),
    index('products_discounted_price_idx').on(t.discountedPrice, t.numericId),
    index('products_sku_idx').on(t.sku, t.numericId),
    index('products_brand_idx').on(t.brand, t.numericId),
    index('products_ribbon_idx').on(t.ribbon, t.numericId),
    index('products_in_stock_idx').on(t.inStock, t.numericId),
    index('products_product_type_idx').on(t.productType, t.numericId),
    index('products_visible_idx').on(t.visible, t.numericId),
    index('products_created_date_idx').on(t.createdDate, t.numericId),
    index('products_last_updated_idx').on(t.lastUpdated, t.numericId),
    index('products_collection_ids_idx').using('gin', t.collectionIds),
    index('products_option_choices_idx').using('gin', t.optionChoices),
    // Brand and ribbon look-ups by id: assigned-product counts, renames and deletes of a brand or ribbon.
    index('products_brand_id_idx').on(t.brandId),
    index('products_ribbon_id_idx').on(t.ribbonId),
    index('products_search_idx').using('gin', t.search),
    // Trigrams of the name, so a search with a typo ("skilet", "tshirt") still finds the product.
    index('products_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
  ],
);

/** Rows → v1 catalogue wire objects (wire/catalogue.md §1, §4): prices become JSON numbers here, and only here. */

export type ProductRow = Omit<typeof products.$inferSelect, 'search' | 'optionChoices'>;
