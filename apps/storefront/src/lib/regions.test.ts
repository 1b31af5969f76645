import { describe, expect, it } from 'vitest';
import { subdivisionCode } from './regions.ts';

describe('a saved state fills the checkout’s picker', () => {
  it.each([
    ['US', 'US-CA', 'US-CA'],
    ['US', 'CA', 'US-CA'],
    ['US', 'ca', 'US-CA'],
    ['US', ' California ', 'US-CA'],
    ['US', 'new york', 'US-NY'],
    ['CA', 'QC', 'CA-QC'],
    ['AU', 'New South Wales', 'AU-NSW'],
    ['US', 'Bavaria', 'Bavaria'],
    ['GB', 'Greater London', 'Greater London'],
    ['US', '', ''],
    [undefined, 'CA', 'CA'],
  ] as const)('%s %s → %s', (country, saved, code) => {
    expect(subdivisionCode(country, saved)).toBe(code);
  });
});
