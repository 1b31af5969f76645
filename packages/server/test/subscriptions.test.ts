import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import {
  type Body,
  cardToken,
  countRows,
  errorCode,
  eventsOf,
  line,
  newCheckout,
  seedStore,
  visitor,
  violationFields,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { memberTokens } from './identity-helpers.ts';
import { buySubscription, expectEnd, subscriptionLine, subscriptionProduct } from './subscription-helpers.ts';

/**
 * Selling subscriptions (docs/SUBSCRIPTIONS.md): a product's subscription options, the cart line's
 * `subscriptionOptionInfo` and discounted price, `subscriptionCharges` at checkout, members only, and the
 * contract an order makes (wire get and query, members their own, event through the outbox).
 */

const { server } = serverForFile({ seed: seedStore });
let admin: string;
let coffeeId = '';
let monthlyId = '';
const CONTRACTS = '/ecom/subscription-contracts/v1/subscription-contracts';

const MONTHLY = {
  title: 'Monthly',
  description: 'A bag every month',
  frequency: 'MONTH',
  interval: 1,
  autoRenewal: false,
  billingCycles: 3,
  discount: { type: 'PERCENT', value: 10 },
};

async function createProduct(product: Body) {
  return server().call('POST', '/stores/v1/products', { token: admin, body: { product } });
}

async function subscribe(token: string, quantity = 1) {
  return server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [line(coffeeId, quantity, { catalogReference: ref(monthlyId) })] },
  });
}

const ref = (subscriptionOptionId: string) => ({
  catalogItemId: coffeeId,
  appId: '215238eb-22a5-4c36-9e7b-e7c08025e04e',
  options: { subscriptionOptionId },
});

