import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { AisleApplicationError } from '../core/errors.ts';
import { fakeFetch, json, parseUrl, type RecordedCall, bodyOf, pathOf } from '../testing/fake-fetch.ts';
import { expectSent } from '../testing/expect-sent.ts';
import { applicationErrorReply } from '../testing/error-replies.ts';
import { orders } from './orders.ts';

const IMG = '9a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const URI = `aisle:image://v1/${IMG}/map.png#originWidth=300&originHeight=200`;

const wireOrder = (id = 'o-1') => ({
  id,
  number: '10001',
  status: 'APPROVED',
  paymentStatus: 'PAID',
  fulfillmentStatus: 'NOT_FULFILLED',
  createdDate: '2024-05-01T10:00:00.000Z',
  updatedDate: '2024-05-01T10:05:00.000Z',
  purchasedDate: '2024-05-01T10:00:01.000Z',
  lineItems: [
    {
      id: 'l1',
      productName: { original: 'Trail maps' },
      quantity: 1,
      image: {
        id: IMG,
        url: 'https://x/map.png',
        width: 300,
        height: 200,
        filename: 'map.png',
        urlExpirationDate: '2030-01-01T00:00:00Z',
      },
      physicalProperties: { weight: 'NaN', shippable: false },
      itemType: { preset: 'DIGITAL' },
      digitalFile: { fileId: 'f1', link: 'https://x/dl/f1', expirationDate: '2024-05-08T10:00:00Z' },
      subscriptionInfo: { subscriptionSettings: { startDate: '2024-06-01T00:00:00Z' } },
      serviceProperties: { scheduledDate: '2024-07-01T09:00:00Z', endDate: '2024-07-01T10:00:00Z' },
      price: { amount: '12.00', formattedAmount: '$12.00' },
    },
  ],
  billingInfo: { address: { addressLine: '1 Main', geocode: { latitude: 1.5, longitude: 'Infinity' } } },
  recipientInfo: { address: { formattedAddress: 'R' }, contactDetails: { firstName: 'Ada' } },
  shippingInfo: {
    title: 'Standard',
    logistics: {
      deliverByDate: '2024-05-05T00:00:00Z',
      deliveryTimeSlot: { from: '2024-05-04T08:00:00Z', to: '2024-05-04T12:00:00Z' },
      shippingDestination: { address: { addressLine: '1 Main', geocode: { latitude: 2, longitude: 3 } } },
      pickupDetails: { address: { addressLine: 'Depot' }, pickupMethod: 'STORE_PICKUP' },
    },
  },
  activities: [{ id: 'a1', type: 'ORDER_PLACED', createdDate: '2024-05-01T10:00:00Z' }],
  priceSummary: { total: { amount: '12.00', formattedAmount: '$12.00' } },
});

function client(reply: (call: RecordedCall) => Response = () => json({ order: wireOrder() })) {
  const { fetch, calls } = fakeFetch(reply);
  return { module: createClient({ modules: { orders }, fetch }).orders, calls };
}

