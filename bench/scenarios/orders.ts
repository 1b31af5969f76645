import type { Scenario } from '../measure.ts';

/**
 * The admin's order list (apps/admin/src/routes/orders.tsx) as it calls the server: `POST
 * /ecom/v1/orders/search` with the admin key, 20 orders a page, newest first; later pages by cursor only.
 * Meant for a store with many orders (`npm run seed -- --orders 100000`); skipped when there are fewer
 * than 1,000.
 */

interface SearchPage {
  orders?: Array<{ id: string; number: string; createdDate: string; buyerInfo?: { email?: string } }>;
  metadata?: { cursors?: { next?: string } };
}

const PATH = '/ecom/v1/orders/search';
const PAGE = 20;
const NEWEST_FIRST = [{ fieldName: 'createdDate', order: 'DESC' }];

/** The request of the list's first page with a filter (the loader's `{filter, sort, cursorPaging}`). */
const firstPage = (filter: Record<string, unknown>) => ({
  search: { filter, sort: NEWEST_FIRST, cursorPaging: { limit: PAGE } },
});

export async function orderScenarios(url: string, adminKey: string): Promise<Scenario[]> {
  const headers = { 'content-type': 'application/json', authorization: adminKey };
  const search = async (body: unknown): Promise<SearchPage | undefined> => {
    const res = await fetch(url + PATH, { method: 'POST', headers, body: JSON.stringify(body) });
    return res.ok ? ((await res.json()) as SearchPage) : undefined;
  };
  const newest = await search({ search: { sort: NEWEST_FIRST, cursorPaging: { limit: 100 } } });
  const oldest = await search({
    search: { sort: [{ fieldName: 'createdDate', order: 'ASC' }], cursorPaging: { limit: 1 } },
  });
  const first = newest?.orders ?? [];
  const last = oldest?.orders?.[0];
  const cursor = newest?.metadata?.cursors?.next;
  if (first.length < 100 || !last || !cursor) {
    console.error('order scenarios skipped: fewer than 100 orders (npm run seed -- --orders 100000)');
    return [];
  }

  // Deep pages: the unfiltered list's own cursor (its filter and sort) continuing from orders 10 % … 90 %
  // of the way back in time, whose keys come from the cursor of a one-order page found by date.
  const list = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Record<string, unknown>;
  const newestAt = Date.parse(first[0]!.createdDate);
  const span = newestAt - Date.parse(last.createdDate);
  const deep: string[] = [];
  for (let tenth = 1; tenth <= 9; tenth++) {
    const at = new Date(newestAt - (span * tenth) / 10).toISOString();
    const one = await search({
      search: { filter: { createdDate: { $lte: at } }, sort: NEWEST_FIRST, cursorPaging: { limit: 1 } },
    });
    const next = one?.metadata?.cursors?.next;
    if (!next) continue;
    const keys = (JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as { k: unknown }).k;
    deep.push(Buffer.from(JSON.stringify({ ...list, k: keys }), 'utf8').toString('base64url'));
  }

  const emails = [...new Set(first.map((o) => o.buyerInfo?.email).filter((e): e is string => !!e))];
  const statusFilters = [
    { paymentStatus: 'NOT_PAID' },
    { paymentStatus: 'FULLY_REFUNDED' },
    { paymentStatus: 'PENDING' },
    { fulfillmentStatus: 'PARTIALLY_FULFILLED' },
  ];
  const names = ['Lovelace', 'Hopper', 'Knuth', 'Ada', 'Grace', 'Turing', 'Shannon', 'Petrova'];
  const numbers = first.map((o) => o.number);
  const post = (name: string, description: string, bodies: unknown[]): Scenario => {
    let n = 0;
    return {
      name,
      description,
      method: 'POST',
      path: PATH,
      headers: { authorization: adminKey },
      body: bodies[0],
      next: () => ({ body: bodies[n++ % bodies.length] }),
    };
  };
  return [
    post(
      'orders list first page',
      'POST orders/search: newest first, 20 orders, no filter (the list as opened)',
      [firstPage({})],
    ),
    post(
      'orders list deep cursor page',
      'POST orders/search {cursorPaging {limit 20, cursor}}: pages 10 % to 90 % of the way back, 9 in rotation',
      deep.map((c) => ({ search: { cursorPaging: { limit: PAGE, cursor: c } } })),
    ),
    post(
      'orders list status filter',
      'POST orders/search: payment NOT_PAID / FULLY_REFUNDED / PENDING or fulfilment PARTIALLY_FULFILLED, newest 20',
      statusFilters.map(firstPage),
    ),
    post(
      'orders search by number',
      'POST orders/search {number}: the search box with an order number, 100 numbers in rotation',
      numbers.map((number) => firstPage({ number })),
    ),
    post(
      'orders search by e-mail',
      'POST orders/search {buyerInfo.email $startsWith}: the search box with an address, buyers in rotation',
      emails.map((email) => firstPage({ 'buyerInfo.email': { $startsWith: email } })),
    ),
    post(
      'orders search by name',
      'POST orders/search {buyerName $contains}: the search box with a first or last name, 8 in rotation',
      names.map((name) => firstPage({ buyerName: { $contains: name } })),
    ),
  ];
}
