import { sql } from 'drizzle-orm';
import { bigint, index, text, uuid } from 'drizzle-orm/pg-core';
import { contentColumns } from '../cart/tables.ts';
import type { CheckoutInfo } from './model.ts';
import { datedTable, flag, jsonObject } from '../../platform/columns.ts';

/**
 * Checkouts: created from the current cart (`create-checkout`) or directly (`POST /ecom/v1/checkouts`). Lines
 * are stored like the cart's (catalogue references, quantities) and priced from the catalogue and the pricing
 * engine at every read, until an order is placed; the order then keeps the priced snapshot.
 * Every write locks the row (`select … for update`) and bumps `revision`.
 */
export const checkouts = datedTable(
  'checkouts',
  {
    cartId: uuid('cart_id'),
    memberId: uuid('member_id'),
    visitorId: uuid('visitor_id'),
    channelType: text('channel_type').notNull().default('WEB'),
    /** The wire cart at creation (lines priced from the catalogue then); kept for reference. */
    cart: jsonObject('cart'),
    /** `shippingAddress`, `billingAddress`, `selectedShippingOption`, `email` as sent to create-checkout. */
    request: jsonObject('request'),
    /**
     * Lines, coupon, merchant discounts and `info`: everything else the buyer or merchant set (billingInfo,
     * shippingInfo (destination, selected option), buyerInfo, buyerNote, customFields, customSettings,
     * membershipOptions, extendedFields, customContentReference, externalReference, businessLocationId,
     * overrideCheckoutUrl, tipChoice…).
     */
    ...contentColumns<CheckoutInfo>(),
    purchaseFlowId: uuid('purchase_flow_id').notNull().default(sql`gen_random_uuid()`),
    completed: flag('completed', false),
    /** The order placed from this checkout (set in the order's transaction). */
    orderId: uuid('order_id'),
    revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [
    index('checkouts_cart_idx').on(t.cartId),
    index('checkouts_member_idx').on(t.memberId),
    index('checkouts_updated_idx').on(t.updatedDate),
  ],
);
