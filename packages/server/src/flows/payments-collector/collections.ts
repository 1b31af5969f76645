import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type OrderParts, partsOf } from '../../modules/orders/parts.ts';
import { orders } from '../../modules/orders/tables.ts';
import type { PaymentRow } from '../../modules/orders/wire.ts';
import { payments } from '../../modules/payments/tables.ts';
import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.ts';
import { changeLockedOrder, changeOrder, moneyOf, type NewActivity } from '../orders/store.ts';
import { isRecord, type Json } from '../orders/json.ts';
import {
  assertCollectable,
  balanceOfParts,
  capturePayment,
  invalidAmount,
  voidPayments,
} from './collector.ts';

/**
 * Payment collections (docs/ORDERS.md "Payment collections"): prepare-payment-collection and
 * create-payment-gateway-order check that the order can be collected and keep what they answered — the
 * `paymentGatewayOrderId`, the amount, the delayed-capture settings — in the order's `data._paymentCollections`
 * (bookkeeping, never sent). A periodic job carries out `delayedCaptureSettings.scheduledAction` on the
 * authorization a collection names once its `delayDuration` has passed.
 */

export const COLLECTIONS_KEY = '_paymentCollections';
/** Collections kept per order (the newest). */
const KEPT = 20;
const UNIT_MS = { MINUTES: 60_000, HOURS: 3_600_000, DAYS: 86_400_000 } as const;
/** Card authorizations do not outlive a month; a longer delay could never be honoured. */
export const MAX_DELAY_DAYS = 30;
const EVERY_MS = 60_000;

export type DelayUnit = keyof typeof UNIT_MS;

export interface DelayedCaptureSettings {
  scheduledAction: 'VOID' | 'CAPTURE';
  delayDuration: { count: number; unit: DelayUnit };
}

export interface PaymentCollection {
  paymentGatewayOrderId: string;
  /** Decimal string: the amount asked, else the balance when asked. */
  amount: string;
  delayedCapture: boolean;
  delayedCaptureSettings?: DelayedCaptureSettings;
  chargedBy?: { id?: string; fullName?: string };
  /** ISO date. */
  createdDate: string;
}

export interface CollectionRequest {
  amount?: string | undefined;
  paymentGatewayOrderId?: string | undefined;
  delayedCapture?: boolean | undefined;
  delayedCaptureSettings?:
    | {
        scheduledAction?: 'VOID' | 'CAPTURE' | undefined;
        delayDuration?: { count: number; unit: DelayUnit } | undefined;
      }
    | undefined;
  chargedBy?: { id?: string | undefined; fullName?: string | undefined } | undefined;
}

const violation = (field: string, description: string, rule: FieldViolation['violatedRule']) => ({
  field,
  description,
  violatedRule: rule,
  data: {},
});

/** The request's delayed-capture settings, checked: both parts, delayed capture not refused, at most 30 days. */
function delayedCaptureOf(request: CollectionRequest): DelayedCaptureSettings | undefined {
  const settings = request.delayedCaptureSettings;
  if (!settings) return undefined;
  const violations: FieldViolation[] = [];
  const field = 'delayedCaptureSettings';
  if (request.delayedCapture === false)
    violations.push(violation(field, 'needs delayedCapture: true', 'VALIDATION'));
  if (!settings.scheduledAction)
    violations.push(violation(`${field}.scheduledAction`, 'is required', 'REQUIRED_FIELD'));
  const duration = settings.delayDuration;
  if (!duration) violations.push(violation(`${field}.delayDuration`, 'is required', 'REQUIRED_FIELD'));
  else if (duration.count * UNIT_MS[duration.unit] > MAX_DELAY_DAYS * UNIT_MS.DAYS)
    violations.push(
      violation(`${field}.delayDuration.count`, `must be at most ${MAX_DELAY_DAYS} days in all`, 'MAX'),
    );
  if (violations.length) throw new ValidationFailure(violations);
  return {
    scheduledAction: settings.scheduledAction!,
    delayDuration: { count: duration!.count, unit: duration!.unit },
  };
}

export function collectionsOf(data: Json): PaymentCollection[] {
  const list = data[COLLECTIONS_KEY];
  return Array.isArray(list) ? (list.filter(isRecord) as unknown as PaymentCollection[]) : [];
}

/**
 * prepare-payment-collection and create-payment-gateway-order: check that the amount (at most the balance) can
 * be collected now, keep the collection on the order (a repeated `paymentGatewayOrderId` replaces its entry)
 * and answer its id — the one given, else a new one. No hosted payment page takes the id yet: the merchant
 * records money received with mark-as-paid or manual-payment. Naming an authorization of the order (placement
 * answers a payment's id as its `paymentGatewayOrderId`) with delayed-capture settings schedules its capture or
 * void.
 */
