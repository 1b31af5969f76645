import { eq } from 'drizzle-orm';
import { runBulk } from '../../modules/catalogue/shared/write-support.ts';
import type { OrderParts } from '../../modules/orders/parts.ts';
import {
  balanceOf,
  collectabilityOf,
  collectionError,
  type OrderMoney,
  type OrderPaymentStatus,
  type OrderStatus,
  paymentActionError,
  type PaymentStatus,
} from '../../modules/orders/state.ts';
import { orderTransactionsToWire, paymentFactsOf, type PaymentRow } from '../../modules/orders/wire.ts';
import { payments } from '../../modules/payments/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, markExternalEffect } from '../../platform/db.ts';
import { AppError, badRequest, notFound } from '../../platform/errors.ts';
import { merchantOrder } from '../orders/read.ts';
import { changeOrder, linesOf, moneyOf, type NewActivity, ruleFailure } from '../orders/store.ts';
import { providerActions } from './providers.ts';

/** Payment collection of wire/orders.md §3: collectability, mark-as-paid, manual payments, capture and void. */

export const invalidAmount = (description: string, data: Record<string, unknown> = {}) =>
  badRequest('INVALID_AMOUNT', description, data);

export const paymentNotFound = (paymentId: string) =>
  notFound('PAYMENT_NOT_FOUND', `The order has no payment ${paymentId}`, { paymentId });

export function balanceOfParts(parts: OrderParts) {
  const money = moneyOf(parts);
  return balanceOf(money.parse(parts.row.total), paymentFactsOf(money, parts.payments, parts.refunds));
}

function collectability(parts: OrderParts) {
  const hasSubscriptions = linesOf(parts.row.data).some((l) => l.subscriptionInfo !== undefined);
  return collectabilityOf(
    parts.row.status as OrderStatus,
    parts.row.paymentStatus as OrderPaymentStatus,
    balanceOfParts(parts).balance,
    hasSubscriptions,
  );
}

export async function paymentCollectabilityStatus(ctx: AppContext, orderId: string) {
  const parts = await merchantOrder(ctx, orderId);
  const money = moneyOf(parts);
  const status = collectability(parts);
  return { status, amount: money.price(status === 'COLLECTABLE' ? balanceOfParts(parts).balance : 0n) };
}

export function assertCollectable(parts: OrderParts) {
  const refused = collectionError(collectability(parts));
  if (refused) throw ruleFailure(refused, { orderId: parts.row.id });
}

async function insertPayment(tx: Db, values: typeof payments.$inferInsert) {
  await tx.insert(payments).values(values);
}

/** mark-as-paid: an `offline` payment of the whole balance; the order becomes PAID (ORDER_PAID). */
export async function markAsPaid(ctx: AppContext, orderId: string) {
  const { order } = await changeOrder(ctx, orderId, async (tx, parts) => {
    assertCollectable(parts);
    const money = moneyOf(parts);
    const now = ctx.clock();
    await insertPayment(tx, {
      orderId: parts.row.id,
      provider: 'offline',
      amount: money.text(balanceOfParts(parts).balance),
      status: 'APPROVED',
      details: { paymentMethod: 'offline', markedAsPaid: true },
      createdDate: now,
      updatedDate: now,
    });
    return { change: { paymentsChanged: true } };
  });
  return { order };
}

export async function bulkMarkAsPaid(ctx: AppContext, orderIds: string[]) {
  return runBulk(
    ctx,
    orderIds,
    async (id) => {
      const { order } = await markAsPaid(ctx, id);
      return { id: order.id, item: order };
    },
    (id) => id,
  );
}

