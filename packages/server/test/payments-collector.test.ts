import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { stockedProduct } from './checkout-helpers.ts';
import { runScheduledPaymentActions } from '../src/flows/payments-collector/collections.ts';
import { orders, ordersSettings } from '../src/modules/orders/tables.ts';
import { payments } from '../src/modules/payments/tables.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, seedClient } from './identity-helpers.ts';
import { placeTestOrder, trackedStock, type WireOrder } from './order-fixtures.ts';

type Body = Record<string, unknown>;
interface Price {
  amount: string;
}
interface Transactions {
  orderId: string;
  payments: Array<{ id: string; status: string; amount: Price; regularPaymentDetails: Body }>;
  refunds: Array<{
    id: string;
    status: string;
    transactions: Array<{ paymentId: string; refundStatus: string; amount: Price }>;
  }>;
}

const { server, call } = serverForFile({ seed: seedClient });
let admin: string;
let tee = '';

const PC = '/ecom/v1/payments-collector/orders';
const order = async (id: string) => (await call('GET', `/ecom/v1/orders/${id}`)).body.order as WireOrder;
const types = (o: WireOrder) => o.activities.map((a) => a.type);

const stock = async (): Promise<number> => (await trackedStock(server(), tee))!;
/** An order of one line at `price` whose payment is authorised, not yet captured. */
const authorized = (price = '50.00') =>
  placeTestOrder(server(), { lines: [{ quantity: 1, price }], payment: 'authorized' });

