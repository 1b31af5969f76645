import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, text, uuid } from 'drizzle-orm/pg-core';
import type { CartInfo, StoredCoupon, StoredLine, StoredMerchantDiscount } from './model.ts';
import { datedTable, jsonList, jsonObject } from '../../platform/columns.ts';

/**
 * What a cart holds and a checkout takes over from it (`create-checkout`), priced the same way in both: the
 * lines, `info` (the buyer's and merchant's other choices, `Info`), the coupon and the merchant discounts.
 */
export const contentColumns = <Info>() => ({
  lineItems: jsonList<StoredLine>('line_items'),
  info: jsonObject<Info>('info'),
  coupon: jsonb('coupon').$type<StoredCoupon>(),
  merchantDiscounts: jsonList<StoredMerchantDiscount>('merchant_discounts'),
});

/**
 * Current carts: at most one per owner. `owner_key` is `m:<memberId>` for a member and `v:<visitorId>` for an
 * anonymous visitor, so creating the cart is one atomic `insert … on conflict do nothing`. Every write raises
 * `revision`: writes save only if the revision is still the one they read (and retry, then fall back to
 * `select … for update`), so anything that updates this table must raise `revision` too.
 */
export const carts = datedTable(
  'carts',
  {
    ownerKey: text('owner_key').notNull().unique(),
    memberId: uuid('member_id'),
    /** The visitor who created it (a member's cart keeps the visitor of the session that created it). */
    visitorId: uuid('visitor_id'),
    ...contentColumns<CartInfo>(),
    checkoutId: uuid('checkout_id'),
    revision: bigint('revision', { mode: 'bigint' }).notNull().default(sql`0`),
  },
  (t) => [index('carts_member_idx').on(t.memberId), index('carts_updated_idx').on(t.updatedDate)],
);
