import { createServer as createNetServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../src/testing.ts';
import { serverForFile } from './file-server.ts';
import { errorCode } from './identity-helpers.ts';
import { placeTestOrder } from './order-fixtures.ts';

/**
 * The order calls the admin's order page needs beside the wire's: an order's transactions (which payments are
 * authorised, to capture or void them) and the confirmation mail sent again.
 */

type Body = Record<string, unknown>;
interface Payment {
  id: string;
  status: string;
  amount: { amount: string };
  regularPaymentDetails?: { authorizationDetails?: { captures?: Array<{ amount: { amount: string } }> } };
}
interface Activity {
  type: string;
  customActivity?: { type: string; additionalData?: Record<string, string> };
}

const { server, call } = serverForFile();

const transactions = async (orderId: string, token = server().adminKey) => {
  const res = await call('GET', `/ecom/v1/payments/orders/${orderId}`, undefined, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.orderTransactions as { orderId: string; payments: Payment[]; refunds: Body[] };
};

async function mails(to: string, on = server()) {
  await on.ctx.events.drain();
  const res = await on.call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`, {
    token: on.adminKey,
  });
  return (res.body.messages as Array<{ tag: string; text: string }>).filter(
    (m) => m.tag === 'order-confirmation',
  );
}

const activities = async (orderId: string, on = server()) =>
  (await on.call('GET', `/ecom/v1/orders/${orderId}`, { token: on.adminKey })).body.order as {
    activities: Activity[];
  };

describe('order transactions', () => {
  it('lists an authorised payment, which a capture then shows as approved', async () => {
    const order = await placeTestOrder(server(), {
      lines: [{ quantity: 2, price: '12.50' }],
      payment: 'authorized',
    });
    const before = await transactions(order.id);
    expect(before.orderId).toBe(order.id);
    expect(before.payments).toHaveLength(1);
    expect(before.payments[0]).toMatchObject({
      id: order.paymentId,
      status: 'AUTHORIZED',
      amount: { amount: '25.00' },
    });
    expect(before.refunds).toEqual([]);

    const captured = await call(
      'POST',
      `/ecom/v1/payments-collector/orders/${order.id}/capture-authorized-payments`,
      {
        payments: [{ paymentId: order.paymentId, amount: '20.00' }],
      },
    );
    expect(captured.status, JSON.stringify(captured.body)).toBe(200);
    const after = await transactions(order.id);
    expect(after.payments[0]).toMatchObject({ status: 'APPROVED', amount: { amount: '20.00' } });
    expect(after.payments[0]!.regularPaymentDetails?.authorizationDetails?.captures?.[0]?.amount.amount).toBe(
      '20.00',
    );
  });

  it('is read by any staff role, and refuses unknown orders', async () => {
    const order = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '9.00' }] });
    const made = await call('POST', '/aisle/v1/api-keys', { name: 'packer', role: 'FULFILMENT' });
    const packer = made.body.key as string;
    expect((await transactions(order.id, packer)).payments[0]!.status).toBe('APPROVED');
    // A fulfilment key reads, but may not void.
    const voided = await call(
      'POST',
      `/ecom/v1/payments-collector/orders/${order.id}/void-authorized-payments`,
      { paymentIds: [order.paymentId] },
      packer,
    );
    expect(voided.status).toBe(403);

    const missing = await call('GET', '/ecom/v1/payments/orders/00000000-0000-0000-0000-000000000000');
    expect(missing.status).toBe(404);
    expect(errorCode(missing.body)).toBe('ORDER_NOT_FOUND');
    expect((await call('GET', '/ecom/v1/payments/orders/not-an-id')).status).toBe(404);
    const anonymous = await server().call('GET', `/ecom/v1/payments/orders/${order.id}`);
    expect(anonymous.status).toBe(401);
  });
});

describe('confirmation mail sent again', () => {
  it('goes to the buyer with the order as it is, and is noted on the order for the merchant only', async () => {
    const email = `again.${Date.now()}@example.com`;
    const order = await placeTestOrder(server(), {
      lines: [{ quantity: 2, price: '7.25', name: 'Candle' }],
      email,
    });
    const before = (await mails(email)).length;
    const res = await call('POST', `/ecom/v1/orders/${order.id}/send-confirmation`, {});
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ sentTo: email });
    const sent = await mails(email);
    expect(sent).toHaveLength(before + 1);
    expect(sent[0]!.text).toContain('2 × Candle');
    const noted = (await activities(order.id)).activities.filter((a) => a.type === 'CUSTOM_ACTIVITY');
    expect(noted).toEqual([
      expect.objectContaining({
        customActivity: { type: 'ORDER_CONFIRMATION_RESENT', additionalData: { email } },
      }),
    ]);
    // The buyer's own view of the order does not show it.
    const buyerView = await server().call(
      'GET',
      `/ecom/v1/orders/${order.id}?confirmationToken=${order.confirmationToken}`,
    );
    expect(buyerView.status).toBe(200);
    expect(JSON.stringify(buyerView.body)).not.toContain('ORDER_CONFIRMATION_RESENT');
  });

  it('is refused for a canceled order, an unknown one, and a fulfilment key', async () => {
    const order = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const made = await call('POST', '/aisle/v1/api-keys', { name: 'packer 2', role: 'FULFILMENT' });
    const denied = await call(
      'POST',
      `/ecom/v1/orders/${order.id}/send-confirmation`,
      {},
      made.body.key as string,
    );
    expect(denied.status).toBe(403);
    expect((await call('POST', `/ecom/v1/orders/${order.id}/cancel`, {})).status).toBe(200);
    const canceled = await call('POST', `/ecom/v1/orders/${order.id}/send-confirmation`, {});
    expect(canceled.status).toBe(409);
    expect(errorCode(canceled.body)).toBe('ORDER_CANCELED');
    const unknown = await call(
      'POST',
      '/ecom/v1/orders/00000000-0000-0000-0000-000000000000/send-confirmation',
      {},
    );
    expect(unknown.status).toBe(404);
  });

  it('says so when the mail server refuses, and notes nothing', async () => {
    // A port nobody listens on: connections are refused at once.
    const closed = createNetServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const down = await startTestServer({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
    try {
      const order = await placeTestOrder(down, { lines: [{ quantity: 1, price: '5.00' }] });
      await down.ctx.events.drain();
      const res = await down.call('POST', `/ecom/v1/orders/${order.id}/send-confirmation`, {
        token: down.adminKey,
        body: {},
      });
      expect(res.status).toBe(502);
      expect(errorCode(res.body)).toBe('MAIL_NOT_SENT');
      expect((await activities(order.id, down)).activities.map((a) => a.type)).not.toContain(
        'CUSTOM_ACTIVITY',
      );
    } finally {
      await down.stop();
    }
  });
});
