import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type {
  StoredAddress,
  StoredCharge,
  StoredDestination,
  StoredJurisdiction,
  StoredPickup,
  StoredRate,
  StoredTimeSlot,
} from './model.ts';
import {
  at,
  cascadeRef,
  createdDate,
  entityTable,
  flag,
  jsonList,
  jsonObject,
  primaryId,
  revisioned,
  singletonTable,
} from '../../platform/columns.ts';
import type { StoredMedia } from '../catalogue/shared/model.ts';

/**
 * Merchant settings the pricing engine reads: the store singleton, delivery regions and shipping options,
 * tax groups / regions / rates, coupons and their redemptions. Money is `numeric` (decimal strings).
 */

/** The one row (`id = 1`) of store-wide settings; absent until first written (defaults apply). */
export const storeSettings = singletonTable(
  'store_settings',
  {
    currency: text('currency').notNull().default('USD'),
    weightUnit: text('weight_unit').$type<'KG' | 'LB'>().notNull().default('KG'),
    taxIncludedInPrices: flag('tax_included_in_prices', false),
    businessAddress: jsonb('business_address').$type<StoredAddress>(),
    locale: text('locale').notNull().default('en-US'),
    minimumOrderSubtotal: numeric('minimum_order_subtotal'),
    /** Tax group of catalogue lines (products have none of their own yet). */
    defaultTaxGroupId: uuid('default_tax_group_id'),
    /** Tax group of shipping prices; untaxed when neither this nor the option names one. */
    shippingTaxGroupId: uuid('shipping_tax_group_id'),
    /** Where a line without its own taxable address is taxed (Aisle). */
    defaultTaxableAddress: text('default_taxable_address')
      .$type<'BUSINESS' | 'BILLING' | 'SHIPPING'>()
      .notNull()
      .default('SHIPPING'),
    /** The store's name and logo (an uploaded image or an external URL), as the storefront shows them. */
    storeName: text('store_name'),
    logo: jsonb('logo').$type<StoredMedia>(),
    ...revisioned(),
  },
  {
    indexes: (t) => [
      check('store_settings_weight_unit_check', sql`${t.weightUnit} in ('KG', 'LB')`),
      check(
        'store_settings_taxable_address_check',
        sql`${t.defaultTaxableAddress} in ('BUSINESS', 'BILLING', 'SHIPPING')`,
      ),
    ],
  },
);

/** Where shipping options deliver: countries, each whole or limited to subdivisions. */
export const deliveryRegions = entityTable(
  'delivery_regions',
  {
    name: text('name').notNull(),
    destinations: jsonList<StoredDestination>('destinations'),
  },
  (t) => [index('delivery_regions_name_idx').on(t.name, t.id)],
);

export const shippingOptions = entityTable(
  'shipping_options',
  {
    title: text('title').notNull(),
    deliveryRegionIds: uuid('delivery_region_ids').array().notNull().default(sql`'{}'::uuid[]`),
    estimatedDeliveryTime: text('estimated_delivery_time'),
    instructions: text('instructions'),
    deliveryTimeSlot: jsonb('delivery_time_slot').$type<StoredTimeSlot>(),
    rates: jsonList<StoredRate>('rates'),
    otherCharges: jsonList<StoredCharge>('other_charges'),
    pickup: jsonb('pickup').$type<StoredPickup>(),
    taxGroupId: uuid('tax_group_id'),
    extendedFields: jsonObject('extended_fields'),
  },
  (t) => [
    index('shipping_options_title_idx').on(t.title, t.id),
    index('shipping_options_regions_idx').using('gin', t.deliveryRegionIds),
  ],
);

export const taxGroups = entityTable(
  'tax_groups',
  {
    name: text('name').notNull(),
    /** Defined by the platform (a default group): read-only. */
    systemDefined: flag('system_defined', false),
    /** The app whose default group this is. */
    appId: text('app_id'),
  },
  (t) => [index('tax_groups_name_idx').on(t.name, t.id)],
);

export const taxRegions = entityTable(
  'tax_regions',
  {
    /** ISO 3166-1 alpha-2, upper case. */
    country: text('country').notNull(),
    /** ISO 3166-2 with the country prefix (`US-CA`); null = the whole country. */
    subdivision: text('subdivision'),
    /** The tax calculator of the region. */
    appId: text('app_id').notNull(),
    taxIncludedInPrice: flag('tax_included_in_price', false),
  },
  (t) => [uniqueIndex('tax_regions_place_idx').on(t.country, sql`coalesce(${t.subdivision}, '')`)],
);

/** Manual rates: one per tax region and tax group, split over jurisdictions. */
export const taxRates = entityTable(
  'tax_rates',
  {
    taxRegionId: cascadeRef('tax_region_id', () => taxRegions.id),
    taxGroupId: cascadeRef('tax_group_id', () => taxGroups.id),
    jurisdictions: jsonb('jurisdictions').$type<StoredJurisdiction[]>().notNull(),
  },
  (t) => [
    uniqueIndex('tax_rates_region_group_idx').on(t.taxRegionId, t.taxGroupId),
    index('tax_rates_group_idx').on(t.taxGroupId),
  ],
);

export const coupons = entityTable(
  'coupons',
  {
    /** As the merchant typed it; unique case-insensitively. */
    code: text('code').notNull(),
    name: text('name').notNull(),
    active: flag('active', true),
    discountType: text('discount_type').$type<'PERCENTAGE' | 'FIXED_AMOUNT' | 'FREE_SHIPPING'>().notNull(),
    /** PERCENTAGE: a percentage as a decimal (`"12.5"`). */
    percentage: numeric('percentage'),
    /** FIXED_AMOUNT: money off the order. */
    fixedAmount: numeric('fixed_amount'),
    minimumSubtotal: numeric('minimum_subtotal'),
    scopeType: text('scope_type')
      .$type<'ALL_ITEMS' | 'SPECIFIC_PRODUCTS' | 'SPECIFIC_COLLECTIONS'>()
      .notNull()
      .default('ALL_ITEMS'),
    /** Product or collection ids of a specific scope. */
    scopeIds: uuid('scope_ids').array().notNull().default(sql`'{}'::uuid[]`),
    startTime: at('start_time'),
    expirationTime: at('expiration_time'),
    usageLimit: integer('usage_limit'),
    limitPerCustomer: integer('limit_per_customer'),
    /** Redemptions so far (orders that used the code). */
    timesUsed: integer('times_used').notNull().default(0),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(sql`lower(${t.code})`),
    index('coupons_name_idx').on(t.name, t.id),
    check(
      'coupons_discount_type_check',
      sql`${t.discountType} in ('PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING')`,
    ),
    check(
      'coupons_scope_type_check',
      sql`${t.scopeType} in ('ALL_ITEMS', 'SPECIFIC_PRODUCTS', 'SPECIFIC_COLLECTIONS')`,
    ),
  ],
);

/** One row per order that used a coupon: the per-customer limit counts these. */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: primaryId(),
    couponId: cascadeRef('coupon_id', () => coupons.id),
    memberId: uuid('member_id'),
    visitorId: uuid('visitor_id'),
    email: text('email'),
    orderId: text('order_id'),
    createdDate: createdDate(),
  },
  (t) => [
    index('coupon_redemptions_member_idx').on(t.couponId, t.memberId),
    index('coupon_redemptions_visitor_idx').on(t.couponId, t.visitorId),
    index('coupon_redemptions_email_idx').on(t.couponId, sql`lower(${t.email})`),
  ],
);
