import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLAIM_MS,
  chargeCycle,
  chargeKey,
  claimDue,
  RETRY_AFTER_MS,
  runBilling,
} from '../src/flows/subscriptions/billing.ts';
import { hashSecret } from '../src/platform/auth.ts';
import { rows } from '../src/platform/db.ts';
import { type Body, eventsOf, seedStore } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { memberTokens } from './identity-helpers.ts';
import { buySubscription, expectEnd, subscriptionLine, subscriptionProduct } from './subscription-helpers.ts';

/**
 * The billing scheduler (docs/SUBSCRIPTIONS.md "Billing"): the server clock is moved (no sleeping), each due
 * cycle is charged once through the order-placing flow with the saved card, a declined cycle is retried on the
 * schedule and then suspended, contracts end after their cycles, and two schedulers never charge a cycle twice.
 */

const { server } = serverForFile({ seed: seedStore });
let ahead = 0;
let plan: { productId: string; optionId: string };
const CONTRACTS = '/ecom/subscription-contracts/v1/subscription-contracts';
const DAY = 86_400_000;

async function contract(id: string) {
  const res = await server().call('GET', `${CONTRACTS}/${id}`, { token: server().adminKey });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.subscriptionContract as Body & {
    status: string;
    billedCycles: number;
    nextChargeDate?: string;
    activities: Array<{ type: string }>;
  };
}

/** Moves the server clock to just after `date`. */
function moveTo(date: string | undefined) {
  expect(date).toBeDefined();
  ahead = Math.max(ahead, new Date(date!).getTime() + 1000 - Date.now());
}

async function ordersOf(contractId: string) {
  return rows<{ id: string; payment_status: string; total: string; line: Body }>(
    server().ctx.db,
    sql`select id, payment_status, total::text, data->'lineItems'->0 as line from orders
      where data->'lineItems'->0->'subscriptionInfo'->>'id' = ${contractId}
      order by (data->'lineItems'->0->'subscriptionInfo'->>'cycleNumber')::int`,
  );
}

async function chargesOf(contractId: string) {
  return rows<{ cycle: number; attempt: number; status: string; reason: string | null }>(
    server().ctx.db,
    sql`select cycle, attempt, status, reason from subscription_charges where contract_id = ${contractId}
      order by cycle, attempt`,
  );
}

beforeAll(async () => {
  server().ctx.clock = () => new Date(Date.now() + ahead);
  plan = await subscriptionProduct(server());
}, 240_000);

