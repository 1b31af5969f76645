import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import { type Db, firstRow } from '../../platform/db.ts';
import type { ChargeResult } from './provider.ts';
import { paymentActions, payments } from './tables.ts';

/** Payments as recorded: the provider's reference, amount, status and, for cards, brand and last four only. */

export type PaymentRow = typeof payments.$inferSelect;
export type PaymentActionRow = typeof paymentActions.$inferSelect;

/** How long a buyer has to confirm a payment that needs it. */
export const ACTION_TTL_MS = 30 * 60 * 1000;

export interface NewPayment {
  orderId: string;
  provider: string;
  amount: string;
  idempotencyKey: string;
  result: Exclude<ChargeResult, { status: 'DECLINED' }>;
  /** Whether the charge captures (false: authorize only); a pending payment settles the same way. */
  capture: boolean;
  now: Date;
}

/** The payment row of an accepted (approved, authorized or pending) charge, as `recordPayment` stores it. */
export function paymentRow(input: NewPayment): PaymentRow {
  const { result, now } = input;
  return {
    id: randomUUID(),
    orderId: input.orderId,
    provider: input.provider,
    providerReference: result.reference,
    idempotencyKey: input.idempotencyKey,
    amount: input.amount,
    status: result.status,
    refundedAmount: '0',
    details: {
      paymentMethod: result.card ? 'CREDIT_CARD' : 'OFFLINE',
      ...(result.card ? { card: result.card } : {}),
      ...(result.status === 'AUTHORIZED' ? { authorization: { authorizationDate: now.toISOString() } } : {}),
      ...(result.status === 'PENDING' ? { capture: input.capture } : {}),
    },
    createdDate: now,
    updatedDate: now,
  };
}

/** Records an accepted (approved, authorized or pending) charge. */
export async function recordPayment(tx: Db, input: NewPayment): Promise<PaymentRow> {
  const [row] = await tx.insert(payments).values(paymentRow(input)).returning();
  return row!;
}

/** The latest payment of an order (what `paymentGatewayOrderId` names). */
export async function latestPayment(db: Db, orderId: string): Promise<PaymentRow | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, orderId))
    .orderBy(sql`${payments.createdDate} desc`)
    .limit(1);
  return row;
}

/** Keeps the buyer step of a pending payment, by the hash of its confirmation token. */
export async function savePaymentAction(
  tx: Db,
  input: { token: string; paymentId: string; orderId: string; now: Date },
): Promise<void> {
  await tx.insert(paymentActions).values({
    tokenHash: hashSecret(input.token),
    paymentId: input.paymentId,
    orderId: input.orderId,
    expiresAt: new Date(input.now.getTime() + ACTION_TTL_MS),
    createdDate: input.now,
  });
}

export async function findPaymentAction(db: Db, token: string): Promise<PaymentActionRow | undefined> {
  return firstRow(db, paymentActions, eq(paymentActions.tokenHash, hashSecret(token)));
}

/** The action, locked until the transaction ends. */
export async function lockPaymentAction(tx: Db, token: string): Promise<PaymentActionRow | undefined> {
  return firstRow(tx, paymentActions, eq(paymentActions.tokenHash, hashSecret(token)), 'update');
}

export async function settlePayment(
  tx: Db,
  action: PaymentActionRow,
  outcome: { confirmed: boolean; returnUrl?: string | undefined; reason?: string; now: Date },
): Promise<PaymentRow> {
  await tx
    .update(paymentActions)
    .set({ status: outcome.confirmed ? 'CONFIRMED' : 'FAILED', returnUrl: outcome.returnUrl ?? null })
    .where(eq(paymentActions.tokenHash, action.tokenHash));
  const [current] = await tx.select().from(payments).where(eq(payments.id, action.paymentId)).for('update');
  const capture = current!.details.capture !== false;
  const [row] = await tx
    .update(payments)
    .set({
      status: outcome.confirmed ? (capture ? 'APPROVED' : 'AUTHORIZED') : 'DECLINED',
      details: {
        ...current!.details,
        ...(outcome.confirmed ? {} : { declineReason: outcome.reason ?? 'BUYER_DID_NOT_CONFIRM' }),
      },
      updatedDate: outcome.now,
    })
    .where(eq(payments.id, action.paymentId))
    .returning();
  return row!;
}
