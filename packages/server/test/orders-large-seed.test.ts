import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { seedLargeOrders } from '../src/seed/large-orders.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';

/**
 * `npm run seed -- --orders N` (seed/large-orders.ts): 300 orders written by set-based SQL in batches, read
 * by the admin's order list (search: filters, text search, cursor pages), the order page and the dashboard
 * analytics exactly as placed orders are.
 */

type Body = Record<string, unknown>;
type Order = {
  id: string;
  number: string;
  status: string;
  paymentStatus: string;
  fulfillmentStatus: string;
  createdDate: string;
  buyerInfo: { email: string };
  billingInfo: { contactDetails: { firstName: string; lastName: string } };
  lineItems: Array<{ id: string; quantity: number; catalogReference?: { catalogItemId: string } }>;
  priceSummary: { subtotal: { amount: string }; shipping: { amount: string }; total: { amount: string } };
  balanceSummary: { paid: { amount: string }; refunded: { amount: string }; balance: { amount: string } };
  activities: Array<{ type: string }>;
  fulfillments: Array<{ lineItems: Array<{ id: string; quantity: number }> }>;
};
type Page = { orders: Order[]; metadata: { hasNext: boolean; cursors: { next?: string; prev?: string } } };

const COUNT = 300;
let server: TestServer;
const productIds: string[] = [];

