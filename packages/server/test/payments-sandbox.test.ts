import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getPaymentProvider } from '../src/modules/payments/registry.ts';
import { rows } from '../src/platform/db.ts';
import {
  type Body,
  cardToken,
  countRows,
  errorCode,
  errorData,
  eventsOf,
  line,
  newCheckout,
  orderRow,
  product,
  seedStore,
  stockOf,
  TEE,
  NEW_YORK,
  violationFields,
  visitor,
} from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile({ seed: seedStore });
let tee: string;

const charge = (token: string, id: string, body: Body) =>
  server().call('POST', `/ecom/v1/checkouts/${id}/create-order-and-charge`, { token, body });

async function paymentsOf(orderId: string) {
  return rows<{
    id: string;
    status: string;
    amount: string;
    provider: string;
    provider_reference: string;
    details: Body;
  }>(server().ctx.db, sql`select * from payments where order_id = ${orderId}`);
}

beforeAll(async () => {
  tee = await product(server(), TEE);
});

describe('card tokens', () => {
  it('tokenises a Luhn-valid card: brand and last four only, never the number', async () => {
    const token = await visitor(server());
    const res = await server().call('POST', '/payments/sandbox/v1/card-tokens', {
      token,
      body: { number: '4242 4242 4242 4242', expMonth: 12, expYear: 2099, cvc: '123', holderName: 'Ada' },
    });
    expect(res.status).toBe(200);
    expect(res.body.card).toEqual({ brand: 'VISA', lastFourDigits: '4242', expMonth: 12, expYear: 2099 });
    expect(String(res.body.paymentToken)).toMatch(/^tok_sbx_/);
    const stored = await rows<Body>(server().ctx.db, sql`select * from sandbox_card_tokens`);
    expect(JSON.stringify(stored)).not.toContain('4242424242424242');
    const master = await server().call('POST', '/payments/sandbox/v1/card-tokens', {
      token,
      body: { number: '5555555555554444', expMonth: 1, expYear: 2099 },
    });
    expect((master.body.card as Body).brand).toBe('MASTERCARD');
  });

  it('refuses a bad number, an expired card, a bad CVC, and callers without a token', async () => {
    const token = await visitor(server());
    const post = (body: Body, t: string | null = token) =>
      server().call('POST', '/payments/sandbox/v1/card-tokens', { ...(t ? { token: t } : {}), body });
    expect(
      violationFields((await post({ number: '4242424242424241', expMonth: 1, expYear: 2099 })).body),
    ).toEqual(['number']);
    expect(
      violationFields((await post({ number: '4242424242424242', expMonth: 1, expYear: 2001 })).body),
    ).toEqual(['expYear']);
    expect(
      violationFields(
        (await post({ number: '4242424242424242', expMonth: 1, expYear: 2099, cvc: '12a' })).body,
      ),
    ).toEqual(['cvc']);
    expect(
      violationFields((await post({ number: '4242424242424242', expMonth: 13, expYear: 2099 })).body),
    ).toEqual(['expMonth']);
    expect((await post({ number: '4242424242424242', expMonth: 1, expYear: 2099 }, null)).status).toBe(401);
  });
});