/** manual-payment: a `manual` payment of `amount` (more than zero, at most the balance): PARTIALLY_PAID or PAID. */
export async function recordManualPayment(ctx: AppContext, orderId: string, amount: string) {
  await changeOrder(ctx, orderId, async (tx, parts) => {
    assertCollectable(parts);
    const money = moneyOf(parts);
    const wanted = money.parse(amount);
    const { balance } = balanceOfParts(parts);
    if (wanted <= 0n) throw invalidAmount('The amount must be more than zero', { amount });
    if (wanted > balance)
      throw invalidAmount(`The amount is more than the balance ${money.text(balance)}`, {
        amount,
        balance: money.text(balance),
      });
    const now = ctx.clock();
    await insertPayment(tx, {
      orderId: parts.row.id,
      provider: 'manual',
      amount: money.text(wanted),
      status: 'APPROVED',
      details: { paymentMethod: 'manual' },
      createdDate: now,
      updatedDate: now,
    });
    return { change: { paymentsChanged: true } };
  });
  return {};
}

function paymentOf(parts: OrderParts, paymentId: string): PaymentRow {
  const payment = parts.payments.find((p) => p.id === paymentId.toLowerCase());
  if (!payment) throw paymentNotFound(paymentId);
  return payment;
}

/**
 * Asks the payment's provider to capture (`amount`) or void its authorization; a provider missing or refusing is
 * a 409 (PROVIDER_IS_DOWN, CAPTURE_FAILED, VOID_FAILED), which rolls back everything of the call.
 */
async function askProvider(
  ctx: AppContext,
  tx: Db,
  payment: PaymentRow,
  action: 'capture' | 'void',
  amount = '',
) {
  const provider = providerActions(ctx, payment.provider);
  if (!provider || !payment.providerReference)
    throw new AppError(409, 'PROVIDER_IS_DOWN', `Payment provider "${payment.provider}" cannot be reached`, {
      paymentId: payment.id,
    });
  // The provider is about to act: the caller's transaction is not run again after a deadlock.
  markExternalEffect(tx);
  const result =
    action === 'capture'
      ? await provider.capture(payment.providerReference, amount)
      : await provider.void(payment.providerReference);
  if (result.status !== 'SUCCEEDED')
    throw new AppError(
      409,
      action === 'capture' ? 'CAPTURE_FAILED' : 'VOID_FAILED',
      `The provider refused the ${action}: ${result.reason ?? 'unknown'}`,
      { paymentId: payment.id, reason: result.reason ?? null },
    );
}

const authorizationOf = (payment: PaymentRow) =>
  (payment.details.authorization as Record<string, unknown> | undefined) ?? {};

/**
 * Captures `amount` (more than zero, at most the authorization; checked by the caller) of an AUTHORIZED payment
 * through its provider, inside the caller's order transaction: APPROVED for that amount (a smaller capture
 * releases the rest). A provider refusal throws CAPTURE_FAILED, which rolls the transaction back.
 */
export async function capturePayment(
  ctx: AppContext,
  tx: Db,
  money: OrderMoney,
  payment: PaymentRow,
  amount: bigint,
): Promise<NewActivity> {
  await askProvider(ctx, tx, payment, 'capture', money.text(amount));
  const now = ctx.clock();
  const authorization = {
    ...authorizationOf(payment),
    authorizedAmount: money.price(money.parse(payment.amount)),
    captures: [{ amount: money.price(amount), status: 'SUCCEEDED', createdDate: now.toISOString() }],
  };
  await tx
    .update(payments)
    .set({
      status: 'APPROVED',
      amount: money.text(amount),
      details: { ...payment.details, authorization },
      updatedDate: now,
    })
    .where(eq(payments.id, payment.id));
  return {
    type: 'AUTHORIZED_PAYMENT_CAPTURED',
    details: { authorizedPaymentCaptured: { paymentId: payment.id, amount: money.price(amount) } },
  };
}

/**
 * Voids AUTHORIZED payments through their providers inside the caller's order transaction: VOIDED, one
 * AUTHORIZED_PAYMENT_VOIDED activity each; `reason` MANUAL (the merchant, also by canceling the order) or
 * SCHEDULED (delayed-capture settings). A provider refusal throws VOID_FAILED, which rolls everything back.
 */
