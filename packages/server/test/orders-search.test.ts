import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { orderActivities, orders } from '../src/modules/orders/tables.ts';
import { serverForFile } from './file-server.ts';
import { errorCode, memberTokens, seedClient, visitorTokens } from './identity-helpers.ts';

type Body = Record<string, unknown>;
type WireOrder = Body & { id: string; number: string; createdDate: string };
interface Page {
  orders: WireOrder[];
  metadata: { count: number; cursors: { next: string | null; prev: string | null }; hasNext: boolean };
}

const { server } = serverForFile({ seed: seedClient });
let ada: { token: string; memberId: string };
let bob: { token: string; memberId: string };

const SEARCH = '/ecom/v1/orders/search';
const AGGREGATE = '/ecom/v1/orders/aggregate';
const PRODUCT = '11111111-1111-4111-8111-111111111111';

interface Spec {
  who: 'ada' | 'bob' | 'guest';
  created: string;
  status: string;
  payment: string;
  total: string;
  currency?: string;
  channel?: string;
  email?: string;
  archived?: boolean;
  tags?: string[];
  privateTags?: string[];
}

/**
 * Twelve orders over three days in May 2024 (UTC). Ties on purpose: four orders at 2024-05-02T10:00Z.
 * Orders 2 and 10 fall on the next day in Europe/Paris (UTC+2).
 */
const SPECS: Spec[] = [
  {
    who: 'ada',
    created: '2024-05-01T09:00:00Z',
    status: 'APPROVED',
    payment: 'PAID',
    total: '20.50',
    tags: ['gift'],
    privateTags: ['vip'],
  },
  { who: 'ada', created: '2024-05-01T23:30:00Z', status: 'APPROVED', payment: 'PAID', total: '100.00' },
  { who: 'ada', created: '2024-05-02T10:00:00Z', status: 'CANCELED', payment: 'NOT_PAID', total: '9.99' },
  {
    who: 'ada',
    created: '2024-05-02T10:00:00Z',
    status: 'APPROVED',
    payment: 'PAID',
    total: '45.00',
    channel: 'POS',
  },
  {
    who: 'ada',
    created: '2024-05-03T08:00:00Z',
    status: 'PENDING',
    payment: 'PENDING',
    total: '12.00',
    archived: true,
  },
  {
    who: 'bob',
    created: '2024-05-01T12:00:00Z',
    status: 'APPROVED',
    payment: 'PAID',
    total: '30.00',
    tags: ['gift', 'rush'],
  },
  {
    who: 'bob',
    created: '2024-05-02T10:00:00Z',
    status: 'APPROVED',
    payment: 'PARTIALLY_REFUNDED',
    total: '60.00',
  },
  {
    who: 'bob',
    created: '2024-05-03T21:30:00Z',
    status: 'APPROVED',
    payment: 'PAID',
    total: '15.25',
    currency: 'EUR',
  },
  {
    who: 'guest',
    created: '2024-05-02T10:00:00Z',
    status: 'INITIALIZED',
    payment: 'PENDING',
    total: '5.00',
    email: 'Guest@Example.com',
  },
  {
    who: 'guest',
    created: '2024-05-02T22:15:00Z',
    status: 'APPROVED',
    payment: 'PAID',
    total: '200.00',
    email: 'carol@example.com',
    channel: 'OTHER_PLATFORM',
  },
  {
    who: 'guest',
    created: '2024-05-03T12:00:00Z',
    status: 'REJECTED',
    payment: 'DECLINED',
    total: '7.00',
    email: 'dave@example.com',
  },
  {
    who: 'guest',
    created: '2024-05-03T12:00:00Z',
    status: 'APPROVED',
    payment: 'NOT_PAID',
    total: '33.33',
    email: 'carol@example.com',
    channel: 'BACKOFFICE_MERCHANT',
  },
];

/** Inserted order ids, in SPECS order. */
const ids: string[] = [];
const numbers: string[] = [];