beforeAll(async () => {
  admin = server().adminKey;
  const res = await createProduct({
    name: 'House Coffee',
    productType: 'physical',
    priceData: { price: 20 },
    weight: 0.5,
    subscriptionDetails: {
      subscriptions: [
        MONTHLY,
        { title: 'Weekly', frequency: 'WEEK', discount: { type: 'AMOUNT', value: 3 } },
      ],
      allowOneTimePurchases: true,
      enableCustomerCancellation: true,
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const product = res.body.product as Body & {
    id: string;
    subscriptionDetails: { subscriptions: Array<Body & { id: string }> };
  };
  coffeeId = product.id;
  monthlyId = product.subscriptionDetails.subscriptions[0]!.id;
}, 240_000);

describe('subscription options on a product', () => {
  it('are written and read back on the catalogue wire, ids made', async () => {
    const res = await server().call('GET', `/stores-reader/v1/products/${coffeeId}`, { token: admin });
    expect(res.status).toBe(200);
    const details = (res.body.product as Body).subscriptionDetails as Body;
    expect(details).toMatchObject({
      allowOneTimePurchases: true,
      enableCustomerCancellation: true,
      subscriptions: [
        { ...MONTHLY, visible: true, discount: { type: 'PERCENT', value: 10 } },
        {
          title: 'Weekly',
          frequency: 'WEEK',
          interval: 1,
          autoRenewal: true,
          discount: { type: 'AMOUNT', value: 3 },
        },
      ],
    });
    const shopper = await server().call('GET', `/stores-reader/v1/products/${coffeeId}`, {
      token: await visitor(server()),
    });
    expect(((shopper.body.product as Body).subscriptionDetails as Body).subscriptions).toHaveLength(2);
  });

  it('refuses bad options naming the field, and writes nothing', async () => {
    const before = await countRows(server(), sql`select count(*)::int as n from products`);
    const bad = await createProduct({
      name: 'Bad plan',
      priceData: { price: 5 },
      subscriptionDetails: {
        subscriptions: [
          { title: 'Too much', frequency: 'MONTH', discount: { type: 'PERCENT', value: 150 } },
          { title: 'Both', frequency: 'MONTH', autoRenewal: true, billingCycles: 2 },
        ],
      },
    });
    expect(bad.status).toBe(400);
    expect(violationFields(bad.body)).toEqual([
      'product.subscriptionDetails.subscriptions[0].discount.value',
      'product.subscriptionDetails.subscriptions[1].billingCycles',
    ]);
    const wrongFrequency = await createProduct({
      name: 'Bad plan',
      priceData: { price: 5 },
      subscriptionDetails: { subscriptions: [{ title: 'x', frequency: 'FORTNIGHT' }] },
    });
    expect(wrongFrequency.status).toBe(400);
    expect(JSON.stringify(wrongFrequency.body)).toContain('frequency');
    expect(await countRows(server(), sql`select count(*)::int as n from products`)).toBe(before);
  });
});

describe('buying a subscription', () => {
  it('is for members: a visitor is asked to sign in', async () => {
    const res = await subscribe(await visitor(server()));
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('SUBSCRIPTION_REQUIRES_MEMBER');
    expect(res.body.message).toMatch(/Sign in/);
  });

  it('the cart line carries subscriptionOptionInfo and the discounted price', async () => {
    const member = await memberTokens(server());
    const res = await subscribe(member.access_token, 2);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [item] = (res.body.cart as { lineItems: Array<Body & { price: Body; fullPrice: Body }> }).lineItems;
    expect(item!.subscriptionOptionInfo).toEqual({
      subscriptionSettings: {
        frequency: 'MONTH',
        interval: 1,
        autoRenewal: false,
        billingCycles: 3,
        enableCustomerCancellation: true,
      },
      title: 'Monthly',
      description: 'A bag every month',
      subscriptionOptionId: monthlyId,
    });
    expect(item!.price.amount).toBe('18.00');
    expect(item!.fullPrice.amount).toBe('20.00');

    const unknown = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: member.access_token,
      body: {
        lineItems: [line(coffeeId, 1, { catalogReference: ref('00000000-0000-4000-8000-000000000000') })],
      },
    });
    expect(unknown.status).toBe(400);
    expect(violationFields(unknown.body)).toEqual([
      'lineItems[0].catalogReference.options.subscriptionOptionId',
    ]);
  });

  it('checkout shows subscriptionCharges; the order makes a contract, read by its member only', async () => {
    const member = await memberTokens(server());
    const checkout = await newCheckout(server(), member.access_token, [
      line(coffeeId, 1, { catalogReference: ref(monthlyId) }),
    ]);
    const charges = (checkout.subscriptionCharges as { charges: Array<Body & { cycleBillingDate: string }> })
      .charges;
    expect(charges).toEqual([
      expect.objectContaining({
        cycleFrom: 2,
        cycleCount: 2,
        lineItemIds: [(checkout.lineItems as Body[])[0]!.id],
      }),
    ]);
    expect(new Date(charges[0]!.cycleBillingDate).getTime()).toBeGreaterThan(Date.now() + 27 * 86_400_000);

    const paymentToken = await cardToken(server(), member.access_token, '4242424242424242');
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
      token: member.access_token,
      body: { paymentToken },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const { orderId, subscriptionId } = placed.body as { orderId: string; subscriptionId: string };
    expect(subscriptionId).toMatch(/^[0-9a-f-]{36}$/);

    const got = await server().call('GET', `${CONTRACTS}/${subscriptionId}`, { token: member.access_token });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const contract = got.body.subscriptionContract as Body;
    expect(contract).toMatchObject({
      id: subscriptionId,
      title: 'Monthly',
      description: 'A bag every month',
      subscriptionSettings: { frequency: 'MONTH', interval: 1, autoRenewal: false, billingCycles: 3 },
      buyerInfo: { memberId: member.memberId },
      status: 'ACTIVE',
      billedCycles: 1,
      orderId,
      paymentMethod: { card: { brand: 'VISA', lastFourDigits: '4242' } },
      recipientInfo: { address: expect.objectContaining({ city: 'New York' }) },
      channelInfo: { type: 'WEB' },
      activities: [expect.objectContaining({ type: 'SUBSCRIPTION_CREATED' })],
    });
    expect((contract.subscriptionSettings as Body).startDate).toEqual(expect.any(String));
    expect((contract.nextChargeDate as string).slice(0, 10)).toBe(charges[0]!.cycleBillingDate.slice(0, 10));
    const [contractLine] = contract.lineItems as Array<Body & { subscriptionInfo: Body; price: Body }>;
    expect(contractLine!.subscriptionInfo).toMatchObject({ id: subscriptionId, cycleNumber: 1 });
    expect(contractLine!.price.amount).toBe('18.00');

    // The order's line names the contract.
    const order = await server().call('GET', `/ecom/v1/orders/${orderId}`, { token: admin });
    const orderLine = ((order.body.order as Body).lineItems as Array<Body & { subscriptionInfo: Body }>)[0]!;
    expect(orderLine.subscriptionInfo).toMatchObject({ id: subscriptionId, cycleNumber: 1 });

    // The event, through the outbox (webhooks deliver it signed like any other).
    const events = await eventsOf(server(), subscriptionId);
    expect(events).toEqual([
      expect.objectContaining({
        entity: 'subscription_contract',
        type: 'created',
        payload: { subscriptionContract: expect.objectContaining({ id: subscriptionId }) },
      }),
    ]);

    // Query: GET with the complex-GET encoding and the POST fallback; members see their own only.
    const mine = await server().call('POST', `${CONTRACTS}/query`, { token: member.access_token, body: {} });
    expect(mine.status).toBe(200);
    expect((mine.body.subscriptionContracts as Body[]).map((c) => c.id)).toEqual([subscriptionId]);
    const r = Buffer.from(JSON.stringify({ query: { filter: { status: 'ACTIVE' } } })).toString('base64url');
    const viaGet = await server().call('GET', `${CONTRACTS}/query?.r=${r}`, { token: member.access_token });
    expect(viaGet.status, JSON.stringify(viaGet.body)).toBe(200);
    expect((viaGet.body.subscriptionContracts as Body[]).map((c) => c.id)).toEqual([subscriptionId]);

    const other = await memberTokens(server());
    const hidden = await server().call('GET', `${CONTRACTS}/${subscriptionId}`, {
      token: other.access_token,
    });
    expect(hidden.status).toBe(404);
    expect(errorCode(hidden.body)).toBe('SUBSCRIPTION_CONTRACT_NOT_FOUND');
    const none = await server().call('POST', `${CONTRACTS}/query`, { token: other.access_token, body: {} });
    expect(none.body.subscriptionContracts).toEqual([]);
    const visitorCall = await server().call('POST', `${CONTRACTS}/query`, {
      token: await visitor(server()),
      body: {},
    });
    expect(visitorCall.status).toBe(403);

    const all = await server().call('POST', `${CONTRACTS}/query`, {
      token: admin,
      body: { query: { filter: { 'buyerInfo.memberId': member.memberId } } },
    });
    expect(all.status, JSON.stringify(all.body)).toBe(200);
    expect((all.body.subscriptionContracts as Body[]).map((c) => c.id)).toEqual([subscriptionId]);
    const badFilter = await server().call('POST', `${CONTRACTS}/query`, {
      token: admin,
      body: { query: { filter: { status: 'SLEEPING' } } },
    });
    expect(badFilter.status).toBe(400);
  });

  it('a visitor who reaches create-order with a subscription line is refused, nothing charged', async () => {
    const token = await visitor(server());
    const checkout = await newCheckout(server(), token, [
      line(coffeeId, 1, {
        subscriptionOptionInfo: { title: 'x', subscriptionSettings: { frequency: 'MONTH' } },
      }),
    ]);
    const paymentToken = await cardToken(server(), token, '4242424242424242');
    const res = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
      token,
      body: { paymentToken },
    });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('SUBSCRIPTION_REQUIRES_MEMBER');
    const [row] = await rows<{ n: number }>(
      server().ctx.db,
      sql`select count(*)::int as n from orders where checkout_id = ${checkout.id}`,
    );
    expect(row!.n).toBe(0);
  });
});

