import { type Static, Type } from '@sinclair/typebox';
import { sql } from 'drizzle-orm';
import { isTimeZone } from '../../modules/orders/aggregate.ts';
import { orders } from '../../modules/orders/tables.ts';
import { readStoreSettings } from '../../modules/settings/store.ts';
import type { AppContext } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import { invalid } from '../../platform/errors.ts';
import { currencyDigits } from '../../platform/money.ts';

/**
 * Sales analytics for the admin's dashboard (`POST /ecom/v1/orders/get-analytics`, Aisle's own), computed in
 * the database: the approved orders placed on the calendar days `[startDate, endDate]` of a time zone, in the
 * store's currency — sales, order count and average order value, the same for the period of as many days
 * just before, per day (days without orders included), the best-selling products, and how many orders wait
 * for fulfilment (approved, not fully fulfilled nor refunded, whenever placed). Sales are order totals (tax and shipping included, refunds not taken off).
 */

const Day = Type.String({ maxLength: 10, description: 'A calendar day, YYYY-MM-DD' });
export const SalesAnalyticsRequest = Type.Object({
  startDate: Day,
  endDate: Type.String({ maxLength: 10, description: 'The last day counted (YYYY-MM-DD)' }),
  timeZone: Type.Optional(Type.String({ maxLength: 64, description: 'IANA name; default UTC' })),
  topProducts: Type.Optional(Type.Integer({ minimum: 1, maximum: 20, description: 'Default 5' })),
});
export type SalesAnalyticsRequest = Static<typeof SalesAnalyticsRequest>;

/** Days one answer may cover (and its comparison period as many again). */
export const MAX_ANALYTICS_DAYS = 366;
const DAY_MS = 86_400_000;
const DECIMAL = '^-?[0-9]+(\\.[0-9]+)?$';

interface Totals {
  sales: string;
  orders: number;
  average: string;
  prev_sales: string;
  prev_orders: number;
  prev_average: string;
  to_fulfil: number;
}

