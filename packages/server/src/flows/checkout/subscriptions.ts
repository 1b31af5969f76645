import type { Currency } from '../../modules/pricing/currency.ts';
import type { CalculatedLineItem, Mcp, PriceSummary } from '../../modules/pricing/index.ts';

/**
 * `checkout.subscriptionCharges`: for each line sold as a subscription, the charges after this checkout's —
 * from which cycle, how many cycles (absent = until cancelled) and the date of the first of them. A cycle costs
 * what the line costs in this checkout. Pure: the clock is `now`.
 */

export type Frequency = 'DAY' | 'WEEK' | 'MONTH' | 'YEAR';

export interface SubscriptionSettings {
  frequency: Frequency;
  interval?: number;
  billingCycles?: number;
  freeTrialPeriod?: { frequency: Frequency; interval?: number };
  startDate?: string;
}

export interface SubscriptionCharge {
  lineItemIds: string[];
  cycleFrom: number;
  cycleCount?: number;
  cycleBillingDate: string;
  priceSummary: PriceSummary;
}

const FREQUENCIES = new Set<string>(['DAY', 'WEEK', 'MONTH', 'YEAR']);

/** `date` moved by `interval` periods; a month or year that lacks the day ends on its last day (Jan 31 → Feb 28). */
export function addPeriod(date: Date, frequency: Frequency, interval = 1): Date {
  const out = new Date(date.getTime());
  if (frequency === 'DAY' || frequency === 'WEEK') {
    out.setUTCDate(out.getUTCDate() + interval * (frequency === 'WEEK' ? 7 : 1));
    return out;
  }
  const months = frequency === 'YEAR' ? 12 * interval : interval;
  const day = out.getUTCDate();
  out.setUTCDate(1);
  out.setUTCMonth(out.getUTCMonth() + months);
  const last = new Date(Date.UTC(out.getUTCFullYear(), out.getUTCMonth() + 1, 0)).getUTCDate();
  out.setUTCDate(Math.min(day, last));
  return out;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The settings of a line's `subscriptionOptionInfo`, when they name a known frequency. */
export function subscriptionSettingsOf(info: unknown): SubscriptionSettings | undefined {
  const settings = isRecord(info) ? info.subscriptionSettings : undefined;
  if (!isRecord(settings) || !FREQUENCIES.has(String(settings.frequency))) return undefined;
  const positive = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : undefined);
  const trial = isRecord(settings.freeTrialPeriod) ? settings.freeTrialPeriod : undefined;
  const interval = positive(settings.interval);
  const billingCycles = positive(settings.billingCycles);
  const trialInterval = positive(trial?.interval);
  return {
    frequency: settings.frequency as Frequency,
    ...(interval ? { interval } : {}),
    ...(billingCycles ? { billingCycles } : {}),
    ...(trial && FREQUENCIES.has(String(trial.frequency))
      ? {
          freeTrialPeriod: {
            frequency: trial.frequency as Frequency,
            ...(trialInterval ? { interval: trialInterval } : {}),
          },
        }
      : {}),
    ...(typeof settings.startDate === 'string' && !Number.isNaN(Date.parse(settings.startDate))
      ? { startDate: settings.startDate }
      : {}),
  };
}

function summaryOf(line: CalculatedLineItem, currency: Currency): PriceSummary {
  const p = line.pricesBreakdown;
  const zero = currency.mcp(0n);
  const tax: Mcp = p.taxDetails.totalTax;
  return {
    subtotal: p.lineItemPrice,
    shipping: zero,
    tax,
    discount: p.totalDiscount,
    total: p.totalPriceAfterTax,
    additionalFees: zero,
  };
}

export function subscriptionCharges(
  lines: ReadonlyArray<{ id: string; subscriptionOptionInfo?: unknown }>,
  calculated: readonly CalculatedLineItem[],
  now: Date,
  currency: Currency,
): { charges: SubscriptionCharge[] } {
  const charges: SubscriptionCharge[] = [];
  for (const line of lines) {
    const settings = subscriptionSettingsOf(line.subscriptionOptionInfo);
    const priced = calculated.find((c) => c.lineItemId === line.id);
    if (!settings || !priced) continue;
    const requested = settings.startDate ? new Date(settings.startDate) : now;
    const start = requested > now ? requested : now;
    const trial = settings.freeTrialPeriod;
    // With a free trial the first cycle is charged when it ends; otherwise it is paid now and the rest follow.
    const first = trial
      ? addPeriod(start, trial.frequency, trial.interval)
      : addPeriod(start, settings.frequency, settings.interval);
    const cycleFrom = trial ? 1 : 2;
    const cycles = settings.billingCycles;
    if (cycles !== undefined && cycles < cycleFrom) continue;
    charges.push({
      lineItemIds: [line.id],
      cycleFrom,
      ...(cycles !== undefined ? { cycleCount: cycles - cycleFrom + 1 } : {}),
      cycleBillingDate: first.toISOString(),
      priceSummary: summaryOf(priced, currency),
    });
  }
  return { charges };
}