/**
 * A minimal direct insert: the columns search and aggregate read plus a small wire `data`. Search and aggregate
 * need controlled dates and totals, which order placement (always "now", priced from a catalogue) cannot give.
 */
async function insertOrders(): Promise<void> {
  const visitorId = crypto.randomUUID();
  for (const spec of SPECS) {
    const memberId = spec.who === 'ada' ? ada.memberId : spec.who === 'bob' ? bob.memberId : null;
    const email = spec.email ?? (spec.who === 'ada' ? 'ada@example.com' : 'bob@example.com');
    const currency = spec.currency ?? 'USD';
    const [row] = await server()
      .ctx.db.insert(orders)
      .values({
        number: sql`nextval('order_number_seq')`,
        memberId,
        visitorId: memberId ? null : visitorId,
        buyerEmail: email,
        status: spec.status,
        paymentStatus: spec.payment,
        currency,
        total: spec.total,
        archived: spec.archived ?? false,
        channelType: spec.channel ?? 'WEB',
        tagIds: [...(spec.tags ?? []), ...(spec.privateTags ?? [])],
        data: {
          buyerInfo: { email, ...(memberId ? { memberId } : { visitorId }) },
          channelInfo: { type: spec.channel ?? 'WEB' },
          lineItems: [
            {
              id: crypto.randomUUID(),
              productName: { original: 'Mug', translated: 'Mug' },
              catalogReference: { catalogItemId: PRODUCT, appId: 'stores' },
              quantity: 1,
            },
          ],
          priceSummary: { total: { amount: spec.total, formattedAmount: `${spec.total} ${currency}` } },
          tags: { tags: { tagIds: spec.tags ?? [] }, privateTags: { tagIds: spec.privateTags ?? [] } },
        },
        purchasedDate: new Date(spec.created),
        createdDate: new Date(spec.created),
        updatedDate: new Date(spec.created),
      })
      .returning({ id: orders.id, number: orders.number });
    ids.push(row!.id);
    numbers.push(String(row!.number));
    await server()
      .ctx.db.insert(orderActivities)
      .values([
        { orderId: row!.id, type: 'ORDER_PLACED', createdDate: new Date(spec.created) },
        {
          orderId: row!.id,
          type: 'MERCHANT_COMMENT',
          details: { merchantComment: { message: 'Call before shipping' } },
          createdDate: new Date(spec.created),
        },
      ]);
  }
}

beforeAll(async () => {
  const a = await memberTokens(server());
  const b = await memberTokens(server());
  ada = { token: a.access_token, memberId: a.memberId };
  bob = { token: b.access_token, memberId: b.memberId };
  await insertOrders();
});
/** The SPECS indexes (1-based, as in the comments) of some orders. */
const idsOf = (...n: number[]) => n.map((i) => ids[i - 1]!);
const indexOf = (id: string) => ids.indexOf(id) + 1;

async function search(search: Body, token = server().adminKey, path = SEARCH): Promise<Page> {
  const res = await server().call('POST', path, { token, body: { search } });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as unknown as Page;
}

/** Every order of a search, following `next` cursors; also checks each page's size and metadata. */
async function all(query: Body, limit: number, token = server().adminKey): Promise<string[]> {
  const seen: string[] = [];
  let page = await search({ ...query, cursorPaging: { limit } }, token);
  for (;;) {
    expect(page.orders.length).toBeLessThanOrEqual(limit);
    expect(page.metadata.count).toBe(page.orders.length);
    seen.push(...page.orders.map((o) => o.id));
    if (!page.metadata.hasNext) break;
    expect(page.orders.length).toBe(limit);
    page = await search({ cursorPaging: { limit, cursor: page.metadata.cursors.next } }, token);
  }
  return seen;
}

