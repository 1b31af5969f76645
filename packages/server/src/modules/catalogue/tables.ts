import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  CustomizationRenderType,
  CustomizationType,
  ProductData,
  RichContent,
  StoredCustomizationChoice,
  StoredFreeTextInput,
  StoredMedia,
  VariantData,
} from './model.ts';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
const created = () => timestamp('created_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const updated = (name = 'last_updated') =>
  timestamp(name, { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/** The text-search configuration of `products.search`; queries must use the same one. */
export const SEARCH_CONFIG = 'english';
const searchConfig = sql.raw(`'${SEARCH_CONFIG}'`);

/** v3 brands; a product keeps the brand name beside the id because the v1 wire, filters and sorts use it. */
export const brands = pgTable('brands', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`),
  createdDate: created(),
  updatedDate: updated('updated_date'),
});

/** v3 ribbons ("New", "Sale"), same shape as brands. */
export const ribbons = pgTable('ribbons', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  name: text('name').notNull().unique(),
  revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`),
  createdDate: created(),
  updatedDate: updated('updated_date'),
});

/**
 * v1 products. Everything a filter or a sort reads is a column (with an index, tie-broken by `numeric_id`);
 * stock and price ranges are denormalised from variants and inventory by the write service; the rest of the
 * wire entity lives in `data`.
 */
export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    numericId: bigint('numeric_id', { mode: 'bigint' }).notNull().unique().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull().unique(),
    description: text('description').notNull().default(''),
    sku: text('sku'),
    productType: text('product_type').$type<'physical' | 'digital'>().notNull().default('physical'),
    visible: boolean('visible').notNull().default(true),
    manageVariants: boolean('manage_variants').notNull().default(false),
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
    trackInventory: boolean('track_inventory').notNull().default(false),
    quantity: integer('quantity'),
    inStock: boolean('in_stock').notNull().default(true),
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
    data: jsonb('data').$type<ProductData>().notNull().default({}),
    createdDate: created(),
    lastUpdated: updated(),
    search: tsvector('search').notNull().generatedAlwaysAs(
      // Name weighs more than the description, whose HTML tags are dropped.
      sql`setweight(to_tsvector(${searchConfig}, "name"), 'A') || setweight(to_tsvector(${searchConfig}, regexp_replace("description", '<[^>]*>', ' ', 'g')), 'B')`,
    ),
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
    // Brand and ribbon look-ups by id: assigned-product counts, renames and deletes of a brand or ribbon.
    index('products_brand_id_idx').on(t.brandId),
    index('products_ribbon_id_idx').on(t.ribbonId),
    index('products_search_idx').using('gin', t.search),
  ],
);

/** The id of the one variant of a product without managed variants (wire/catalogue.md). */
export const DEFAULT_VARIANT_ID = '00000000-0000-0000-0000-000000000000';

/** Variants of a product; variant ids are unique within their product only. */
export const productVariants = pgTable(
  'product_variants',
  {
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    id: uuid('id').notNull(),
    position: integer('position').notNull().default(0),
    /** Option name → choice description, e.g. `{"Size": "M", "Color": "Navy"}`. */
    choices: jsonb('choices').$type<Record<string, string>>().notNull().default({}),
    price: money('price').notNull(),
    discountedPrice: money('discounted_price').notNull(),
    cost: money('cost'),
    weight: doublePrecision('weight'),
    sku: text('sku'),
    visible: boolean('visible').notNull().default(true),
    data: jsonb('data').$type<VariantData>().notNull().default({}),
  },
  (t) => [
    primaryKey({ columns: [t.productId, t.id] }),
    // Store-variant look-ups by SKU (wire/catalogue.md §2, `POST /variants/query`).
    index('product_variants_sku_idx').on(t.sku),
    // v3 inventory items name a variant by its id alone.
    index('product_variants_id_idx').on(t.id),
  ],
);

/** Stock per variant (v3 inventory item shape: one row per variant; the v1 item groups them by product). */
export const inventoryItems = pgTable(
  'inventory_items',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id').notNull(),
    trackQuantity: boolean('track_quantity').notNull().default(false),
    quantity: integer('quantity'),
    inStock: boolean('in_stock').notNull().default(true),
    /** Pre-order settings; the v1 item sets them for all variants of a product at once. */
    preorderEnabled: boolean('preorder_enabled').notNull().default(false),
    preorderMessage: text('preorder_message'),
    /** At most this many units pre-ordered; null = no limit. */
    preorderLimit: integer('preorder_limit'),
    /** Units pre-ordered so far (decrements with `preorderRequest` past the stock). */
    preorderCounter: integer('preorder_counter').notNull().default(0),
    revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`),
    createdDate: created(),
    updatedDate: updated('updated_date'),
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

export const collections = pgTable(
  'collections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
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
    addedDate: timestamp('added_date', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.collectionId, t.productId] }),
    index('product_collections_product_idx').on(t.productId),
  ],
);

/** v3 customizations: product options (variant-making) and modifiers (free text or choices). */
export const customizations = pgTable(
  'customizations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    name: text('name').notNull(),
    /** Read-only identifier derived from the name. */
    key: text('key').notNull(),
    customizationType: text('customization_type').$type<CustomizationType>().notNull(),
    customizationRenderType: text('customization_render_type').$type<CustomizationRenderType>().notNull(),
    freeTextInput: jsonb('free_text_input').$type<StoredFreeTextInput>(),
    choices: jsonb('choices').$type<StoredCustomizationChoice[]>().notNull().default([]),
    revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`),
    createdDate: created(),
    updatedDate: updated('updated_date'),
  },
  (t) => [
    check('customizations_type_check', sql`${t.customizationType} in ('PRODUCT_OPTION', 'MODIFIER')`),
    check(
      'customizations_render_type_check',
      sql`${t.customizationRenderType} in ('FREE_TEXT', 'TEXT_CHOICES', 'SWATCH_CHOICES')`,
    ),
    uniqueIndex('customizations_type_name_idx').on(t.customizationType, t.name),
    index('customizations_created_date_idx').on(t.createdDate, t.id),
  ],
);

/** v3 info sections: a rich-content description shared by products (v1 products copy title and HTML). */
export const infoSections = pgTable(
  'info_sections',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    uniqueName: text('unique_name').notNull().unique(),
    title: text('title').notNull(),
    description: jsonb('description').$type<RichContent>().notNull(),
    /** Sanitised HTML of the description. */
    plainDescription: text('plain_description').notNull().default(''),
    revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`1`),
    createdDate: created(),
    updatedDate: updated('updated_date'),
  },
  (t) => [index('info_sections_created_date_idx').on(t.createdDate, t.id)],
);
