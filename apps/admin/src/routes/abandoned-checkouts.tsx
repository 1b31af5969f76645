import { lazy, Suspense } from 'react';
import { Link, type LoaderFunctionArgs, useLoaderData } from 'react-router';
import { DataTable } from '../components/data-table.tsx';
import { PageLinks } from '../components/page-links.tsx';
import { dateTime, money, plural, words } from '../lib/format.ts';
import { usePageTitle } from '../lib/title.ts';
import { requireClient } from '../sdk.ts';
import { Fact, Panel } from '../components/panel.tsx';

// The charting library is loaded with this page only.
const RecoveryChart = lazy(() =>
  import('../components/recovery-chart.tsx').then((m) => ({ default: m.RecoveryChart })),
);

const PAGE_SIZE = 20;
const DAYS = 30;
const STATUSES = ['ABANDONED', 'RECOVERED'] as const;

/** Abandoned checkouts newest first (`status` narrows them), and the last 30 days' recovery figures. */
export async function abandonedCheckoutsLoader({ request }: LoaderFunctionArgs) {
  const client = requireClient();
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get('page') ?? '1', 10) || 1);
  const status = STATUSES.find((s) => s === search.get('status'));
  let query = client.abandonedCheckouts
    .queryAbandonedCheckouts()
    .descending('createdDate')
    .limit(PAGE_SIZE)
    .skip((page - 1) * PAGE_SIZE);
  if (status) query = query.eq('status', status);
  const end = new Date();
  const [found, analytics] = await Promise.all([
    query.find(),
    client.abandonedCheckouts.getAnalytics({
      startDate: new Date(end.getTime() - DAYS * 86_400_000),
      endDate: end,
      interval: 'DAY',
    }),
  ]);
  return {
    checkouts: found.items,
    total: found.totalCount,
    hasNext: found.hasNext(),
    page,
    status,
    analytics,
  };
}

export function AbandonedCheckouts() {
  const { checkouts, total, hasNext, page, status, analytics } =
    useLoaderData<typeof abandonedCheckoutsLoader>();
  usePageTitle('Abandoned checkouts');
  const rate = `${Math.round(analytics.recoveryRate * 1000) / 10} %`;
  return (
    <div className="stack">
      <div className="panel-head">
        <h1>Abandoned checkouts</h1>
      </div>
      <Panel id="recovery-heading" title={`Last ${DAYS} days`} className="panel">
        <dl className="stats" data-testid="recovery-figures">
          <Fact label="Abandoned">{analytics.recoverableCheckoutCount}</Fact>
          <Fact label="Recovered">{analytics.recoveredCheckoutCount}</Fact>
          <Fact label="Recovery rate" testId="recovery-rate">
            {rate}
          </Fact>
          <Fact label="Recovered value">{money(analytics.recoveredValue, analytics.currency)}</Fact>
          <Fact label="Recoverable value">{money(analytics.recoverableValue, analytics.currency)}</Fact>
        </dl>
        <Suspense fallback={<p className="muted">Loading the chart…</p>}>
          <RecoveryChart analytics={analytics} />
        </Suspense>
      </Panel>
      <nav className="row-action" aria-label="Filter by status">
        <Link to="?" aria-current={status ? undefined : 'page'}>
          All
        </Link>
        {STATUSES.map((s) => (
          <Link key={s} to={`?status=${s}`} aria-current={status === s ? 'page' : undefined}>
            {words(s)}
          </Link>
        ))}
      </nav>
      <p className="muted" role="status">
        {total === undefined ? '' : plural(total, 'abandoned checkout')}
      </p>
      {checkouts.length === 0 ? (
        <p className="empty">No abandoned checkouts{status ? ` with this status` : ''}.</p>
      ) : (
        <DataTable
          columns={['Buyer', 'Status', { label: 'Total', className: 'num' }, 'Abandoned', 'Last activity']}
        >
          {checkouts.map((c) => (
            <tr key={c.id} data-testid="abandoned-row">
              <th scope="row">
                <Link to={`/abandoned-checkouts/${encodeURIComponent(c.id)}`}>{c.buyerInfo.email}</Link>
              </th>
              <td>{words(c.status)}</td>
              <td className="num">
                {c.totalPrice.formattedAmount ?? money(c.totalPrice.amount, c.currency)}
              </td>
              <td>{dateTime(c.createdDate)}</td>
              <td>{words(c.activities.at(-1)?.type)}</td>
            </tr>
          ))}
        </DataTable>
      )}
      <PageLinks
        page={page}
        hasNext={hasNext}
        link={(n) => `?page=${n}${status ? `&status=${status}` : ''}`}
      />
    </div>
  );
}
