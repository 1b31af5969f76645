import { type SQLWrapper, sql } from 'drizzle-orm';
import {
  bigint,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  at,
  cascadeRef,
  createdDate,
  dated,
  datedTable,
  flag,
  jsonList,
  jsonObject,
  money,
  primaryId,
  revision,
  singletonTable,
} from '../../platform/columns.ts';

/**
 * The buyer's names in one text (billing and recipient contact, first and last), for the admin's name search:
 * as `concat_ws(' ', …)` reads them (missing ones skipped), but immutable, so that an index may use it.
 */
export const buyerNameText = (data: SQLWrapper) => {
  const part = (path: string, last = false) =>
    last
      ? sql`coalesce(${data} #>> ${sql.raw(`'${path}'`)}, '')`
      : sql`coalesce((${data} #>> ${sql.raw(`'${path}'`)}) || ' ', '')`;
  return sql`rtrim(${part('{billingInfo,contactDetails,firstName}')} || ${part('{billingInfo,contactDetails,lastName}')} || ${part('{recipientInfo,contactDetails,firstName}')} || ${part('{recipientInfo,contactDetails,lastName}', true)}, ' ')`;
};

/** Order numbers: `nextval` at placement; `set-order-number-counter` moves it (`setval`). Gaps are allowed. */
export const orderNumberSeq = pgSequence('order_number_seq', { startWith: 10001 });

/**
 * Orders. The wire order (every field of wire/orders.md §1 the platform fills, minus `activities`, which live
 * in `order_activities`) is kept in `data`; the columns beside it are what search, aggregate, access checks
 * and the exactly-once guarantee need. Every write locks the row and bumps `revision`.
 *
 * Exactly once: `checkout_id` is unique among orders that are not REJECTED (an order whose payment failed
 * after a buyer action is REJECTED, restocked, and its checkout can be ordered again).
 */
export const orders = datedTable(
  'orders',
  {
    number: bigint('number', { mode: 'bigint' }).notNull().unique(),
    checkoutId: uuid('checkout_id'),
    cartId: uuid('cart_id'),
    memberId: uuid('member_id'),
    visitorId: uuid('visitor_id'),
    buyerEmail: text('buyer_email'),
    /** INITIALIZED | APPROVED | CANCELED | PENDING | REJECTED */
    status: text('status').notNull(),
    /** wire/orders.md paymentStatus */
    paymentStatus: text('payment_status').notNull(),
    /** NOT_FULFILLED | FULFILLED | PARTIALLY_FULFILLED | CANCELED */
    fulfillmentStatus: text('fulfillment_status').notNull().default('NOT_FULFILLED'),
    currency: text('currency').notNull(),
    total: money('total').notNull(),
    /** Paid so far minus refunded (balanceSummary is derived from payments and refunds). */
    archived: flag('archived', false),
    imported: flag('imported', false),
    channelType: text('channel_type').notNull().default('WEB'),
    /** Hash of the confirmation token a visitor reads their just-placed order with (never the token). */
    confirmationTokenHash: text('confirmation_token_hash'),
    /** Private and public tag ids, for filters; also mirrored in `data.tags`. */
    tagIds: jsonList<string>('tag_ids'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    revision: revision(),
    purchasedDate: at('purchased_date'),
  },
  (t) => [
    uniqueIndex('orders_checkout_once_idx').on(t.checkoutId).where(sql`${t.status} <> 'REJECTED'`),
    index('orders_member_created_idx').on(t.memberId, t.createdDate),
    index('orders_created_idx').on(t.createdDate, t.id),
    index('orders_status_idx').on(t.status, t.paymentStatus, t.fulfillmentStatus),
    index('orders_email_idx').on(sql`lower(${t.buyerEmail})`),
    // The admin's searches (search.ts) as the filter compiler writes them: `$startsWith` on the lower-cased
    // e-mail (lower(lower(…)) like 'ada.l%'), `$contains` on the buyer's names (trigrams).
    index('orders_email_prefix_idx').on(sql`lower(lower(${t.buyerEmail})) text_pattern_ops`),
    index('orders_buyer_name_trgm_idx').using('gin', sql`lower(${buyerNameText(t.data)}) gin_trgm_ops`),
  ],
);

/** Order activities (wire `activities[]`), appended by every change; ordered by `created_date`, `seq`. */
export const orderActivities = pgTable(
  'order_activities',
  {
    id: primaryId(),
    orderId: cascadeRef('order_id', () => orders.id),
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
    type: text('type').notNull(),
    authorEmail: text('author_email'),
    /** The one detail object: merchantComment, customActivity, orderRefunded, payment/refund details… */
    details: jsonObject('details'),
    createdDate: createdDate(),
  },
  (t) => [index('order_activities_order_idx').on(t.orderId, t.createdDate)],
);

/**
 * Mails an order's events send once (`confirmation`): the row claims the mail, so a redelivered `order.created`
 * does not send it again. A small row of its own, not a mark in `orders.data`: marking the order rewrote its
 * whole stored document after every placement.
 */
export const orderMails = pgTable(
  'order_mails',
  {
    orderId: cascadeRef('order_id', () => orders.id),
    kind: text('kind').notNull(),
    sentDate: at('sent_date').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.orderId, t.kind] })],
);

/** Fulfilments of an order: which lines and how many, with tracking. */
export const orderFulfillments = pgTable(
  'order_fulfillments',
  {
    id: primaryId(),
    orderId: cascadeRef('order_id', () => orders.id),
    lineItems: jsonb('line_items').$type<Array<{ id: string; quantity: number }>>().notNull(),
    trackingInfo: jsonb('tracking_info').$type<{
      trackingNumber?: string;
      shippingProvider?: string;
      trackingLink?: string;
    }>(),
    completed: flag('completed', true),
    createdDate: createdDate(),
  },
  (t) => [index('order_fulfillments_order_idx').on(t.orderId)],
);

/** Invoices of an order (Draft → Sent → Paid / Overdue / Void …). */
export const orderInvoices = datedTable(
  'order_invoices',
  {
    orderId: cascadeRef('order_id', () => orders.id),
    number: integer('number').notNull(),
    status: text('status').notNull().default('Draft'),
    dueDate: at('due_date'),
    data: jsonObject('data'),
  },
  (t) => [index('order_invoices_order_idx').on(t.orderId)],
);

/** Orders settings (singleton): inventory update trigger, approval strategy, invoices. */
export const ordersSettings = singletonTable('orders_settings', {
  /** ON_ORDER_PLACED | ON_ORDER_PAID */
  inventoryUpdateTrigger: text('inventory_update_trigger').notNull().default('ON_ORDER_PLACED'),
  /** DEFAULT | PAYMENT_RECEIVED | PAYMENT_METHOD_SAVED */
  orderApprovalStrategy: text('order_approval_strategy').notNull().default('DEFAULT'),
  createInvoice: flag('create_invoice', false),
  data: jsonObject('data'),
  ...dated(),
});
