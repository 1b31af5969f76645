/**
 * Prices as the storefront shows them (`$13.00`), one formatter per currency: making an `Intl.NumberFormat`
 * costs far more than formatting with one, and a server-rendered page formats every price it shows.
 */
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** `value` in `currency` (USD when none is given). */
export function formatMoney(value: number, currency?: string): string {
  return formatterOf(currency || 'USD').format(value);
}

/** How many minor digits the currency's amounts have (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  return formatterOf(currency).resolvedOptions().maximumFractionDigits ?? 2;
}
