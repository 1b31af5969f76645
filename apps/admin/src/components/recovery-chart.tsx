import type { AbandonedCheckoutAnalytics } from '@aisle/sdk';
import { money } from '../lib/format.ts';
import { BarLineChart } from './bar-line-chart.tsx';

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

/** Recovered value (bars) and recovery rate (line) per day, from `get-analytics` with `interval: DAY`. */
export function RecoveryChart({ analytics }: { analytics: AbandonedCheckoutAnalytics }) {
  const data = (analytics.periods ?? []).map((p) => ({
    day: DAY.format(p.startDate),
    bar: Number(p.recoveredValue),
    line: Math.round(p.recoveryRate * 1000) / 10,
  }));
  if (data.length === 0) return <p className="empty">No abandoned checkouts in this period.</p>;
  return (
    <BarLineChart
      testId="recovery-chart"
      caption={`Recovered value and recovery rate per day, ${data.length} days with abandoned checkouts`}
      data={data}
      bar={{ name: 'Recovered value', format: (v) => money(v, analytics.currency) }}
      line={{ name: 'Recovery rate', format: (v) => `${v} %` }}
      lineAxis={{ unit: ' %', domain: [0, 100] }}
    />
  );
}
