import { expect } from 'vitest';
import type { TestServer } from '../src/testing.ts';
import { APP, type Body, cardToken, newCheckout } from './checkout-helpers.ts';

/** Shared by the subscription tests: a subscription product and buying it as a member. */

/** A $20 coffee with a monthly plan (10 % off) of `billingCycles` cycles; its id and the plan's. */
export async function subscriptionProduct(
  server: TestServer,
  plan: Body = {},
  details: Body = {},
): Promise<{ productId: string; optionId: string }> {
  const res = await server.call('POST', '/stores/v1/products', {
    token: server.adminKey,
    body: {
      product: {
        name: `Coffee ${Math.random().toString(36).slice(2, 8)}`,
        productType: 'physical',
        priceData: { price: 20 },
        weight: 0.5,
        subscriptionDetails: {
          subscriptions: [
            {
              title: 'Monthly',
              frequency: 'MONTH',
              autoRenewal: false,
              billingCycles: 4,
              discount: { type: 'PERCENT', value: 10 },
              ...plan,
            },
          ],
          ...details,
        },
      },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const product = res.body.product as {
    id: string;
    subscriptionDetails: { subscriptions: Array<{ id: string }> };
  };
  return { productId: product.id, optionId: product.subscriptionDetails.subscriptions[0]!.id };
}

export const subscriptionLine = (productId: string, optionId: string, quantity = 1) => ({
  quantity,
  catalogReference: { catalogItemId: productId, appId: APP, options: { subscriptionOptionId: optionId } },
});

/** A member buys the plan through checkout and create-order-and-charge: the order and the contract's ids. */
export async function buySubscription(
  server: TestServer,
  token: string,
  lineItem: Body,
  card = '4242424242424242',
  /** More `checkoutInfo` (the buyer's own e-mail instead of buyer@example.com). */
  info: Body = {},
): Promise<{ orderId: string; subscriptionId: string }> {
  const checkout = await newCheckout(server, token, [lineItem], info);
  const paymentToken = await cardToken(server, token, card);
  const res = await server.call('POST', `/ecom/v1/checkouts/${checkout.id}/create-order-and-charge`, {
    token,
    body: { paymentToken },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { orderId: string; subscriptionId: string };
}

/** A contract at its end (ended, cancelled): its status, no next charge, and its activities in order. */
export function expectEnd(
  contract: { status?: unknown; nextChargeDate?: unknown; activities: Array<{ type: string }> },
  status: string,
  activities: string[],
): void {
  expect(contract.status).toBe(status);
  expect(contract.nextChargeDate).toBeUndefined();
  expect(contract.activities.map((a) => a.type)).toEqual(activities);
}
