import { eq } from 'drizzle-orm';
import type { OrderParts } from '../../modules/orders/parts.ts';
import {
  type OrderMoney,
  type OrderStatus,
  type PaymentFacts,
  refundabilityOf,
  refundedPaymentStatus,
  type RefundStatus,
} from '../../modules/orders/state.ts';
import {
  orderTransactionsToWire,
  paymentFactsOf,
  type RefundTransaction,
  refundTransactionsOf,
} from '../../modules/orders/wire.ts';
import { payments, refunds } from '../../modules/payments/tables.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { AppError, invalid } from '../../platform/errors.ts';
import { buyerEmailOf, sendRefundMail } from '../orders/mails.ts';
import { merchantOrder } from '../orders/read.ts';
import { restockLines } from '../orders/restock.ts';
import { changeOrder, linesOf, moneyOf, type NewActivity } from '../orders/store.ts';
import { isRecord, type Json } from '../orders/json.ts';
import { invalidAmount, paymentNotFound } from './collector.ts';
import { providerActions, REFUNDING_PROVIDERS } from './providers.ts';

/**
 * Refunds. A refund never exceeds what was paid: per payment, what was collected minus what is refunded or
 * being refunded. The check and the reservation (the refund row, PENDING, with its line quantities) happen
 * under the order row lock, so concurrent refunds see each other; providers are asked after that commit, and
 * the outcome is recorded under the lock again.
 */

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function factsOf(parts: OrderParts): PaymentFacts[] {
  return paymentFactsOf(moneyOf(parts), parts.payments, parts.refunds);
}

export async function getRefundability(ctx: AppContext, orderId: string) {
  const parts = await merchantOrder(ctx, orderId);
  const status = parts.row.status as OrderStatus;
  return {
    refundabilities: factsOf(parts).map((payment) => {
      const r = refundabilityOf(status, payment, REFUNDING_PROVIDERS);
      return {
        paymentId: payment.id,
        refundabilityStatus: r.refundabilityStatus,
        nonRefundableReason: r.nonRefundableReason,
        ...(r.manuallyRefundableReason ? { manuallyRefundableReason: r.manuallyRefundableReason } : {}),
      };
    }),
    refundablePerItem: linesOf(parts.row.data).map((line) => ({
      lineItemId: String(line.id),
      quantity: Math.max(0, num(line.quantity) - num(line.refundQuantity)),
    })),
  };
}

export interface RefundRequest {
  payments?: Array<{ paymentId: string; amount: string; externalRefund?: boolean | undefined }> | undefined;
  details?:
    | {
        lineItems?: Array<{ lineItemId: string; quantity: number }> | undefined;
        shipping?: { amount: string } | undefined;
        additionalFees?: Array<{ additionalFeeId: string; amount: string }> | undefined;
        reason?: string | undefined;
      }
    | undefined;
  sideEffects?:
    | {
        restockInfo?:
          | {
              type: 'NO_ITEMS' | 'ALL_ITEMS' | 'SOME_ITEMS';
              items?: Array<{ lineItemId: string; quantity: number }> | undefined;
            }
          | undefined;
        sendOrderRefundedEmail?: boolean | undefined;
        customMessage?: string | undefined;
      }
    | undefined;
}

/** Per line id, the quantities of a list, with a violation on `field` for unknown lines and too many units. */
function lineQuantities(
  lines: Json[],
  list: Array<{ lineItemId: string; quantity: number }>,
  field: string,
  available: (line: Json) => number,
): Map<string, number> {
  const out = new Map<string, number>();
  list.forEach((entry, i) => {
    const line = lines.find((l) => l.id === entry.lineItemId);
    if (!line) throw invalid(`${field}[${i}].lineItemId`, 'is not a line of this order', 'VALIDATION');
    const total = (out.get(entry.lineItemId) ?? 0) + entry.quantity;
    if (total > available(line))
      throw invalid(`${field}[${i}].quantity`, `must be at most ${available(line)}`, 'MAX', {
        max: available(line),
      });
    out.set(entry.lineItemId, total);
  });
  return out;
}

const amountOf = (price: unknown): string =>
  isRecord(price) && typeof price.amount === 'string' ? price.amount : '0';

