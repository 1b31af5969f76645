import { index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { at, createdDate, entityTable, jsonList, money, primaryId } from '../../platform/columns.ts';

/**
 * Subscription contracts (wire/merchant-settings.md "Subscription contracts"): one per subscription line of a
 * placed order, owned by the member who bought it, charged once per cycle by the billing scheduler
 * (docs/SUBSCRIPTIONS.md). `data` holds the order-shaped wire parts (lineItems, buyerInfo, priceSummary,
 * billingInfo, shippingInfo, recipientInfo, appliedDiscounts, channelInfo, customFields, additionalFees).
 */

/** ACTIVE (charged when due), PAUSED (by the member), SUSPENDED (charges failed), CANCELED, ENDED (all cycles billed). */
export type ContractStatus = 'ACTIVE' | 'PAUSED' | 'SUSPENDED' | 'CANCELED' | 'ENDED';

export interface ContractSettings {
  frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';
  interval: number;
  autoRenewal: boolean;
  billingCycles?: number;
  enableCustomerCancellation: boolean;
  freeTrialPeriod?: { frequency: 'DAY' | 'WEEK' | 'MONTH' | 'YEAR'; interval: number };
  startDate: string;
}

/** The payment method cycles are charged with: the provider and its reusable token (never a card number). */
export interface SavedPaymentMethod {
  provider: string;
  token: string;
  card?: { brand: string; lastFourDigits: string };
}

export const subscriptionContracts = entityTable(
  'subscription_contracts',
  {
    memberId: uuid('member_id').notNull(),
    /** The order that bought it, and its line. */
    orderId: uuid('order_id').notNull(),
    lineItemId: text('line_item_id').notNull(),
    productId: uuid('product_id'),
    subscriptionOptionId: text('subscription_option_id'),
    status: text('status').$type<ContractStatus>().notNull().default('ACTIVE'),
    title: text('title').notNull(),
    description: text('description'),
    settings: jsonb('settings').$type<ContractSettings>().notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    /** Order-shaped activities: `[{id, type, createdDate, …}]`. */
    activities: jsonList<Record<string, unknown>>('activities'),
    currency: text('currency').notNull(),
    /** What one cycle costs per unit before tax (the line's subscription price). */
    unitPrice: money('unit_price').notNull(),
    quantity: integer('quantity').notNull(),
    /** Cycles paid so far (the order that bought it paid cycle 1, unless it began with a free trial). */
    billedCycles: integer('billed_cycles').notNull(),
    /** When the next cycle is charged; null when none is (canceled, ended). */
    nextChargeDate: at('next_charge_date'),
    /** Failed attempts at the next cycle (retried on the schedule of docs/SUBSCRIPTIONS.md). */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    /** A scheduler holds the due cycle until then (claimed with FOR UPDATE SKIP LOCKED). */
    claimedUntil: at('claimed_until'),
    paymentMethod: jsonb('payment_method').$type<SavedPaymentMethod>(),
  },
  (t) => [
    index('subscription_contracts_member_idx').on(t.memberId, t.createdDate),
    index('subscription_contracts_due_idx').on(t.status, t.nextChargeDate),
  ],
);

/** Charges of a contract's cycles: each attempt, approved or declined, with the cycle's order when approved. */
export const subscriptionCharges = pgTable(
  'subscription_charges',
  {
    id: primaryId(),
    contractId: uuid('contract_id').notNull(),
    cycle: integer('cycle').notNull(),
    attempt: integer('attempt').notNull(),
    /** APPROVED | DECLINED */
    status: text('status').notNull(),
    amount: money('amount'),
    orderId: uuid('order_id'),
    reason: text('reason'),
    createdDate: createdDate(),
  },
  (t) => [
    index('subscription_charges_contract_idx').on(t.contractId, t.cycle),
    uniqueIndex('subscription_charges_attempt_idx').on(t.contractId, t.cycle, t.attempt),
  ],
);
