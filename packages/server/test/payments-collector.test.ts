import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../src/modules/catalogue/product-writes.ts';
import { DEFAULT_VARIANT_ID, inventoryItems } from '../src/modules/catalogue/tables.ts';
import { ordersSettings } from '../src/modules/orders/tables.ts';
import { payments } from '../src/modules/payments/tables.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';
import { errorCode, seedClient } from './identity-helpers.ts';
import { placeTestOrder } from './order-fixtures.ts';

type Body = Record<string, unknown>;
interface Price {
  amount: string;
}
interface WireOrder {
  id: string;
  status: string;
  paymentStatus: string;
  lineItems: Array<{ id: string; refundQuantity: number; restockQuantity: number }>;
  activities: Array<{ type: string } & Body>;
  balanceSummary: Record<string, Price>;
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

let server: TestServer;
let admin: string;
let tee = '';

const PC = '/ecom/v1/payments-collector/orders';
const call = (method: string, path: string, body?: unknown) =>
  server.call(method, path, { ...(body !== undefined ? { body } : {}), token: admin });
const order = async (id: string) => (await call('GET', `/ecom/v1/orders/${id}`)).body.order as WireOrder;
const types = (o: WireOrder) => o.activities.map((a) => a.type);

async function stock(): Promise<number> {
  const [row] = await server.ctx.db
    .select({ quantity: inventoryItems.quantity })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.productId, tee), eq(inventoryItems.variantId, DEFAULT_VARIANT_ID)));
  return row!.quantity!;
}