/** Shipping and additional fees refunded so far (by refunds that did not fail entirely), fees by id. */
function refundedExtras(
  parts: OrderParts,
  money: OrderMoney,
): { shipping: bigint; fees: Map<string, bigint> } {
  let shipping = 0n;
  const fees = new Map<string, bigint>();
  for (const refund of parts.refunds) {
    if (refund.status === 'FAILED') continue;
    const details = refund.details;
    if (isRecord(details.shipping)) shipping += money.parse(amountOf(details.shipping.amount));
    for (const fee of Array.isArray(details.additionalFees) ? details.additionalFees.filter(isRecord) : []) {
      const id = String(fee.additionalFeeId);
      fees.set(id, (fees.get(id) ?? 0n) + money.parse(amountOf(fee.amount)));
    }
  }
  return { shipping, fees };
}

/**
 * `details.shipping.amount` is at most the order's shipping total less what was refunded for shipping before;
 * each `details.additionalFees[i].amount` at most its fee less what was refunded of it before (400
 * INVALID_AMOUNT naming the field). Fees named twice count together.
 */
function checkExtras(parts: OrderParts, money: OrderMoney, details: NonNullable<RefundRequest['details']>) {
  const before = refundedExtras(parts, money);
  const data = parts.row.data;
  const tooMuch = (field: string, what: string, total: bigint, refunded: bigint, asked: bigint) => {
    const left = total > refunded ? total - refunded : 0n;
    if (asked > left)
      throw invalidAmount(
        `${what} has ${money.text(left)} left to refund (${money.text(total)}, of which ${money.text(refunded)} refunded before); ${money.text(asked)} was asked`,
        { field, refundable: money.text(left) },
      );
  };
  if (details.shipping) {
    const summary = isRecord(data.priceSummary) ? data.priceSummary : {};
    tooMuch(
      'details.shipping.amount',
      'Shipping',
      money.parse(amountOf(summary.shipping)),
      before.shipping,
      money.parse(details.shipping.amount),
    );
  }
  const fees = Array.isArray(data.additionalFees) ? data.additionalFees.filter(isRecord) : [];
  const asked = new Map<string, bigint>();
  (details.additionalFees ?? []).forEach((entry, i) => {
    const fee = fees.find((f) => f.id === entry.additionalFeeId);
    if (!fee)
      throw invalid(
        `details.additionalFees[${i}].additionalFeeId`,
        'is not a fee of this order',
        'VALIDATION',
      );
    const sum = (asked.get(entry.additionalFeeId) ?? 0n) + money.parse(entry.amount);
    asked.set(entry.additionalFeeId, sum);
    tooMuch(
      `details.additionalFees[${i}].amount`,
      `Fee ${entry.additionalFeeId}`,
      money.parse(amountOf(fee.price)),
      before.fees.get(entry.additionalFeeId) ?? 0n,
      sum,
    );
  });
}