describe('orders conversions', () => {
  it('getOrder converts dates, floats, the image and the renamed addresses', async () => {
    const { module, calls } = client();
    const order = await module.getOrder('o-1');
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/ecom/v1/orders/o-1?id=o-1' });
    expect(order.number).toBe('10001');
    expect(order.createdDate).toEqual(new Date('2024-05-01T10:00:00.000Z'));
    expect(order.updatedDate).toEqual(new Date('2024-05-01T10:05:00.000Z'));
    expect(order.purchasedDate).toEqual(new Date('2024-05-01T10:00:01.000Z'));
    const [line] = order.lineItems;
    expect(line?.image).toBe(URI);
    expect(line?.physicalProperties?.weight).toBeNaN();
    expect(line?.digitalFile).toEqual({
      fileId: 'f1',
      link: 'https://x/dl/f1',
      expirationDate: new Date('2024-05-08T10:00:00Z'),
    });
    expect(line?.subscriptionInfo?.subscriptionSettings?.startDate).toEqual(new Date('2024-06-01T00:00:00Z'));
    expect(line?.serviceProperties?.endDate).toEqual(new Date('2024-07-01T10:00:00Z'));
    expect(order.billingInfo?.address).toEqual({
      addressLine1: '1 Main',
      location: { latitude: 1.5, longitude: Number.POSITIVE_INFINITY },
    });
    expect(order.recipientInfo?.address).toEqual({ formatted: 'R' });
    const logistics = order.shippingInfo?.logistics;
    expect(logistics?.deliverByDate).toEqual(new Date('2024-05-05T00:00:00Z'));
    expect(logistics?.deliveryTimeSlot?.to).toEqual(new Date('2024-05-04T12:00:00Z'));
    expect(logistics?.shippingDestination?.address).toEqual({
      addressLine1: '1 Main',
      location: { latitude: 2, longitude: 3 },
    });
    expect(logistics?.pickupDetails?.address).toEqual({ addressLine1: 'Depot' });
    expect(order.activities?.[0]?.createdDate).toEqual(new Date('2024-05-01T10:00:00Z'));
  });

  it('getOrder sends a confirmation token in the query when given', async () => {
    const { module, calls } = client();
    await module.getOrder('o-1', { confirmationToken: 'tok en' });
    const { path: p, params } = parseUrl(calls[0]?.url ?? '');
    expect(p).toBe('/ecom/v1/orders/o-1');
    expect(params.get('confirmationToken')).toBe('tok en');
  });

  it('a missing order is an application error', async () => {
    const { module } = client(() =>
      applicationErrorReply(404, 'Not found', { code: 'ORDER_NOT_FOUND', description: 'No' }),
    );
    const error = await module.getOrder('nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({ code: 'ORDER_NOT_FOUND', status: 404 });
  });
});

describe('orders search paging', () => {
  it('searchOrders posts `search` with cursor paging, converts items and pages with next() and prev()', async () => {
    const pages: Record<string, unknown> = {
      first: {
        orders: [wireOrder('o-1'), wireOrder('o-2')],
        metadata: { count: 2, cursors: { next: 'c2' }, hasNext: true },
      },
      c2: { orders: [wireOrder('o-3')], metadata: { count: 1, cursors: { prev: 'c1' }, hasNext: false } },
      c1: {
        orders: [wireOrder('o-1'), wireOrder('o-2')],
        metadata: { count: 2, cursors: { next: 'c2' }, hasNext: true },
      },
    };
    const { module, calls } = client((call) => {
      const cursor = (bodyOf(call) as { search: { cursorPaging: { cursor?: string } } }).search.cursorPaging
        .cursor;
      return json(pages[cursor ?? 'first']);
    });
    const page = await module.searchOrders({
      filter: { status: 'APPROVED' },
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 2 },
    });
    expectSent(calls[0], 'POST', '/ecom/v1/orders/search', {
      search: {
        filter: { status: 'APPROVED' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 2 },
      },
    });
    expect(page.items.map((o) => o.id)).toEqual(['o-1', 'o-2']);
    expect(page.items[0]?.createdDate).toBeInstanceOf(Date);
    expect(page.items[0]?.lineItems[0]?.image).toBe(URI);
    expect(page.hasNext()).toBe(true);
    expect(page.hasPrev()).toBe(false);

    const second = await page.next();
    expect(bodyOf(calls[1])).toEqual({ search: { cursorPaging: { limit: 2, cursor: 'c2' } } });
    expect(second.items.map((o) => o.id)).toEqual(['o-3']);
    expect(second.hasNext()).toBe(false);
    await expect(second.next()).rejects.toThrow('No next page to fetch');
    const back = await second.prev();
    expect(bodyOf(calls[2])).toEqual({ search: { cursorPaging: { limit: 2, cursor: 'c1' } } });
    expect(back.items).toHaveLength(2);
    await expect(page.prev()).rejects.toThrow('No previous page to fetch');
  });

  it('searchOrders defaults to a page of 50; a cursor is sent alone', async () => {
    const { module, calls } = client(() => json({ orders: [], metadata: { count: 0, hasNext: false } }));
    const page = await module.searchOrders();
    expect(bodyOf(calls[0])).toEqual({ search: { cursorPaging: { limit: 50 } } });
    expect(page.items).toEqual([]);
    await module.searchOrders({ filter: { status: 'APPROVED' }, cursorPaging: { cursor: 'c9' } });
    expect(bodyOf(calls[1])).toEqual({ search: { cursorPaging: { limit: 50, cursor: 'c9' } } });
  });

  it('queryOrders builds the same search', async () => {
    const { module, calls } = client(() => json({ orders: [], metadata: { count: 0, hasNext: false } }));
    await module.queryOrders().eq('paymentStatus', 'PAID').descending('createdDate').limit(10).find();
    expect(bodyOf(calls[0])).toEqual({
      search: {
        filter: { paymentStatus: 'PAID' },
        sort: [{ fieldName: 'createdDate', order: 'DESC' }],
        cursorPaging: { limit: 10 },
      },
    });
  });
});

