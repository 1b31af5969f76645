/**
 * Money as decimal strings with two decimals (`numeric(14,2)` columns) and integer minor units for
 * arithmetic: never JS floats. Floats appear only at the edge of wires that send numbers (v1 catalogue).
 */

const DECIMAL = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/;

export function isMoney(value: string): boolean {
  return DECIMAL.test(value);
}

/** `"12.5"` → `1250n`. Throws on anything that is not a decimal with at most two decimals. */
export function toCents(value: string): bigint {
  const match = DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a money amount: "${value}"`);
  const cents = BigInt(match[2]!) * 100n + BigInt((match[3] ?? '').padEnd(2, '0'));
  return match[1] ? -cents : cents;
}

/** `1250n` → `"12.50"` */
export function fromCents(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  const whole = abs / 100n;
  const fraction = (abs % 100n).toString().padStart(2, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/** Normalises `"12.5"` to `"12.50"`. */
export function normalizeMoney(value: string): string {
  return fromCents(toCents(value));
}

/** A float from a number-typed wire (v1 catalogue) → decimal string, rounded half away from zero. */
export function moneyFromNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a money amount: ${value}`);
  const text = String(value);
  if (isMoney(text)) return normalizeMoney(text);
  // More than two decimals (or exponent form): round on the decimal text, not on value * 100.
  const [whole, fraction = ''] = Math.abs(value).toFixed(6).split('.');
  let cents = BigInt(whole!) * 100n + BigInt(fraction.slice(0, 2));
  if (Number(fraction[2] ?? '0') >= 5) cents += 1n;
  return fromCents(value < 0 ? -cents : cents);
}

/** The number a number-typed wire sends for a decimal string (display precision is two decimals). */
export function moneyToNumber(value: string): number {
  return Number(value);
}

/** `amount × rate / 100` in cents, `rate` a decimal string such as `"12.5"`, rounded half up. */
export function percentOfCents(cents: bigint, rate: string): bigint {
  const hundredths = toCents(rate);
  const product = cents * hundredths;
  const rounded = (product < 0n ? product - 5000n : product + 5000n) / 10000n;
  return rounded;
}

/** Per `locale:currency`: its formatter and the amounts it formatted (a totals response formats the same few many times). */
const formats = new Map<string, { format: Intl.NumberFormat; done: Map<string, string> }>();
const FORMATTED_LIMIT = 10_000;

/** Display string for an amount, e.g. `$1,234.50`. */
export function formatMoney(value: string, currency: string, locale = 'en-US'): string {
  const key = `${locale}:${currency}`;
  let entry = formats.get(key);
  if (!entry) {
    entry = { format: new Intl.NumberFormat(locale, { style: 'currency', currency }), done: new Map() };
    formats.set(key, entry);
  }
  const known = entry.done.get(value);
  if (known !== undefined) return known;
  const text = entry.format.format(Number(value));
  if (entry.done.size >= FORMATTED_LIMIT) entry.done.clear();
  entry.done.set(value, text);
  return text;
}

/*
 * Currency-aware money and exact decimals. Amounts are integer minor units (`bigint`) at the currency's
 * number of decimals (`currencyDigits`: USD 2, JPY 0, KWD 3), rates and weights exact decimals.
 * Every rounding is half away from zero.
 */

/** An exact decimal: `units / 10^scale`. */
export interface Decimal {
  units: bigint;
  scale: number;
}

const ANY_DECIMAL = /^(-)?(\d{1,30})(?:\.(\d{1,30}))?$/;

/** Parsed decimals by text: prices and rates are parsed again and again. Frozen, as they are shared. */
const parsed = new Map<string, Readonly<Decimal>>();
const PARSED_LIMIT = 10_000;

/** `"-12.050"` → `{units: -12050n, scale: 3}` (frozen). Throws on anything that is not a plain decimal. */
export function parseDecimal(value: string): Readonly<Decimal> {
  const known = parsed.get(value);
  if (known !== undefined) return known;
  const match = ANY_DECIMAL.exec(value);
  if (!match) throw new RangeError(`not a decimal: "${value}"`);
  const fraction = match[3] ?? '';
  const units = BigInt(match[2]! + fraction);
  const decimal = Object.freeze({ units: match[1] ? -units : units, scale: fraction.length });
  if (parsed.size >= PARSED_LIMIT) parsed.clear();
  parsed.set(value, decimal);
  return decimal;
}

export function isDecimal(value: string): boolean {
  return ANY_DECIMAL.test(value);
}

const POWERS_OF_TEN = Array.from({ length: 40 }, (_, i) => 10n ** BigInt(i));

export function pow10(exponent: number): bigint {
  return POWERS_OF_TEN[exponent] ?? 10n ** BigInt(exponent);
}

/** Both decimals at their common (larger) scale. */
function aligned(a: Decimal, b: Decimal): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.units * pow10(scale - a.scale), b.units * pow10(scale - b.scale), scale];
}