/** Phase 1, under the lock: check, reserve, restock. Returns the refund id. */
async function reserveRefund(ctx: AppContext, orderId: string, request: RefundRequest): Promise<string> {
  const { result } = await changeOrder(ctx, orderId, async (tx, parts) => {
    const money = moneyOf(parts);
    const status = parts.row.status as OrderStatus;
    const facts = new Map(factsOf(parts).map((f) => [f.id, f]));
    const asked = request.payments ?? [];
    if (asked.length === 0)
      throw invalid('payments', 'name at least one payment and amount', 'REQUIRED_FIELD');
    const perPayment = new Map<string, { amount: bigint; external: boolean }>();
    asked.forEach((entry, i) => {
      const payment = facts.get(entry.paymentId.toLowerCase());
      if (!payment) throw paymentNotFound(entry.paymentId);
      const r = refundabilityOf(status, payment, REFUNDING_PROVIDERS);
      if (r.refundabilityStatus === 'NOT_REFUNDABLE')
        throw new AppError(
          409,
          'REFUND_NOT_AVAILABLE',
          `Payment ${payment.id} cannot be refunded: ${r.nonRefundableReason}`,
          {
            paymentId: payment.id,
            nonRefundableReason: r.nonRefundableReason,
          },
        );
      const amount = money.parse(entry.amount);
      if (amount <= 0n)
        throw invalidAmount('A refund amount must be more than zero', { field: `payments[${i}].amount` });
      const sum = (perPayment.get(payment.id)?.amount ?? 0n) + amount;
      if (sum > r.remaining)
        throw invalidAmount(
          `Payment ${payment.id} has ${money.text(r.remaining)} left to refund; ${money.text(sum)} was asked`,
          { paymentId: payment.id, refundable: money.text(r.remaining), field: `payments[${i}].amount` },
        );
      // Money the provider cannot send back is refunded by the merchant outside and only recorded here.
      const external = entry.externalRefund === true || r.refundabilityStatus === 'MANUAL';
      perPayment.set(payment.id, { amount: sum, external });
    });
    const lines = linesOf(parts.row.data);
    const details = request.details ?? {};
    const refundedLines = lineQuantities(
      lines,
      details.lineItems ?? [],
      'details.lineItems',
      (l) => num(l.quantity) - num(l.refundQuantity),
    );
    checkExtras(parts, money, details);
    const restock = request.sideEffects?.restockInfo ?? { type: 'NO_ITEMS' as const };
    const toRestock =
      restock.type === 'ALL_ITEMS'
        ? refundedLines
        : restock.type === 'SOME_ITEMS'
          ? lineQuantities(
              lines,
              restock.items ?? [],
              'sideEffects.restockInfo.items',
              (l) => num(l.quantity) - num(l.restockQuantity),
            )
          : new Map<string, number>();
    let nextLines = lines.map((l) => {
      const n = refundedLines.get(String(l.id));
      return n ? { ...l, refundQuantity: num(l.refundQuantity) + n } : l;
    });
    if (toRestock.size > 0)
      nextLines = (
        await restockLines(ctx, tx, parts.row.data, nextLines, toRestock, {
          reason: 'ORDER_REFUNDED',
          orderId: parts.row.id,
        })
      ).lines;
    const now = ctx.clock();
    const transactions: RefundTransaction[] = [...perPayment].map(([paymentId, p]) => ({
      paymentId,
      amount: money.text(p.amount),
      status: p.external ? 'SUCCEEDED' : 'PENDING',
      externalRefund: p.external,
    }));
    const total = [...perPayment.values()].reduce((a, p) => a + p.amount, 0n);
    const [refund] = await tx
      .insert(refunds)
      .values({
        orderId: parts.row.id,
        transactions: transactions as unknown as Json[],
        amount: money.text(total),
        status: 'PENDING',
        details: {
          lineItems: details.lineItems ?? [],
          ...(details.shipping
            ? { shipping: { amount: money.price(money.parse(details.shipping.amount)) } }
            : {}),
          additionalFees: (details.additionalFees ?? []).map((f) => ({
            additionalFeeId: f.additionalFeeId,
            amount: money.price(money.parse(f.amount)),
          })),
          ...(details.reason ? { reason: details.reason } : {}),
          restockInfo: restock,
        },
        createdDate: now,
        updatedDate: now,
      })
      .returning({ id: refunds.id });
    return {
      result: refund!.id,
      change: {
        set: { data: { ...parts.row.data, lineItems: nextLines } },
        activities: [
          {
            type: 'REFUND_INITIATED',
            details: { refundInitiated: { refundId: refund!.id, amount: money.price(total) } },
          },
        ],
      },
    };
  });
  return result;
}