describe('orders admin calls', () => {
  type Mod = ReturnType<typeof client>['module'];
  it.each<[string, (m: Mod) => Promise<unknown>, string, string, unknown]>([
    [
      'createOrder',
      (m) =>
        m.createOrder(
          { billingInfo: { address: { addressLine1: 'X', location: { latitude: 1, longitude: 2 } } } },
          { orderApprovalStrategy: 'PAYMENT_RECEIVED' },
        ),
      'POST',
      '/ecom/v1/orders',
      {
        order: { billingInfo: { address: { addressLine: 'X', geocode: { latitude: 1, longitude: 2 } } } },
        settings: { orderApprovalStrategy: 'PAYMENT_RECEIVED' },
      },
    ],
    [
      'updateOrder',
      (m) =>
        m.updateOrder(
          'o-1',
          { buyerNote: 'n', recipientInfo: { address: { formatted: 'F' } } },
          { fieldMask: ['buyerNote', 'recipientInfo'] },
        ),
      'PATCH',
      '/ecom/v1/orders/o-1',
      {
        order: { buyerNote: 'n', recipientInfo: { address: { formattedAddress: 'F' } }, id: 'o-1' },
        fieldMask: 'buyerNote,recipientInfo',
      },
    ],
    [
      'updateOrderLineItem',
      (m) => m.updateOrderLineItem('o-1', { id: 'l1', fulfillerId: 'f' }, { fieldMask: 'fulfillerId' }),
      'PATCH',
      '/ecom/v1/orders/o-1/line-item/l1',
      { id: 'o-1', lineItem: { id: 'l1', fulfillerId: 'f' }, fieldMask: 'fulfillerId' },
    ],
    [
      'updateActivity',
      (m) => m.updateActivity('o-1', 'a1', { merchantComment: { message: 'm2' } }),
      'PATCH',
      '/ecom/v1/orders/o-1/activities/a1',
      { id: 'o-1', activityId: 'a1', activity: { merchantComment: { message: 'm2' } } },
    ],
    [
      'cancelOrder',
      (m) => m.cancelOrder('o-1', { restockAllItems: true, sendOrderCanceledEmail: false }),
      'POST',
      '/ecom/v1/orders/o-1/cancel',
      { restockAllItems: true, sendOrderCanceledEmail: false, id: 'o-1' },
    ],
    [
      'updateOrderStatus',
      (m) => m.updateOrderStatus('o-1', 'CANCELED'),
      'POST',
      '/ecom/v1/orders/o-1/update-status',
      { orderId: 'o-1', status: 'CANCELED' },
    ],
    [
      'importOrder',
      (m) => m.importOrder({ number: '5', purchasedDate: new Date('2020-01-01T00:00:00Z') }),
      'POST',
      '/ecom/v1/orders/import',
      { order: { number: '5', purchasedDate: '2020-01-01T00:00:00.000Z' } },
    ],
  ])('%s sends its request and returns the converted order', async (_name, call, method, url, expected) => {
    const { module, calls } = client();
    const result = (await call(module)) as { lineItems: { image?: string }[] };
    expect(calls[0]?.method).toBe(method);
    expect(pathOf(calls[0])).toBe(url);
    expect(bodyOf(calls[0])).toEqual(expected);
    expect(result.lineItems[0]?.image).toBe(URI);
  });

  it('deleteActivity sends the ids in the path and query', async () => {
    const { module, calls } = client();
    const order = await module.deleteActivity('o-1', 'a1');
    expect(calls[0]?.method).toBe('DELETE');
    expect(pathOf(calls[0])).toBe('/ecom/v1/orders/o-1/activities/a1');
    expect(order.createdDate).toBeInstanceOf(Date);
  });

  it('addActivity and addActivities return the order and the new ids', async () => {
    const { module, calls } = client((call) =>
      json(
        call.url.endsWith('/add')
          ? { order: wireOrder(), activityIds: ['a2', 'a3'] }
          : { order: wireOrder(), activityId: 'a2' },
      ),
    );
    const one = await module.addActivity('o-1', { merchantComment: { message: 'Packed' } });
    expect(one.activityId).toBe('a2');
    expect(one.order.activities?.[0]?.createdDate).toBeInstanceOf(Date);
    expect(bodyOf(calls[0])).toEqual({ id: 'o-1', activity: { merchantComment: { message: 'Packed' } } });
    const many = await module.addActivities('o-1', [
      { customActivity: { type: 'x' }, createdDate: new Date('2024-01-01T00:00:00Z') },
    ]);
    expect(many.activityIds).toEqual(['a2', 'a3']);
    expect(pathOf(calls[1])).toBe('/ecom/v1/orders/o-1/activities/add');
    expect(bodyOf(calls[1])).toEqual({
      orderId: 'o-1',
      orderActivities: [{ customActivity: { type: 'x' }, createdDate: '2024-01-01T00:00:00.000Z' }],
    });
  });

  it('bulk calls convert the returned items', async () => {
    const { module, calls } = client(() =>
      json({
        results: [{ itemMetadata: { id: 'o-1', originalIndex: 0, success: true }, item: wireOrder() }],
        bulkActionMetadata: { totalSuccesses: 1, totalFailures: 0 },
      }),
    );
    const result = await module.bulkUpdateOrders(
      [{ order: { id: 'o-1', buyerNote: 'n' }, fieldMask: ['buyerNote'] }],
      {
        returnEntity: true,
      },
    );
    expect(pathOf(calls[0])).toBe('/ecom/v1/bulk/orders/update');
    expect(bodyOf(calls[0])).toEqual({
      orders: [{ order: { id: 'o-1', buyerNote: 'n' }, fieldMask: 'buyerNote' }],
      returnEntity: true,
    });
    expect(result.results[0]?.item?.createdDate).toBeInstanceOf(Date);
    await module.bulkUpdateOrderTags(['o-1'], { assignTags: { tags: { tagIds: ['t'] } } });
    expect(pathOf(calls[1])).toBe('/ecom/v1/bulk/orders/update-tags');
    expect(bodyOf(calls[1])).toEqual({ orderIds: ['o-1'], assignTags: { tags: { tagIds: ['t'] } } });
  });

  it('aggregate, set-order-number-counter and bulk-delete-imported send their bodies', async () => {
    const { module, calls } = client((call) =>
      json(
        call.url.endsWith('aggregate')
          ? { aggregates: { total: '10.00' } }
          : call.url.endsWith('counter')
            ? { oldCounter: '10005', newCounter: '20000' }
            : { jobId: 'j1' },
      ),
    );
    await expect(
      module.aggregateOrders({ filter: { status: 'APPROVED' }, aggregation: { total: { $sum: 'x' } } }),
    ).resolves.toEqual({ aggregates: { total: '10.00' } });
    expect(pathOf(calls[0])).toBe('/ecom/v1/orders/aggregate');
    await expect(module.setOrderNumberCounter(20000n, { allowLowerCounter: false })).resolves.toEqual({
      oldCounter: '10005',
      newCounter: '20000',
    });
    expect(bodyOf(calls[1])).toEqual({ allowLowerCounter: false, counter: '20000' });
    await expect(module.bulkDeleteImportedOrders(['o-9'])).resolves.toEqual({ jobId: 'j1' });
    expect(pathOf(calls[2])).toBe('/ecom/v1/orders/import/bulk-delete-imported-orders');
    expect(bodyOf(calls[2])).toEqual({ orderIds: ['o-9'] });
  });
});

