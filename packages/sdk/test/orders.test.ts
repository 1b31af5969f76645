import { describe, expect, it } from 'vitest';
import { AisleApplicationError, AisleValidationError } from '../src/index.ts';
import {
  admin,
  CARDS,
  cardToken,
  lineOf,
  member,
  readyCheckout,
  type Shopper,
  shopper,
  storeForFile,
} from './checkout-helpers.ts';
import { rejection } from '../src/testing/rejection.ts';

const store = storeForFile();

let emails = 0;
const email = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++emails}@example.com`;

/** An order placed from a fresh cart of `client`: offline, or paid by card (optionally authorised only). */
async function place(
  client: Shopper,
  pay: 'offline' | 'card' | 'authorize' = 'offline',
  slug = 'classic-french-press',
) {
  const co = await readyCheckout(client, [await lineOf(client, slug)]);
  const placed =
    pay === 'offline'
      ? await client.checkout.createOrder(co.id)
      : await client.checkout.createOrderAndCharge(co.id, await cardToken(client, CARDS.approves), {
          delayCapture: pay === 'authorize',
        });
  return client.orders.getOrder(placed.orderId);
}

describe('SDK against the real server: orders', () => {
  it('a member searches their own orders page by page; nobody else sees them', async () => {
    const ada = await member(store.server, email('ada'));
    const placed = [await place(ada), await place(ada), await place(ada)];
    const first = await ada.orders.searchOrders({
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    expect(first.items.map((o) => o.id)).toEqual([placed[2]?.id, placed[1]?.id]);
    expect(first.items[0]?.createdDate).toBeInstanceOf(Date);
    expect(first.hasNext()).toBe(true);
    expect(first.totalCount).toBeUndefined();
    const second = await first.next();
    expect(second.items.map((o) => o.id)).toEqual([placed[0]?.id]);
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    const back = await second.prev();
    expect(back.items.map((o) => o.id)).toEqual([placed[2]?.id, placed[1]?.id]);
    const all: string[] = [];
    for await (const order of first) all.push(order.id);
    expect(all).toHaveLength(3);
    const paid = await ada.orders.queryOrders().eq('paymentStatus', 'PAID').find();
    expect(paid.items).toEqual([]);

    const grace = await member(store.server, email('grace'));
    expect((await grace.orders.searchOrders()).items).toEqual([]);
    expect((await rejection(grace.orders.getOrder(placed[0]?.id ?? ''))).status).toBe(404);
    expect((await rejection(shopper(store.server).orders.searchOrders())).status).toBe(403);
    const unknown = await rejection(ada.orders.searchOrders({ filter: { nosuchfield: 1 } }));
    expect(unknown).toBeInstanceOf(AisleValidationError);
  });

  it('admin: edits, activities, status, tags, aggregates, fulfilments and invoices', async () => {
    const merchant = admin(store.server);
    const buyer = shopper(store.server);
    const order = await place(buyer, 'card', 'stoneware-table-lamp');

    const noted = await merchant.orders.updateOrder(
      order.id,
      { buyerNote: 'Gift wrap' },
      { fieldMask: ['buyerNote'] },
    );
    expect(noted.buyerNote).toBe('Gift wrap');
    expect(noted.updatedDate).toBeInstanceOf(Date);
    const notAllowed = await rejection(
      merchant.orders.updateOrder(order.id, { currency: 'EUR' }, { fieldMask: 'currency' }),
    );
    expect(notAllowed).toBeInstanceOf(AisleValidationError);

    const { activityId, order: commented } = await merchant.orders.addActivity(order.id, {
      merchantComment: { message: 'Packed' },
    });
    expect(commented.activities?.find((a) => a.id === activityId)?.merchantComment?.message).toBe('Packed');
    const edited = await merchant.orders.updateActivity(order.id, activityId, {
      merchantComment: { message: 'Packed twice' },
    });
    expect(edited.activities?.find((a) => a.id === activityId)?.merchantComment?.message).toBe(
      'Packed twice',
    );
    // Buyers never see merchant comments.
    expect(
      (await buyer.orders.getOrder(order.id)).activities?.some((a) => a.type === 'MERCHANT_COMMENT'),
    ).toBe(false);
    const removed = await merchant.orders.deleteActivity(order.id, activityId);
    expect(removed.activities?.some((a) => a.id === activityId)).toBe(false);
    const many = await merchant.orders.addActivities(order.id, [
      { customActivity: { type: 'crm.synced', appId: 'crm' }, createdDate: new Date('2024-01-02T03:04:05Z') },
    ]);
    expect(many.activityIds).toHaveLength(1);
    expect(many.order.activities?.find((a) => a.id === many.activityIds[0])?.createdDate).toEqual(
      new Date('2024-01-02T03:04:05Z'),
    );

    const line = order.lineItems[0];
    const lined = await merchant.orders.updateOrderLineItem(
      order.id,
      { id: line?.id ?? '', fulfillerId: 'warehouse-2' },
      {
        fieldMask: 'fulfillerId',
      },
    );
    expect(lined.lineItems[0]?.fulfillerId).toBe('warehouse-2');

    const bulk = await merchant.orders.bulkUpdateOrders(
      [{ order: { id: order.id, seenByAHuman: true }, fieldMask: 'seenByAHuman' }],
      {
        returnEntity: true,
      },
    );
    expect(bulk.results[0]?.itemMetadata.success).toBe(true);
    expect(bulk.results[0]?.item?.createdDate).toBeInstanceOf(Date);
    const tagged = await merchant.orders.bulkUpdateOrderTags([order.id], {
      assignTags: { tags: { tagIds: ['vip'] } },
    });
    expect(tagged.bulkActionMetadata.totalSuccesses).toBe(1);
    const byTag = await merchant.orders.queryOrders().hasSome('tags.tags.tagIds', ['vip']).find();
    expect(byTag.items.map((o) => o.id)).toEqual([order.id]);
    const { aggregates } = await merchant.orders.aggregateOrders({
      filter: { id: order.id },
      aggregation: { totals: { metrics: { orders: { count: {} } } } },
    });
    expect(JSON.stringify(aggregates)).toContain('1');

    // Shipping it: tracking on the order for its buyer.
    const { fulfillmentId, orderWithFulfillments } = await merchant.orders.createFulfillment(order.id, {
      trackingInfo: {
        trackingNumber: '1Z1',
        shippingProvider: 'UPS',
        trackingLink: 'https://track.example/1Z1',
      },
    });
    expect(orderWithFulfillments.fulfillments[0]?.createdDate).toBeInstanceOf(Date);
    const seen = await buyer.orders.getOrder(order.id);
    expect(seen.fulfillmentStatus).toBe('FULFILLED');
    expect(seen.fulfillments?.[0]?.trackingInfo?.trackingNumber).toBe('1Z1');
    expect(seen.fulfillments?.[0]?.createdDate).toBeInstanceOf(Date);
    const retracked = await merchant.orders.updateFulfillment(order.id, fulfillmentId, {
      trackingInfo: { trackingNumber: '1Z2' },
    });
    expect(retracked.fulfillments[0]?.trackingInfo?.trackingNumber).toBe('1Z2');
    expect((await merchant.orders.listFulfillmentsForOrder(order.id)).fulfillments).toHaveLength(1);
    expect((await merchant.orders.deleteFulfillment(order.id, fulfillmentId)).fulfillments).toEqual([]);

    const invoice = await merchant.orders.createInvoice(order.id, {
      dueDate: new Date(Date.now() + 7 * 86_400_000),
    });
    expect(invoice.status).toBe('Draft');
    expect(invoice.dueDate).toBeInstanceOf(Date);
    const sent = await merchant.orders.sendInvoice(order.id, invoice.id);
    expect(sent.status).toBe('Paid');
    expect((await merchant.orders.listInvoices(order.id)).map((i) => i.id)).toEqual([invoice.id]);
    expect((await merchant.orders.voidInvoice(order.id, invoice.id)).status).toBe('Void');
    await merchant.orders.deleteInvoice(order.id, invoice.id);
    expect(await merchant.orders.listInvoices(order.id)).toEqual([]);

    const same = await rejection(merchant.orders.updateOrderStatus(order.id, 'APPROVED'));
    expect(same.code).toBe('STATUS_ALREADY_SET');
    const canceled = await merchant.orders.cancelOrder(order.id, {
      restockAllItems: true,
      sendOrderCanceledEmail: false,
    });
    expect(canceled.status).toBe('CANCELED');
    const after = await rejection(merchant.orders.updateOrderStatus(order.id, 'APPROVED'));
    expect(after).toBeInstanceOf(AisleApplicationError);
  });

  it('admin: creates and imports orders, moves the order number counter, deletes imports', async () => {
    const merchant = admin(store.server);
    const created = await merchant.orders.createOrder(
      {
        lineItems: [
          {
            productName: { original: 'Gift card' },
            quantity: 1,
            price: { amount: '25.00' },
            itemType: { preset: 'GIFT_CARD' },
          },
        ],
        buyerInfo: { email: 'walkin@example.com' },
        currency: 'USD',
      },
      { notifications: { sendNotificationToBuyer: false } },
    );
    expect(created.number).toMatch(/^\d+$/);
    expect(created.createdDate).toBeInstanceOf(Date);

    const next = BigInt(created.number ?? '0') + 1000n;
    const moved = await merchant.orders.setOrderNumberCounter(next);
    expect(moved.newCounter).toBe(String(next));
    const lower = await rejection(merchant.orders.setOrderNumberCounter(1));
    expect(lower.code).toBe('CANNOT_SET_LOWER_ORDER_NUMBER_COUNTER');

    const imported = await merchant.orders.importOrder({
      purchasedDate: new Date('2023-03-04T05:06:07Z'),
      lineItems: [{ productName: { original: 'Old mug' }, quantity: 2, price: { amount: '8.00' } }],
      buyerInfo: { email: 'legacy@example.com' },
      currency: 'USD',
    });
    expect(imported.imported).toBe(true);
    expect(imported.purchasedDate).toEqual(new Date('2023-03-04T05:06:07Z'));
    expect(BigInt(imported.number ?? '0')).toBeGreaterThan(next);
    const future = await rejection(
      merchant.orders.importOrder({
        purchasedDate: new Date(Date.now() + 86_400_000 * 30),
        lineItems: [{ productName: { original: 'Time machine' }, quantity: 1, price: { amount: '1.00' } }],
        currency: 'USD',
      }),
    );
    expect(future.code).toBe('PURCHASED_DATE_CANNOT_BE_IN_FUTURE');
    const { jobId } = await merchant.orders.bulkDeleteImportedOrders([imported.id]);
    expect(jobId).toBeTruthy();
    expect((await rejection(merchant.orders.getOrder(imported.id))).status).toBe(404);
  });
});

describe('SDK against the real server: payment collection', () => {
  it('collects an offline order in parts, then refunds a card payment', async () => {
    const merchant = admin(store.server);
    const buyer = shopper(store.server);
    const offline = await place(buyer);
    const due = offline.priceSummary?.total?.amount ?? '0';
    const status = await merchant.paymentsCollector.getPaymentCollectabilityStatus(offline.id);
    expect(status.status).toBe('COLLECTABLE');
    expect(status.amount?.amount).toBe(due);
    const { paymentGatewayOrderId } = await merchant.paymentsCollector.preparePaymentCollection(
      offline.id,
      '1.00',
    );
    expect(paymentGatewayOrderId).toBeTruthy();
    expect(
      (await merchant.paymentsCollector.createPaymentGatewayOrder(offline.id)).paymentGatewayOrderId,
    ).toBeTruthy();

    await merchant.paymentsCollector.recordManuallyCollectedPayment(offline.id, '5.00');
    expect((await merchant.orders.getOrder(offline.id)).paymentStatus).toBe('PARTIALLY_PAID');
    const tooMuch = await rejection(
      merchant.paymentsCollector.recordManuallyCollectedPayment(offline.id, '100000.00'),
    );
    expect(tooMuch.code).toBe('INVALID_AMOUNT');
    const paid = await merchant.paymentsCollector.markAsPaid(offline.id);
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.updatedDate).toBeInstanceOf(Date);
    const twice = await rejection(merchant.paymentsCollector.markAsPaid(offline.id));
    expect(twice.code).toBe('ORDER_ALREADY_PAID');
    const manual = await merchant.paymentsCollector.getRefundabilityStatus(offline.id);
    expect(manual.refundabilities?.every((r) => r.refundabilityStatus === 'MANUAL')).toBe(true);
    const members = await rejection(merchant.paymentsCollector.chargeMemberships(offline.id, 'm', []));
    expect(members).toBeInstanceOf(AisleApplicationError);

    const another = await place(buyer);
    const bulk = await merchant.paymentsCollector.bulkMarkAsPaid([another.id]);
    expect(bulk.results[0]?.itemMetadata.success).toBe(true);

    const card = await place(buyer, 'card');
    const { refundabilities } = await merchant.paymentsCollector.getRefundabilityStatus(card.id);
    const payment = refundabilities?.find((r) => r.refundabilityStatus === 'REFUNDABLE');
    expect(payment?.paymentId).toBeTruthy();
    const refund = await merchant.paymentsCollector.triggerRefund(
      card.id,
      [{ paymentId: payment?.paymentId ?? '', amount: '3.00' }],
      {
        details: { reason: 'Scratched' },
        sideEffects: { restockInfo: { type: 'NO_ITEMS' }, sendOrderRefundedEmail: false },
      },
    );
    expect(refund.refundId).toBeTruthy();
    expect(refund.orderTransactions?.payments?.[0]?.createdDate).toBeInstanceOf(Date);
    expect(refund.orderTransactions?.refunds?.[0]?.createdDate).toBeInstanceOf(Date);
    expect((await merchant.orders.getOrder(card.id)).paymentStatus).toBe('PARTIALLY_REFUNDED');
    const over = await rejection(
      merchant.paymentsCollector.triggerRefund(card.id, [
        { paymentId: payment?.paymentId ?? '', amount: '100000.00' },
      ]),
    );
    expect(over.code).toBe('INVALID_AMOUNT');
  });

  it('captures part of an authorised payment and voids another', async () => {
    const settings = await store.server.call('PATCH', '/ecom/v1/checkout-settings', {
      token: store.server.adminKey,
      body: { checkoutSettings: { delayCaptureEnabled: true } },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const merchant = admin(store.server);
    const buyer = shopper(store.server);

    const held = await place(buyer, 'authorize');
    expect(held.paymentStatus).toBe('NOT_PAID');
    expect(held.balanceSummary?.authorized?.amount).toBe(held.priceSummary?.total?.amount);
    const transactions = await merchant.paymentsCollector.getRefundabilityStatus(held.id);
    const paymentId = transactions.refundabilities?.[0]?.paymentId ?? '';
    const captured = await merchant.paymentsCollector.captureAuthorizedPayments(held.id, [
      { paymentId, amount: held.priceSummary?.total?.amount ?? '0' },
    ]);
    expect(captured.orderTransactions?.payments?.[0]?.updatedDate).toBeInstanceOf(Date);
    expect((await merchant.orders.getOrder(held.id)).paymentStatus).toBe('PAID');
    const again = await rejection(
      merchant.paymentsCollector.captureAuthorizedPayments(held.id, [{ paymentId }]),
    );
    expect(again.code).toBe('PAYMENT_ALREADY_CAPTURED');

    const other = await place(buyer, 'authorize');
    const otherPayment = (await merchant.paymentsCollector.getRefundabilityStatus(other.id))
      .refundabilities?.[0]?.paymentId;
    const voided = await merchant.paymentsCollector.voidAuthorizedPayments(other.id, [otherPayment ?? '']);
    expect(voided.orderTransactions?.payments?.[0]?.status).toBe('VOIDED');
  });
});
