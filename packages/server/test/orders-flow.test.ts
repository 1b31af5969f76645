import { beforeAll, describe, expect, it } from 'vitest';
import { product, SAN_FRANCISCO, seedStore } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, memberTokens, visitorTokens } from './identity-helpers.ts';
import { STORE_APP_ID, trackedStock, type WireOrder } from './order-fixtures.ts';
import { fromCents, toCents } from '../src/platform/money.ts';

/**
 * Orders placed through the real checkout (cart → create-checkout → create-order[-and-charge]) and then read,
 * refunded, fulfilled and canceled: the parts built by different hands, end to end over HTTP.
 */

type Body = Record<string, unknown>;

const { server } = serverForFile({ seed: seedStore });
let admin: string;
let tee = '';

const stock = async (): Promise<number> => (await trackedStock(server(), tee))!;

interface Placed {
  orderId: string;
  confirmationToken: string;
  paymentGatewayOrderId?: string;
}

/**
 * Cart → checkout → order, as the shopper's token; with a card when `card` is given (only authorized, for
 * the merchant to capture, with `delayCapture`).
 */
async function buy(token: string, email: string, quantity: number, card?: string, delayCapture = false) {
  const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
    token,
    body: { lineItems: [{ quantity, catalogReference: { catalogItemId: tee, appId: STORE_APP_ID } }] },
  });
  expect(added.status, JSON.stringify(added.body)).toBe(200);
  const checkout = await server().call('POST', '/ecom/v1/carts/current/create-checkout', {
    token,
    body: { channelType: 'WEB', email, shippingAddress: SAN_FRANCISCO, billingAddress: SAN_FRANCISCO },
  });
  expect(checkout.status, JSON.stringify(checkout.body)).toBe(200);
  const checkoutId = checkout.body.checkoutId as string;
  if (!card) {
    const placed = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order`, {
      token,
      body: {},
    });
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    return placed.body as unknown as Placed;
  }
  const tokenised = await server().call('POST', '/payments/sandbox/v1/card-tokens', {
    token,
    body: {
      number: card,
      expMonth: 12,
      expYear: new Date().getFullYear() + 2,
      cvc: '123',
      holderName: 'Ada',
    },
  });
  expect(tokenised.status, JSON.stringify(tokenised.body)).toBe(200);
  const placed = await server().call('POST', `/ecom/v1/checkouts/${checkoutId}/create-order-and-charge`, {
    token,
    body: { paymentToken: tokenised.body.paymentToken, ...(delayCapture ? { delayCapture } : {}) },
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  return placed.body as unknown as Placed;
}

const read = async (id: string, token = admin) => {
  const res = await server().call('GET', `/ecom/v1/orders/${id}`, { token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.order as WireOrder;
};

beforeAll(async () => {
  admin = server().adminKey;
  tee = await product(server(), {
    name: 'Flow Tee',
    price: '20.00',
    weight: 0.2,
    stock: { trackQuantity: true, quantity: 20 },
  });
}, 120_000);

describe('an order placed through checkout', () => {
  it('is read by its visitor and its confirmation token, refunded, fulfilled and mailed', async () => {
    const visitor = await visitorTokens(server());
    const email = 'flow.buyer@example.com';
    const before = await stock();
    const { orderId, confirmationToken } = await buy(visitor.access_token, email, 2, '4242 4242 4242 4242');
    expect(await stock()).toBe(before - 2);

    const own = await read(orderId, visitor.access_token);
    expect(own).toMatchObject({ status: 'APPROVED', paymentStatus: 'PAID' });
    const byToken = await server().call(
      'GET',
      `/ecom/v1/orders/${orderId}?confirmationToken=${encodeURIComponent(confirmationToken)}`,
    );
    expect(byToken.status).toBe(200);
    const other = await visitorTokens(server());
    expect(
      errorCode(
        (await server().call('GET', `/ecom/v1/orders/${orderId}`, { token: other.access_token })).body,
      ),
    ).toBe('ORDER_NOT_FOUND');

    await server().ctx.events.drain();
    const inbox = await server().call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(email)}`, {
      token: admin,
    });
    expect((inbox.body.messages as Array<{ tag: string }>).some((m) => m.tag === 'order-confirmation')).toBe(
      true,
    );

    const refundability = await server().call(
      'GET',
      `/ecom/v1/payments-collector/orders/${orderId}/refundability`,
      {
        token: admin,
      },
    );
    const [payment] = refundability.body.refundabilities as Array<{
      paymentId: string;
      refundabilityStatus: string;
    }>;
    expect(payment!.refundabilityStatus).toBe('REFUNDABLE');
    const total = own.priceSummary.total.amount;
    const over = await server().call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
      token: admin,
      body: { payments: [{ paymentId: payment!.paymentId, amount: fromCents(toCents(total) + 1n) }] },
    });
    expect(errorCode(over.body)).toBe('INVALID_AMOUNT');
    const line = own.lineItems[0]!.id;
    const refund = await server().call(
      'POST',
      `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`,
      {
        token: admin,
        body: {
          payments: [{ paymentId: payment!.paymentId, amount: '20.00' }],
          details: { lineItems: [{ lineItemId: line, quantity: 1 }] },
          sideEffects: { restockInfo: { type: 'ALL_ITEMS' } },
        },
      },
    );
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    expect(await stock()).toBe(before - 1);
    const refunded = await read(orderId);
    expect(refunded.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(refunded.lineItems[0]).toMatchObject({ refundQuantity: 1, restockQuantity: 1 });

    const fulfil = await server().call('POST', `/ecom/v1/fulfillments/orders/${orderId}/create-fulfillment`, {
      token: admin,
      body: {
        fulfillment: { lineItems: [{ id: line, quantity: 1 }], trackingInfo: { trackingNumber: 'TRK1' } },
      },
    });
    expect(fulfil.status).toBe(200);
    expect((await read(orderId)).fulfillmentStatus).toBe('PARTIALLY_FULFILLED');
  });

  it('an offline order: a member reads it, the merchant marks it paid, cancels it and the stock comes back', async () => {
    const member = await memberTokens(server());
    const before = await stock();
    const { orderId } = await buy(member.access_token, member.email, 3);
    expect(await stock()).toBe(before - 3);
    const own = await read(orderId, member.access_token);
    expect(own.paymentStatus).toBe('NOT_PAID');
    const paid = await server().call('POST', `/ecom/v1/payments-collector/orders/${orderId}/mark-as-paid`, {
      token: admin,
      body: {},
    });
    expect((paid.body.order as WireOrder).paymentStatus).toBe('PAID');
    const canceled = await server().call('POST', `/ecom/v1/orders/${orderId}/cancel`, {
      token: admin,
      body: { restockAllItems: true },
    });
    expect((canceled.body.order as WireOrder).status).toBe('CANCELED');
    expect(await stock()).toBe(before);
  });

  it('an authorized card: captured by the merchant', async () => {
    const visitor = await visitorTokens(server());
    const { orderId } = await buy(visitor.access_token, 'auth@example.com', 1, '4242424242424242', true);
    const order = await read(orderId);
    expect(order.paymentStatus).toBe('NOT_PAID');
    const refundability = (
      await server().call('GET', `/ecom/v1/payments-collector/orders/${orderId}/refundability`, {
        token: admin,
      })
    ).body.refundabilities as Array<{ paymentId: string; nonRefundableReason: string }>;
    expect(refundability[0]!.nonRefundableReason).toBe('NOT_PAID');
    const captured = await server().call(
      'POST',
      `/ecom/v1/payments-collector/orders/${orderId}/capture-authorized-payments`,
      {
        token: admin,
        body: { payments: [{ paymentId: refundability[0]!.paymentId }] },
      },
    );
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    expect((await read(orderId)).paymentStatus).toBe('PAID');
    const body = captured.body as Body;
    expect((body.orderTransactions as { payments: Array<{ status: string }> }).payments[0]!.status).toBe(
      'APPROVED',
    );
  });

  it('concurrent refunds of a charged order never pass what was paid', async () => {
    const visitor = await visitorTokens(server());
    const { orderId } = await buy(visitor.access_token, 'race@example.com', 1, '4242424242424242');
    const order = await read(orderId);
    const total = toCents(order.priceSummary.total.amount);
    const [payment] = (
      await server().call('GET', `/ecom/v1/payments-collector/orders/${orderId}/refundability`, {
        token: admin,
      })
    ).body.refundabilities as Array<{ paymentId: string }>;
    // Each asks for 40% (rounded down to the cent): two fit, the third would pass the total.
    const part = fromCents((total * 40n) / 100n);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () =>
        server().call('POST', `/ecom/v1/payments-collector/orders/${orderId}/trigger-refund`, {
          token: admin,
          body: { payments: [{ paymentId: payment!.paymentId, amount: part }] },
        }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200)) expect(errorCode(a.body)).toBe('INVALID_AMOUNT');
    const after = await read(orderId);
    expect(after.balanceSummary.refunded!.amount).toBe(fromCents(toCents(part) * 2n));
    expect(after.paymentStatus).toBe('PARTIALLY_REFUNDED');
  });

  it('an authorized card: voided by the merchant', async () => {
    const visitor = await visitorTokens(server());
    const placed = await buy(visitor.access_token, 'void@example.com', 1, '4242424242424242', true);
    const { orderId } = placed;
    const paymentId = placed.paymentGatewayOrderId!;
    const voided = await server().call(
      'POST',
      `/ecom/v1/payments-collector/orders/${orderId}/void-authorized-payments`,
      {
        token: admin,
        body: { paymentIds: [paymentId] },
      },
    );
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    const order = await read(orderId);
    expect(order.paymentStatus).toBe('CANCELED');
    expect(order.activities.map((a) => a.type)).toContain('AUTHORIZED_PAYMENT_VOIDED');
    const again = await server().call(
      'POST',
      `/ecom/v1/payments-collector/orders/${orderId}/void-authorized-payments`,
      {
        token: admin,
        body: { paymentIds: [paymentId] },
      },
    );
    expect(errorCode(again.body)).toBe('PAYMENT_ALREADY_VOIDED');
  });
});
