import type { InventoryItem, Order, SalesAnalytics } from '@aisle/sdk';
import { lazy, type ReactNode, Suspense } from 'react';
import { Form, Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { Field, SubmitButton } from '../components/form.ts';
import { type ListColumn, ListOrEmpty, ListTable } from '../components/list-table.tsx';
import { adminError } from '../lib/errors.ts';
import { dateTime, money, shortDay, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { LOW_STOCK } from './inventory.tsx';

// The dashboard: sales, orders and average order value over a chosen period against the period before (one
// server-side aggregation), a chart of both per day, the best sellers, the orders waiting to be fulfilled
// and what runs low on stock.

const SalesChart = lazy(() =>
  import('../components/sales-chart.tsx').then((m) => ({ default: m.SalesChart })),
);

const PERIODS = [
  { value: '7', label: 'Last 7 days' },
  { value: '30', label: 'Last 30 days' },
  { value: '90', label: 'Last 90 days' },
  { value: 'custom', label: 'Custom (from – to)' },
];
const MAX_DAYS = 366;
const DAY_MS = 86_400_000;
const SHOWN = 5;

/** `YYYY-MM-DD` of a date in the browser's time zone (the server counts days in the same zone). */
const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

const validDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value);

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;

/** The period the URL asks for: the last 7, 30 or 90 days up to today, or a checked custom range. */
export function periodOf(search: URLSearchParams, today = new Date()) {
  const period = search.get('period') ?? '30';
  const from = (search.get('from') ?? '').trim();
  const to = (search.get('to') ?? '').trim();
  if (period === 'custom') {
    const errors: Record<string, string> = {};
    if (!validDay(from)) errors.from = 'Enter the first day of the period.';
    if (!validDay(to)) errors.to = 'Enter the last day of the period.';
    else if (validDay(from) && to < from) errors.to = 'The last day cannot be before the first.';
    else if (validDay(from) && daysBetween(from, to) > MAX_DAYS)
      errors.to = `Choose at most ${MAX_DAYS} days (a year).`;
    return { period, from, to, errors };
  }
  const days = Number(['7', '30', '90'].includes(period) ? period : '30');
  const start = new Date(today);
  start.setDate(start.getDate() - (days - 1));
  return { period: String(days), from: localDay(start), to: localDay(today), errors: {} };
}

export async function dashboardLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const chosen = periodOf(new URL(request.url).searchParams);
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [analytics, toFulfil, lowStock] = await Promise.all([
    Object.keys(chosen.errors).length > 0
      ? undefined
      : client.orders
          .getSalesAnalytics({ startDate: chosen.from, endDate: chosen.to, timeZone, topProducts: SHOWN })
          .catch((error: unknown) => adminError(error)),
    client.orders.searchOrders({
      filter: {
        status: 'APPROVED',
        archived: false,
        fulfillmentStatus: { $in: ['NOT_FULFILLED', 'PARTIALLY_FULFILLED'] },
        paymentStatus: { $ne: 'FULLY_REFUNDED' },
      },
      sort: [{ fieldName: 'createdDate', order: 'ASC' }],
      cursorPaging: { limit: SHOWN },
    }),
    client.inventoryItems.searchInventoryItems({
      filter: { trackQuantity: true, quantity: { $lte: LOW_STOCK } },
      sort: [{ fieldName: 'updatedDate', order: 'DESC' }],
      cursorPaging: { limit: SHOWN },
    }),
  ]);
  return {
    chosen,
    analytics: analytics && 'days' in analytics ? analytics : undefined,
    failed: analytics && !('days' in analytics) ? analytics : undefined,
    toFulfil: toFulfil.items,
    // The latest changed of those low on stock, least first.
    lowStock: [...lowStock.inventoryItems].sort((a, b) => (a.quantity ?? 0) - (b.quantity ?? 0)),
  };
}

/** “Up 12.5 % on the previous 30 days”, in words (not only a colour or an arrow). */
function Change({ percent, days }: { percent: number | null; days: number }) {
  if (percent === null)
    return <span className="change muted">Nothing in the {days} days before to compare</span>;
  const direction = percent > 0 ? 'up' : percent < 0 ? 'down' : 'same';
  const text =
    direction === 'same'
      ? `Same as the ${days} days before`
      : `${direction === 'up' ? '▲ Up' : '▼ Down'} ${Math.abs(percent).toLocaleString('en-US')} % on the ${days} days before`;
  return <span className={`change change-${direction}`}>{text}</span>;
}

