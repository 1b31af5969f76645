import { type SQL, sql } from 'drizzle-orm';
import { STATUSES } from '../../modules/abandoned-checkouts/model.ts';
import { abandonedCheckouts } from '../../modules/abandoned-checkouts/tables.ts';
import { readStoreSettings } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { currencyDigits } from '../../platform/money.ts';

/**
 * `get-analytics`: the abandoned checkouts created in `[startDate, endDate)` (default: the 30 days up to now),
 * in the store's currency. Every abandoned checkout in the range is recoverable (its value counts whatever
 * became of it); the RECOVERED ones are also recovered; `recoveryRate` = recovered / recoverable (0 when none).
 * `statuses` narrows the rows counted. Aisle's `interval: DAY | WEEK | MONTH` adds `periods`, the same figures
 * per period (UTC), for charts.
 */

export interface AnalyticsRequest {
  startDate?: string | undefined;
  endDate?: string | undefined;
  statuses?: string[] | undefined;
  metrics?: string[] | undefined;
  interval?: 'DAY' | 'WEEK' | 'MONTH' | undefined;
}

const DAY_MS = 86_400_000;
/** Periods one answer may hold. */
export const MAX_PERIODS = 400;

interface Figures {
  recoverable_value: string;
  recovered_value: string;
  average_value: string;
  recoverable_count: number;
  recovered_count: number;
}

function figures(row: Figures | undefined, currency: string) {
  const recoverable = row?.recoverable_count ?? 0;
  const recovered = row?.recovered_count ?? 0;
  return {
    currency,
    recoverableValue: row?.recoverable_value ?? '0',
    recoveredValue: row?.recovered_value ?? '0',
    averageRecoverableCheckoutValue: row?.average_value ?? '0',
    recoverableCheckoutCount: recoverable,
    recoveredCheckoutCount: recovered,
    recoveryRate: recoverable === 0 ? 0 : recovered / recoverable,
  };
}

function dateOf(value: string | undefined, field: string, fallback: Date): Date {
  if (value === undefined) return fallback;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid(field, 'is not an ISO-8601 date', 'FORMAT');
  return date;
}

const periodsBetween = (start: Date, end: Date, interval: NonNullable<AnalyticsRequest['interval']>) =>
  (end.getTime() - start.getTime()) / ({ DAY: 1, WEEK: 7, MONTH: 28 }[interval] * DAY_MS);

export async function checkoutAnalytics(ctx: AppContext, request: AnalyticsRequest) {
  const end = dateOf(request.endDate, 'endDate', ctx.clock());
  const start = dateOf(request.startDate, 'startDate', new Date(end.getTime() - 30 * DAY_MS));
  if (start > end)
    throw invalid('endDate', 'must not be before startDate', 'VALIDATION', {
      startDate: start.toISOString(),
      endDate: end.toISOString(),
    });
  const interval = request.interval;
  if (interval && periodsBetween(start, end, interval) > MAX_PERIODS)
    throw invalid(
      'interval',
      `gives more than ${MAX_PERIODS} periods for this range; choose a longer one`,
      'MAX',
    );
  const statuses = request.statuses?.length ? request.statuses : [...STATUSES];
  const { currency } = await readStoreSettings(ctx.db);
  const digits = currencyDigits(currency);
  const t = abandonedCheckouts;
  const where = sql`${t.createdDate} >= ${start.toISOString()}::timestamptz
    and ${t.createdDate} < ${end.toISOString()}::timestamptz
    and ${t.currency} = ${currency} and ${t.status} in ${statuses}`;
  const measures: SQL = sql`coalesce(sum(${t.total}), 0)::text as recoverable_value,
    coalesce(sum(${t.total}) filter (where ${t.status} = 'RECOVERED'), 0)::text as recovered_value,
    coalesce(round(avg(${t.total}), ${digits}), 0)::text as average_value,
    count(*)::int as recoverable_count,
    (count(*) filter (where ${t.status} = 'RECOVERED'))::int as recovered_count`;
  const [total] = await rows<Figures>(ctx.db, sql`select ${measures} from ${t} where ${where}`);
  const answer = figures(total, currency);
  if (!interval) return answer;
  const unit = { DAY: 'day', WEEK: 'week', MONTH: 'month' }[interval];
  const perPeriod = await rows<Figures & { period: string }>(
    ctx.db,
    sql`select to_char(date_trunc(${unit}::text, ${t.createdDate} at time zone 'UTC'),
        'YYYY-MM-DD"T"HH24:MI:SS".000Z"') as period, ${measures}
      from ${t} where ${where} group by 1 order by 1`,
  );
  return {
    ...answer,
    periods: perPeriod.map((p) => ({ startDate: p.period, ...figures(p, currency) })),
  };
}