describe('fulfilments and invoices', () => {
  const withFulfillments = {
    orderWithFulfillments: {
      orderId: 'o-1',
      fulfillments: [
        {
          id: 'f1',
          createdDate: '2024-05-03T00:00:00Z',
          lineItems: [{ id: 'l1', quantity: 1 }],
          trackingInfo: {
            trackingNumber: '1Z',
            shippingProvider: 'UPS',
            trackingLink: 'https://t.example/1Z',
          },
          completed: true,
        },
      ],
    },
  };

  it('create, list, update and delete fulfilments, with their dates', async () => {
    const { module, calls } = client((call) =>
      json(call.method === 'POST' ? { fulfillmentId: 'f1', ...withFulfillments } : withFulfillments),
    );
    const created = await module.createFulfillment('o-1', {
      lineItems: [{ id: 'l1', quantity: 1 }],
      trackingInfo: { trackingNumber: '1Z', trackingLink: 'https://t.example/1Z' },
    });
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/ecom/v1/fulfillments/orders/o-1/create-fulfillment',
    });
    expect(bodyOf(calls[0])).toEqual({
      orderId: 'o-1',
      fulfillment: {
        lineItems: [{ id: 'l1', quantity: 1 }],
        trackingInfo: { trackingNumber: '1Z', trackingLink: 'https://t.example/1Z' },
      },
    });
    expect(created.fulfillmentId).toBe('f1');
    expect(created.orderWithFulfillments.fulfillments[0]?.createdDate).toEqual(
      new Date('2024-05-03T00:00:00Z'),
    );

    const listed = await module.listFulfillmentsForOrder('o-1');
    expect(calls[1]?.method).toBe('GET');
    expect(pathOf(calls[1])).toBe('/ecom/v1/fulfillments/orders/o-1');
    expect(listed.fulfillments[0]?.trackingInfo?.shippingProvider).toBe('UPS');

    await module.updateFulfillment('o-1', 'f1', { trackingInfo: { trackingNumber: '2Z' } });
    expect(calls[2]?.method).toBe('PATCH');
    expect(pathOf(calls[2])).toBe('/ecom/v1/fulfillments/f1/orders/o-1');
    expect(bodyOf(calls[2])).toEqual({
      orderId: 'o-1',
      fulfillment: { trackingInfo: { trackingNumber: '2Z' }, id: 'f1' },
    });

    const left = await module.deleteFulfillment('o-1', 'f1');
    expect(calls[3]?.method).toBe('DELETE');
    expect(pathOf(calls[3])).toBe('/ecom/v1/fulfillments/f1/orders/o-1');
    expect(left.orderId).toBe('o-1');
  });

  it('invoice calls convert the invoice dates', async () => {
    const invoice = {
      id: 'i1',
      orderId: 'o-1',
      number: '1',
      status: 'Draft',
      dueDate: '2024-06-01T00:00:00Z',
      total: { amount: '12.00', formattedAmount: '$12.00' },
      createdDate: '2024-05-01T00:00:00Z',
      updatedDate: '2024-05-01T00:00:00Z',
    };
    const { module, calls } = client((call) =>
      json(call.method === 'GET' ? { invoices: [invoice] } : call.method === 'DELETE' ? {} : { invoice }),
    );
    const created = await module.createInvoice('o-1', { dueDate: new Date('2024-06-01T00:00:00Z') });
    expect(pathOf(calls[0])).toBe('/ecom/v1/orders/o-1/invoices');
    expect(bodyOf(calls[0])).toEqual({ id: 'o-1', invoice: { dueDate: '2024-06-01T00:00:00.000Z' } });
    expect(created.dueDate).toEqual(new Date('2024-06-01T00:00:00Z'));
    const [listed] = await module.listInvoices('o-1');
    expect(listed?.createdDate).toBeInstanceOf(Date);
    await module.sendInvoice('o-1', 'i1');
    expect(pathOf(calls[2])).toBe('/ecom/v1/orders/o-1/invoices/i1/send');
    await module.voidInvoice('o-1', 'i1');
    expect(pathOf(calls[3])).toBe('/ecom/v1/orders/o-1/invoices/i1/void');
    await expect(module.deleteInvoice('o-1', 'i1')).resolves.toBeUndefined();
    expect(calls[4]?.method).toBe('DELETE');
    expect(pathOf(calls[4])).toBe('/ecom/v1/orders/o-1/invoices/i1');
  });
});
