import { sql } from 'drizzle-orm';
import { check, index, jsonb, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { at, flag, jsonObject, revisionedTable } from '../../platform/columns.ts';

/** What the shopper's page told about the item (`itemDetails`), kept for the notification mail. */
export interface ItemDetails {
  name?: string;
  price?: string;
  image?: string;
}

/**
 * Back-in-stock notification requests: a shopper's e-mail for one catalogue item (a product, or one variant of
 * it: `variant_id` '' when none). RECEIVED → PROCESSING → NOTIFICATION_SENT | FAILED (flows/back-in-stock).
 * One open request (RECEIVED or PROCESSING) per e-mail and item: a partial unique index, so a second one is
 * refused even under concurrent creates; once notified, the shopper may ask again.
 */
export const backInStockRequests = revisionedTable(
  'back_in_stock_requests',
  {
    appId: text('app_id').notNull(),
    catalogItemId: text('catalog_item_id').notNull(),
    variantId: text('variant_id').notNull().default(''),
    /** The wire's `catalogReference` as sent (its `options` may hold more than the variant). */
    catalogReference: jsonb('catalog_reference').$type<Record<string, unknown>>().notNull(),
    email: text('email').notNull(),
    /** `lower(trim(email))`: what "the same e-mail" means. */
    emailKey: text('email_key').notNull(),
    contactId: text('contact_id'),
    status: text('status').notNull().default('RECEIVED'),
    autoNotified: flag('auto_notified', false),
    failureReason: text('failure_reason'),
    itemUrl: text('item_url'),
    itemDetails: jsonObject<ItemDetails>('item_details'),
    notifiedDate: at('notified_date'),
  },
  (t) => [
    uniqueIndex('back_in_stock_open_idx')
      .on(t.emailKey, t.appId, t.catalogItemId, t.variantId)
      .where(sql`${t.status} in ('RECEIVED', 'PROCESSING')`),
    index('back_in_stock_item_idx').on(t.appId, t.catalogItemId, t.variantId, t.status),
    index('back_in_stock_created_idx').on(t.createdDate, t.id),
    index('back_in_stock_email_idx').on(t.emailKey),
    check(
      'back_in_stock_status_check',
      sql`${t.status} in ('RECEIVED', 'PROCESSING', 'NOTIFICATION_SENT', 'FAILED')`,
    ),
  ],
);
