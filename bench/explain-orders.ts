/**
 * `DATABASE_URL=… node --conditions=aisle-source --import tsx bench/explain-orders.ts`
 * EXPLAIN ANALYZE of the statements the admin's order list makes the server run (the same requests as
 * bench/scenarios/orders.ts), built by the order search's own query compiler; prints each plan.
 */
import { and, type SQL, sql } from 'drizzle-orm';
import { lowerEmailValues, ORDER_QUERY, searchOrders } from '../packages/server/src/modules/orders/search.ts';
import { orders } from '../packages/server/src/modules/orders/tables.ts';
import { rows } from '../packages/server/src/platform/db.ts';
import { compileQuery } from '../packages/server/src/platform/query/index.ts';
import { openTool } from '../packages/server/src/seed/tool.ts';

const { ctx, close } = await openTool();
const admin = { kind: 'admin' } as const;
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' }];
try {
  const [middle] = await rows<{ at: Date }>(
    ctx.db,
    sql`select created_date as at from orders order by created_date desc offset (select count(*) / 2 from orders) limit 1`,
  );
  const [sample] = await rows<{ number: string; email: string }>(
    ctx.db,
    sql`select number::text, buyer_email as email from orders order by created_date desc limit 1`,
  );
  // A cursor half-way back in time: the cursor of a one-order page found by date, continued unfiltered.
  const one = await searchOrders(
    ctx,
    {
      filter: { createdDate: { $lte: new Date(middle!.at).toISOString() } },
      sort: NEWEST_FIRST,
      cursorPaging: { limit: 1 },
    },
    admin,
  );
  const first = await searchOrders(ctx, { sort: NEWEST_FIRST, cursorPaging: { limit: 20 } }, admin);
  const decode = (c: string) =>
    JSON.parse(Buffer.from(c, 'base64url').toString('utf8')) as Record<string, unknown>;
  const deep = Buffer.from(
    JSON.stringify({ ...decode(first.metadata.cursors.next!), k: decode(one.metadata.cursors.next!).k }),
  ).toString('base64url');

  const requests: Array<[string, Record<string, unknown>]> = [
    ['first page', { sort: NEWEST_FIRST, cursorPaging: { limit: 20 } }],
    ['deep cursor page (half-way)', { cursorPaging: { limit: 20, cursor: deep } }],
    [
      'payment PENDING',
      { filter: { paymentStatus: 'PENDING' }, sort: NEWEST_FIRST, cursorPaging: { limit: 20 } },
    ],
    [
      'fulfilment PARTIALLY_FULFILLED',
      {
        filter: { fulfillmentStatus: 'PARTIALLY_FULFILLED' },
        sort: NEWEST_FIRST,
        cursorPaging: { limit: 20 },
      },
    ],
    [
      'date range (one month) + payment NOT_PAID',
      {
        filter: {
          paymentStatus: 'NOT_PAID',
          createdDate: {
            $gte: new Date(Date.now() - 400 * 86_400_000).toISOString(),
            $lte: new Date(Date.now() - 370 * 86_400_000).toISOString(),
          },
        },
        sort: NEWEST_FIRST,
        cursorPaging: { limit: 20 },
      },
    ],
    ['number', { filter: { number: sample!.number }, sort: NEWEST_FIRST, cursorPaging: { limit: 20 } }],
    [
      'e-mail starts with',
      {
        filter: { 'buyerInfo.email': { $startsWith: sample!.email } },
        sort: NEWEST_FIRST,
        cursorPaging: { limit: 20 },
      },
    ],
    [
      'name contains (common)',
      { filter: { buyerName: { $contains: 'Knuth' } }, sort: NEWEST_FIRST, cursorPaging: { limit: 20 } },
    ],
    [
      'name contains (nobody)',
      { filter: { buyerName: { $contains: 'Zyxwv' } }, sort: NEWEST_FIRST, cursorPaging: { limit: 20 } },
    ],
  ];
  for (const [name, request] of requests) {
    const { filter, cursorPaging, ...rest } = request;
    const plan = compileQuery(
      { ...rest, filter: lowerEmailValues(filter), cursorPaging },
      ORDER_QUERY,
      'search',
    );
    const query = ctx.db
      .select({ order: orders, keys: plan.keys ?? sql<null>`null` })
      .from(orders)
      .where(and(plan.where as SQL | undefined))
      .orderBy(...plan.orderBy)
      .limit(plan.fetchLimit);
    const lines = await rows<{ 'QUERY PLAN': string }>(ctx.db, sql`explain (analyze, buffers) ${query}`);
    console.log(`\n== ${name}\n${lines.map((l) => l['QUERY PLAN']).join('\n')}`);
  }
} finally {
  await close();
}
