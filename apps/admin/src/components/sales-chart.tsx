import type { SalesAnalytics } from '@aisle/sdk';
import { money, shortDay } from '../lib/format.ts';
import { BarLineChart } from './bar-line-chart.tsx';

/** Sales (bars, store currency) and orders (line) per day of the period, from `getSalesAnalytics`. */
export function SalesChart({ analytics }: { analytics: SalesAnalytics }) {
  const { period, currency } = analytics;
  return (
    <BarLineChart
      testId="sales-chart"
      caption={`Sales and orders per day, ${shortDay(period.startDate)} to ${shortDay(period.endDate)}; the same figures are in the table below.`}
      data={analytics.days.map((d) => ({ day: shortDay(d.date), bar: Number(d.sales), line: d.orders }))}
      bar={{ name: 'Sales', format: (v) => money(v, currency) }}
      line={{ name: 'Orders', format: (v) => String(v) }}
      lineAxis={{ allowDecimals: false }}
    />
  );
}
