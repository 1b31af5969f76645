import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, numeric, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Activity, StoredLine, StoredPrice } from './model.ts';
import {
  at,
  entityTable,
  flag,
  jsonList,
  jsonObject,
  revision,
  singletonTable,
  updatedDate,
} from '../../platform/columns.ts';

/**
 * Abandoned checkouts: one per checkout that had a buyer e-mail and no order after the store's delay, written
 * by the abandonment job (flows/abandonment) with the checkout priced as it stood then. `status` goes
 * ABANDONED → RECOVERED when an order is placed from the checkout. `mail_due_date` is set while a recovery
 * mail waits to be sent (the sender claims due rows with `FOR UPDATE SKIP LOCKED` and clears it).
 */
export const abandonedCheckouts = entityTable(
  'abandoned_checkouts',
  {
    checkoutId: uuid('checkout_id').notNull(),
    cartId: uuid('cart_id'),
    memberId: uuid('member_id'),
    visitorId: uuid('visitor_id'),
    status: text('status').notNull().default('ABANDONED'),
    buyerEmail: text('buyer_email').notNull(),
    buyerInfo: jsonObject('buyer_info'),
    contactDetails: jsonb('contact_details').$type<Record<string, unknown>>(),
    buyerLanguage: text('buyer_language'),
    currency: text('currency').notNull(),
    /** The checkout's total and subtotal then: decimal amounts (for sums) and their MCP objects. */
    total: numeric('total').notNull(),
    subtotal: numeric('subtotal').notNull(),
    totalPrice: jsonb('total_price').$type<StoredPrice>().notNull(),
    subtotalPrice: jsonb('subtotal_price').$type<StoredPrice>().notNull(),
    lineItems: jsonList<StoredLine>('line_items'),
    appliedDiscounts: jsonList<unknown>('applied_discounts'),
    activities: jsonList<Activity>('activities'),
    /** Opens the checkout from the recovery mail (`redirect-to-checkout?token=`): random, per row. */
    recoveryToken: text('recovery_token').notNull(),
    /** The wire's `checkoutUrl`: the recovery link, on the store's public URL when it was abandoned. */
    checkoutUrl: text('checkout_url').notNull(),
    mailDueDate: at('mail_due_date'),
    /** When the checkout was last changed by the buyer (the abandonment time counts from here). */
    abandonedDate: at('abandoned_date').notNull(),
    recoveredDate: at('recovered_date'),
    /** The order that recovered it. */
    orderId: uuid('order_id'),
  },
  (t) => [
    uniqueIndex('abandoned_checkouts_checkout_idx').on(t.checkoutId),
    index('abandoned_checkouts_status_idx').on(t.status, t.createdDate),
    index('abandoned_checkouts_email_idx').on(t.buyerEmail),
    index('abandoned_checkouts_mail_due_idx').on(t.mailDueDate).where(sql`${t.mailDueDate} is not null`),
    check('abandoned_checkouts_status_check', sql`${t.status} in ('ABANDONED', 'RECOVERED')`),
  ],
);

/** The one row (`id = 1`) of the store's recovery settings; absent until first written (defaults apply). */
export const abandonedCheckoutSettings = singletonTable(
  'abandoned_checkout_settings',
  {
    recoveryEmailsEnabled: flag('recovery_emails_enabled', true),
    delayMinutes: integer('delay_minutes').notNull().default(60),
    revision: revision(),
    updatedDate: updatedDate(),
  },
  { checked: false },
);
