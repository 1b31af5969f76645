import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Checkouts created from the current cart (`create-checkout`). Minimal for now: the cart as it was and the
 * request's fields; the checkout issue adds the rest of the entity.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    cartId: uuid('cart_id'),
    memberId: uuid('member_id'),
    visitorId: uuid('visitor_id'),
    channelType: text('channel_type').notNull().default('WEB'),
    /** The wire cart at creation (lines priced from the catalogue then). */
    cart: jsonb('cart').$type<Record<string, unknown>>().notNull(),
    /** `shippingAddress`, `billingAddress`, `selectedShippingOption`, `email` as sent. */
    request: jsonb('request').$type<Record<string, unknown>>().notNull().default({}),
    createdDate: at('created_date').notNull().defaultNow(),
    updatedDate: at('updated_date').notNull().defaultNow(),
  },
  (t) => [index('checkouts_cart_idx').on(t.cartId)],
);
