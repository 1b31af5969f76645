import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  allocate,
  compareDecimals,
  currencyDigits,
  decimalFromNumber,
  divideRounded,
  formatDecimal,
  formatMoney,
  fromCents,
  fromMinorUnits,
  includedTaxOf,
  isDecimal,
  isMoney,
  moneyFromNumber,
  normalizeMoney,
  parseDecimal,
  percentOf,
  percentOfCents,
  toCents,
  toMinorUnits,
} from './money.ts';

describe('money', () => {
  it.each([
    ['0', 0n],
    ['12', 1200n],
    ['12.5', 1250n],
    ['12.05', 1205n],
    ['-3.10', -310n],
    ['999999999999.99', 99999999999999n],
  ])('toCents(%s)', (text, cents) => {
    expect(toCents(text)).toBe(cents);
    expect(toCents(fromCents(cents))).toBe(cents);
  });

  it.each(['', '1.234', 'abc', '1e3', '.5', '1.', '--1'])('rejects %j', (text) => {
    expect(isMoney(text)).toBe(false);
    expect(() => toCents(text)).toThrow(RangeError);
  });

  it('normalises and formats', () => {
    expect(normalizeMoney('7.5')).toBe('7.50');
    expect(fromCents(-5n)).toBe('-0.05');
    expect(formatMoney('1234.5', 'USD')).toBe('$1,234.50');
  });

  it.each([
    [0.1 + 0.2, '0.30'],
    [1.005, '1.01'],
    [2.675, '2.68'],
    [-1.005, '-1.01'],
    [19.99, '19.99'],
    [1e-7, '0.00'],
  ])('moneyFromNumber(%d)', (value, text) => {
    expect(moneyFromNumber(value)).toBe(text);
  });

  it.each([
    [10000n, '25', 2500n],
    [1999n, '15', 300n],
    [1999n, '12.5', 250n],
    [333n, '33.33', 111n],
  ])('percentOfCents(%d, %s)', (cents, rate, out) => {
    expect(percentOfCents(cents, rate)).toBe(out);
  });
});