async function mails(to: string, tag: string) {
  const res = await call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`);
  return (res.body.messages as Array<{ tag: string; text: string }>).filter((m) => m.tag === tag);
}

beforeAll(async () => {
  admin = server().adminKey;
  tee = await stockedProduct(server(), 'Tee', '20.00', 100);
}, 120_000);

describe('collecting payment', () => {
  it('collectability follows the order', async () => {
    const unpaid = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '30.00' }],
      payment: 'offline',
    });
    const status = await call('GET', `${PC}/${unpaid.id}/payment-collectability-status`);
    expect(status.body).toEqual({
      status: 'COLLECTABLE',
      amount: { amount: '30.00', formattedAmount: '$30.00' },
    });
    const alias = await server().call(
      'GET',
      `/v1/payments-collector/orders/${unpaid.id}/payment-collectability-status`,
      {
        token: admin,
      },
    );
    expect(alias.body.status).toBe('COLLECTABLE');
    const paid = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '30.00' }] });
    expect((await call('GET', `${PC}/${paid.id}/payment-collectability-status`)).body.status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PAID',
    );
    const pending = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '30.00' }],
      payment: 'pending',
    });
    expect((await call('GET', `${PC}/${pending.id}/payment-collectability-status`)).body.status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PENDING',
    );
    await call('POST', `/ecom/v1/orders/${unpaid.id}/cancel`, {});
    expect((await call('GET', `${PC}/${unpaid.id}/payment-collectability-status`)).body.status).toBe(
      'NONCOLLECTABLE_ORDER_IS_CANCELLED',
    );
    const missing = await call(
      'GET',
      `${PC}/00000000-0000-4000-8000-000000000000/payment-collectability-status`,
    );
    expect(errorCode(missing.body)).toBe('ORDER_NOT_FOUND');
  });

  it('mark-as-paid records an offline payment of the balance', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 2, price: '12.50' }],
      payment: 'offline',
    });
    const res = await call('POST', `${PC}/${placed.id}/mark-as-paid`, { ecomOrderId: placed.id });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const paid = res.body.order as WireOrder;
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.balanceSummary.paid!.amount).toBe('25.00');
    expect(paid.balanceSummary.balance!.amount).toBe('0.00');
    expect(types(paid)).toContain('ORDER_PAID');
    const rows = await server().ctx.db.select().from(payments).where(eq(payments.orderId, placed.id));
    expect(rows.map((r) => [r.provider, r.status])).toEqual([['offline', 'APPROVED']]);
    const again = await call('POST', `${PC}/${placed.id}/mark-as-paid`, {});
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('ORDER_ALREADY_PAID');
    expect(await server().ctx.db.select().from(payments).where(eq(payments.orderId, placed.id))).toHaveLength(
      1,
    );
  });

  it('bulk mark-as-paid: each order on its own (no prefix on any host)', async () => {
    const a = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }], payment: 'offline' });
    const b = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', '/v1/bulk/payments-collector/mark-as-paid', {
      ecomOrderIds: [a.id, b.id],
    });
    expect(res.status).toBe(200);
    const results = res.body.results as Array<{ itemMetadata: { success: boolean; error?: Body } }>;
    expect(results.map((r) => r.itemMetadata.success)).toEqual([true, false]);
    expect(results[1]!.itemMetadata.error!.code).toBe('ORDER_ALREADY_PAID');
  });

  it('manual payments: part, then the rest; never zero or more than the balance', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '100.00' }],
      payment: 'offline',
    });
    for (const amount of ['0', '100.01']) {
      const res = await call('POST', `${PC}/${placed.id}/manual-payment`, { amount });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('INVALID_AMOUNT');
    }
    const negative = await call('POST', `${PC}/${placed.id}/manual-payment`, { amount: '-5' });
    expect(negative.status).toBe(400);
    const part = await call('POST', `${PC}/${placed.id}/manual-payment`, { amount: { amount: '40' } });
    expect(part.status, JSON.stringify(part.body)).toBe(200);
    expect(part.body).toEqual({});
    let o = await order(placed.id);
    expect(o.paymentStatus).toBe('PARTIALLY_PAID');
    expect(o.balanceSummary.balance!.amount).toBe('60.00');
    expect(types(o)).toContain('ORDER_PARTIALLY_PAID');
    await call('POST', `${PC}/${placed.id}/manual-payment`, { amount: '60.00' });
    o = await order(placed.id);
    expect(o.paymentStatus).toBe('PAID');
    expect(types(o)).toContain('ORDER_PAID');
  });

  it('a PENDING order waiting for payment is approved when paid (strategy PAYMENT_RECEIVED)', async () => {
    await server()
      .ctx.db.insert(ordersSettings)
      .values({ id: 1, orderApprovalStrategy: 'PAYMENT_RECEIVED' })
      .onConflictDoUpdate({ target: ordersSettings.id, set: { orderApprovalStrategy: 'PAYMENT_RECEIVED' } });
    try {
      const placed = await placeTestOrder(server(), {
        lines: [{ quantity: 1, price: '10.00' }],
        payment: 'offline',
        status: 'PENDING',
      });
      const res = await call('POST', `${PC}/${placed.id}/mark-as-paid`, {});
      expect((res.body.order as WireOrder).status).toBe('APPROVED');
    } finally {
      await server().ctx.db.delete(ordersSettings);
    }
  });

  it('inventory trigger ON_ORDER_PAID: stock is taken when paid, and only then restocked', async () => {
    const start = await stock();
    const unpaid = await placeTestOrder(server(), {
      lines: [{ productId: tee, quantity: 2, price: '20.00' }],
      payment: 'offline',
      takeStock: false,
    });
    expect(await stock()).toBe(start);
    // Never taken: canceling with restock gives nothing back.
    await call('POST', `/ecom/v1/orders/${unpaid.id}/cancel`, { restockAllItems: true });
    expect(await stock()).toBe(start);
    const paid = await placeTestOrder(server(), {
      lines: [{ productId: tee, quantity: 3, price: '20.00' }],
      payment: 'offline',
      takeStock: false,
    });
    await call('POST', `${PC}/${paid.id}/mark-as-paid`, {});
    expect(await stock()).toBe(start - 3);
    await call('POST', `/ecom/v1/orders/${paid.id}/cancel`, { restockAllItems: true });
    expect(await stock()).toBe(start);
  });

  it('prepare-payment-collection and gateway orders check what can be collected; memberships are not offered', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '10.00' }],
      payment: 'offline',
    });
    const ok = await call('POST', `${PC}/${placed.id}/prepare-payment-collection`, {
      amount: { amount: '10.00' },
    });
    expect(ok.status).toBe(200);
    expect(typeof ok.body.paymentGatewayOrderId).toBe('string');
    const tooMuch = await call('POST', `${PC}/${placed.id}/prepare-payment-collection`, {
      amount: { amount: '10.01' },
    });
    expect(errorCode(tooMuch.body)).toBe('INVALID_AMOUNT');
    const gateway = await call('POST', `${PC}/${placed.id}/create-payment-gateway-order`, {
      chargedBy: { id: 'u1' },
    });
    expect(gateway.status).toBe(200);
    const membership = await call('POST', `${PC}/${placed.id}/charge-membership`, {
      memberId: 'm',
      membershipCharges: [],
    });
    expect(membership.status).toBe(400);
    expect(errorCode(membership.body)).toBe('MEMBERSHIPS_NOT_SUPPORTED');
  });
});

describe('capture and void', () => {
  it('captures an authorization (part of it), then refuses a second capture', async () => {
    const placed = await authorized();
    let o = await order(placed.id);
    expect(o.paymentStatus).toBe('NOT_PAID');
    expect(o.balanceSummary.authorized!.amount).toBe('50.00');
    const over = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: placed.paymentId, amount: { amount: '50.01' } }],
    });
    expect(errorCode(over.body)).toBe('INVALID_AMOUNT');
    const res = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: placed.paymentId }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const tx = res.body.orderTransactions as Transactions;
    expect(tx.payments[0]).toMatchObject({
      id: placed.paymentId,
      status: 'APPROVED',
      amount: { amount: '50.00' },
    });
    o = await order(placed.id);
    expect(o.paymentStatus).toBe('PAID');
    expect(types(o)).toEqual(expect.arrayContaining(['AUTHORIZED_PAYMENT_CAPTURED', 'ORDER_PAID']));
    const again = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: placed.paymentId }],
    });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('PAYMENT_ALREADY_CAPTURED');
    const voided = await call('POST', `${PC}/${placed.id}/void-authorized-payments`, {
      paymentIds: [placed.paymentId],
    });
    expect(errorCode(voided.body)).toBe('PAYMENT_ALREADY_CAPTURED');
    const unknown = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: '00000000-0000-4000-8000-000000000000' }],
    });
    expect(errorCode(unknown.body)).toBe('PAYMENT_NOT_FOUND');
  });

  it('a smaller capture releases the rest', async () => {
    const placed = await authorized();
    const res = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: placed.paymentId, amount: '20.00' }],
    });
    expect((res.body.orderTransactions as Transactions).payments[0]!.amount.amount).toBe('20.00');
    const o = await order(placed.id);
    expect(o.paymentStatus).toBe('PARTIALLY_PAID');
    expect(o.balanceSummary.balance!.amount).toBe('30.00');
    expect(o.balanceSummary.authorized!.amount).toBe('0.00');
  });

  it('voids an authorization; a second void is PAYMENT_ALREADY_VOIDED', async () => {
    const placed = await authorized();
    const res = await call('POST', `${PC}/${placed.id}/void-authorized-payments`, {
      paymentIds: [placed.paymentId],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((res.body.orderTransactions as Transactions).payments[0]!.status).toBe('VOIDED');
    const o = await order(placed.id);
    expect(o.paymentStatus).toBe('CANCELED');
    expect(types(o)).toContain('AUTHORIZED_PAYMENT_VOIDED');
    const again = await call('POST', `${PC}/${placed.id}/void-authorized-payments`, {
      paymentIds: [placed.paymentId],
    });
    expect(errorCode(again.body)).toBe('PAYMENT_ALREADY_VOIDED');
    const capture = await call('POST', `${PC}/${placed.id}/capture-authorized-payments`, {
      payments: [{ paymentId: placed.paymentId }],
    });
    expect(errorCode(capture.body)).toBe('PAYMENT_ALREADY_VOIDED');
  });
});

describe('refunds', () => {
  it('refundability per payment and per item', async () => {
    const card = await placeTestOrder(server(), { lines: [{ quantity: 3, price: '10.00' }] });
    const res = await call('GET', `${PC}/${card.id}/refundability`);
    expect(res.body).toEqual({
      refundabilities: [
        { paymentId: card.paymentId, refundabilityStatus: 'REFUNDABLE', nonRefundableReason: 'NONE' },
      ],
      refundablePerItem: [{ lineItemId: card.lineIds[0], quantity: 3 }],
    });
    const offline = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '10.00' }],
      payment: 'offline',
    });
    await call('POST', `${PC}/${offline.id}/mark-as-paid`, {});
    const manual = (await call('GET', `${PC}/${offline.id}/refundability`)).body.refundabilities as Body[];
    expect(manual[0]).toMatchObject({ refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' });
    const unpaid = await authorized('10.00');
    const notPaid = (await call('GET', `${PC}/${unpaid.id}/refundability`)).body.refundabilities as Body[];
    expect(notPaid[0]).toMatchObject({
      refundabilityStatus: 'NOT_REFUNDABLE',
      nonRefundableReason: 'NOT_PAID',
    });
  });

  it('refunds a card payment in parts, restocks, mails, and never more than was paid', async () => {
    const email = 'refund.me@example.com';
    const start = await stock();
    const placed = await placeTestOrder(server(), {
      lines: [{ productId: tee, name: 'Tee', quantity: 3, price: '20.00' }],
      shipping: '5.00',
      email,
    });
    expect(await stock()).toBe(start - 3);
    const line = placed.lineIds[0]!;
    const first = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: { amount: '20.00' } }],
      details: { lineItems: [{ lineItemId: line, quantity: 1 }], reason: 'Too small' },
      sideEffects: {
        restockInfo: { type: 'ALL_ITEMS' },
        sendOrderRefundedEmail: true,
        customMessage: 'Enjoy the rest',
      },
    });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.failedPaymentIds).toEqual([]);
    const tx = first.body.orderTransactions as Transactions;
    expect(tx.payments[0]).toMatchObject({ status: 'PARTIALLY_REFUNDED' });
    expect(tx.refunds[0]).toMatchObject({
      id: first.body.refundId,
      status: 'SUCCEEDED',
      transactions: [{ paymentId: placed.paymentId, refundStatus: 'SUCCEEDED', amount: { amount: '20.00' } }],
    });
    let o = await order(placed.id);
    expect(o.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(o.balanceSummary.refunded!.amount).toBe('20.00');
    expect(o.lineItems[0]).toMatchObject({ refundQuantity: 1, restockQuantity: 1 });
    expect(types(o)).toEqual(
      expect.arrayContaining(['REFUND_INITIATED', 'PAYMENT_REFUNDED', 'ORDER_REFUNDED']),
    );
    expect(o.activities.find((a) => a.type === 'ORDER_REFUNDED')).toMatchObject({
      orderRefunded: { manual: false, amount: { amount: '20.00' }, reason: 'Too small' },
    });
    expect(await stock()).toBe(start - 2);
    const [mail] = await mails(email, 'order-refunded');
    expect(mail!.text).toContain('$20.00');
    expect(mail!.text).toContain('Enjoy the rest');

    // 45.00 is left: 45.01 is refused and changes nothing.
    const over = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '45.01' }],
    });
    expect(over.status).toBe(400);
    expect(errorCode(over.body)).toBe('INVALID_AMOUNT');
    const tooManyUnits = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '1.00' }],
      details: { lineItems: [{ lineItemId: line, quantity: 3 }] },
    });
    expect(tooManyUnits.status).toBe(400);
    expect((await order(placed.id)).balanceSummary.refunded!.amount).toBe('20.00');

    const rest = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '45.00' }],
      details: { lineItems: [{ lineItemId: line, quantity: 2 }], shipping: { amount: '5.00' } },
      sideEffects: { restockInfo: { type: 'SOME_ITEMS', items: [{ lineItemId: line, quantity: 1 }] } },
    });
    expect(rest.status, JSON.stringify(rest.body)).toBe(200);
    o = await order(placed.id);
    expect(o.paymentStatus).toBe('FULLY_REFUNDED');
    expect(o.lineItems[0]).toMatchObject({ refundQuantity: 3, restockQuantity: 2 });
    expect(await stock()).toBe(start - 1);
    const done = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '0.01' }],
    });
    expect(done.status).toBe(409);
    expect(errorCode(done.body)).toBe('REFUND_NOT_AVAILABLE');
    expect(
      (done.body.details as { applicationError: { data: Body } }).applicationError.data.nonRefundableReason,
    ).toBe('ALREADY_REFUNDED');
  });

  it('concurrent refunds cannot refund more than was paid', async () => {
    const placed = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '100.00' }] });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        call('POST', `${PC}/${placed.id}/trigger-refund`, {
          payments: [{ paymentId: placed.paymentId, amount: '40.00' }],
        }),
      ),
    );
    const ok = answers.filter((a) => a.status === 200);
    expect(ok).toHaveLength(2);
    for (const a of answers.filter((x) => x.status !== 200)) expect(errorCode(a.body)).toBe('INVALID_AMOUNT');
    const o = await order(placed.id);
    expect(o.balanceSummary.refunded!.amount).toBe('80.00');
    const [row] = await server().ctx.db.select().from(payments).where(eq(payments.id, placed.paymentId!));
    expect(Number(row!.refundedAmount)).toBe(80);
  });

  it('a refund the provider declines: PAYMENT_REFUND_FAILED, nothing refunded, units free again', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 2, price: '10.00' }],
      refundFails: true,
    });
    const res = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '10.00' }],
      details: { lineItems: [{ lineItemId: placed.lineIds[0], quantity: 1 }] },
      sideEffects: { sendOrderRefundedEmail: true },
    });
    expect(res.status).toBe(200);
    expect(res.body.failedPaymentIds).toEqual([placed.paymentId]);
    expect((res.body.orderTransactions as Transactions).refunds[0]!.status).toBe('FAILED');
    const o = await order(placed.id);
    expect(o.paymentStatus).toBe('PAID');
    expect(o.balanceSummary.refunded!.amount).toBe('0.00');
    expect(o.lineItems[0]!.refundQuantity).toBe(0);
    expect(types(o)).toContain('PAYMENT_REFUND_FAILED');
    expect(types(o)).not.toContain('ORDER_REFUNDED');
  });

  it('offline payments are refunded by the merchant and recorded (manual)', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '30.00' }],
      payment: 'offline',
    });
    const paid = await call('POST', `${PC}/${placed.id}/mark-as-paid`, {});
    expect(paid.status).toBe(200);
    const paymentId = (await call('GET', `${PC}/${placed.id}/refundability`)).body.refundabilities as Array<{
      paymentId: string;
    }>;
    const res = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: paymentId[0]!.paymentId, amount: '30.00' }],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const o = await order(placed.id);
    expect(o.paymentStatus).toBe('FULLY_REFUNDED');
    expect(o.activities.find((a) => a.type === 'ORDER_REFUNDED')).toMatchObject({
      orderRefunded: { manual: true },
    });
  });

  it('refunds need a paid, known payment of the order', async () => {
    const placed = await authorized('30.00');
    const notPaid = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: placed.paymentId, amount: '1.00' }],
    });
    expect(errorCode(notPaid.body)).toBe('REFUND_NOT_AVAILABLE');
    const unknown = await call('POST', `${PC}/${placed.id}/trigger-refund`, {
      payments: [{ paymentId: '00000000-0000-4000-8000-000000000000', amount: '1.00' }],
    });
    expect(errorCode(unknown.body)).toBe('PAYMENT_NOT_FOUND');
    const none = await call('POST', `${PC}/${placed.id}/trigger-refund`, { payments: [] });
    expect(none.status).toBe(400);
  });
});

describe('canceling an order with an open authorization', () => {
  const paymentRow = async (id: string) =>
    (await server().ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;

  it('voids it through the provider (AUTHORIZED_PAYMENT_VOIDED), by cancel and by update-status', async () => {
    for (const cancel of [
      (id: string) => call('POST', `/ecom/v1/orders/${id}/cancel`, { restockAllItems: false }),
      (id: string) => call('POST', `/ecom/v1/orders/${id}/update-status`, { status: 'CANCELED' }),
    ]) {
      const placed = await authorized();
      const res = await cancel(placed.id);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const o = await order(placed.id);
      expect(o).toMatchObject({ status: 'CANCELED', paymentStatus: 'CANCELED' });
      expect(o.balanceSummary.authorized!.amount).toBe('0.00');
      expect(types(o)).toEqual(expect.arrayContaining(['ORDER_CANCELED', 'AUTHORIZED_PAYMENT_VOIDED']));
      expect(o.activities.find((a) => a.type === 'AUTHORIZED_PAYMENT_VOIDED')).toMatchObject({
        authorizedPaymentVoided: { paymentId: placed.paymentId },
      });
      const payment = await paymentRow(placed.paymentId!);
      expect(payment.status).toBe('VOIDED');
      expect(payment.details.authorization).toMatchObject({ void: { reason: 'MANUAL' } });
    }
    // Money already collected stays (the merchant refunds it); nothing is voided.
    const paid = await placeTestOrder(server(), { lines: [{ quantity: 1, price: '50.00' }] });
    await call('POST', `/ecom/v1/orders/${paid.id}/cancel`, {});
    expect((await paymentRow(paid.paymentId!)).status).toBe('APPROVED');
    expect(types(await order(paid.id))).not.toContain('AUTHORIZED_PAYMENT_VOIDED');
  });

  it('a provider refusing the void refuses the cancel, and nothing changes', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ productId: tee, quantity: 2, price: '20.00' }],
      payment: 'authorized',
    });
    const start = await stock();
    // A reference the sandbox does not know: it refuses to void it.
    await server()
      .ctx.db.update(payments)
      .set({ providerReference: 'not-ours' })
      .where(eq(payments.id, placed.paymentId!));
    const res = await call('POST', `/ecom/v1/orders/${placed.id}/cancel`, { restockAllItems: true });
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('VOID_FAILED');
    const o = await order(placed.id);
    expect(o).toMatchObject({ status: 'APPROVED', paymentStatus: 'NOT_PAID' });
    expect(types(o)).not.toContain('ORDER_CANCELED');
    expect((await paymentRow(placed.paymentId!)).status).toBe('AUTHORIZED');
    expect(await stock()).toBe(start);
  });
});

describe('refund limits of shipping and fees', () => {
  const refund = (id: string, paymentId: string, amount: string, details: Body) =>
    call('POST', `${PC}/${id}/trigger-refund`, { payments: [{ paymentId, amount }], details });
  const fieldOf = (body: Body) =>
    (body.details as { applicationError: { data: { field?: string } } }).applicationError.data.field;

  it('shipping and each fee up to what is left of them; refused refunds write nothing', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '20.00' }],
      shipping: '5.00',
      additionalFees: [
        { id: 'fee-handling', name: 'Handling', price: '2.00' },
        { id: 'fee-wrap', name: 'Gift wrap', price: '1.50' },
      ],
    });
    const pay = placed.paymentId!;
    const over = await refund(placed.id, pay, '5.01', { shipping: { amount: '5.01' } });
    expect(over.status).toBe(400);
    expect(errorCode(over.body)).toBe('INVALID_AMOUNT');
    expect(fieldOf(over.body)).toBe('details.shipping.amount');
    expect((await refund(placed.id, pay, '3.00', { shipping: { amount: '3.00' } })).status).toBe(200);
    const rest = await refund(placed.id, pay, '2.01', { shipping: { amount: '2.01' } });
    expect(fieldOf(rest.body)).toBe('details.shipping.amount');
    expect((await refund(placed.id, pay, '2.00', { shipping: { amount: { amount: '2.00' } } })).status).toBe(
      200,
    );
    expect(fieldOf((await refund(placed.id, pay, '0.01', { shipping: { amount: '0.01' } })).body)).toBe(
      'details.shipping.amount',
    );

    // Per fee; a fee named twice counts once in all.
    const twice = await refund(placed.id, pay, '2.50', {
      additionalFees: [
        { additionalFeeId: 'fee-wrap', amount: '1.50' },
        { additionalFeeId: 'fee-handling', amount: '0.50' },
        { additionalFeeId: 'fee-handling', amount: '1.51' },
      ],
    });
    expect(twice.status).toBe(400);
    expect(errorCode(twice.body)).toBe('INVALID_AMOUNT');
    expect(fieldOf(twice.body)).toBe('details.additionalFees[2].amount');
    const fees = await refund(placed.id, pay, '3.50', {
      additionalFees: [
        { additionalFeeId: 'fee-wrap', amount: '1.50' },
        { additionalFeeId: 'fee-handling', amount: '2.00' },
      ],
    });
    expect(fees.status, JSON.stringify(fees.body)).toBe(200);
    const again = await refund(placed.id, pay, '0.01', {
      additionalFees: [{ additionalFeeId: 'fee-handling', amount: '0.01' }],
    });
    expect(fieldOf(again.body)).toBe('details.additionalFees[0].amount');
    const o = await order(placed.id);
    expect(o.balanceSummary.refunded!.amount).toBe('8.50');
    expect(types(o).filter((t) => t === 'REFUND_INITIATED')).toHaveLength(3);
  });

  it('a refund that failed entirely does not count', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '20.00' }],
      shipping: '5.00',
      refundFails: true,
    });
    for (let i = 0; i < 2; i++) {
      const res = await refund(placed.id, placed.paymentId!, '5.00', { shipping: { amount: '5.00' } });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.failedPaymentIds).toEqual([placed.paymentId]);
    }
  });
});

describe('payment collections and their delayed-capture settings', () => {
  const HOUR = 3_600_000;
  const collectionsOf = async (id: string) =>
    ((await server().ctx.db.select({ data: orders.data }).from(orders).where(eq(orders.id, id)))[0]!.data
      ._paymentCollections ?? []) as Body[];
  const paymentStatus = async (id: string) =>
    (await server().ctx.db.select().from(payments).where(eq(payments.id, id)))[0]!;
  const prepare = (id: string, body: Body) => call('POST', `${PC}/${id}/prepare-payment-collection`, body);
  const schedule = (paymentId: string, scheduledAction: string, count: number, unit = 'HOURS') => ({
    paymentGatewayOrderId: paymentId,
    delayedCapture: true,
    delayedCaptureSettings: { scheduledAction, delayDuration: { count, unit } },
  });

  it('keeps each answered gateway order on the order, never sent; refuses incomplete settings', async () => {
    const placed = await placeTestOrder(server(), {
      lines: [{ quantity: 1, price: '10.00' }],
      payment: 'offline',
    });
    const first = await prepare(placed.id, { amount: '4.00', paymentGatewayOrderId: 'pgo-1' });
    expect(first.body).toEqual({ paymentGatewayOrderId: 'pgo-1' });
    const gateway = await call('POST', `${PC}/${placed.id}/create-payment-gateway-order`, {
      chargedBy: { id: 'staff-1', fullName: 'Sam' },
    });
    const gatewayId = gateway.body.paymentGatewayOrderId as string;
    expect(gatewayId).not.toBe('pgo-1');
    let kept = await collectionsOf(placed.id);
    expect(kept).toMatchObject([
      { paymentGatewayOrderId: 'pgo-1', amount: '4.00', delayedCapture: false },
      { paymentGatewayOrderId: gatewayId, amount: '10.00', chargedBy: { id: 'staff-1', fullName: 'Sam' } },
    ]);
    expect(typeof kept[0]!.createdDate).toBe('string');
    // The same id again replaces its entry.
    await prepare(placed.id, { amount: { amount: '6.00' }, paymentGatewayOrderId: 'pgo-1' });
    kept = await collectionsOf(placed.id);
    expect(kept.map((c) => [c.paymentGatewayOrderId, c.amount])).toEqual([
      [gatewayId, '10.00'],
      ['pgo-1', '6.00'],
    ]);
    const wire = await call('GET', `/ecom/v1/orders/${placed.id}`);
    expect(JSON.stringify(wire.body)).not.toContain('paymentCollections');

    for (const [body, field] of [
      [
        { delayedCapture: false, delayedCaptureSettings: schedule('x', 'VOID', 1).delayedCaptureSettings },
        'delayedCaptureSettings',
      ],
      [
        { delayedCaptureSettings: { delayDuration: { count: 1, unit: 'HOURS' } } },
        'delayedCaptureSettings.scheduledAction',
      ],
      [{ delayedCaptureSettings: { scheduledAction: 'CAPTURE' } }, 'delayedCaptureSettings.delayDuration'],
      [schedule('x', 'CAPTURE', 31, 'DAYS'), 'delayedCaptureSettings.delayDuration.count'],
    ] as const) {
      const res = await prepare(placed.id, body);
      expect(res.status).toBe(400);
      expect(
        (
          res.body.details as { validationError: { fieldViolations: Array<{ field: string }> } }
        ).validationError.fieldViolations.map((v) => v.field),
      ).toEqual([field]);
    }
    expect(await collectionsOf(placed.id)).toEqual(kept);
  });

  it('captures an authorization once its delay has passed, once however many runs', async () => {
    const placed = await authorized();
    const untouched = await authorized();
    const res = await prepare(placed.id, schedule(placed.paymentId!, 'CAPTURE', 2));
    expect(res.body).toEqual({ paymentGatewayOrderId: placed.paymentId });
    const start = Date.now();
    expect(await runScheduledPaymentActions(server().ctx, new Date(start + HOUR))).toBe(0);
    expect((await paymentStatus(placed.paymentId!)).status).toBe('AUTHORIZED');

    const later = new Date(start + 2 * HOUR + 60_000);
    const runs = await Promise.all([
      runScheduledPaymentActions(server().ctx, later),
      runScheduledPaymentActions(server().ctx, later),
    ]);
    expect(runs[0]! + runs[1]!).toBeLessThanOrEqual(1);
    // A run skips an order other work holds locked (SKIP LOCKED: the order's event mails may be writing to
    // it): the next run takes it. However many runs, the authorization is captured once.
    const next = await runScheduledPaymentActions(server().ctx, later);
    expect(runs[0]! + runs[1]! + next).toBe(1);
    expect(await runScheduledPaymentActions(server().ctx, later)).toBe(0);
    const payment = await paymentStatus(placed.paymentId!);
    expect(payment).toMatchObject({ status: 'APPROVED', amount: '50.0000' });
    const o = await order(placed.id);
    expect(o.paymentStatus).toBe('PAID');
    expect(types(o).filter((t) => t === 'AUTHORIZED_PAYMENT_CAPTURED')).toHaveLength(1);
    // An authorization no collection names is left alone.
    expect((await paymentStatus(untouched.paymentId!)).status).toBe('AUTHORIZED');
  });

  it('voids when told to, or when nothing is left to collect; a provider refusing is retried', async () => {
    const voided = await authorized();
    await prepare(voided.id, schedule(voided.paymentId!, 'VOID', 30, 'MINUTES'));
    const paidMeanwhile = await authorized();
    await prepare(paidMeanwhile.id, schedule(paidMeanwhile.paymentId!, 'CAPTURE', 30, 'MINUTES'));
    await call('POST', `${PC}/${paidMeanwhile.id}/mark-as-paid`, {});
    const refused = await authorized('30.00');
    await prepare(refused.id, { amount: '20.00', ...schedule(refused.paymentId!, 'CAPTURE', 30, 'MINUTES') });
    await server()
      .ctx.db.update(payments)
      .set({ providerReference: 'not-ours' })
      .where(eq(payments.id, refused.paymentId!));

    const later = new Date(Date.now() + HOUR);
    expect(await runScheduledPaymentActions(server().ctx, later)).toBe(2);
    for (const placed of [voided, paidMeanwhile]) {
      const payment = await paymentStatus(placed.paymentId!);
      expect(payment.status).toBe('VOIDED');
      expect(payment.details.authorization).toMatchObject({ void: { reason: 'SCHEDULED' } });
      expect(types(await order(placed.id))).toContain('AUTHORIZED_PAYMENT_VOIDED');
    }
    expect((await order(voided.id)).paymentStatus).toBe('CANCELED');
    expect((await order(paidMeanwhile.id)).paymentStatus).toBe('PAID');
    expect((await paymentStatus(refused.paymentId!)).status).toBe('AUTHORIZED');

    await server()
      .ctx.db.update(payments)
      .set({ providerReference: 'sbx_ch_retried' })
      .where(eq(payments.id, refused.paymentId!));
    expect(await runScheduledPaymentActions(server().ctx, later)).toBe(1);
    // The collection's amount: 20.00 of the 30.00 authorized; the rest is released.
    expect(await paymentStatus(refused.paymentId!)).toMatchObject({ status: 'APPROVED', amount: '20.0000' });
    expect((await order(refused.id)).paymentStatus).toBe('PARTIALLY_PAID');
  });
});
