import { describe, expect, it } from 'vitest';
import type { Db } from '../../platform/db.ts';
import { cardBrand, luhnValid, sandboxProvider, TEST_CARDS } from './sandbox.ts';

describe('luhnValid', () => {
  it('accepts the test cards and rejects a changed digit or non-digits', () => {
    for (const number of Object.keys(TEST_CARDS)) expect(luhnValid(number), number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('378282246310005')).toBe(true);
    expect(luhnValid('4242-4242')).toBe(false);
  });
});

describe('cardBrand', () => {
  it('reads the scheme from the prefix', () => {
    expect(cardBrand('4242424242424242')).toBe('VISA');
    expect(cardBrand('5555555555554444')).toBe('MASTERCARD');
    expect(cardBrand('2223003122003222')).toBe('MASTERCARD');
    expect(cardBrand('378282246310005')).toBe('AMEX');
    expect(cardBrand('6011111111111117')).toBe('DISCOVER');
    expect(cardBrand('3566002020360505')).toBe('JCB');
    expect(cardBrand('36227206271667')).toBe('DINERS');
    expect(cardBrand('6200000000000005')).toBe('UNIONPAY');
    expect(cardBrand('9999999999999995')).toBe('UNKNOWN');
  });
});

describe('sandboxProvider', () => {
  // Charges that never reach the token table: no database needed.
  const provider = sandboxProvider({} as Db, () => new Date());

  it('declines a charge without a token or with a bad amount', async () => {
    const base = { currency: 'USD', idempotencyKey: 'k', capture: true };
    expect(await provider.charge({ ...base, amount: '10.00' })).toEqual({
      status: 'DECLINED',
      reason: 'MISSING_PAYMENT_TOKEN',
    });
    expect(await provider.charge({ ...base, amount: '0', token: 't' })).toMatchObject({
      reason: 'INVALID_AMOUNT',
    });
    expect(await provider.charge({ ...base, amount: '-1', token: 't' })).toMatchObject({
      reason: 'INVALID_AMOUNT',
    });
  });

  it('captures, voids and refunds its own charges only; refund-failing charges fail', async () => {
    expect(await provider.capture('sbx_ch_1', '1.00')).toEqual({ status: 'SUCCEEDED' });
    expect(await provider.void('other_1')).toMatchObject({ status: 'FAILED' });
    expect(await provider.refund('sbx_ch_1', '1.00', 'k')).toMatchObject({ status: 'SUCCEEDED' });
    expect(await provider.refund('sbx_ch_1.norefund', '1.00', 'k')).toMatchObject({ status: 'FAILED' });
  });
});