describe('create-order-and-charge', () => {
  it('charges the amount due and records the payment; a repeat returns the same order without charging', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee, 2)]);
    const res = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4242424242424242'),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { orderId, paymentGatewayOrderId } = res.body as { orderId: string; paymentGatewayOrderId: string };
    const order = await orderRow(server(), orderId);
    expect(order).toMatchObject({ status: 'APPROVED', payment_status: 'PAID' });
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({
      id: paymentGatewayOrderId,
      status: 'APPROVED',
      provider: 'sandbox-card',
    });
    // 2 × 20 + Standard 5.99 + 8.5 % tax on the items (3.40).
    expect(payment!.amount).toMatch(/^49\.39/);
    expect(payment!.details).toMatchObject({
      card: { brand: 'VISA', lastFourDigits: '4242' },
      paymentMethod: 'CREDIT_CARD',
    });
    const types = await rows<{ type: string }>(
      server().ctx.db,
      sql`select type from order_activities where order_id = ${orderId} order by seq`,
    );
    expect(types.map((t) => t.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID']);
    const again = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4242424242424242'),
    });
    expect(again.body).toEqual({ orderId, paymentGatewayOrderId });
    expect(await paymentsOf(orderId)).toHaveLength(1);
  });

  it('a decline changes nothing: PAYMENT_ERROR, stock untouched, the checkout open; a good card then succeeds', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee, 3)]);
    const before = await stockOf(server(), tee);
    for (const [number, reason] of [
      ['4000000000000002', 'CARD_DECLINED'],
      ['4000000000009995', 'INSUFFICIENT_FUNDS'],
    ]) {
      const res = await charge(token, c.id, { paymentToken: await cardToken(server(), token, number!) });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('PAYMENT_ERROR');
      expect(errorData(res.body)).toEqual({ declineReason: reason });
    }
    expect(await stockOf(server(), tee)).toBe(before);
    expect(
      await countRows(server(), sql`select count(*)::int as n from orders where checkout_id = ${c.id}`),
    ).toBe(0);
    const open = await server().call('GET', `/ecom/v1/checkouts/${c.id}`, { token });
    expect(open.body.checkout).toMatchObject({ completed: false });
    const retry = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4242424242424242'),
    });
    expect(retry.status).toBe(200);
    expect(await stockOf(server(), tee)).toBe(before! - 3);
  });

  it('needs a token when something is due; a token is single use', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee)]);
    expect(violationFields((await charge(token, c.id, {})).body)).toEqual(['paymentToken']);
    const used = await cardToken(server(), token, '4242424242424242');
    expect((await charge(token, c.id, { paymentToken: used })).status).toBe(200);
    const other = await newCheckout(server(), token, [line(tee)]);
    const reuse = await charge(token, other.id, { paymentToken: used });
    expect(errorData(reuse.body)).toEqual({ declineReason: 'INVALID_PAYMENT_TOKEN' });
  });

  it('delayCapture authorizes only: the order stays NOT_PAID and the provider captures later', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee)]);
    const res = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4242424242424242'),
      delayCapture: true,
    });
    const order = await orderRow(server(), res.body.orderId as string);
    expect(order).toMatchObject({ status: 'APPROVED', payment_status: 'NOT_PAID' });
    const [payment] = await paymentsOf(order.id);
    expect(payment!.status).toBe('AUTHORIZED');
    const provider = getPaymentProvider(server().ctx, payment!.provider);
    expect(await provider.capture(payment!.provider_reference, payment!.amount)).toEqual({
      status: 'SUCCEEDED',
    });
    expect(await provider.void('nonsense')).toMatchObject({ status: 'FAILED' });
  });

  it('the refund-failing test card approves but its refunds fail', async () => {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee)]);
    const res = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4000000000000341'),
    });
    const [payment] = await paymentsOf(res.body.orderId as string);
    const provider = getPaymentProvider(server().ctx, 'sandbox-card');
    expect(await provider.refund(payment!.provider_reference, '1.00', 'k1')).toMatchObject({
      status: 'FAILED',
    });
    const good = await charge(token, (await newCheckout(server(), token, [line(tee)])).id, {
      paymentToken: await cardToken(server(), token, '4242424242424242'),
    });
    const [paid] = await paymentsOf(good.body.orderId as string);
    expect(await provider.refund(paid!.provider_reference, '1.00', 'k2')).toMatchObject({
      status: 'SUCCEEDED',
    });
  });
});

