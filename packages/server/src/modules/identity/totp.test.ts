import { describe, expect, it } from 'vitest';
import { base32Decode, base32Encode, hotp, matchStep, stepAt } from './totp.ts';

// RFC 6238 appendix B (SHA-1 seed "12345678901234567890", eight digits).
const SEED = Buffer.from('12345678901234567890');

describe('totp', () => {
  it('matches the RFC 6238 test vectors', () => {
    const vectors: Array<[number, string]> = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
    ];
    for (const [time, code] of vectors) expect(hotp(SEED, Math.floor(time / 30), 8)).toBe(code);
  });

  it('round-trips base32', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Decode(base32Encode(SEED)).equals(SEED)).toBe(true);
  });

  it('accepts one step of drift and nothing else', () => {
    const now = new Date(1_700_000_000_000);
    const step = stepAt(now);
    expect(matchStep(SEED, hotp(SEED, step), now)).toBe(step);
    expect(matchStep(SEED, hotp(SEED, step - 1), now)).toBe(step - 1);
    expect(matchStep(SEED, hotp(SEED, step + 2), now)).toBeUndefined();
    expect(matchStep(SEED, 'abcdef', now)).toBeUndefined();
  });
});
