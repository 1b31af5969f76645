import { describe, expect, it } from 'vitest';
import { money } from './format.ts';

describe('money', () => {
  it.each([
    [12.5, 'USD', '$12.50'],
    ['1234.5', 'USD', '$1,234.50'],
    [12.5, 'EUR', '€12.50'],
    [1200, 'JPY', '¥1,200'],
    // The USD formatter again after others: each currency keeps its own.
    [0.1, 'USD', '$0.10'],
  ])('%s %s → %s', (amount, currency, shown) => {
    expect(money(amount, currency)).toBe(shown);
  });

  it('shows a dash for a missing or unreadable amount', () => {
    expect(money(undefined)).toBe('—');
    expect(money('not a number')).toBe('—');
  });
});
