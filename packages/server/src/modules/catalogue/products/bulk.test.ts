import { describe, expect, it } from 'vitest';
import { adjustMoney, adjustWeight } from './bulk.ts';

describe('bulk adjustments', () => {
  it('adjusts money by amounts and percentages in cents, half away from zero', () => {
    expect(adjustMoney('10.00', { amount: 2.5 })).toBe('12.50');
    expect(adjustMoney('10.00', { amount: -12 })).toBe('-2.00');
    expect(adjustMoney('19.99', { percentage: { rate: 10 } })).toBe('21.99');
    expect(adjustMoney('19.99', { percentage: { rate: 10, roundToInt: true } })).toBe('22.00');
    expect(adjustMoney('3.00', { percentage: { rate: 10, roundToInt: true } })).toBe('3.00');
    // The change is rounded half away from zero: -2.5 cents → -3.
    expect(adjustMoney('0.05', { percentage: { rate: -50 } })).toBe('0.02');
    expect(adjustMoney('80.00', { percentage: { rate: -100 } })).toBe('0.00');
  });

  it('adjusts weights as floats without float noise', () => {
    expect(adjustWeight(0.1, { amount: 0.2 })).toBe(0.3);
    expect(adjustWeight(2, { percentage: { rate: -50 } })).toBe(1);
    expect(adjustWeight(1.4, { percentage: { rate: 10, roundToInt: true } })).toBe(2);
  });
});
