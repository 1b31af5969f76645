import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { contractService, type ContractRow } from '../../modules/subscriptions/contracts.ts';
import { subscriptionCharges, subscriptionContracts } from '../../modules/subscriptions/tables.ts';
import type { Module } from '../../platform/app.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, rows } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { every } from '../../platform/hourly.ts';
import type { CheckoutCaller } from '../checkout/access.ts';
import { createCheckout } from '../checkout/flow.ts';
import { placeOrder } from '../orders/place-order.ts';
import { isRecord, type Json } from '../orders/json.ts';
import { nextCharge } from './from-order.ts';

/**
 * The billing scheduler (docs/SUBSCRIPTIONS.md "Billing"): runs in every process. Due cycles of ACTIVE
 * contracts are claimed with `FOR UPDATE SKIP LOCKED` (each claim holds the contract for CLAIM_MS, so another
 * process passes it by), then each is charged by placing the cycle's order through the order-placing flow —
 * a checkout of the contract's line at its subscription price, charged with the saved payment method — whose
 * transaction also advances the contract (only from the cycle it claimed: a second charge of one cycle cannot
 * commit). A declined cycle is retried after RETRY_AFTER_MS[0], [1], [2]; a fourth failure suspends the
 * contract. A contract whose cycles are all billed ENDS. The clock is `ctx.clock`.
 *
 * Exactly once, however slow a charge: the hold only spares work. Before charging, a process reserves the
 * attempt (`subscription_charges` row CHARGING, unique per contract, cycle and attempt, committed on its own);
 * a process that finds the attempt reserved leaves it, so a claim taken over after the hold expired charges
 * nothing. The charge's idempotency key is `subscription:<contract>:<cycle>:<attempt>`, sent to the provider and
 * kept on the payment (unique per provider): a reservation taken over after STALE_CHARGE_MS (its process died
 * mid-charge) charges again under the same key, which the provider answers with the first charge.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
/** Waits before the 1st, 2nd and 3rd retry of a declined cycle. */
export const RETRY_AFTER_MS = [1 * DAY_MS, 3 * DAY_MS, 7 * DAY_MS] as const;
/** How long a claimed cycle is held by the process charging it. */
export const CLAIM_MS = 5 * 60 * 1000;
/** A CHARGING reservation older than this is taken to be of a process that died (a charge takes seconds). */
export const STALE_CHARGE_MS = 60 * 60 * 1000;
/** How often each process looks for due cycles. */
export const BILLING_EVERY_MS = 60 * 1000;
/** Due cycles claimed per statement. */
const BATCH = 50;

export interface BillingRun {
  charged: number;
  /** Attempts another process had reserved: left to it. */
  skipped: number;
  declined: number;
  suspended: number;
  ended: number;
}

/** Claims up to `limit` due cycles for this process: their rows as claimed. */
export async function claimDue(ctx: AppContext, limit = BATCH): Promise<ContractRow[]> {
  const now = ctx.clock();
  const claimed = await rows<{ id: string }>(
    ctx.db,
    sql`update ${subscriptionContracts} set claimed_until = ${new Date(now.getTime() + CLAIM_MS)}
      where id in (
        select id from ${subscriptionContracts}
        where status = 'ACTIVE' and next_charge_date <= ${now}
          and (claimed_until is null or claimed_until < ${now})
        order by next_charge_date
        limit ${limit}
        for update skip locked)
      returning id`,
  );
  if (!claimed.length) return [];
  return ctx.db
    .select()
    .from(subscriptionContracts)
    .where(
      sql`${subscriptionContracts.id} in (${sql.join(
        claimed.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )})`,
    );
}

/** Charges every due cycle (claiming batches until none is left), cycle after cycle. */
export async function runBilling(ctx: AppContext, options: { batch?: number } = {}): Promise<BillingRun> {
  const run: BillingRun = { charged: 0, skipped: 0, declined: 0, suspended: 0, ended: 0 };
  for (;;) {
    const due = await claimDue(ctx, options.batch);
    if (!due.length) return run;
    for (const contract of due) {
      const outcome = await chargeCycle(ctx, contract);
      run[outcome]++;
    }
  }
}

function activity(type: string, now: Date, extra: Json = {}): Json {
  return { id: randomUUID(), type, createdDate: now.toISOString(), ...extra };
}

