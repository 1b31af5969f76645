import { describe, expect, it } from 'vitest';
import { adoptMoneyPatterns, formatMoney, minorDigits, moneyPatterns } from './money.ts';

const reference = new Map<string, Intl.NumberFormat>();
/** Intl's own answer, one formatter per currency (building one per amount took seconds on a loaded machine). */
const intl = (value: number, currency: string) => {
  let formatter = reference.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    reference.set(currency, formatter);
  }
  return formatter.format(value);
};

/** Amounts as prices come: whole, cents, ties at the rounding digit, large, tiny, negative and zero. */
const VALUES = [
  0, -0, 1, 13, 13.5, 1.005, 0.125, 2.675, 1.115, 999.995, 1234.5, 1234567.891, 12.3456, 0.5, 0.05, 0.004,
  9.999, 1e15, 123456789012.34, -1, -13.5, -1.005, -0.001, -1234567.891, 0.000001,
];
let seed = 7;
const random = () => {
  seed = (seed * 16807) % 2147483647;
  return seed / 2147483647;
};
for (let i = 0; i < 300; i++) VALUES.push(Math.round(random() * 10 ** (1 + (i % 9))) / 10 ** (i % 5));

describe('formatMoney', () => {
  it('writes every amount in every currency exactly as Intl does', () => {
    const mismatches: string[] = [];
    for (const currency of Intl.supportedValuesOf('currency'))
      for (const value of VALUES) {
        const ours = formatMoney(value, currency);
        if (ours !== intl(value, currency))
          mismatches.push(`${currency} ${value}: ${ours} ≠ ${intl(value, currency)}`);
      }
    expect(mismatches.slice(0, 10)).toEqual([]);
  });

  it('uses USD when no currency is given, and the currency’s minor digits', () => {
    expect(formatMoney(13)).toBe('$13.00');
    expect([minorDigits('USD'), minorDigits('JPY'), minorDigits('KWD')]).toEqual([2, 0, 3]);
  });

  it('writes with the patterns a server sent, not with its own Intl', () => {
    const sent = moneyPatterns().find((p) => p.currency === 'USD');
    expect(sent).toMatchObject({
      digits: 2,
      positive: ['$', ''],
      negative: ['-$', ''],
      group: ',',
      decimal: '.',
    });
    // A made-up currency the browser's Intl would not know: formatted from the pattern alone.
    adoptMoneyPatterns([
      { ...sent, currency: 'XQQ', positive: ['Q ', ''], negative: ['-Q ', ''] },
      null,
      'x',
    ]);
    expect(formatMoney(1234.5, 'XQQ')).toBe('Q 1,234.50');
    expect(formatMoney(-2, 'XQQ')).toBe('-Q 2.00');
  });
});
