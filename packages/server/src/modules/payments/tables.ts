import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdDate, datedTable, flag, jsonList, jsonObject, money } from '../../platform/columns.ts';

/**
 * Payments of an order (wire `orderTransactions.payments[]`). Card data never reaches this table: a payment
 * holds the provider's reference and, for cards, brand and last four digits only.
 */
export const payments = datedTable(
  'payments',
  {
    orderId: uuid('order_id').notNull(),
    /** `sandbox-card`, `offline`, `manual`, or an installed provider's id. */
    provider: text('provider').notNull(),
    /** The provider's charge / authorization id. */
    providerReference: text('provider_reference'),
    /** Idempotency key sent to the provider (one per order and attempt). */
    idempotencyKey: text('idempotency_key'),
    amount: money('amount').notNull(),
    /** APPROVED | PENDING | PENDING_MERCHANT | CANCELED | DECLINED | REFUNDED | PARTIALLY_REFUNDED | AUTHORIZED | VOIDED */
    status: text('status').notNull(),
    refundedAmount: money('refunded_amount').notNull().default('0'),
    /** `{brand, lastFourDigits}` for cards; `paymentMethod`, decline reason, authorization/capture/void dates… */
    details: jsonObject('details'),
  },
  (t) => [
    index('payments_order_idx').on(t.orderId),
    uniqueIndex('payments_idempotency_idx').on(t.provider, t.idempotencyKey),
  ],
);

/** Refunds (wire `orderTransactions.refunds[]`): one per trigger-refund, over one or more payments. */
export const refunds = datedTable(
  'refunds',
  {
    orderId: uuid('order_id').notNull(),
    /** `[{paymentId, amount, externalRefund, status, providerReference}]` */
    transactions: jsonList<Record<string, unknown>>('transactions'),
    amount: money('amount').notNull(),
    /** PENDING | SUCCEEDED | FAILED */
    status: text('status').notNull(),
    /** `{lineItems, shipping, additionalFees, reason}` and restock info as requested. */
    details: jsonObject('details'),
  },
  (t) => [index('refunds_order_idx').on(t.orderId)],
);

/**
 * Sandbox card tokens: what the buyer's card resolves to (brand, last four, the outcome its test number asks
 * for), stored by the token's hash, single use, short lived. The card number itself is never stored.
 */
export const sandboxCardTokens = pgTable('sandbox_card_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  brand: text('brand').notNull(),
  lastFourDigits: text('last_four_digits').notNull(),
  /** APPROVE | DECLINE | INSUFFICIENT_FUNDS | REQUIRE_CONFIRMATION */
  outcome: text('outcome').notNull(),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  /** A saved payment method (`saveMethod`): charged any number of times, never expires. */
  reusable: flag('reusable', false),
  createdDate: createdDate(),
});

/** Payment steps waiting for the buyer (the sandbox's confirmation page): token hash → payment. */
export const paymentActions = pgTable('payment_actions', {
  tokenHash: text('token_hash').primaryKey(),
  paymentId: uuid('payment_id').notNull(),
  orderId: uuid('order_id').notNull(),
  returnUrl: text('return_url'),
  /** PENDING | CONFIRMED | FAILED */
  status: text('status').notNull().default('PENDING'),
  expiresAt: at('expires_at').notNull(),
  createdDate: createdDate(),
});