/** The cycle's checkout input: the contract's line at its subscription price, to its recipient. */
function cycleCheckout(contract: ContractRow) {
  const data = contract.data as Json;
  const line = ((data.lineItems as Json[] | undefined) ?? [])[0] ?? {};
  const ref = isRecord(line.catalogReference) ? line.catalogReference : {};
  const options = isRecord(ref.options) ? ref.options : {};
  const recipient = isRecord(data.recipientInfo) ? data.recipientInfo : undefined;
  const buyer = isRecord(data.buyerInfo) ? data.buyerInfo : {};
  return {
    lineItems: [
      {
        quantity: contract.quantity,
        catalogReference: {
          catalogItemId: String(ref.catalogItemId ?? contract.productId),
          appId: String(ref.appId),
          options: {
            ...(options.variantId ? { variantId: options.variantId } : {}),
            ...(contract.subscriptionOptionId ? { subscriptionOptionId: contract.subscriptionOptionId } : {}),
          },
        },
        catalogOverrideFields: { price: contract.unitPrice },
      },
    ],
    checkoutInfo: {
      ...(recipient ? { shippingInfo: { shippingDestination: recipient } } : {}),
      ...(isRecord(data.billingInfo) ? { billingInfo: data.billingInfo } : {}),
      ...(typeof buyer.email === 'string' ? { buyerInfo: { email: buyer.email } } : {}),
    },
  } as Parameters<typeof createCheckout>[2];
}

/** The provider's idempotency key of one attempt at one cycle (the same in every process). */
export const chargeKey = (contractId: string, cycle: number, attempt: number) =>
  `subscription:${contractId}:${cycle}:${attempt}`;

/**
 * Reserves the cycle's next attempt for this process (committed at once): its number when it is ours to charge —
 * the contract is still as claimed, and no other process reserved the attempt (or its reservation is stale).
 * Attempts are numbered per cycle from the declined ones before (a resumed contract goes on counting).
 */
async function reserve(ctx: AppContext, claimed: ContractRow, cycle: number): Promise<number | undefined> {
  const now = ctx.clock();
  const [reserved] = await rows<{ attempt: number }>(
    ctx.db,
    sql`insert into ${subscriptionCharges} (contract_id, cycle, attempt, status, created_date)
      select c.id, ${cycle}, 1 + (select count(*) from ${subscriptionCharges} s
          where s.contract_id = c.id and s.cycle = ${cycle} and s.status = 'DECLINED')::int, 'CHARGING', ${now}
      from ${subscriptionContracts} c
      where c.id = ${claimed.id} and c.status = 'ACTIVE' and c.billed_cycles = ${cycle - 1}
        and c.failed_attempts = ${claimed.failedAttempts}
      on conflict (contract_id, cycle, attempt) do update set created_date = excluded.created_date
        where ${subscriptionCharges}.status = 'CHARGING'
          and ${subscriptionCharges}.created_date < ${new Date(now.getTime() - STALE_CHARGE_MS)}
      returning attempt`,
  );
  return reserved?.attempt;
}

/** Records the reserved attempt's outcome (inserted when there was no reservation). */
async function settleAttempt(
  tx: Db,
  values: { contractId: string; cycle: number; attempt: number; status: 'APPROVED' | 'DECLINED' } & Partial<{
    orderId: string;
    reason: string;
  }>,
  now: Date,
): Promise<void> {
  await tx
    .insert(subscriptionCharges)
    .values({ ...values, createdDate: now })
    .onConflictDoUpdate({
      target: [subscriptionCharges.contractId, subscriptionCharges.cycle, subscriptionCharges.attempt],
      set: {
        status: values.status,
        orderId: values.orderId ?? null,
        reason: values.reason ?? null,
        createdDate: now,
      },
    });
}

/** Places cycle `billedCycles + 1` of a claimed contract; a failure is recorded as a declined attempt. */
export async function chargeCycle(
  ctx: AppContext,
  contract: ContractRow,
): Promise<'charged' | 'skipped' | 'declined' | 'suspended' | 'ended'> {
  const cycle = contract.billedCycles + 1;
  // Charged, declined or being charged by another process since this one claimed it: not charged again.
  const attempt = await reserve(ctx, contract, cycle);
  if (attempt === undefined) return 'skipped';
  const caller: CheckoutCaller = {
    admin: true,
    owner: { memberId: contract.memberId },
    createdBy: { appId: 'aisle-subscriptions' },
  };
  let ended = false;
  try {
    if (!contract.paymentMethod)
      throw new AppError(400, 'MISSING_PAYMENT_METHOD', 'The contract has no saved payment method');
    const checkout = await createCheckout(ctx, caller, cycleCheckout(contract));
    await placeOrder(ctx, caller, checkout.id, {
      charge: true,
      paymentToken: contract.paymentMethod.token,
      cycle: {
        contractId: contract.id,
        cycle,
        idempotencyKey: chargeKey(contract.id, cycle, attempt),
        async onPlaced(tx, placed) {
          ended = await advance(ctx, tx, contract, { cycle, attempt }, placed.orderId);
        },
      },
    });
    return ended ? 'ended' : 'charged';
  } catch (error) {
    if (error instanceof AppError && error.code === 'CYCLE_ALREADY_CHARGED') return 'skipped';
    const reason =
      error instanceof AppError ? String(error.data?.declineReason ?? error.code) : 'INTERNAL_ERROR';
    if (!(error instanceof AppError))
      ctx.log.warn({ err: error, contractId: contract.id }, 'subscription cycle failed');
    return decline(ctx, contract, { cycle, attempt }, reason);
  }
}