function Figures({ analytics }: { analytics: SalesAnalytics }) {
  const { period, previousPeriod: before, change, currency } = analytics;
  const days = analytics.days.length;
  const figures = [
    [
      'sales-total',
      'Sales',
      money(period.sales, currency),
      change.salesPercent,
      money(before.sales, currency),
    ],
    ['sales-orders', 'Orders', String(period.orders), change.ordersPercent, String(before.orders)],
    [
      'sales-average',
      'Average order value',
      money(period.averageOrderValue, currency),
      change.averageOrderValuePercent,
      money(before.averageOrderValue, currency),
    ],
  ] as const;
  return (
    <dl className="stats dashboard-figures">
      {figures.map(([testId, label, value, percent, previous]) => (
        <div key={testId}>
          <dt>{label}</dt>
          <dd>
            <strong data-testid={testId}>{value}</strong>
            <Change percent={percent} days={days} />
            <span className="small muted" data-testid={`${testId}-before`}>
              Before: {previous}
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}

const productLink = (id: string | undefined, name: string) =>
  id ? <Link to={`/products/${encodeURIComponent(id)}`}>{name}</Link> : name;

/** The first column of a list of products: the product's name, linking to it. */
const productColumn = <T,>(cell: (row: T) => ReactNode): ListColumn<T> => ({
  label: 'Product',
  primary: true,
  className: 'wrap',
  cell,
});

/** A panel of the dashboard: its heading (with a link to the whole list when `all` is one) above `children`. */
function Panel({
  id,
  title,
  all,
  children,
}: {
  id: string;
  title: ReactNode;
  all?: string;
  children: ReactNode;
}) {
  const heading = <h2 id={id}>{title}</h2>;
  return (
    <section className="panel stack" aria-labelledby={id}>
      {all ? (
        <div className="panel-head">
          {heading}
          <Link to={all}>All</Link>
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}

export function Dashboard() {
  const { chosen, analytics, failed, toFulfil, lowStock } = useLoaderData<typeof dashboardLoader>();
  usePageTitle('Dashboard');
  const errors: Record<string, string> = chosen.errors;
  const range = analytics
    ? `${shortDay(analytics.period.startDate)} – ${shortDay(analytics.period.endDate)}`
    : '';
  return (
    <div className="stack">
      <h1>Dashboard</h1>
      <section className="panel stack" aria-labelledby="sales-title">
        <h2 id="sales-title">Sales{range ? `, ${range}` : ''}</h2>
        <Form method="get" className="toolbar" key={`${chosen.period}${chosen.from}${chosen.to}`}>
          <div className="field narrow">
            <label htmlFor="period">Period</label>
            <select id="period" name="period" defaultValue={chosen.period}>
              {PERIODS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </select>
          </div>
          {(
            [
              ['from', 'From'],
              ['to', 'To'],
            ] as const
          ).map(([name, label]) => (
            <Field
              key={name}
              label={label}
              name={name}
              type="date"
              className="narrow"
              defaultValue={chosen[name]}
              error={errors[name]}
            />
          ))}
          <SubmitButton pendingText="Loading…" className="button button-secondary">
            Show
          </SubmitButton>
        </Form>
        <p className="field-hint">From and To apply with “Custom”; days are counted in your time zone.</p>
        {failed && (
          <p className="alert alert-error" role="alert">
            {failed.message}
          </p>
        )}
        {analytics && (
          <>
            <Figures analytics={analytics} />
            <p className="muted small">
              Approved orders in {analytics.currency}, tax and shipping included, against the{' '}
              {analytics.days.length} days before ({shortDay(analytics.previousPeriod.startDate)} –{' '}
              {shortDay(analytics.previousPeriod.endDate)}).
            </p>
            <Suspense fallback={<p className="muted">Loading the chart…</p>}>
              <SalesChart analytics={analytics} />
            </Suspense>
            <details>
              <summary>Sales by day as a table</summary>
              <ListTable
                caption="Sales by day, oldest first"
                testId="sales-by-day"
                rows={analytics.days}
                rowKey={(d) => d.date}
                columns={[
                  { label: 'Day', primary: true, cell: (d) => shortDay(d.date) },
                  { label: 'Orders', className: 'num', cell: (d) => d.orders },
                  { label: 'Sales', className: 'num', cell: (d) => money(d.sales, analytics.currency) },
                ]}
              />
            </details>
          </>
        )}
      </section>
      {analytics && (
        <Panel id="top-title" title={`Top products, ${range}`}>
          <ListOrEmpty<SalesAnalytics['topProducts'][number]>
            empty="Nothing sold in this period."
            caption="Best-selling products, most units first"
            testId="top-products"
            rowTestId="top-product"
            rows={analytics.topProducts}
            rowKey={(p) => p.productId ?? p.name}
            columns={[
              productColumn((p) => productLink(p.productId, p.name)),
              { label: 'Units sold', className: 'num', cell: (p) => p.quantity },
              { label: 'Sales', className: 'num', cell: (p) => money(p.sales, analytics.currency) },
            ]}
          />
        </Panel>
      )}
      <div className="dashboard-columns">
        <Panel
          id="fulfil-title"
          title={
            <>
              Orders to fulfil
              {analytics ? <span data-testid="orders-to-fulfil"> ({analytics.ordersToFulfil})</span> : null}
            </>
          }
          all="/orders?fulfilment=NOT_FULFILLED"
        >
          <ListOrEmpty<Order>
            empty="Every order is fulfilled."
            caption="Orders waiting longest first"
            testId="orders-to-fulfil-list"
            rowTestId="order-row"
            rows={toFulfil}
            rowKey={(o) => o.id}
            columns={[
              {
                label: 'Order',
                primary: true,
                cell: (o) => <Link to={`/orders/${encodeURIComponent(o.id)}`}>#{o.number}</Link>,
              },
              { label: 'Placed', cell: (o) => dateTime(o.createdDate) },
              {
                label: 'Total',
                className: 'num',
                cell: (o) => o.priceSummary?.total?.formattedAmount ?? '—',
              },
              { label: 'Fulfilment', cell: (o) => words(o.fulfillmentStatus) },
            ]}
          />
        </Panel>
        <Panel id="low-title" title="Low stock" all="/inventory?view=low">
          <ListOrEmpty<InventoryItem>
            empty={`Nothing tracked is at ${LOW_STOCK} or fewer.`}
            caption={`Variants with ${LOW_STOCK} or fewer in stock, least first`}
            testId="low-stock"
            rowTestId="low-stock-row"
            rows={lowStock}
            rowKey={(i) => i.id}
            columns={[
              productColumn((i) =>
                productLink(
                  i.productId,
                  [i.product?.name, i.product?.variantName].filter(Boolean).join(' — ') || 'Item',
                ),
              ),
              { label: 'In stock', className: 'num', cell: (i) => i.quantity ?? 0 },
            ]}
          />
        </Panel>
      </div>
    </div>
  );
}