/** Phase 3, under the lock: the providers' answers become payment amounts, statuses and activities. */
async function settleRefund(
  ctx: AppContext,
  orderId: string,
  refundId: string,
  outcomes: Map<
    string,
    { status: RefundStatus; reference?: string | undefined; reason?: string | undefined }
  >,
  reason: string | undefined,
) {
  return changeOrder(ctx, orderId, async (tx: Db, parts) => {
    const money = moneyOf(parts);
    const refund = parts.refunds.find((r) => r.id === refundId)!;
    const now = ctx.clock();
    const transactions: RefundTransaction[] = refundTransactionsOf(refund).map((t) => {
      const outcome = outcomes.get(t.paymentId);
      return outcome
        ? {
            ...t,
            status: outcome.status,
            ...(outcome.reference ? { providerReference: outcome.reference } : {}),
            ...(outcome.reason ? { reason: outcome.reason } : {}),
          }
        : t;
    });
    const activities: NewActivity[] = [];
    let refunded = 0n;
    for (const t of transactions) {
      if (t.status === 'FAILED') {
        activities.push({
          type: 'PAYMENT_REFUND_FAILED',
          details: {
            paymentRefundFailed: {
              paymentId: t.paymentId,
              refundId,
              amount: money.price(money.parse(t.amount)),
            },
          },
        });
        continue;
      }
      if (t.status !== 'SUCCEEDED' || t.applied) continue;
      t.applied = true;
      const payment = parts.payments.find((p) => p.id === t.paymentId)!;
      const after = money.parse(payment.refundedAmount) + money.parse(t.amount);
      refunded += money.parse(t.amount);
      await tx
        .update(payments)
        .set({
          refundedAmount: money.text(after),
          status: refundedPaymentStatus(money.parse(payment.amount), after),
          updatedDate: now,
        })
        .where(eq(payments.id, t.paymentId));
      activities.push({
        type: 'PAYMENT_REFUNDED',
        details: {
          paymentRefunded: { paymentId: t.paymentId, refundId, amount: money.price(money.parse(t.amount)) },
        },
      });
    }
    const statuses = transactions.map((t) => t.status);
    const status: RefundStatus = statuses.includes('PENDING')
      ? 'PENDING'
      : statuses.every((s) => s === 'FAILED')
        ? 'FAILED'
        : 'SUCCEEDED';
    await tx
      .update(refunds)
      .set({ transactions: transactions as unknown as Json[], status, updatedDate: now })
      .where(eq(refunds.id, refundId));
    let data = parts.row.data;
    if (status === 'FAILED') {
      // Nothing went back: the line quantities reserved by this refund are free again (restocked units stay).
      const asked = new Map(
        (Array.isArray(refund.details.lineItems) ? refund.details.lineItems : [])
          .filter(isRecord)
          .map((l) => [String(l.lineItemId), num(l.quantity)]),
      );
      data = {
        ...data,
        lineItems: linesOf(data).map((l) => {
          const n = asked.get(String(l.id));
          return n ? { ...l, refundQuantity: Math.max(0, num(l.refundQuantity) - n) } : l;
        }),
      };
    }
    if (refunded > 0n)
      activities.push({
        type: 'ORDER_REFUNDED',
        details: {
          orderRefunded: {
            manual: transactions.every((t) => t.externalRefund === true),
            amount: money.price(refunded),
            ...(reason ? { reason } : {}),
          },
        },
      });
    return {
      result: {
        refunded,
        failedPaymentIds: transactions.filter((t) => t.status === 'FAILED').map((t) => t.paymentId),
      },
      change: { set: { data }, activities, paymentsChanged: true },
    };
  });
}

/** trigger-refund → `{orderTransactions, refundId, failedPaymentIds}`. */
export async function triggerRefund(ctx: AppContext, orderId: string, request: RefundRequest) {
  const refundId = await reserveRefund(ctx, orderId, request);
  const reserved = await merchantOrder(ctx, orderId);
  const refund = reserved.refunds.find((r) => r.id === refundId)!;
  const outcomes = new Map<string, { status: RefundStatus; reference?: string; reason?: string }>();
  for (const t of refundTransactionsOf(refund)) {
    if (t.status !== 'PENDING') continue;
    const payment = reserved.payments.find((p) => p.id === t.paymentId)!;
    const provider = providerActions(ctx, payment.provider);
    if (!provider || !payment.providerReference) {
      outcomes.set(t.paymentId, { status: 'FAILED', reason: 'PROVIDER_IS_DOWN' });
      continue;
    }
    try {
      const answer = await provider.refund(payment.providerReference, t.amount, `${refundId}:${t.paymentId}`);
      outcomes.set(t.paymentId, {
        status: answer.status,
        ...(answer.reference ? { reference: answer.reference } : {}),
        ...(answer.reason ? { reason: answer.reason } : {}),
      });
    } catch (error) {
      ctx.log.error({ err: error, paymentId: t.paymentId }, 'refund request to the provider failed');
      outcomes.set(t.paymentId, { status: 'FAILED', reason: 'PROVIDER_IS_DOWN' });
    }
  }
  const { parts, order, result } = await settleRefund(
    ctx,
    orderId,
    refundId,
    outcomes,
    request.details?.reason,
  );
  const to = buyerEmailOf(parts.row);
  if (request.sideEffects?.sendOrderRefundedEmail && to && result.refunded > 0n)
    await sendRefundMail(
      ctx,
      order,
      to,
      moneyOf(parts).price(result.refunded).formattedAmount,
      request.sideEffects.customMessage,
    );
  return {
    orderTransactions: orderTransactionsToWire(parts.row, parts.payments, parts.refunds),
    refundId,
    failedPaymentIds: result.failedPaymentIds,
  };
}