/** In the cycle order's transaction: the contract moves on from exactly the cycle it was claimed at. */
async function advance(
  ctx: AppContext,
  tx: Db,
  claimed: ContractRow,
  { cycle, attempt }: { cycle: number; attempt: number },
  orderId: string,
): Promise<boolean> {
  const now = ctx.clock();
  const next = nextCharge(claimed.settings, cycle);
  const [row] = await tx
    .update(subscriptionContracts)
    .set({
      billedCycles: cycle,
      failedAttempts: 0,
      claimedUntil: null,
      nextChargeDate: next,
      status: next ? 'ACTIVE' : 'ENDED',
      activities: sql`${subscriptionContracts.activities} || ${JSON.stringify([
        activity('CYCLE_CHARGED', now, { cycleNumber: cycle, orderId }),
        ...(next ? [] : [activity('SUBSCRIPTION_ENDED', now)]),
      ])}::jsonb`,
      revision: sql`${subscriptionContracts.revision} + 1`,
      updatedDate: now,
    })
    .where(
      sql`${subscriptionContracts.id} = ${claimed.id} and ${subscriptionContracts.billedCycles} = ${cycle - 1}
        and ${subscriptionContracts.status} = 'ACTIVE'`,
    )
    .returning();
  if (!row)
    throw new AppError(409, 'CYCLE_ALREADY_CHARGED', 'This cycle was charged by another process', {
      subscriptionContractId: claimed.id,
      cycle,
    });
  await settleAttempt(tx, { contractId: row.id, cycle, attempt, status: 'APPROVED', orderId }, now);
  await contractService.record(ctx, tx, 'updated', row);
  return !next;
}

/** A failed attempt: retried on the schedule, or the contract is suspended after the last retry. */
async function decline(
  ctx: AppContext,
  claimed: ContractRow,
  { cycle, attempt }: { cycle: number; attempt: number },
  reason: string,
): Promise<'declined' | 'suspended'> {
  const now = ctx.clock();
  let outcome: 'declined' | 'suspended' = 'declined';
  await ctx.events.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(subscriptionContracts)
      .where(sql`${subscriptionContracts.id} = ${claimed.id}`)
      .for('update');
    // Charged meanwhile, or changed by the member or merchant: nothing charged, the reservation is let go.
    if (!current || current.billedCycles !== cycle - 1 || current.status !== 'ACTIVE') {
      await tx.execute(
        sql`delete from ${subscriptionCharges} where contract_id = ${claimed.id} and cycle = ${cycle}
          and attempt = ${attempt} and status = 'CHARGING'`,
      );
      return;
    }
    const failed = current.failedAttempts + 1;
    const wait = RETRY_AFTER_MS[failed - 1];
    outcome = wait === undefined ? 'suspended' : 'declined';
    await settleAttempt(tx, { contractId: current.id, cycle, attempt, status: 'DECLINED', reason }, now);
    const [row] = await tx
      .update(subscriptionContracts)
      .set({
        failedAttempts: failed,
        claimedUntil: null,
        ...(wait === undefined
          ? { status: 'SUSPENDED' as const }
          : { nextChargeDate: new Date(now.getTime() + wait) }),
        activities: sql`${subscriptionContracts.activities} || ${JSON.stringify([
          activity('CYCLE_DECLINED', now, { cycleNumber: cycle, attempt, reason }),
          ...(wait === undefined ? [activity('SUBSCRIPTION_SUSPENDED', now)] : []),
        ])}::jsonb`,
        revision: sql`${subscriptionContracts.revision} + 1`,
        updatedDate: now,
      })
      .where(sql`${subscriptionContracts.id} = ${current.id}`)
      .returning();
    await contractService.record(ctx, tx, 'updated', row!);
  });
  return outcome;
}

/** The scheduler in every process. */
export const subscriptionBilling: Module = every(BILLING_EVERY_MS, 'billing subscriptions', (ctx) =>
  runBilling(ctx),
);