async function mails(to: string, tag: string) {
  const res = await call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(to)}`);
  return (res.body.messages as Array<{ tag: string; text: string }>).filter((m) => m.tag === tag);
}

beforeAll(async () => {
  server = await startTestServer({ seed: seedClient });
  admin = server.adminKey;
  tee = (
    await createProduct(server.ctx, {
      name: 'Tee',
      price: '20.00',
      stock: { trackQuantity: true, quantity: 100 },
    })
  ).id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe('collecting payment', () => {
  it('collectability follows the order', async () => {
    const unpaid = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '30.00' }],
      payment: 'offline',
    });
    const status = await call('GET', `${PC}/${unpaid.id}/payment-collectability-status`);
    expect(status.body).toEqual({
      status: 'COLLECTABLE',
      amount: { amount: '30.00', formattedAmount: '$30.00' },
    });
    const alias = await server.call(
      'GET',
      `/v1/payments-collector/orders/${unpaid.id}/payment-collectability-status`,
      {
        token: admin,
      },
    );
    expect(alias.body.status).toBe('COLLECTABLE');
    const paid = await placeTestOrder(server, { lines: [{ quantity: 1, price: '30.00' }] });
    expect((await call('GET', `${PC}/${paid.id}/payment-collectability-status`)).body.status).toBe(
      'NONCOLLECTABLE_ORDER_IS_PAID',
    );
    const pending = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, {
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
    const rows = await server.ctx.db.select().from(payments).where(eq(payments.orderId, placed.id));
    expect(rows.map((r) => [r.provider, r.status])).toEqual([['offline', 'APPROVED']]);
    const again = await call('POST', `${PC}/${placed.id}/mark-as-paid`, {});
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('ORDER_ALREADY_PAID');
    expect(await server.ctx.db.select().from(payments).where(eq(payments.orderId, placed.id))).toHaveLength(
      1,
    );
  });

  it('bulk mark-as-paid: each order on its own (no prefix on any host)', async () => {
    const a = await placeTestOrder(server, { lines: [{ quantity: 1, price: '5.00' }], payment: 'offline' });
    const b = await placeTestOrder(server, { lines: [{ quantity: 1, price: '5.00' }] });
    const res = await call('POST', '/v1/bulk/payments-collector/mark-as-paid', {
      ecomOrderIds: [a.id, b.id],
    });
    expect(res.status).toBe(200);
    const results = res.body.results as Array<{ itemMetadata: { success: boolean; error?: Body } }>;
    expect(results.map((r) => r.itemMetadata.success)).toEqual([true, false]);
    expect(results[1]!.itemMetadata.error!.code).toBe('ORDER_ALREADY_PAID');
  });

  it('manual payments: part, then the rest; never zero or more than the balance', async () => {
    const placed = await placeTestOrder(server, {
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
    await server.ctx.db
      .insert(ordersSettings)
      .values({ id: 1, orderApprovalStrategy: 'PAYMENT_RECEIVED' })
      .onConflictDoUpdate({ target: ordersSettings.id, set: { orderApprovalStrategy: 'PAYMENT_RECEIVED' } });
    try {
      const placed = await placeTestOrder(server, {
        lines: [{ quantity: 1, price: '10.00' }],
        payment: 'offline',
        status: 'PENDING',
      });
      const res = await call('POST', `${PC}/${placed.id}/mark-as-paid`, {});
      expect((res.body.order as WireOrder).status).toBe('APPROVED');
    } finally {
      await server.ctx.db.delete(ordersSettings);
    }
  });

  it('inventory trigger ON_ORDER_PAID: stock is taken when paid, and only then restocked', async () => {
    const start = await stock();
    const unpaid = await placeTestOrder(server, {
      lines: [{ productId: tee, quantity: 2, price: '20.00' }],
      payment: 'offline',
      takeStock: false,
    });
    expect(await stock()).toBe(start);
    // Never taken: canceling with restock gives nothing back.
    await call('POST', `/ecom/v1/orders/${unpaid.id}/cancel`, { restockAllItems: true });
    expect(await stock()).toBe(start);
    const paid = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '50.00' }],
      payment: 'authorized',
    });
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
    const placed = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '50.00' }],
      payment: 'authorized',
    });
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
    const placed = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '50.00' }],
      payment: 'authorized',
    });
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
    const card = await placeTestOrder(server, { lines: [{ quantity: 3, price: '10.00' }] });
    const res = await call('GET', `${PC}/${card.id}/refundability`);
    expect(res.body).toEqual({
      refundabilities: [
        { paymentId: card.paymentId, refundabilityStatus: 'REFUNDABLE', nonRefundableReason: 'NONE' },
      ],
      refundablePerItem: [{ lineItemId: card.lineIds[0], quantity: 3 }],
    });
    const offline = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '10.00' }],
      payment: 'offline',
    });
    await call('POST', `${PC}/${offline.id}/mark-as-paid`, {});
    const manual = (await call('GET', `${PC}/${offline.id}/refundability`)).body.refundabilities as Body[];
    expect(manual[0]).toMatchObject({ refundabilityStatus: 'MANUAL', manuallyRefundableReason: 'OFFLINE' });
    const authorized = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '10.00' }],
      payment: 'authorized',
    });
    const notPaid = (await call('GET', `${PC}/${authorized.id}/refundability`)).body
      .refundabilities as Body[];
    expect(notPaid[0]).toMatchObject({
      refundabilityStatus: 'NOT_REFUNDABLE',
      nonRefundableReason: 'NOT_PAID',
    });
  });

  it('refunds a card payment in parts, restocks, mails, and never more than was paid', async () => {
    const email = 'refund.me@example.com';
    const start = await stock();
    const placed = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, { lines: [{ quantity: 1, price: '100.00' }] });
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
    const [row] = await server.ctx.db.select().from(payments).where(eq(payments.id, placed.paymentId!));
    expect(Number(row!.refundedAmount)).toBe(80);
  });

  it('a refund the provider declines: PAYMENT_REFUND_FAILED, nothing refunded, units free again', async () => {
    const placed = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, {
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
    const placed = await placeTestOrder(server, {
      lines: [{ quantity: 1, price: '30.00' }],
      payment: 'authorized',
    });
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
