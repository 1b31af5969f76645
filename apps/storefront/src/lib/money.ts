/**
 * Prices as the storefront shows them (`$13.00`, en-US).
 *
 * Each currency's format is read once from an `Intl.NumberFormat` (its parts: symbol, separators, digits, sign)
 * and prices are then written from that pattern, on the server and in the browser alike. The server puts the
 * patterns it made into the page (`moneyPatterns`), and the browser takes them before hydrating
 * (`adoptMoneyPatterns`): a phone never builds an `Intl.NumberFormat` to hydrate a page — the first one in a
 * page costs 70–100 ms of main thread on a throttled phone, more than the rest of a product page's hydration —
 * and both sides write every price with the same code. Rounding is Intl's: half away from zero, on the shortest
 * decimal form of the number (`1.005` → `1.01`).
 */

/** How `Intl.NumberFormat('en-US', { style: 'currency', currency })` writes amounts, in plain data. */
export interface MoneyPattern {
  currency: string;
  digits: number;
  /** What stands before and after the digits of a positive amount, and of a negative one. */
  positive: [string, string];
  negative: [string, string];
  group: string;
  decimal: string;
}

const patterns = new Map<string, MoneyPattern>();
const formatters = new Map<string, Intl.NumberFormat>();

function formatterOf(currency: string): Intl.NumberFormat {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter;
}

/** The affixes around the number in `parts` (everything before the first digit, and after the last). */
function affixes(parts: Intl.NumberFormatPart[]): [string, string] {
  const number = (p: Intl.NumberFormatPart) => ['integer', 'group', 'decimal', 'fraction'].includes(p.type);
  const first = parts.findIndex(number);
  const last = parts.length - 1 - [...parts].reverse().findIndex(number);
  const text = (list: Intl.NumberFormatPart[]) => list.map((p) => p.value).join('');
  return [text(parts.slice(0, first)), text(parts.slice(last + 1))];
}

/** The currency's pattern, read from Intl the first time (here or on the server that rendered the page). */
function patternOf(currency: string): MoneyPattern {
  let pattern = patterns.get(currency);
  if (!pattern) {
    const formatter = formatterOf(currency);
    const positive = formatter.formatToParts(1234567.5);
    pattern = {
      currency,
      digits: formatter.resolvedOptions().maximumFractionDigits ?? 2,
      positive: affixes(positive),
      negative: affixes(formatter.formatToParts(-1234567.5)),
      group: positive.find((p) => p.type === 'group')?.value ?? '',
      decimal: positive.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    patterns.set(currency, pattern);
  }
  return pattern;
}

/**
 * `abs` (≥ 0) at `digits` decimals, rounded half away from zero on its shortest decimal form, as integer and
 * fraction digits; undefined when that form has an exponent (below 1e-6 or from 1e21 on).
 */
function roundedDigits(abs: number, digits: number): [string, string] | undefined {
  const text = String(abs);
  if (text.includes('e')) return undefined;
  const [whole = '0', fraction = ''] = text.split('.');
  if (fraction.length <= digits) return [whole, fraction.padEnd(digits, '0')];
  const kept = whole + fraction.slice(0, digits);
  const up = fraction.charCodeAt(digits) >= 53; // '5'
  let sum = up ? (BigInt(kept) + 1n).toString() : kept;
  sum = sum.padStart(digits + 1, '0');
  return [sum.slice(0, sum.length - digits), sum.slice(sum.length - digits)];
}

function grouped(whole: string, separator: string): string {
  if (!separator || whole.length <= 3) return whole;
  const head = whole.length % 3 || 3;
  let out = whole.slice(0, head);
  for (let at = head; at < whole.length; at += 3) out += separator + whole.slice(at, at + 3);
  return out;
}

/** `value` in `currency` (USD when none is given). */
export function formatMoney(value: number, currency?: string): string {
  const pattern = patternOf(currency || 'USD');
  const negative = value < 0 || Object.is(value, -0);
  const rounded = Number.isFinite(value) ? roundedDigits(Math.abs(value), pattern.digits) : undefined;
  if (!rounded) return formatterOf(pattern.currency).format(value);
  const [before, after] = negative ? pattern.negative : pattern.positive;
  const [whole, fraction] = rounded;
  return `${before}${grouped(whole, pattern.group)}${pattern.digits ? pattern.decimal + fraction : ''}${after}`;
}

/** How many minor digits the currency's amounts have (2 for USD, 0 for JPY). */
export function minorDigits(currency: string): number {
  return patternOf(currency).digits;
}

/** The patterns made so far, for the page the server sends (the browser hydrates with them). */
export function moneyPatterns(): MoneyPattern[] {
  return [...patterns.values()];
}

/** The patterns the server sent with the page: prices are then written without an `Intl.NumberFormat`. */
export function adoptMoneyPatterns(list: unknown): void {
  if (!Array.isArray(list)) return;
  for (const pattern of list as MoneyPattern[])
    if (typeof pattern?.currency === 'string' && !patterns.has(pattern.currency))
      patterns.set(pattern.currency, pattern);
}