export async function preparePaymentCollection(
  ctx: AppContext,
  orderId: string,
  request: CollectionRequest,
): Promise<{ paymentGatewayOrderId: string }> {
  const settings = delayedCaptureOf(request);
  const id = request.paymentGatewayOrderId || randomUUID();
  await changeOrder(ctx, orderId, async (_tx, parts) => {
    assertCollectable(parts);
    const money = moneyOf(parts);
    const { balance } = balanceOfParts(parts);
    const amount = request.amount === undefined ? balance : money.parse(request.amount);
    if (amount <= 0n || amount > balance)
      throw invalidAmount(
        `The amount must be more than zero and at most the balance ${money.text(balance)}`,
        { field: 'amount', balance: money.text(balance) },
      );
    const chargedBy = request.chargedBy;
    const entry: PaymentCollection = {
      paymentGatewayOrderId: id,
      amount: money.text(amount),
      delayedCapture: request.delayedCapture ?? settings !== undefined,
      ...(settings ? { delayedCaptureSettings: settings } : {}),
      ...(chargedBy && (chargedBy.id || chargedBy.fullName)
        ? {
            chargedBy: {
              ...(chargedBy.id ? { id: chargedBy.id } : {}),
              ...(chargedBy.fullName ? { fullName: chargedBy.fullName } : {}),
            },
          }
        : {}),
      createdDate: ctx.clock().toISOString(),
    };
    const kept = collectionsOf(parts.row.data).filter((c) => c.paymentGatewayOrderId !== id);
    const data = { ...parts.row.data, [COLLECTIONS_KEY]: [...kept, entry].slice(-KEPT) };
    return { change: { set: { data } } };
  });
  return { paymentGatewayOrderId: id };
}

// ---- Scheduled actions

function authorizedAt(payment: PaymentRow): Date {
  const authorization = payment.details.authorization;
  const date =
    isRecord(authorization) && typeof authorization.authorizationDate === 'string'
      ? new Date(authorization.authorizationDate)
      : undefined;
  return date && !Number.isNaN(date.getTime()) ? date : payment.createdDate;
}

/**
 * The scheduled action of an AUTHORIZED payment: that of the newest collection naming it (its id as
 * `paymentGatewayOrderId`) with delayed-capture settings, due `delayDuration` after the later of the
 * authorization and the collection.
 */
export function scheduleOf(
  payment: PaymentRow,
  collections: PaymentCollection[],
): { collection: PaymentCollection; settings: DelayedCaptureSettings; due: Date } | undefined {
  const collection = collections.findLast(
    (c) => c.paymentGatewayOrderId.toLowerCase() === payment.id && c.delayedCaptureSettings !== undefined,
  );
  const settings = collection?.delayedCaptureSettings;
  if (!collection || !settings) return undefined;
  const from = Math.max(authorizedAt(payment).getTime(), new Date(collection.createdDate).getTime());
  const { count, unit } = settings.delayDuration;
  return { collection, settings, due: new Date(from + count * UNIT_MS[unit]) };
}

/**
 * The due actions of one order. CAPTURE takes the collection's amount, at most the authorization and the
 * balance; with nothing left to collect, or on a canceled or rejected order, the authorization is voided
 * instead (a canceled order holds no money). VOID voids it (reason SCHEDULED).
 */
async function actOn(ctx: AppContext, tx: Db, parts: OrderParts, now: Date) {
  const money = moneyOf(parts);
  const collections = collectionsOf(parts.row.data);
  const closed = parts.row.status === 'CANCELED' || parts.row.status === 'REJECTED';
  let { balance } = balanceOfParts(parts);
  const activities: NewActivity[] = [];
  for (const payment of parts.payments) {
    if (payment.status !== 'AUTHORIZED') continue;
    const schedule = scheduleOf(payment, collections);
    if (!schedule || schedule.due > now) continue;
    const candidates = [money.parse(payment.amount), money.parse(schedule.collection.amount), balance];
    const amount = candidates.reduce((a, b) => (b < a ? b : a));
    if (schedule.settings.scheduledAction === 'CAPTURE' && !closed && amount > 0n) {
      activities.push(await capturePayment(ctx, tx, money, payment, amount));
      balance -= amount;
    } else activities.push(...(await voidPayments(ctx, tx, [payment], 'SCHEDULED')));
  }
  return activities;
}

/**
 * Carries out the scheduled actions due at `now`: orders with an authorization and a kept collection are read
 * without a lock; each order with something due is then locked with `FOR UPDATE SKIP LOCKED` (an order another
 * process or request holds is left for the next run) and checked again under the lock, so an action happens once
 * however many processes run the job. A provider refusing rolls back that order's actions (retried next run).
 * Returns the number of payments captured or voided.
 */
export async function runScheduledPaymentActions(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const found = await ctx.db
    .select({ orderId: orders.id, data: orders.data, payment: payments })
    .from(payments)
    .innerJoin(orders, eq(orders.id, payments.orderId))
    .where(and(eq(payments.status, 'AUTHORIZED'), sql`${orders.data} -> ${COLLECTIONS_KEY} is not null`));
  const due = new Set(
    found
      .filter((f) => {
        const schedule = scheduleOf(f.payment, collectionsOf(f.data));
        return schedule !== undefined && schedule.due <= now;
      })
      .map((f) => f.orderId),
  );
  let acted = 0;
  for (const orderId of due) {
    try {
      acted += await ctx.events.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(orders)
          .where(eq(orders.id, orderId))
          .for('update', { skipLocked: true });
        if (!row) return 0;
        const [parts] = await partsOf(tx, [row]);
        const { result } = await changeLockedOrder(ctx, tx, parts!, async (_tx, locked) => {
          const activities = await actOn(ctx, tx, locked, now);
          return activities.length
            ? { result: activities.length, change: { activities, paymentsChanged: true } }
            : { result: 0, change: { none: true } };
        });
        return result;
      });
    } catch (error) {
      ctx.log.warn({ err: error, orderId }, 'a scheduled capture or void failed; retried on the next run');
    }
  }
  return acted;
}

/** Runs the scheduled payment actions every minute (one run at a time per process). */
export const scheduledPaymentActions: Module = (app, ctx) => {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    runScheduledPaymentActions(ctx)
      .catch((error: unknown) => ctx.log.warn({ err: error }, 'scheduled payment actions failed'))
      .finally(() => {
        running = false;
      });
  }, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
