import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Field } from '../components/form.ts';
import { OrderRows } from '../components/order-rows.tsx';
import { FilterForm } from '../components/filter-form.tsx';
import { words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

const PAGE_SIZE = 20;
const PAYMENT = ['NOT_PAID', 'PAID', 'PARTIALLY_PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED', 'PENDING'];
const FULFILMENT = ['NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'];
/** Where orders come from (`channelInfo.type`), as merchants say it. */
const CHANNELS: Record<string, string> = {
  WEB: 'Online store',
  BACKOFFICE_MERCHANT: 'Made in the admin',
  AISLE_INVOICES: 'Invoices',
  POS: 'Point of sale',
  OTHER_PLATFORM: 'Other platform',
  AMAZON: 'Amazon',
  EBAY: 'eBay',
  ETSY: 'Etsy',
  FACEBOOK: 'Facebook',
  TIKTOK: 'TikTok',
};

/**
 * Orders newest first, by cursor (`cursor` in the URL; it carries the filter and sort of its first page),
 * optionally only those of one payment and/or fulfilment status and channel; `limit` (1–100) orders a page.
 */
export async function ordersLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const params = new URL(request.url).searchParams;
  const payment = params.get('payment') ?? '';
  const fulfilment = params.get('fulfilment') ?? '';
  const channel = params.get('channel') ?? '';
  const q = params.get('q')?.trim() ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const cursor = params.get('cursor');
  const asked = Number.parseInt(params.get('limit') ?? '', 10);
  const limit = asked >= 1 && asked <= 100 ? asked : PAGE_SIZE;
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const filter = {
    ...(PAYMENT.includes(payment) ? { paymentStatus: payment } : {}),
    ...(FULFILMENT.includes(fulfilment) ? { fulfillmentStatus: fulfilment } : {}),
    ...(channel in CHANNELS ? { 'channelInfo.type': channel } : {}),
    ...searchFilter(q),
    ...(day.test(from) || day.test(to)
      ? {
          createdDate: {
            ...(day.test(from) ? { $gte: new Date(`${from}T00:00:00`).toISOString() } : {}),
            ...(day.test(to) ? { $lte: new Date(`${to}T23:59:59.999`).toISOString() } : {}),
          },
        }
      : {}),
  };
  const page = await client.orders.searchOrders(
    cursor
      ? { cursorPaging: { limit, cursor } }
      : { filter, sort: [{ fieldName: 'createdDate', order: 'DESC' }], cursorPaging: { limit } },
  );
  return {
    orders: page.items,
    next: page.hasNext() ? page.cursors.next : undefined,
    prev: page.hasPrev() ? page.cursors.prev : undefined,
    payment,
    fulfilment,
    channel,
    q,
    from,
    to,
    limit: limit === PAGE_SIZE ? undefined : limit,
  };
}

/**
 * What the search box means: an order number (`10042` or `#10042`), an e-mail address (or its start, when it
 * has an `@`), or else part of the buyer's or recipient's name.
 */
export function searchFilter(q: string): Record<string, unknown> {
  if (!q) return {};
  const number = /^#?(\d{1,18})$/.exec(q)?.[1];
  if (number) return { number };
  if (q.includes('@')) return { 'buyerInfo.email': { $startsWith: q.toLowerCase() } };
  return { buyerName: { $contains: q } };
}

function StatusSelect({
  label,
  name,
  values,
  value,
  labels,
}: {
  label: string;
  name: string;
  values: string[];
  value: string;
  /** What each value reads as (default: the value in words). */
  labels?: Record<string, string>;
}) {
  return (
    <div className="field">
      <label htmlFor={`filter-${name}`}>{label}</label>
      <select id={`filter-${name}`} name={name} defaultValue={value}>
        <option value="">Any</option>
        {values.map((v) => (
          <option key={v} value={v}>
            {labels?.[v] ?? words(v)}
          </option>
        ))}
      </select>
    </div>
  );
}

export function Orders() {
  const { orders, next, prev, payment, fulfilment, channel, q, from, to, limit } =
    useLoaderData<typeof ordersLoader>();
  usePageTitle('Orders');
  const kept = {
    ...(payment ? { payment } : {}),
    ...(fulfilment ? { fulfilment } : {}),
    ...(channel ? { channel } : {}),
    ...(q ? { q } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(limit ? { limit: String(limit) } : {}),
  };
  const pageLink = (cursor: string) => `?${new URLSearchParams({ ...kept, cursor })}`;
  return (
    <div className="stack">
      <h1>Orders</h1>
      <FilterForm aria-label="Filter orders" shown={{ q, from, to, payment, fulfilment, channel }}>
        <Field label="Order number, e-mail or name" name="q" type="search" defaultValue={q} />
        <Field label="Placed from" name="from" type="date" defaultValue={from} />
        <Field label="Placed until" name="to" type="date" defaultValue={to} />
        <StatusSelect label="Payment" name="payment" values={PAYMENT} value={payment} />
        <StatusSelect label="Fulfilment" name="fulfilment" values={FULFILMENT} value={fulfilment} />
        <StatusSelect
          label="Channel"
          name="channel"
          values={Object.keys(CHANNELS)}
          value={channel}
          labels={CHANNELS}
        />
        {limit && <input type="hidden" name="limit" value={limit} />}
        <button type="submit" className="button button-secondary">
          Filter
        </button>
      </FilterForm>
      <OrderRows
        orders={orders}
        empty={
          payment || fulfilment || channel || q || from || to
            ? 'No order matches these filters.'
            : 'No orders yet.'
        }
      />
      <nav className="pager actions" aria-label="Pages">
        {prev && (
          <Link className="button button-secondary" to={pageLink(prev)}>
            Newer orders
          </Link>
        )}
        {next && (
          <Link className="button button-secondary" to={pageLink(next)}>
            Older orders
          </Link>
        )}
      </nav>
    </div>
  );
}
