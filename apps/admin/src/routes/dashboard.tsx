import { Link, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { OrderRows } from '../components/order-rows.tsx';
import { money, shortDay } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';

const DAYS = 30;

interface DayGroup {
  key: { createdDate?: string };
  orders?: number;
  sales?: string;
}

/** `YYYY-MM-DD` of a date in the browser's time zone (the aggregate's days are in the same zone). */
const localDay = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

/** Sales (approved orders) per day of the last 30 days, days without orders included; the latest orders. */
export async function dashboardLoader() {
  const client = requireClient();
  const start = new Date();
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (DAYS - 1));
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [{ aggregates }, latest] = await Promise.all([
    client.orders.aggregateOrders({
      filter: { status: 'APPROVED', createdDate: { $gte: start.toISOString() } },
      aggregation: {
        salesByDay: {
          groupBy: [{ field: 'createdDate', interval: 'DAY', timeZone }],
          metrics: { orders: { count: {} }, sales: { sum: 'priceSummary.total.amount' } },
        },
      },
    }),
    client.orders.searchOrders({
      sort: [{ fieldName: 'createdDate', order: 'DESC' }],
      cursorPaging: { limit: 5 },
    }),
  ]);
  const groups = ((aggregates.salesByDay as { groups?: DayGroup[] } | undefined)?.groups ?? []).filter(
    (g) => g.key.createdDate,
  );
  const byDay = new Map(groups.map((g) => [g.key.createdDate!, g]));
  const days = Array.from({ length: DAYS }, (_, i) => {
    const date = new Date(start);
    date.setDate(start.getDate() + i);
    const day = localDay(date);
    const group = byDay.get(day);
    return { day, orders: group?.orders ?? 0, sales: Number(group?.sales ?? 0) };
  });
  return { days, latest: latest.items, currency: latest.items[0]?.currency ?? 'USD' };
}

export function Dashboard() {
  const { days, latest, currency } = useLoaderData<typeof dashboardLoader>();
  usePageTitle('Dashboard');
  const total = days.reduce((sum, d) => sum + d.sales, 0);
  const orders = days.reduce((sum, d) => sum + d.orders, 0);
  const top = Math.max(...days.map((d) => d.sales), 0);
  return (
    <div className="stack">
      <h1>Dashboard</h1>
      <section className="panel" aria-labelledby="sales-title">
        <h2 id="sales-title">Sales, last {DAYS} days</h2>
        <p className="figures">
          <span>
            <strong data-testid="sales-total">{money(total, currency)}</strong>
            <span className="muted"> in sales</span>
          </span>
          <span>
            <strong data-testid="sales-orders">{orders}</strong>
            <span className="muted"> {orders === 1 ? 'order' : 'orders'}</span>
          </span>
        </p>
        <DataTable
          className="sales-table"
          testId="sales-by-day"
          caption="Sales by day, oldest first"
          columns={[
            'Day',
            { label: 'Orders', className: 'num' },
            { label: 'Sales', className: 'num' },
            { label: <span className="visually-hidden">Chart</span>, className: 'bar-cell' },
          ]}
        >
          {days.map((d) => (
            <tr key={d.day} className={d.orders ? undefined : 'quiet'}>
              <th scope="row">{shortDay(d.day)}</th>
              <td className="num">{d.orders}</td>
              <td className="num">{money(d.sales, currency)}</td>
              <td className="bar-cell" aria-hidden="true">
                {d.sales > 0 && <span className="bar" style={{ width: `${(d.sales / top) * 100}%` }} />}
              </td>
            </tr>
          ))}
        </DataTable>
      </section>
      <section className="panel" aria-labelledby="latest-title">
        <div className="panel-head">
          <h2 id="latest-title">Latest orders</h2>
          <Link to="/orders">All orders</Link>
        </div>
        <OrderRows orders={latest} empty="No orders yet." />
      </section>
    </div>
  );
}