function violations(body: Body): Array<[string, string]> {
  const details = body.details as {
    validationError?: { fieldViolations: Array<{ field: string; violatedRule: string }> };
  };
  return (details?.validationError?.fieldViolations ?? []).map((v) => [v.field, v.violatedRule]);
}

/** `[createdDate DESC, id DESC]` of SPECS indexes, the default order. */
function newestFirst(indexes: number[]): string[] {
  return indexes
    .map((i) => ({ id: ids[i - 1]!, created: SPECS[i - 1]!.created }))
    .sort((a, b) => (a.created === b.created ? (a.id < b.id ? 1 : -1) : a.created < b.created ? 1 : -1))
    .map((o) => o.id);
}

describe('order search', () => {
  it('gives admins every order, newest first, over cursor pages that neither repeat nor skip (ties included)', async () => {
    const everything = newestFirst(SPECS.map((_, i) => i + 1));
    for (const limit of [1, 2, 3, 5, 12, 50]) expect(await all({}, limit)).toEqual(everything);
  });

  it('pages back with prev cursors', async () => {
    const first = await search({ cursorPaging: { limit: 5 } });
    expect(first.metadata.cursors.prev).toBeNull();
    const second = await search({ cursorPaging: { limit: 5, cursor: first.metadata.cursors.next } });
    expect(second.metadata.cursors.prev).toEqual(expect.any(String));
    const back = await search({ cursorPaging: { limit: 5, cursor: second.metadata.cursors.prev } });
    expect(back.orders.map((o) => o.id)).toEqual(first.orders.map((o) => o.id));
  });

  it('returns wire orders: number as a string, columns merged, activities loaded', async () => {
    const page = await search({ filter: { id: ids[0] } });
    expect(page.orders).toHaveLength(1);
    const order = page.orders[0]!;
    expect(order).toMatchObject({
      id: ids[0],
      number: numbers[0],
      status: 'APPROVED',
      paymentStatus: 'PAID',
      fulfillmentStatus: 'NOT_FULFILLED',
      archived: false,
      currency: 'USD',
      createdDate: '2024-05-01T09:00:00.000Z',
      purchasedDate: '2024-05-01T09:00:00.000Z',
      priceSummary: { total: { amount: '20.50' } },
      tags: { tags: { tagIds: ['gift'] }, privateTags: { tagIds: ['vip'] } },
    });
    expect((order.activities as Array<{ type: string }>).map((a) => a.type).sort()).toEqual([
      'MERCHANT_COMMENT',
      'ORDER_PLACED',
    ]);
    expect(page.metadata).toEqual({ count: 1, cursors: { next: null, prev: null }, hasNext: false });
  });

  it.each<[string, Body, number[]]>([
    ['status', { status: 'APPROVED' }, [1, 2, 4, 6, 7, 8, 10, 12]],
    ['paymentStatus $in', { paymentStatus: { $in: ['PENDING', 'DECLINED'] } }, [5, 9, 11]],
    ['archived', { archived: true }, [5]],
    [
      'a createdDate range',
      { createdDate: { $gte: '2024-05-02T00:00:00Z', $lt: '2024-05-03T00:00:00Z' } },
      [3, 4, 7, 9, 10],
    ],
    ['purchasedDate $gt', { purchasedDate: { $gt: '2024-05-03T12:00:00Z' } }, [8]],
    ['an e-mail, ignoring case', { 'buyerInfo.email': 'guest@example.COM' }, [9]],
    ['an e-mail in nested form', { buyerInfo: { email: { $in: ['CAROL@example.com'] } } }, [10, 12]],
    ['an e-mail prefix', { 'buyerInfo.email': { $startsWith: 'DA' } }, [11]],
    ['a member', { 'buyerInfo.memberId': 'BOB' }, [6, 7, 8]],
    [
      'the total as a number, not as text',
      { 'priceSummary.total.amount': { $gte: '30' } },
      [2, 4, 6, 7, 10, 12],
    ],
    ['the total as a JSON number', { 'priceSummary.total.amount': 9.99 }, [3]],
    ['currency', { currency: 'EUR' }, [8]],
    ['channel', { 'channelInfo.type': { $ne: 'WEB' } }, [4, 10, 12]],
    ['public tags', { 'tags.tags.tagIds': { $hasSome: ['rush'] } }, [6]],
    ['private tags', { 'tags.privateTags.tagIds': { $hasAll: ['vip'] } }, [1]],
    [
      'a catalogue item',
      { 'lineItems.catalogReference.catalogItemId': { $hasSome: [PRODUCT] } },
      SPECS.map((_, i) => i + 1),
    ],
    ['$or of two fields', { $or: [{ currency: 'EUR' }, { archived: true }] }, [5, 8]],
    ['$not', { $not: { status: 'APPROVED' } }, [3, 5, 9, 11]],
  ])('filters on %s', async (_name, filter, expected) => {
    const resolved = JSON.parse(JSON.stringify(filter).replace('"BOB"', JSON.stringify(bob.memberId)));
    expect(await all({ filter: resolved }, 4)).toEqual(newestFirst(expected));
  });

  it('takes a filter sent as JSON text, e-mail case included', async () => {
    const found = await all({ filter: JSON.stringify({ 'buyerInfo.email': 'GUEST@example.com' }) }, 5);
    expect(found).toEqual(idsOf(9));
    const res = await server().call('POST', SEARCH, {
      token: server().adminKey,
      body: { search: { filter: '{"status": ' } },
    });
    expect(violations(res.body)).toEqual([['search.filter', 'FORMAT']]);
  });

  it('filters on the order number', async () => {
    const found = await all({ filter: { number: { $gt: numbers[9] } } }, 10);
    expect(found.map(indexOf).sort((a, b) => a - b)).toEqual([11, 12]);
    expect((await search({ filter: { number: Number(numbers[3]) } })).orders.map((o) => o.id)).toEqual(
      idsOf(4),
    );
  });

  it('finds orders by part of the billing or recipient name (admins only), and by number as text', async () => {
    const [billed, shipped] = idsOf(3, 7);
    await server().ctx.db.execute(
      sql`update orders set data = data || '{"billingInfo": {"contactDetails": {"firstName": "Grace", "lastName": "Hopper"}}}'::jsonb where id = ${billed}`,
    );
    await server().ctx.db.execute(
      sql`update orders set data = data || '{"recipientInfo": {"contactDetails": {"firstName": "Alan", "lastName": "Hopperton"}}}'::jsonb where id = ${shipped}`,
    );
    const hopper = await all({ filter: { buyerName: { $contains: 'HOPPER' } } }, 10);
    expect(hopper.sort()).toEqual([billed, shipped].sort());
    expect(await all({ filter: { buyerName: { $contains: 'grace hop' } } }, 10)).toEqual([billed]);
    expect((await search({ filter: { number: numbers[3] } })).orders.map((o) => o.id)).toEqual(idsOf(4));
    const member = await server().call('POST', SEARCH, {
      token: ada.token,
      body: { search: { filter: { buyerName: { $contains: 'a' } } } },
    });
    expect(member.status).toBe(400);
  });

  it('sorts by the total as a number, by number, and by date ascending; ties end on the id', async () => {
    const byTotal = await all({ sort: [{ fieldName: 'priceSummary.total.amount', order: 'ASC' }] }, 5);
    expect(byTotal.map((id) => SPECS[indexOf(id) - 1]!.total)).toEqual([
      '5.00',
      '7.00',
      '9.99',
      '12.00',
      '15.25',
      '20.50',
      '30.00',
      '33.33',
      '45.00',
      '60.00',
      '100.00',
      '200.00',
    ]);
    expect(await all({ sort: [{ fieldName: 'number', order: 'DESC' }] }, 5)).toEqual([...ids].reverse());
    const oldest = await all({ sort: [{ fieldName: 'createdDate', order: 'ASC' }] }, 3);
    expect(oldest).toEqual([...newestFirst(SPECS.map((_, i) => i + 1))].reverse());
  });

  it('keeps the filter and sort in the cursor: later pages send only the cursor', async () => {
    const filter = { createdDate: '2024-05-02T10:00:00Z' };
    const first = await search({
      filter,
      sort: [{ fieldName: 'number', order: 'ASC' }],
      cursorPaging: { limit: 2 },
    });
    const second = await search({ cursorPaging: { limit: 2, cursor: first.metadata.cursors.next } });
    expect([...first.orders, ...second.orders].map((o) => o.id)).toEqual(idsOf(3, 4, 7, 9));
    expect(second.metadata.hasNext).toBe(false);
  });

  it.each<[string, Body, Array<[string, string]>]>([
    [
      'an unknown filter field',
      { filter: { lineItems: 'x', status: 'APPROVED' } },
      [['search.filter.lineItems', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'an unknown status',
      { filter: { status: 'SHIPPED' } },
      [['search.filter.status', 'INVALID_ENUM_VALUE']],
    ],
    [
      'a total that is not a number',
      { filter: { 'priceSummary.total.amount': { $gt: 'lots' } } },
      [['search.filter.priceSummary.total.amount.$gt', 'VALIDATION']],
    ],
    [
      'an unsortable field',
      { sort: [{ fieldName: 'status' }] },
      [['search.sort[0].fieldName', 'FIELD_NOT_ALLOWED']],
    ],
    ['offset paging', { paging: { limit: 10 } }, [['search.paging', 'FIELD_NOT_ALLOWED']]],
    ['a page over 100', { cursorPaging: { limit: 101 } }, [['search.cursorPaging.limit', 'MAX']]],
    [
      'a cursor that is not ours',
      { cursorPaging: { cursor: 'bm90LWEtY3Vyc29y' } },
      [['search.cursorPaging.cursor', 'FORMAT']],
    ],
  ])('refuses %s as INVALID_ARGUMENT naming the field', async (_name, body, expected) => {
    const res = await server().call('POST', SEARCH, { token: server().adminKey, body: { search: body } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('INVALID_ARGUMENT');
    expect(violations(res.body)).toEqual(expected);
  });

  it("shows a member their own orders only, without the merchant's comments or private tags", async () => {
    const own = await all({}, 2, ada.token);
    expect(own).toEqual(newestFirst([1, 2, 3, 4, 5]));
    // A filter on someone else's orders finds nothing; it cannot widen the member condition.
    expect(await all({ filter: { 'buyerInfo.memberId': bob.memberId } }, 5, ada.token)).toEqual([]);
    expect(await all({ filter: { $or: [{ archived: true }, { archived: false }] } }, 5, bob.token)).toEqual(
      newestFirst([6, 7, 8]),
    );
    const order = (await search({ filter: { id: ids[0] } }, ada.token)).orders[0]!;
    expect((order.activities as Array<{ type: string }>).map((a) => a.type)).toEqual(['ORDER_PLACED']);
    expect(order.tags).toEqual({ tags: { tagIds: ['gift'] } });
    const res = await server().call('POST', SEARCH, {
      token: ada.token,
      body: { search: { filter: { 'tags.privateTags.tagIds': { $hasSome: ['vip'] } } } },
    });
    expect(violations(res.body)).toEqual([['search.filter.tags.privateTags.tagIds', 'FIELD_NOT_ALLOWED']]);
  });

  it("does not let a member's cursor show another member's orders", async () => {
    const adaPage = await search({ cursorPaging: { limit: 2 } }, ada.token);
    const replayed = await search(
      { cursorPaging: { limit: 10, cursor: adaPage.metadata.cursors.next } },
      bob.token,
    );
    for (const order of replayed.orders) expect([6, 7, 8]).toContain(indexOf(order.id));
  });

  it('refuses visitors (403) and anonymous callers (401)', async () => {
    const visitor = await visitorTokens(server());
    const res = await server().call('POST', SEARCH, { token: visitor.access_token, body: { search: {} } });
    expect(res.status).toBe(403);
    expect(errorCode(res.body)).toBe('FORBIDDEN');
    expect((await server().call('POST', SEARCH, { body: { search: {} } })).status).toBe(401);
  });

  it('answers on the custom-host alias too', async () => {
    const page = await search(
      { cursorPaging: { limit: 3 } },
      server().adminKey,
      '/_api/ecom-orders/v1/orders/search',
    );
    expect(page.orders.map((o) => o.id)).toEqual(newestFirst(SPECS.map((_, i) => i + 1)).slice(0, 3));
  });
});

describe('order aggregate', () => {
  const usdLive = { currency: 'USD', archived: false };

  async function aggregate(body: Body, token = server().adminKey) {
    const res = await server().call('POST', AGGREGATE, { token, body });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.aggregates as Record<string, { groups: Body[]; hasMore: boolean }>;
  }

  it('sums sales per day in UTC and in a time zone, per status and payment status, and in total', async () => {
    const sales = { orders: { count: {} }, sales: { sum: 'priceSummary.total.amount' } };
    const result = await aggregate({
      filter: usdLive,
      aggregation: {
        byDayUtc: { groupBy: [{ field: 'createdDate', interval: 'DAY' }], metrics: sales },
        byDayParis: {
          groupBy: [{ field: 'createdDate', interval: 'DAY', timeZone: 'Europe/Paris' }],
          metrics: sales,
        },
        byMonth: { groupBy: [{ field: 'createdDate', interval: 'MONTH' }], metrics: sales },
        byStatus: { groupBy: ['status'], metrics: sales },
        byPayment: { groupBy: 'paymentStatus', sort: [{ fieldName: 'count', order: 'DESC' }] },
        totals: {
          metrics: {
            orders: { count: {} },
            sales: { sum: 'priceSummary.total.amount' },
            average: { avg: 'priceSummary.total.amount' },
            smallest: { min: 'priceSummary.total.amount' },
            largest: { max: 'priceSummary.total.amount' },
            customers: { countDistinct: 'buyerInfo.email' },
          },
        },
      },
    });
    // Orders 5 (archived) and 8 (EUR) are left out by the filter; the sums are worked out by hand.
    expect(result.byDayUtc).toEqual({
      groups: [
        { key: { createdDate: '2024-05-01' }, orders: 3, sales: '150.50' },
        { key: { createdDate: '2024-05-02' }, orders: 5, sales: '319.99' },
        { key: { createdDate: '2024-05-03' }, orders: 2, sales: '40.33' },
      ],
      hasMore: false,
    });
    expect(result.byDayParis!.groups).toEqual([
      { key: { createdDate: '2024-05-01' }, orders: 2, sales: '50.50' },
      { key: { createdDate: '2024-05-02' }, orders: 5, sales: '219.99' },
      { key: { createdDate: '2024-05-03' }, orders: 3, sales: '240.33' },
    ]);
    expect(result.byMonth!.groups).toEqual([
      { key: { createdDate: '2024-05' }, orders: 10, sales: '510.82' },
    ]);
    expect(result.byStatus!.groups).toEqual([
      { key: { status: 'APPROVED' }, orders: 7, sales: '488.83' },
      { key: { status: 'CANCELED' }, orders: 1, sales: '9.99' },
      { key: { status: 'INITIALIZED' }, orders: 1, sales: '5.00' },
      { key: { status: 'REJECTED' }, orders: 1, sales: '7.00' },
    ]);
    expect(result.byPayment!.groups).toEqual([
      { key: { paymentStatus: 'PAID' }, count: 5 },
      { key: { paymentStatus: 'NOT_PAID' }, count: 2 },
      { key: { paymentStatus: 'DECLINED' }, count: 1 },
      { key: { paymentStatus: 'PARTIALLY_REFUNDED' }, count: 1 },
      { key: { paymentStatus: 'PENDING' }, count: 1 },
    ]);
    expect(result.totals).toEqual({
      groups: [
        {
          key: {},
          orders: 10,
          sales: '510.82',
          average: '51.082',
          smallest: '5.00',
          largest: '200.00',
          customers: 5,
        },
      ],
      hasMore: false,
    });
  });

  it('cuts at the limit and says so; renames key paths with hierarchySeparatorOverride', async () => {
    const result = await aggregate({
      aggregation: {
        topCustomers: {
          groupBy: ['buyerInfo.email'],
          metrics: { spent: { sum: 'priceSummary.total.amount' } },
          sort: [{ fieldName: 'spent', order: 'DESC' }],
          limit: 2,
        },
        channels: { groupBy: ['channelInfo.type', 'currency'] },
      },
      filter: usdLive,
      hierarchySeparatorOverride: '_',
    });
    expect(result.topCustomers).toEqual({
      groups: [
        { key: { buyerInfo_email: 'carol@example.com' }, spent: '233.33' },
        { key: { buyerInfo_email: 'ada@example.com' }, spent: '175.49' },
      ],
      hasMore: true,
    });
    expect(result.channels!.groups).toEqual([
      { key: { channelInfo_type: 'BACKOFFICE_MERCHANT', currency: 'USD' }, count: 1 },
      { key: { channelInfo_type: 'OTHER_PLATFORM', currency: 'USD' }, count: 1 },
      { key: { channelInfo_type: 'POS', currency: 'USD' }, count: 1 },
      { key: { channelInfo_type: 'WEB', currency: 'USD' }, count: 7 },
    ]);
  });

  it('answers zero totals for a filter that matches nothing', async () => {
    const result = await aggregate({
      filter: { status: 'CANCELED', currency: 'EUR' },
      aggregation: {
        t: { metrics: { n: { count: {} }, s: { sum: 'priceSummary.total.amount' } } },
        d: { groupBy: 'createdDate' },
      },
    });
    expect(result).toEqual({
      t: { groups: [{ key: {}, n: 0, s: '0.00' }], hasMore: false },
      d: { groups: [], hasMore: false },
    });
  });

  it.each<[string, Body, Array<[string, string]>]>([
    ['no aggregation', {}, [['aggregation', 'REQUIRED_FIELD']]],
    [
      'an unknown filter field',
      { filter: { nope: 1 }, aggregation: { a: {} } },
      [['filter.nope', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'an unknown group field',
      { aggregation: { a: { groupBy: ['lineItems'] } } },
      [['aggregation.a.groupBy[0].field', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'an unknown time zone',
      { aggregation: { a: { groupBy: [{ field: 'createdDate', timeZone: 'Moon/Base' }] } } },
      [['aggregation.a.groupBy[0].timeZone', 'FORMAT']],
    ],
    [
      'a sum of a status',
      { aggregation: { a: { metrics: { s: { sum: 'status' } } } } },
      [['aggregation.a.metrics.s.sum', 'FIELD_NOT_ALLOWED']],
    ],
    [
      'a long separator',
      { aggregation: { a: {} }, hierarchySeparatorOverride: '------' },
      [['hierarchySeparatorOverride', 'MAX_LENGTH']],
    ],
  ])('refuses %s, naming the field', async (_name, body, expected) => {
    const res = await server().call('POST', AGGREGATE, { token: server().adminKey, body });
    expect(res.status).toBe(400);
    expect(violations(res.body)).toEqual(expected);
  });

  it('is for admins only', async () => {
    const body = { aggregation: { t: {} } };
    const res = await server().call('POST', AGGREGATE, { token: ada.token, body });
    expect(res.status).toBe(403);
    expect((await server().call('POST', AGGREGATE, { body })).status).toBe(401);
  });
});
