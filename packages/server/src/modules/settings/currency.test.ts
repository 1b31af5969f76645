import { describe, expect, it } from 'vitest';
import { thrownViolations } from '../../platform/test-violations.ts';
import { checkCurrency, isIsoCurrency } from './currency.ts';

describe('store currency', () => {
  it.each([
    ['USD', true],
    ['EUR', true],
    ['JPY', true],
    ['CHF', true],
    ['XYZ', false],
    ['ABC', false],
    ['usd', false],
    ['', false],
  ])('%s is ISO 4217: %s', (code, known) => {
    expect(isIsoCurrency(code)).toBe(known);
  });

  it('refuses an unknown code on the field named, and lets absence through', () => {
    expect(() => checkCurrency(undefined, 'storeSettings.currency')).not.toThrow();
    expect(() => checkCurrency('EUR', 'storeSettings.currency')).not.toThrow();
    expect(thrownViolations(() => checkCurrency('XYZ', 'storeSettings.currency'))[0]).toMatchObject({
      field: 'storeSettings.currency',
      violatedRule: 'INVALID_ENUM_VALUE',
    });
  });
});