describe('money in minor units per currency', () => {
  it.each([
    ['USD', 2],
    ['EUR', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['BHD', 3],
  ])('currencyDigits(%s) = %d', (currency, digits) => {
    expect(currencyDigits(currency)).toBe(digits);
  });

  it.each(['usd', 'US', 'US$', ''])('currencyDigits rejects %j', (code) => {
    expect(() => currencyDigits(code)).toThrow(RangeError);
  });

  it.each([
    ['12.5', 2, 1250n, '12.50'],
    ['12.345', 2, 1235n, '12.35'],
    ['12.344', 2, 1234n, '12.34'],
    ['-12.345', 2, -1235n, '-12.35'],
    ['0.005', 2, 1n, '0.01'],
    ['1200', 0, 1200n, '1200'],
    ['1200.50', 0, 1201n, '1201'],
    ['1200.49', 0, 1200n, '1200'],
    ['-0.5', 0, -1n, '-1'],
    ['1.2345', 3, 1235n, '1.235'],
    ['1.2344', 3, 1234n, '1.234'],
    ['0.0005', 3, 1n, '0.001'],
    ['7', 3, 7000n, '7.000'],
  ])('toMinorUnits(%s, %d) = %d → %s', (text, digits, minor, back) => {
    expect(toMinorUnits(text, digits)).toBe(minor);
    expect(fromMinorUnits(minor, digits)).toBe(back);
  });

  it.each(['', '1e3', '.5', '1.', 'abc', '--1', '1,5'])('toMinorUnits rejects %j', (text) => {
    expect(() => toMinorUnits(text, 2)).toThrow(RangeError);
  });

  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [7n, 2n, 4n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [-4n, 3n, -1n],
    [-5n, 3n, -2n],
    [5n, -2n, -3n],
    [0n, 7n, 0n],
  ])('divideRounded(%d, %d) = %d (half away from zero)', (n, d, q) => {
    expect(divideRounded(n, d)).toBe(q);
  });

  it.each([
    [10000n, '8.875', 888n],
    [1999n, '12.5', 250n],
    [100n, '0.5', 1n],
    [-100n, '0.5', -1n],
    [333n, '33.333', 111n],
    [12345n, '100', 12345n],
  ])('percentOf(%d, %s) = %d', (minor, rate, out) => {
    expect(percentOf(minor, rate)).toBe(out);
    expect(percentOf(minor, parseDecimal(rate))).toBe(out);
  });

  it.each([
    [12000n, '20', 2000n],
    [10000n, '20', 1667n],
    [1190n, '19', 190n],
    [1000n, '0', 0n],
    [10825n, '8.25', 825n],
  ])('includedTaxOf(%d, %s) = %d', (gross, rate, tax) => {
    expect(includedTaxOf(gross, rate)).toBe(tax);
    expect(includedTaxOf(gross, parseDecimal(rate))).toBe(tax);
  });

  it.each<[bigint, bigint[], bigint[]]>([
    [100n, [1n, 1n, 1n], [34n, 33n, 33n]],
    [200n, [1n, 1n, 1n], [67n, 67n, 66n]],
    [10n, [3000n, 2000n, 1000n], [5n, 3n, 2n]],
    [1n, [1n, 1n], [1n, 0n]],
    [7n, [0n, 5n, 0n], [0n, 7n, 0n]],
    [-100n, [1n, 1n, 1n], [-34n, -33n, -33n]],
    [0n, [0n, 0n], [0n, 0n]],
    [999n, [1000n, 1n], [998n, 1n]],
  ])('allocate(%d, [%s]) = [%s]', (total, weights, shares) => {
    const out = allocate(total, weights);
    expect(out).toEqual(shares);
    expect(out.reduce((a, b) => a + b, 0n)).toBe(total);
  });

  it('allocate never gives a share above its weight when the total fits', () => {
    const weights = [1n, 2n, 3n, 5n, 8n, 13n, 21n];
    const sum = weights.reduce((a, b) => a + b, 0n);
    for (let total = 0n; total <= sum; total++) {
      const shares = allocate(total, weights);
      expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
      shares.forEach((share, i) => {
        expect(share).toBeGreaterThanOrEqual(0n);
        expect(share).toBeLessThanOrEqual(weights[i]!);
      });
    }
  });

  it('allocate rejects negative weights and a non-zero total over nothing', () => {
    expect(() => allocate(1n, [1n, -1n])).toThrow(RangeError);
    expect(() => allocate(1n, [0n, 0n])).toThrow(RangeError);
  });

  it.each([
    ['1.50', '1.5', 0],
    ['1.5', '1.49', 1],
    ['-1', '0', -1],
    ['0.001', '0.0009', 1],
    ['10', '9.999999', 1],
  ])('compareDecimals(%s, %s) = %d', (a, b, c) => {
    expect(compareDecimals(a, b)).toBe(c);
  });

  it.each([
    [0.1 + 0.2, '0.30000000000000004'],
    [12.5, '12.5'],
    [1e-7, '0.0000001'],
    [1e21, '1000000000000000000000'],
    [1.5e-7, '0.00000015'],
    [-2.5e-8, '-0.000000025'],
    [1.25e22, '12500000000000000000000'],
    [-2.25, '-2.25'],
  ])('decimalFromNumber(%d) = %s', (value, text) => {
    expect(decimalFromNumber(value)).toBe(text);
    expect(isDecimal(text)).toBe(true);
  });

  it('adds and formats exact decimals', () => {
    expect(formatDecimal(addDecimals(parseDecimal('0.1'), parseDecimal('0.2')))).toBe('0.3');
    expect(formatDecimal(parseDecimal('-012.500'))).toBe('-12.5');
    expect(formatDecimal({ units: 825n, scale: 4 })).toBe('0.0825');
    expect(formatDecimal({ units: 1200n, scale: 2 })).toBe('12');
    expect(formatDecimal({ units: -5n, scale: 3 })).toBe('-0.005');
    expect(formatDecimal({ units: 0n, scale: 2 })).toBe('0');
  });

  it('parses a decimal text once and shares the frozen result', () => {
    const first = parseDecimal('7.25');
    expect(parseDecimal('7.25')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => parseDecimal('7,25')).toThrow(RangeError);
  });
});