describe('member and merchant actions', () => {
  it('members pause and resume their own; cancel only when the plan allows; merchants cancel', async () => {
    const noCancel = await subscriptionProduct(server(), {}, { enableCustomerCancellation: false });
    const member = await memberTokens(server());
    const token = member.access_token;
    const { subscriptionId } = await buySubscription(
      server(),
      token,
      subscriptionLine(noCancel.productId, noCancel.optionId),
    );
    const act = (action: string, who = token, body: Body = {}) =>
      server().call('POST', `${CONTRACTS}/${subscriptionId}/${action}`, { token: who, body });

    const other = await memberTokens(server());
    expect((await act('pause', other.access_token)).status).toBe(404);
    const stale = await act('pause', token, { revision: '99' });
    expect(stale.status).toBe(409);
    expect(errorCode(stale.body)).toBe('REVISION_MISMATCH');

    const paused = await act('pause');
    expect(paused.status, JSON.stringify(paused.body)).toBe(200);
    expect(paused.body.subscriptionContract).toMatchObject({ status: 'PAUSED', revision: '2' });
    expect(errorCode((await act('pause')).body)).toBe('UNSUPPORTED_TRANSITION');
    const resumed = await act('resume');
    expect(resumed.body.subscriptionContract).toMatchObject({ status: 'ACTIVE' });

    const refused = await act('cancel');
    expect(refused.status).toBe(403);
    expect(errorCode(refused.body)).toBe('CANCELLATION_NOT_ALLOWED');
    expect(
      (
        (await server().call('GET', `${CONTRACTS}/${subscriptionId}`, { token })).body
          .subscriptionContract as Body
      ).status,
    ).toBe('ACTIVE');

    const canceled = await act('cancel', admin);
    expect(canceled.status, JSON.stringify(canceled.body)).toBe(200);
    const wire = canceled.body.subscriptionContract as Body & {
      activities: Array<{ type: string; by?: string }>;
    };
    expectEnd(wire, 'CANCELED', [
      'SUBSCRIPTION_CREATED',
      'SUBSCRIPTION_PAUSED',
      'SUBSCRIPTION_RESUMED',
      'SUBSCRIPTION_CANCELED',
    ]);
    expect(wire.activities[3]!.by).toBe('MERCHANT');
    expect((await eventsOf(server(), subscriptionId)).map((e) => e.type)).toEqual([
      'created',
      'updated',
      'updated',
      'canceled',
    ]);
    const charges = await server().call('GET', `${CONTRACTS}/${subscriptionId}/charges`, { token });
    expect(charges.status).toBe(200);
    expect(charges.body.charges).toEqual([]);
  });

  it('a member cancels their own when the plan allows it', async () => {
    const member = await memberTokens(server());
    const { subscriptionId } = await buySubscription(
      server(),
      member.access_token,
      line(coffeeId, 1, { catalogReference: ref(monthlyId) }),
    );
    const res = await server().call('POST', `${CONTRACTS}/${subscriptionId}/cancel`, {
      token: member.access_token,
      body: {},
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.subscriptionContract).toMatchObject({ status: 'CANCELED' });
  });
});