describe('payments that wait for the buyer (4000 0000 0000 3220)', () => {
  async function pending() {
    const token = await visitor(server());
    const c = await newCheckout(server(), token, [line(tee, 2)]);
    const res = await charge(token, c.id, {
      paymentToken: await cardToken(server(), token, '4000000000003220'),
    });
    expect(res.status).toBe(200);
    return { token, checkoutId: c.id, ...(res.body as { orderId: string; paymentResponseToken: string }) };
  }
  const confirmUrl = (t: string, returnUrl?: string) =>
    `/payments/sandbox/v1/confirm?token=${encodeURIComponent(t)}${returnUrl ? `&returnUrl=${encodeURIComponent(returnUrl)}` : ''}`;
  const decide = (t: string, decision: string, returnUrl?: string) =>
    fetch(`${server().url}/payments/sandbox/v1/confirm`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: t, decision, ...(returnUrl ? { returnUrl } : {}) }),
    });

  it('places the order INITIALIZED, stock reserved; confirming approves and pays it', async () => {
    const before = await stockOf(server(), tee);
    const p = await pending();
    expect(p.paymentResponseToken).toBeTruthy();
    expect(await orderRow(server(), p.orderId)).toMatchObject({
      status: 'INITIALIZED',
      payment_status: 'PENDING',
    });
    expect(await stockOf(server(), tee)).toBe(before! - 2);
    const page = await fetch(
      `${server().url}${confirmUrl(p.paymentResponseToken, `${server().url}/thanks`)}`,
    );
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Confirm payment');
    expect(html).toContain('Fail payment');
    expect(html).toContain('ending in 3220');
    const foreign = await fetch(
      `${server().url}${confirmUrl(p.paymentResponseToken, 'https://evil.example/')}`,
    );
    expect(foreign.status).toBe(400);
    const done = await decide(p.paymentResponseToken, 'confirm', `${server().url}/thanks`);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe(
      `${server().url}/thanks?orderId=${p.orderId}&paymentStatus=APPROVED`,
    );
    expect(await orderRow(server(), p.orderId)).toMatchObject({ status: 'APPROVED', payment_status: 'PAID' });
    expect((await paymentsOf(p.orderId))[0]!.status).toBe('APPROVED');
    expect((await eventsOf(server(), p.orderId)).map((e) => e.type)).toEqual([
      'created',
      'updated',
      'approved',
    ]);
    // Settling twice changes nothing; the page says so.
    const twice = await decide(p.paymentResponseToken, 'fail');
    expect(await twice.text()).toContain('Payment confirmed');
    expect(await orderRow(server(), p.orderId)).toMatchObject({ status: 'APPROVED' });
  });

  it('failing it rejects the order, puts the stock back and opens the checkout for another try', async () => {
    const before = await stockOf(server(), tee);
    const p = await pending();
    const failed = await decide(p.paymentResponseToken, 'fail');
    expect(failed.status).toBe(200);
    expect(await failed.text()).toContain('Payment failed');
    expect(await orderRow(server(), p.orderId)).toMatchObject({
      status: 'REJECTED',
      payment_status: 'DECLINED',
    });
    expect((await paymentsOf(p.orderId))[0]!.status).toBe('DECLINED');
    expect(await stockOf(server(), tee)).toBe(before);
    const checkout = await server().call('GET', `/ecom/v1/checkouts/${p.checkoutId}`, { token: p.token });
    expect(checkout.body.checkout).toMatchObject({ completed: false });
    const retry = await charge(p.token, p.checkoutId, {
      paymentToken: await cardToken(server(), p.token, '4242424242424242'),
    });
    expect(retry.status).toBe(200);
    expect(retry.body.orderId).not.toBe(p.orderId);
    expect(await stockOf(server(), tee)).toBe(before! - 2);
  });

  it("keeps the shopper's cart while the buyer confirms: a failed confirmation leaves it, a confirmed one ends it", async () => {
    const fromCart = async () => {
      const token = await visitor(server());
      await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
        token,
        body: { lineItems: [line(tee, 1)] },
      });
      const created = await server().call('POST', '/ecom/v1/carts/current/create-checkout', {
        token,
        body: { shippingAddress: NEW_YORK, email: 'three-d@example.com' },
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const checkoutId = created.body.checkoutId as string;
      const res = await charge(token, checkoutId, {
        paymentToken: await cardToken(server(), token, '4000000000003220'),
      });
      expect(res.status).toBe(200);
      return { token, checkoutId, paymentResponseToken: res.body.paymentResponseToken as string };
    };
    const cartOf = (token: string) => server().call('GET', '/ecom/v1/carts/current', { token });

    const failing = await fromCart();
    expect((await cartOf(failing.token)).status).toBe(200);
    await decide(failing.paymentResponseToken, 'fail');
    const kept = await cartOf(failing.token);
    expect(kept.status).toBe(200);
    expect((kept.body.cart as { lineItems: unknown[] }).lineItems).toHaveLength(1);

    const confirming = await fromCart();
    expect((await cartOf(confirming.token)).status).toBe(200);
    await decide(confirming.paymentResponseToken, 'confirm');
    expect((await cartOf(confirming.token)).status).toBe(404);
    const [order] = await rows<{ cart_id: string }>(
      server().ctx.db,
      sql`select cart_id from orders where checkout_id = ${confirming.checkoutId}::uuid`,
    );
    const cartEvents = await eventsOf(server(), order!.cart_id);
    expect(cartEvents.filter((e) => e.type === 'deleted')).toHaveLength(1);
  });

  it('a declined card and a failed confirmation keep the cart as it was; a confirmed one takes only its lines', async () => {
    const token = await visitor(server());
    const cartCall = (path: string, body: unknown) =>
      server().call('POST', `/ecom/v1/carts/current${path}`, { token, body });
    type Line = { quantity: number; catalogReference: { catalogItemId: string } };
    const cartLines = async () => {
      const res = await server().call('GET', '/ecom/v1/carts/current', { token });
      expect(res.status).toBe(200);
      return (res.body.cart as { lineItems: Line[] }).lineItems.map((l) => [
        l.catalogReference.catalogItemId,
        l.quantity,
      ]);
    };
    const sticker = await product(server(), { name: 'Cart sticker', price: '2.00' });
    await cartCall('/add-to-cart', { lineItems: [line(tee, 2)] });
    const created = await cartCall('/create-checkout', {
      shippingAddress: NEW_YORK,
      email: 'kept@example.com',
    });
    const checkoutId = created.body.checkoutId as string;

    const declined = await charge(token, checkoutId, {
      paymentToken: await cardToken(server(), token, '4000000000000002'),
    });
    expect(errorCode(declined.body)).toBe('PAYMENT_ERROR');
    expect(await cartLines()).toEqual([[tee, 2]]);

    const failing = await charge(token, checkoutId, {
      paymentToken: await cardToken(server(), token, '4000000000003220'),
    });
    await decide(failing.body.paymentResponseToken as string, 'fail');
    expect(await cartLines()).toEqual([[tee, 2]]);

    // Another try; meanwhile another tab adds a sticker: confirming takes the tees, the sticker stays.
    const confirming = await charge(token, checkoutId, {
      paymentToken: await cardToken(server(), token, '4000000000003220'),
    });
    expect(confirming.status, JSON.stringify(confirming.body)).toBe(200);
    await cartCall('/add-to-cart', { lineItems: [line(sticker, 3)] });
    expect(await cartLines()).toEqual([
      [tee, 2],
      [sticker, 3],
    ]);
    await decide(confirming.body.paymentResponseToken as string, 'confirm');
    expect(await orderRow(server(), confirming.body.orderId as string)).toMatchObject({ status: 'APPROVED' });
    expect(await cartLines()).toEqual([[sticker, 3]]);
  });

  it('an unknown token is a dead end', async () => {
    expect((await fetch(`${server().url}${confirmUrl('nope')}`)).status).toBe(404);
    expect((await decide('nope', 'confirm')).status).toBe(404);
  });
});