export async function voidPayments(
  ctx: AppContext,
  tx: Db,
  list: PaymentRow[],
  reason: 'MANUAL' | 'SCHEDULED',
): Promise<NewActivity[]> {
  const now = ctx.clock();
  const activities: NewActivity[] = [];
  for (const payment of list) {
    await askProvider(ctx, tx, payment, 'void');
    const authorization = { ...authorizationOf(payment), void: { voidedDate: now.toISOString(), reason } };
    await tx
      .update(payments)
      .set({ status: 'VOIDED', details: { ...payment.details, authorization }, updatedDate: now })
      .where(eq(payments.id, payment.id));
    activities.push({
      type: 'AUTHORIZED_PAYMENT_VOIDED',
      details: { authorizedPaymentVoided: { paymentId: payment.id } },
    });
  }
  return activities;
}

/**
 * capture-authorized-payments: each payment AUTHORIZED (else PAYMENT_ALREADY_CAPTURED / PAYMENT_ALREADY_VOIDED),
 * amount more than zero and at most the authorization (a smaller capture releases the rest). Providers are
 * asked under the order lock; when one refuses, nothing is recorded and the answer is CAPTURE_FAILED.
 */
export async function captureAuthorizedPayments(
  ctx: AppContext,
  orderId: string,
  list: Array<{ paymentId: string; amount?: string | undefined }>,
) {
  const { parts } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const money = moneyOf(parts);
    const plans = list.map((entry) => {
      const payment = paymentOf(parts, entry.paymentId);
      const refused = paymentActionError(payment.status as PaymentStatus, 'capture');
      if (refused) throw ruleFailure(refused, { paymentId: payment.id });
      const authorized = money.parse(payment.amount);
      const amount = entry.amount === undefined ? authorized : money.parse(entry.amount);
      if (amount <= 0n || amount > authorized)
        throw invalidAmount(`A capture must be more than zero and at most ${money.text(authorized)}`, {
          paymentId: payment.id,
        });
      return { payment, amount };
    });
    if (new Set(plans.map((p) => p.payment.id)).size !== plans.length)
      throw badRequest('DUPLICATE_PAYMENT', 'A payment is named twice', {});
    const activities: NewActivity[] = [];
    for (const { payment, amount } of plans)
      activities.push(await capturePayment(ctx, tx, money, payment, amount));
    return { change: { activities, paymentsChanged: true } };
  });
  return { orderTransactions: orderTransactionsToWire(parts.row, parts.payments, parts.refunds) };
}

/** void-authorized-payments: AUTHORIZED → VOIDED (AUTHORIZED_PAYMENT_VOIDED); VOID_FAILED when a provider refuses. */
export async function voidAuthorizedPayments(ctx: AppContext, orderId: string, paymentIds: string[]) {
  const { parts } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const chosen = [...new Set(paymentIds.map((id) => paymentOf(parts, id)))];
    for (const payment of chosen) {
      const refused = paymentActionError(payment.status as PaymentStatus, 'void');
      if (refused) throw ruleFailure(refused, { paymentId: payment.id });
    }
    const activities = await voidPayments(ctx, tx, chosen, 'MANUAL');
    return { change: { activities, paymentsChanged: true } };
  });
  return { orderTransactions: orderTransactionsToWire(parts.row, parts.payments, parts.refunds) };
}

/** An order's payments (their authorization, captures, void) and refunds: wire `orderTransactions`. */
export async function listOrderTransactions(ctx: AppContext, orderId: string) {
  const parts = await merchantOrder(ctx, orderId);
  return { orderTransactions: orderTransactionsToWire(parts.row, parts.payments, parts.refunds) };
}

export function chargeMembership(): never {
  throw new AppError(
    400,
    'MEMBERSHIPS_NOT_SUPPORTED',
    'This store does not offer memberships, so there is nothing to charge to one',
  );
}