const search = async (body: unknown): Promise<Page> => {
  const res = await server.call('POST', '/ecom/v1/orders/search', { token: server.adminKey, body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
};
/** Every order a filter finds, page after page by cursor. */
async function all(filter: Body): Promise<Order[]> {
  const found: Order[] = [];
  let page = await search({ search: { filter, cursorPaging: { limit: 100 } } });
  found.push(...page.orders);
  while (page.metadata.hasNext) {
    page = await search({ search: { cursorPaging: { limit: 100, cursor: page.metadata.cursors.next } } });
    found.push(...page.orders);
  }
  return found;
}
const cents = (amount: string) => Math.round(Number(amount) * 100);
const count = async (where: ReturnType<typeof sql>) =>
  (await rows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from orders where ${where}`))[0]!.n;

beforeAll(async () => {
  server = await startTestServer();
  for (const [name, price] of [
    ['Seeded mug', 12.5],
    ['Seeded tee', 20],
    ['Seeded lamp', 64.99],
  ] as const) {
    const created = await server.call('POST', '/stores/v1/products', {
      token: server.adminKey,
      body: { product: { name, productType: 'physical', priceData: { price }, visible: true } },
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    productIds.push((created.body.product as { id: string }).id);
  }
  const outbox = await rows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from outbox_events`);
  const progress: number[] = [];
  const result = await seedLargeOrders(server.ctx, {
    orders: COUNT,
    batchSize: 120,
    onProgress: (done) => progress.push(done),
  });
  expect(result).toMatchObject({ orders: COUNT, products: 3 });
  // Three statements (120, 120, 60), and no outbox event per order.
  expect(progress).toEqual([0, 120, 240, 300]);
  const after = await rows<{ n: number }>(server.ctx.db, sql`select count(*)::int as n from outbox_events`);
  expect(after[0]!.n).toBe(outbox[0]!.n);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('seeded orders', () => {
  it('list newest first by cursor, every one once, back and forth', async () => {
    const first = await search({
      search: { sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit: 20 } },
    });
    expect(first.orders).toHaveLength(20);
    expect(first.metadata.hasNext).toBe(true);
    const every = await all({});
    expect(every).toHaveLength(COUNT);
    expect(new Set(every.map((o) => o.id)).size).toBe(COUNT);
    expect(new Set(every.map((o) => o.number)).size).toBe(COUNT);
    const dates = every.map((o) => o.createdDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Spread over about two years, newer orders with higher numbers.
    const days = (Date.parse(dates[0]!) - Date.parse(dates.at(-1)!)) / 86_400_000;
    expect(days).toBeGreaterThan(700);
    expect(Number(every[0]!.number)).toBeGreaterThan(Number(every.at(-1)!.number));
    expect(first.orders.map((o) => o.id)).toEqual(every.slice(0, 20).map((o) => o.id));

    const second = await search({
      search: { cursorPaging: { limit: 20, cursor: first.metadata.cursors.next } },
    });
    expect(second.orders.map((o) => o.id)).toEqual(every.slice(20, 40).map((o) => o.id));
    const back = await search({
      search: { cursorPaging: { limit: 20, cursor: second.metadata.cursors.prev } },
    });
    expect(back.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
  });

  it('page by cursor only: an offset page is refused, naming the field', async () => {
    const res = await server.call('POST', '/ecom/v1/orders/search', {
      token: server.adminKey,
      body: { search: { paging: { limit: 20, offset: 200 } } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('search.paging');
  });

  it('hold a mix of statuses whose money, payments and fulfilments agree', async () => {
    const every = await all({});
    const statuses = new Set(every.map((o) => `${o.status}/${o.paymentStatus}/${o.fulfillmentStatus}`));
    for (const s of [
      'APPROVED/PAID/FULFILLED',
      'APPROVED/NOT_PAID/FULFILLED',
      'APPROVED/FULLY_REFUNDED/NOT_FULFILLED',
      'CANCELED/NOT_PAID/NOT_FULFILLED',
      'PENDING/PENDING/NOT_FULFILLED',
    ])
      expect(statuses).toContain(s);
    for (const o of every) {
      const total = cents(o.priceSummary.total.amount);
      expect(total).toBe(cents(o.priceSummary.subtotal.amount) + cents(o.priceSummary.shipping.amount));
      expect(o.lineItems.length).toBeGreaterThanOrEqual(1);
      for (const line of o.lineItems) expect(productIds).toContain(line.catalogReference?.catalogItemId);
      expect(o.activities[0]!.type).toBe('ORDER_PLACED');
      if (o.paymentStatus === 'PAID') {
        expect(cents(o.balanceSummary.paid.amount)).toBe(total);
        expect(cents(o.balanceSummary.balance.amount)).toBe(0);
        expect(o.activities.map((a) => a.type)).toContain('ORDER_PAID');
      }
      if (o.paymentStatus === 'FULLY_REFUNDED') {
        expect(cents(o.balanceSummary.refunded.amount)).toBe(total);
        expect(o.activities.map((a) => a.type)).toContain('ORDER_REFUNDED');
      }
      if (o.paymentStatus === 'NOT_PAID') expect(cents(o.balanceSummary.balance.amount)).toBe(total);
      if (o.fulfillmentStatus === 'FULFILLED')
        expect(o.fulfillments[0]!.lineItems.map((l) => l.id)).toEqual(o.lineItems.map((l) => l.id));
      if (o.fulfillmentStatus === 'PARTIALLY_FULFILLED')
        expect(o.fulfillments[0]!.lineItems.length).toBeLessThan(o.lineItems.length);
      if (o.status === 'CANCELED') expect(o.activities.map((a) => a.type)).toContain('ORDER_CANCELED');
    }
  });

  it('filter by status and by date range as the admin list does', async () => {
    const refunded = await all({ paymentStatus: 'FULLY_REFUNDED' });
    expect(refunded.length).toBe(await count(sql`payment_status = 'FULLY_REFUNDED'`));
    expect(refunded.length).toBeGreaterThan(0);
    expect(refunded.every((o) => o.paymentStatus === 'FULLY_REFUNDED')).toBe(true);

    const to = new Date();
    const from = new Date(to.getTime() - 90 * 86_400_000);
    const recent = await all({
      fulfillmentStatus: 'FULFILLED',
      createdDate: { $gte: from.toISOString(), $lte: to.toISOString() },
    });
    expect(recent.length).toBe(
      await count(
        sql`fulfillment_status = 'FULFILLED' and created_date >= ${from.toISOString()} and created_date <= ${to.toISOString()}`,
      ),
    );
    expect(recent.length).toBeGreaterThan(0);
    for (const o of recent) {
      expect(o.fulfillmentStatus).toBe('FULFILLED');
      expect(Date.parse(o.createdDate)).toBeGreaterThanOrEqual(from.getTime());
    }
  });

  it('find orders by number, e-mail and buyer name', async () => {
    const every = await all({});
    const one = every[137]!;
    const byNumber = await all({ number: one.number });
    expect(byNumber.map((o) => o.id)).toEqual([one.id]);

    // A returning buyer: all their orders by (the start of) their e-mail address, in any case.
    const email = one.buyerInfo.email;
    const theirs = every.filter((o) => o.buyerInfo.email === email);
    const byEmail = await all({ 'buyerInfo.email': { $startsWith: email.toUpperCase() } });
    expect(byEmail.map((o) => o.id).sort()).toEqual(theirs.map((o) => o.id).sort());

    const { lastName } = one.billingInfo.contactDetails;
    const byName = await all({ buyerName: { $contains: lastName.toLowerCase() } });
    expect(byName.map((o) => o.id)).toContain(one.id);
    expect(byName.length).toBe(
      every.filter((o) => o.billingInfo.contactDetails.lastName === lastName).length,
    );
  });

  it('read one order on its page as placed orders read', async () => {
    const [fulfilled] = await all({ fulfillmentStatus: 'FULFILLED', paymentStatus: 'PAID' });
    const res = await server.call('GET', `/ecom/v1/orders/${fulfilled!.id}`, { token: server.adminKey });
    expect(res.status).toBe(200);
    const order = res.body.order as Order;
    expect(order).toMatchObject({ id: fulfilled!.id, number: fulfilled!.number, status: 'APPROVED' });
    expect(order.activities.map((a) => a.type)).toEqual(['ORDER_PLACED', 'ORDER_PAID', 'ORDER_FULFILLED']);
    expect(order.fulfillments).toHaveLength(1);
    expect(cents(order.balanceSummary.paid.amount)).toBe(cents(order.priceSummary.total.amount));
  });

  it('count in the dashboard analytics: approved orders of the period', async () => {
    const end = new Date();
    const start = new Date(end.getTime() - 179 * 86_400_000);
    const day = (d: Date) => d.toISOString().slice(0, 10);
    const res = await server.call('POST', '/ecom/v1/orders/get-analytics', {
      token: server.adminKey,
      body: { startDate: day(start), endDate: day(end), timeZone: 'UTC', topProducts: 3 },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const body = res.body as {
      period: { orders: number };
      topProducts: Array<{ productId: string }>;
      ordersToFulfil: number;
    };
    expect(body.period.orders).toBe(
      await count(sql`status = 'APPROVED' and created_date >= ${`${day(start)}T00:00:00Z`}::timestamptz`),
    );
    expect(body.period.orders).toBeGreaterThan(0);
    expect(body.topProducts.map((p) => p.productId).sort()).toEqual([...productIds].sort());
    expect(body.ordersToFulfil).toBe(
      await count(
        sql`status = 'APPROVED' and not archived and fulfillment_status in ('NOT_FULFILLED', 'PARTIALLY_FULFILLED') and payment_status <> 'FULLY_REFUNDED'`,
      ),
    );
    expect(body.ordersToFulfil).toBeGreaterThan(0);
  });
});