describe('billing cycles', () => {
  it('charges a bought subscription over three simulated cycles, then it ends', async () => {
    const member = await memberTokens(server());
    const { orderId, subscriptionId } = await buySubscription(
      server(),
      member.access_token,
      subscriptionLine(plan.productId, plan.optionId),
    );
    const first = await contract(subscriptionId);
    expect(first).toMatchObject({ status: 'ACTIVE', billedCycles: 1 });
    // Not due yet: nothing happens.
    await runBilling(server().ctx);
    expect((await contract(subscriptionId)).billedCycles).toBe(1);

    let next = first.nextChargeDate;
    for (const cycle of [2, 3, 4]) {
      moveTo(next);
      await runBilling(server().ctx);
      const now = await contract(subscriptionId);
      expect(now.billedCycles).toBe(cycle);
      next = now.nextChargeDate;
    }
    const ended = await contract(subscriptionId);
    expectEnd(ended, 'ENDED', [
      'SUBSCRIPTION_CREATED',
      'CYCLE_CHARGED',
      'CYCLE_CHARGED',
      'CYCLE_CHARGED',
      'SUBSCRIPTION_ENDED',
    ]);

    const orders = await ordersOf(subscriptionId);
    expect(orders.map((o) => o.id)[0]).toBe(orderId);
    expect(orders.map((o) => (o.line.subscriptionInfo as Body).cycleNumber)).toEqual([1, 2, 3, 4]);
    expect(orders.map((o) => o.payment_status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
    // Each cycle at the subscription price ($18) with the same tax and shipping as the first order.
    expect(new Set(orders.map((o) => o.total)).size).toBe(1);
    expect(orders.map((o) => (o.line.price as Body).amount)).toEqual(['18.00', '18.00', '18.00', '18.00']);
    expect((await chargesOf(subscriptionId)).map((c) => [c.cycle, c.status])).toEqual([
      [2, 'APPROVED'],
      [3, 'APPROVED'],
      [4, 'APPROVED'],
    ]);
    const events = await eventsOf(server(), subscriptionId);
    expect(events.map((e) => `${e.entity}.${e.type}`)).toEqual([
      'subscription_contract.created',
      'subscription_contract.updated',
      'subscription_contract.updated',
      'subscription_contract.updated',
    ]);

    // Later runs charge nothing more.
    ahead += 400 * DAY;
    await runBilling(server().ctx);
    expect(await ordersOf(subscriptionId)).toHaveLength(4);
  });

  it('two schedulers running at once never charge a cycle twice', async () => {
    const member = await memberTokens(server());
    const ids: string[] = [];
    for (let i = 0; i < 4; i++)
      ids.push(
        (
          await buySubscription(
            server(),
            member.access_token,
            subscriptionLine(plan.productId, plan.optionId),
          )
        ).subscriptionId,
      );
    // Just after the last of the four is due.
    const dues = await Promise.all(ids.map(async (id) => (await contract(id)).nextChargeDate!));
    moveTo(dues.sort().at(-1));
    await Promise.all([runBilling(server().ctx, { batch: 1 }), runBilling(server().ctx, { batch: 1 })]);
    for (const id of ids) {
      expect((await contract(id)).billedCycles).toBe(2);
      expect((await chargesOf(id)).map((c) => [c.cycle, c.status])).toEqual([[2, 'APPROVED']]);
      expect(await ordersOf(id)).toHaveLength(2);
    }
  });

  it('a charge slower than its hold is never made twice: one charge, one order per cycle', async () => {
    const member = await memberTokens(server());
    const buy = () =>
      buySubscription(server(), member.access_token, subscriptionLine(plan.productId, plan.optionId));
    const first = (await buy()).subscriptionId;
    const second = (await buy()).subscriptionId;
    const dues = await Promise.all([first, second].map(async (id) => (await contract(id)).nextChargeDate!));
    moveTo(dues.sort().at(-1));
    // A slow process claims both; its 5-minute hold runs out before it gets to charging.
    const held = (await claimDue(server().ctx)).filter((c) => c.id === first || c.id === second);
    expect(held).toHaveLength(2);
    ahead += CLAIM_MS + 1000;
    // The first: another process claims it meanwhile and charges it, then the slow one gets there.
    const slowFirst = held.find((c) => c.id === first)!;
    const slowSecond = held.find((c) => c.id === second)!;
    const fast = runBilling(server().ctx, { batch: 1 });
    // The second: the slow process charges at the same moment as the other one.
    const [late, racing] = await Promise.all([
      fast.then(() => chargeCycle(server().ctx, slowFirst)),
      chargeCycle(server().ctx, slowSecond),
    ]);
    expect(late).toBe('skipped');
    expect(['charged', 'skipped']).toContain(racing);
    for (const id of [first, second]) {
      expect((await contract(id)).billedCycles).toBe(2);
      expect((await chargesOf(id)).map((c) => [c.cycle, c.attempt, c.status])).toEqual([[2, 1, 'APPROVED']]);
      const orders = await ordersOf(id);
      expect(orders).toHaveLength(2);
      // One payment under the cycle's key, and one cycle checkout: the late process did not start another.
      const payments = await rows<{ order_id: string }>(
        server().ctx.db,
        sql`select order_id from payments where idempotency_key = ${chargeKey(id, 2, 1)}`,
      );
      expect(payments.map((p) => p.order_id)).toEqual([orders[1]!.id]);
    }
    const checkouts = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from checkouts where member_id = ${member.memberId}`,
    );
    // Two bought at checkout, one per charged cycle.
    expect(checkouts[0]!.n).toBe(4);
  });

  it('retries a declined cycle on the schedule, then suspends the contract', async () => {
    const member = await memberTokens(server());
    const { subscriptionId } = await buySubscription(
      server(),
      member.access_token,
      subscriptionLine(plan.productId, plan.optionId),
    );
    // The saved card starts declining.
    const [saved] = await rows<{ token: string }>(
      server().ctx.db,
      sql`select payment_method->>'token' as token from subscription_contracts where id = ${subscriptionId}`,
    );
    await server().ctx.db.execute(
      sql`update sandbox_card_tokens set outcome = 'DECLINE' where token_hash = ${hashSecret(saved!.token)}`,
    );
    moveTo((await contract(subscriptionId)).nextChargeDate);
    await runBilling(server().ctx);
    let now = await contract(subscriptionId);
    expect(now).toMatchObject({ status: 'ACTIVE', billedCycles: 1 });
    for (const wait of RETRY_AFTER_MS) {
      const retryAt = new Date(now.nextChargeDate!).getTime();
      expect(retryAt - server().ctx.clock().getTime()).toBeGreaterThan(wait - 60_000);
      // Not retried before its time.
      await runBilling(server().ctx);
      expect(await chargesOf(subscriptionId)).toHaveLength(RETRY_AFTER_MS.indexOf(wait) + 1);
      moveTo(now.nextChargeDate);
      await runBilling(server().ctx);
      now = await contract(subscriptionId);
    }
    expect(now.status).toBe('SUSPENDED');
    expect((await chargesOf(subscriptionId)).map((c) => [c.cycle, c.attempt, c.status, c.reason])).toEqual([
      [2, 1, 'DECLINED', 'CARD_DECLINED'],
      [2, 2, 'DECLINED', 'CARD_DECLINED'],
      [2, 3, 'DECLINED', 'CARD_DECLINED'],
      [2, 4, 'DECLINED', 'CARD_DECLINED'],
    ]);
    expect(now.activities.map((a) => a.type).slice(-2)).toEqual(['CYCLE_DECLINED', 'SUBSCRIPTION_SUSPENDED']);
    expect(await ordersOf(subscriptionId)).toHaveLength(1);
    // A suspended contract is not charged again.
    ahead += 60 * DAY;
    await runBilling(server().ctx);
    expect(await chargesOf(subscriptionId)).toHaveLength(4);
  });
});
