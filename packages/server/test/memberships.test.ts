import { beforeAll, describe, expect, it } from 'vitest';
import { MEMBERSHIPS_APP_ID } from '../src/flows/subscriptions/memberships.ts';
import {
  type Body,
  cardToken,
  errorCode,
  line,
  NEW_YORK,
  newCheckout,
  orderRow,
  product,
  seedStore,
  visitor,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { memberTokens } from './identity-helpers.ts';
import { buySubscription, subscriptionLine, subscriptionProduct } from './subscription-helpers.ts';

/**
 * Memberships (docs/SUBSCRIPTIONS.md "Memberships"): a subscription product marked as a membership plan pays, with
 * each ACTIVE contract of it, for the products and collections it covers. Estimate totals (cart and checkout)
 * offers the member's memberships; the selected one makes the covered lines MEMBERSHIP at 0 through to the
 * placed order; a paused or canceled contract is offered as invalid with its reason and cannot pay.
 */

const { server, ok } = serverForFile({ seed: seedStore });
let covered: string;
let inCollection: string;
let other: string;
let plan: { productId: string; optionId: string };
const CONTRACTS = '/ecom/subscription-contracts/v1/subscription-contracts';

interface Options {
  eligibleMemberships: Array<Body & { id: string; lineItemIds: string[]; expirationDate?: string }>;
  invalidMemberships: Array<{ membership: Body & { id: string }; reason: string }>;
  selectedMemberships: { memberships: Body[] };
}
interface Estimate {
  membershipOptions: Options;
  calculatedLineItems: Array<{ lineItemId: string; paymentOption: string; pricesBreakdown: Body }>;
  payNow: { total: { amount: string } };
  priceSummary: { total: { amount: string } };
  calculationErrors: Body;
  cart: { lineItems: Array<{ id: string; catalogReference: { catalogItemId: string } }> };
}

/** The shopper's cart, refilled with `productIds` (one each) unless null, and its estimate with `selected`. */
async function cartEstimate(
  token: string,
  productIds: string[] | null,
  selected?: Body[],
): Promise<Estimate> {
  if (productIds) {
    await server().call('DELETE', '/ecom/v1/carts/current', { token });
    const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token,
      body: { lineItems: productIds.map((id) => line(id)) },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
  }
  const res = await server().call('POST', '/ecom/v1/carts/current/estimate-totals', {
    token,
    body: {
      shippingAddress: NEW_YORK,
      ...(selected ? { selectedMemberships: { memberships: selected } } : {}),
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Estimate;
}

const lineOf = (estimate: Estimate, productId: string) =>
  estimate.cart.lineItems.find((l) => l.catalogReference.catalogItemId === productId)!.id;

async function act(action: string, id: string, token: string) {
  const res = await server().call('POST', `${CONTRACTS}/${id}/${action}`, { token, body: {} });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

/** A new member holding a contract of the plan: their token and the contract (the membership) id. */
async function planMember(): Promise<{ token: string; subscriptionId: string }> {
  const token = (await memberTokens(server())).access_token;
  const bought = await buySubscription(server(), token, subscriptionLine(plan.productId, plan.optionId));
  return { token, subscriptionId: bought.subscriptionId };
}

const chosen = (id: string, lineItemIds: string[]) => [{ id, appId: MEMBERSHIPS_APP_ID, lineItemIds }];

/** Chooses the memberships on a checkout (PATCH): the checkout as answered. */
async function choose(token: string, checkoutId: string, memberships: Body[]) {
  const res = await server().call('PATCH', `/ecom/v1/checkouts/${checkoutId}`, {
    token,
    body: { checkout: { membershipOptions: { selectedMemberships: { memberships } } } },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.checkout as Body;
}

beforeAll(async () => {
  covered = await product(server(), { name: 'Club Coffee', price: '12.00', weight: 0.25 });
  inCollection = await product(server(), { name: 'Club Mug', price: '8.00', weight: 0.25 });
  other = await product(server(), { name: 'Teapot', price: '30.00', weight: 0.25 });
  const collection = (
    (await ok('POST', '/stores/v1/collections', { collection: { name: 'Club picks' } })).collection as Body
  ).id as string;
  await ok('POST', `/stores/v1/collections/${collection}/productIds`, { productIds: [inCollection] });
  // Gold Club: monthly, auto-renewing, covering one product and one collection.
  plan = await subscriptionProduct(
    server(),
    { title: 'Gold monthly', autoRenewal: true, billingCycles: undefined },
    { membership: { productIds: [covered], collectionIds: [collection] } },
  );
}, 240_000);

describe('membership options', () => {
  it('visitors and members without a membership get none', async () => {
    const empty = {
      eligibleMemberships: [],
      invalidMemberships: [],
      selectedMemberships: { memberships: [] },
    };
    expect((await cartEstimate(await visitor(server()), [covered])).membershipOptions).toEqual(empty);
    const member = await memberTokens(server());
    expect((await cartEstimate(member.access_token, [covered])).membershipOptions).toEqual(empty);
  });

  it('an active contract is eligible for the covered lines, until its next charge', async () => {
    const { token, subscriptionId } = await planMember();
    const contract = (
      await server().call('GET', `${CONTRACTS}/${subscriptionId}`, { token: server().adminKey })
    ).body.subscriptionContract as Body;
    const estimate = await cartEstimate(token, [covered, inCollection, other]);
    expect(estimate.membershipOptions.invalidMemberships).toEqual([]);
    expect(estimate.membershipOptions.eligibleMemberships).toEqual([
      expect.objectContaining({
        id: subscriptionId,
        appId: MEMBERSHIPS_APP_ID,
        lineItemIds: [lineOf(estimate, covered), lineOf(estimate, inCollection)],
        expirationDate: contract.nextChargeDate,
      }),
    ]);
    // Offered, not chosen: every line is still charged.
    expect(estimate.calculatedLineItems.map((l) => l.paymentOption)).toEqual([
      'FULL_PAYMENT_ONLINE',
      'FULL_PAYMENT_ONLINE',
      'FULL_PAYMENT_ONLINE',
    ]);
  });
});

describe('paying with a membership', () => {
  it('pays the covered line through to the placed order; the other line is charged', async () => {
    const { token, subscriptionId } = await planMember();

    // The cart's estimate: the covered line chosen.
    const cart = await cartEstimate(token, [covered, other]);
    const selection = chosen(subscriptionId, [lineOf(cart, covered)]);
    const totals = await cartEstimate(token, null, selection);
    expect(totals.calculationErrors).not.toHaveProperty('membershipError');
    expect(totals.membershipOptions.selectedMemberships.memberships).toEqual(selection);
    const byLine = new Map(totals.calculatedLineItems.map((l) => [l.lineItemId, l]));
    expect(byLine.get(lineOf(cart, covered))).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      pricesBreakdown: { price: { amount: '0.00' }, fullPrice: { amount: '12.00' } },
    });
    expect(byLine.get(lineOf(cart, other))).toMatchObject({
      paymentOption: 'FULL_PAYMENT_ONLINE',
      pricesBreakdown: { price: { amount: '30.00' } },
    });
    // Only the teapot (with its shipping and tax) is paid: the coffee's $12 is not in the total.
    // 8.5 % New York tax: $1.02 on the coffee.
    expect(Number(totals.priceSummary.total.amount)).toBeCloseTo(
      Number(cart.priceSummary.total.amount) - 13.02,
      2,
    );

    // The checkout keeps the choice; the placed order has the covered line at 0, paid by the membership.
    const checkout = await newCheckout(server(), token, [line(covered), line(other)]);
    const lines = checkout.lineItems as Array<{ id: string; catalogReference: { catalogItemId: string } }>;
    const mine = lines.find((l) => l.catalogReference.catalogItemId === covered)!.id;
    const shown = (await choose(token, checkout.id, chosen(subscriptionId, [mine]))) as Body & {
      membershipOptions: Options;
      payNow: { total: { amount: string } };
      lineItems: Array<{ id: string; paymentOption: string; price: { amount: string } }>;
    };
    expect(shown.membershipOptions.selectedMemberships.memberships).toEqual(chosen(subscriptionId, [mine]));
    expect(shown.membershipOptions.eligibleMemberships.map((m) => m.id)).toEqual([subscriptionId]);
    expect(shown.lineItems.find((l) => l.id === mine)).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      price: { amount: '0.00' },
    });
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
      token,
      body: { paymentToken: await cardToken(server(), token, '4242424242424242') },
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    const order = await orderRow(server(), placed.body.orderId as string);
    expect(order.payment_status).toBe('PAID');
    expect(Number(order.total)).toBe(Number(shown.payNow.total.amount));
    const orderLines = order.data.lineItems as Array<Body & { catalogReference: { catalogItemId: string } }>;
    expect(orderLines.find((l) => l.catalogReference.catalogItemId === covered)).toMatchObject({
      paymentOption: 'MEMBERSHIP',
      price: { amount: '0.00' },
    });
    expect(orderLines.find((l) => l.catalogReference.catalogItemId === other)).toMatchObject({
      paymentOption: 'FULL_PAYMENT_ONLINE',
      price: { amount: '30.00' },
    });
  });

  it('another member cannot pay with someone else’s membership', async () => {
    const { subscriptionId } = await planMember();
    const stranger = (await memberTokens(server())).access_token;
    const cart = await cartEstimate(stranger, [covered]);
    const res = await cartEstimate(stranger, null, chosen(subscriptionId, [lineOf(cart, covered)]));
    expect(res.calculationErrors.membershipError).toMatchObject({
      applicationError: { code: 'MEMBERSHIP_NOT_ELIGIBLE' },
    });
    expect(res.calculatedLineItems[0]!.paymentOption).toBe('FULL_PAYMENT_ONLINE');
  });

  it('a paused or canceled contract is invalid with its reason, and a checkout choosing it is not placed', async () => {
    const { token, subscriptionId } = await planMember();

    // Chosen while active, then paused before the order is placed.
    const checkout = await newCheckout(server(), token, [line(covered)]);
    const mine = (checkout.lineItems as Array<{ id: string }>)[0]!.id;
    await choose(token, checkout.id, chosen(subscriptionId, [mine]));
    await act('pause', subscriptionId, token);

    const paused = await cartEstimate(token, [covered]);
    expect(paused.membershipOptions.eligibleMemberships).toEqual([]);
    expect(paused.membershipOptions.invalidMemberships).toEqual([
      { membership: expect.objectContaining({ id: subscriptionId }), reason: 'PAUSED' },
    ]);
    const refused = await server().call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
      token,
      body: { paymentToken: await cardToken(server(), token, '4242424242424242') },
    });
    expect(refused.status).toBe(400);
    expect(errorCode(refused.body)).toBe('MEMBERSHIP_NOT_ELIGIBLE');
    const after = await server().call('GET', `/ecom/v1/checkouts/${checkout.id}`, { token });
    expect(after.body.checkout).toMatchObject({ completed: false });

    await act('cancel', subscriptionId, server().adminKey);
    const cart = await cartEstimate(token, [covered]);
    const canceled = await cartEstimate(token, null, chosen(subscriptionId, [lineOf(cart, covered)]));
    expect(canceled.membershipOptions.invalidMemberships).toEqual([
      { membership: expect.objectContaining({ id: subscriptionId }), reason: 'CANCELED' },
    ]);
    expect(canceled.calculationErrors.membershipError).toMatchObject({
      applicationError: { code: 'MEMBERSHIP_NOT_ELIGIBLE' },
    });
    expect(canceled.calculatedLineItems[0]!.paymentOption).toBe('FULL_PAYMENT_ONLINE');
  });
});
