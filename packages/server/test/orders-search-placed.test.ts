import { beforeAll, describe, expect, it } from 'vitest';
import { APP, NEW_YORK, seedStore } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { memberTokens } from './identity-helpers.ts';

/**
 * Orders placed through the real checkout (cart-free `POST /ecom/v1/checkouts`, then `create-order`), found by
 * search and counted by aggregate, with a tip the buyer chose on that checkout.
 */

type Body = Record<string, unknown>;

const { server } = serverForFile({
  seed: seedStore,
});
let productId: string;

beforeAll(async () => {
  const created = await server().call('POST', '/stores/v1/products', {
    token: server().adminKey,
    body: {
      product: { name: 'Search mug', productType: 'physical', priceData: { price: 12.5 }, visible: true },
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  productId = (created.body.product as { id: string }).id;
  const tips = await server().call('POST', '/tips/v1/tip-settings', {
    token: server().adminKey,
    body: { tipSettings: { tipType: 'PERCENTAGE', choices: ['10', '20'] } },
  });
  expect(tips.status).toBe(200);
});
/** A checkout of `quantity` mugs by the member, a tip choice on it, then the order, to be paid offline. */
async function place(token: string, email: string, quantity: number, tip?: string): Promise<Body> {
  const checkout = await server().call('POST', '/ecom/v1/checkouts', {
    token,
    body: {
      lineItems: [{ quantity, catalogReference: { catalogItemId: productId, appId: APP } }],
      checkoutInfo: { shippingInfo: { shippingDestination: { address: NEW_YORK } }, buyerInfo: { email } },
    },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const { id, purchaseFlowId } = checkout.body.checkout as { id: string; purchaseFlowId: string };
  if (tip) {
    const chosen = await server().call('PATCH', '/tips/v1/tips/choice', {
      token,
      body: { purchaseFlowId, tipChoice: { tipType: 'PERCENTAGE', value: tip } },
    });
    expect(chosen.status, JSON.stringify(chosen.body)).toBe(200);
  }
  const order = await server().call('POST', `/ecom/v1/checkouts/${id}/create-order`, { token, body: {} });
  expect(order.status, JSON.stringify(order.body)).toBe(200);
  const orderId = order.body.orderId as string;
  // Once placed, the tip cannot change.
  const late = await server().call('PATCH', '/tips/v1/tips/choice', {
    token,
    body: { purchaseFlowId, tipChoice: { tipType: 'PERCENTAGE', value: '10' } },
  });
  expect(late.status).toBe(409);
  const read = await server().call('GET', `/ecom/v1/orders/${orderId}`, { token: server().adminKey });
  expect(read.status).toBe(200);
  return read.body.order as Body;
}

describe('search and aggregate over placed orders', () => {
  it("finds a member's placed orders for that member and the admin only; sums their totals", async () => {
    const ada = await memberTokens(server());
    const bob = await memberTokens(server());
    const first = await place(ada.access_token, 'ada@example.com', 1);
    const second = await place(ada.access_token, 'ada@example.com', 2, '20');
    const third = await place(bob.access_token, 'bob@example.com', 3);

    const search = async (token: string, search: Body = {}) => {
      const res = await server().call('POST', '/ecom/v1/orders/search', { token, body: { search } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return (res.body.orders as Body[]).map((o) => o.id);
    };
    expect(await search(ada.access_token)).toEqual([second.id, first.id]);
    expect(await search(bob.access_token)).toEqual([third.id]);
    expect(await search(server().adminKey)).toEqual([third.id, second.id, first.id]);
    expect(
      await search(server().adminKey, {
        filter: { 'buyerInfo.email': 'ADA@example.com' },
        sort: [{ fieldName: 'number' }],
      }),
    ).toEqual([first.id, second.id]);

    const total = (o: Body) => (o.priceSummary as { total: { amount: string } }).total.amount;
    const cents = (amount: string) => Math.round(Number(amount) * 100);
    const res = await server().call('POST', '/ecom/v1/orders/aggregate', {
      token: server().adminKey,
      body: {
        aggregation: {
          perMember: {
            groupBy: ['buyerInfo.memberId'],
            metrics: { orders: { count: {} }, sales: { sum: 'priceSummary.total.amount' } },
            sort: [{ fieldName: 'orders', order: 'DESC' }],
          },
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const groups = (
      res.body.aggregates as { perMember: { groups: Array<{ key: Body; orders: number; sales: string }> } }
    ).perMember.groups;
    expect(groups.map((g) => [g.key['buyerInfo.memberId'], g.orders])).toEqual([
      [ada.memberId, 2],
      [bob.memberId, 1],
    ]);
    expect(cents(groups[0]!.sales)).toBe(cents(total(first)) + cents(total(second)));
    expect(cents(groups[1]!.sales)).toBe(cents(total(third)));
  });
});