export function compareDecimals(a: string | Decimal, b: string | Decimal): -1 | 0 | 1 {
  const [x, y] = aligned(
    typeof a === 'string' ? parseDecimal(a) : a,
    typeof b === 'string' ? parseDecimal(b) : b,
  );
  return x < y ? -1 : x > y ? 1 : 0;
}

export function addDecimals(a: Decimal, b: Decimal): Decimal {
  const [x, y, scale] = aligned(a, b);
  return { units: x + y, scale };
}

/** `{units: 1250n, scale: 3}` → `"1.25"` (no trailing zeros). */
export function formatDecimal(value: Decimal): string {
  const negative = value.units < 0n;
  const digits = (negative ? -value.units : value.units).toString().padStart(value.scale + 1, '0');
  const point = digits.length - value.scale;
  let end = digits.length;
  while (end > point && digits.charCodeAt(end - 1) === 48 /* 0 */) end--;
  const whole = digits.slice(0, point);
  return `${negative ? '-' : ''}${whole}${end > point ? `.${digits.slice(point, end)}` : ''}`;
}

/** A float from a number-typed wire (a percentage, a weight) → its shortest exact decimal string. */
export function decimalFromNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a decimal: ${value}`);
  const text = String(value);
  const exponentForm = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!exponentForm) return text;
  // Shift the point of the shortest round-trip digits, e.g. `1.5e-7` → `0.00000015`.
  const [, sign, lead, rest = '', exponent] = exponentForm;
  const digits = lead! + rest;
  const point = 1 + Number(exponent);
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `numerator / denominator` rounded half away from zero. */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  const n = denominator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = n / d;
  const remainder = n % d;
  if (2n * (remainder < 0n ? -remainder : remainder) >= d) return n < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

const digitsByCurrency = new Map<string, number>();

/** Decimals of the currency's minor unit, from Intl: USD 2, JPY 0, KWD 3. */
export function currencyDigits(currency: string): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) {
    if (!/^[A-Z]{3}$/.test(currency)) throw new RangeError(`not a currency code: "${currency}"`);
    digits =
      new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ??
      2;
    digitsByCurrency.set(currency, digits);
  }
  return digits;
}

/** `"12.345"` at 2 digits → `1235n`: a decimal string in minor units, rounded half away from zero. */
export function toMinorUnits(value: string, digits: number): bigint {
  const { units, scale } = parseDecimal(value);
  if (scale <= digits) return units * pow10(digits - scale);
  return divideRounded(units, pow10(scale - digits));
}

/** `1235n` at 2 digits → `"12.35"`; at 0 digits → `"1235"`. */
export function fromMinorUnits(minor: bigint, digits: number): string {
  if (digits === 0) return minor.toString();
  const negative = minor < 0n;
  const text = (negative ? -minor : minor).toString().padStart(digits + 1, '0');
  return `${negative ? '-' : ''}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** `amount × rate / 100`, `rate` a percentage as a decimal (string of any scale, `"8.875"`), rounded half away from zero. */
export function percentOf(minor: bigint, rate: string | Decimal): bigint {
  const { units, scale } = typeof rate === 'string' ? parseDecimal(rate) : rate;
  return divideRounded(minor * units, 100n * pow10(scale));
}

/** The tax contained in a tax-inclusive `gross` at `rate` percent: `gross × rate / (100 + rate)`, rounded half away from zero. */
export function includedTaxOf(gross: bigint, rate: string | Decimal): bigint {
  const { units, scale } = typeof rate === 'string' ? parseDecimal(rate) : rate;
  const denominator = 100n * pow10(scale) + units;
  if (denominator <= 0n)
    throw new RangeError(`not a tax rate: "${typeof rate === 'string' ? rate : formatDecimal(rate)}"`);
  return divideRounded(gross * units, denominator);
}

/**
 * Splits `total` over `weights` in proportion, by largest remainder: each share is the floor of its exact
 * share, and the units left over go one each to the largest fractional parts (ties: the earlier index).
 * The shares always sum to `total`, and no share exceeds its weight when `|total| ≤ sum(weights)`.
 */
export function allocate(total: bigint, weights: readonly bigint[]): bigint[] {
  if (weights.some((w) => w < 0n)) throw new RangeError('allocation weights must not be negative');
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('cannot allocate a non-zero amount over zero weights');
  }
  if (total < 0n) return allocate(-total, weights).map((share) => -share);
  const shares = weights.map((w) => (total * w) / sum);
  const remainders = weights.map((w, index) => ({ index, remainder: (total * w) % sum }));
  let left = total - shares.reduce((a, b) => a + b, 0n);
  remainders.sort((a, b) =>
    a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1,
  );
  for (const { index } of remainders) {
    if (left === 0n) break;
    shares[index]! += 1n;
    left -= 1n;
  }
  return shares;
}