/** `YYYY-MM-DD` as a UTC date, or a violation naming the field. */
function day(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (
    !/^\d{4}-\d{2}-\d{2}$/.test(value) ||
    Number.isNaN(date.getTime()) ||
    !date.toISOString().startsWith(value)
  )
    throw invalid(field, 'must be a date such as 2026-05-31', 'FORMAT');
  return date;
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The change from `before` to `now` in percent, one decimal; null when there was nothing before. */
function change(now: string, before: string): number | null {
  const b = Number(before);
  if (b === 0) return null;
  return Math.round(((Number(now) - b) / b) * 1000) / 10;
}

export async function salesAnalytics(ctx: AppContext, request: SalesAnalyticsRequest) {
  const start = day(request.startDate, 'startDate');
  const end = day(request.endDate, 'endDate');
  if (end < start) throw invalid('endDate', 'must not be before startDate', 'VALIDATION');
  const days = Math.round((end.getTime() - start.getTime()) / DAY_MS) + 1;
  if (days > MAX_ANALYTICS_DAYS)
    throw invalid('endDate', `must be at most ${MAX_ANALYTICS_DAYS} days after startDate`, 'MAX');
  const timeZone = request.timeZone ?? 'UTC';
  if (!isTimeZone(timeZone))
    throw invalid('timeZone', 'must be an IANA time-zone name such as Europe/Paris', 'FORMAT');
  const previousStart = new Date(start.getTime() - days * DAY_MS);
  const previousEnd = new Date(start.getTime() - DAY_MS);
  const afterEnd = new Date(end.getTime() + DAY_MS);

  const { currency } = await readStoreSettings(ctx.db);
  const digits = currencyDigits(currency);
  // Local midnights of the time zone as instants: the range is read on the created-date index.
  const at = (date: Date) => sql`(${isoDay(date)}::date::timestamp at time zone ${timeZone})`;
  const o = orders;
  const sold = sql`${o.status} = 'APPROVED' and ${o.currency} = ${currency}`;
  const current = sql`${o.createdDate} >= ${at(start)}`;

  const [totals] = await rows<Totals>(
    ctx.db,
    sql`select
        round(coalesce(sum(${o.total}) filter (where ${current}), 0), ${digits})::text as sales,
        (count(*) filter (where ${current}))::int as orders,
        round(coalesce(avg(${o.total}) filter (where ${current}), 0), ${digits})::text as average,
        round(coalesce(sum(${o.total}) filter (where not (${current})), 0), ${digits})::text as prev_sales,
        (count(*) filter (where not (${current})))::int as prev_orders,
        round(coalesce(avg(${o.total}) filter (where not (${current})), 0), ${digits})::text as prev_average,
        (select count(*)::int from ${o} where ${o.status} = 'APPROVED' and not ${o.archived}
          and ${o.fulfillmentStatus} in ('NOT_FULFILLED', 'PARTIALLY_FULFILLED')
          and ${o.paymentStatus} <> 'FULLY_REFUNDED') as to_fulfil
      from ${o}
      where ${sold} and ${o.createdDate} >= ${at(previousStart)} and ${o.createdDate} < ${at(afterEnd)}`,
  );

  const perDay = await rows<{ day: string; sales: string; orders: number }>(
    ctx.db,
    sql`select to_char((${o.createdDate} at time zone ${timeZone})::date, 'YYYY-MM-DD') as day,
        round(sum(${o.total}), ${digits})::text as sales, count(*)::int as orders
      from ${o}
      where ${sold} and ${current} and ${o.createdDate} < ${at(afterEnd)}
      group by 1`,
  );
  const byDay = new Map(perDay.map((d) => [d.day, d]));

  const line = sql`line.value`;
  const amount = sql`${line}->'totalPriceAfterTax'->>'amount'`;
  const quantity = sql`${line}->>'quantity'`;
  const lineSales = sql`sum(case when ${amount} ~ ${DECIMAL} then (${amount})::numeric else 0 end)`;
  const top = await rows<{ product_id: string | null; name: string; quantity: number; sales: string }>(
    ctx.db,
    sql`select ${line}->'catalogReference'->>'catalogItemId' as product_id,
        max(${line}->'productName'->>'original') as name,
        sum(case when ${quantity} ~ '^[0-9]{1,9}$' then (${quantity})::int else 0 end)::int as quantity,
        round(${lineSales}, ${digits})::text as sales
      from ${o}, jsonb_array_elements(case when jsonb_typeof(${o.data}->'lineItems') = 'array'
        then ${o.data}->'lineItems' else '[]'::jsonb end) as line
      where ${sold} and ${current} and ${o.createdDate} < ${at(afterEnd)}
      group by 1, case when ${line}->'catalogReference'->>'catalogItemId' is null
        then ${line}->'productName'->>'original' end
      order by 3 desc, ${lineSales} desc, 2
      limit ${request.topProducts ?? 5}`,
  );

  const t = totals!;
  return {
    currency,
    timeZone,
    period: {
      startDate: request.startDate,
      endDate: request.endDate,
      sales: t.sales,
      orders: t.orders,
      averageOrderValue: t.average,
    },
    previousPeriod: {
      startDate: isoDay(previousStart),
      endDate: isoDay(previousEnd),
      sales: t.prev_sales,
      orders: t.prev_orders,
      averageOrderValue: t.prev_average,
    },
    change: {
      salesPercent: change(t.sales, t.prev_sales),
      ordersPercent: change(String(t.orders), String(t.prev_orders)),
      averageOrderValuePercent: change(t.average, t.prev_average),
    },
    days: Array.from({ length: days }, (_, i) => {
      const date = isoDay(new Date(start.getTime() + i * DAY_MS));
      const found = byDay.get(date);
      return { date, sales: found?.sales ?? '0', orders: found?.orders ?? 0 };
    }),
    topProducts: top.map((p) => ({
      ...(p.product_id ? { productId: p.product_id } : {}),
      name: p.name ?? '',
      quantity: p.quantity,
      sales: p.sales,
    })),
    ordersToFulfil: t.to_fulfil,
  };
}
