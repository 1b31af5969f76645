const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });

export const dateTime = (date: Date | undefined): string => (date ? DATE_TIME.format(date) : '');

/** `2026-11-26` → `Nov 26`. */
export const shortDay = (isoDay: string): string => DAY.format(new Date(`${isoDay}T00:00:00Z`));

/** Enum words for people: `PARTIALLY_FULFILLED` → `Partially fulfilled`. */
export const words = (value: string | undefined): string =>
  value ? value.charAt(0) + value.slice(1).toLowerCase().replaceAll('_', ' ') : '—';

/** `1 product`, `3 products`: a count with its noun (`many` is `one` with an s unless said). */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** One formatter per currency: a long list formats a price per row, and making a formatter is the slow part. */
const formatters = new Map<string, Intl.NumberFormat>();

export function money(amount: number | string | undefined, currency = 'USD'): string {
  const n = typeof amount === 'string' ? Number(amount) : amount;
  if (n === undefined || !Number.isFinite(n)) return '—';
  let format = formatters.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, format);
  }
  return format.format(n);
}
