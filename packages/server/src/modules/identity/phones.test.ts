import { describe, expect, it } from 'vitest';
import { ValidationFailure } from '../../platform/errors.ts';
import { maskEmail, maskPhone, normalizePhone, requirePhone } from './phones.ts';

describe('phone numbers', () => {
  it('normalise what people type to E.164', () => {
    expect(normalizePhone('+44 20 7946-0000')).toBe('+442079460000');
    expect(normalizePhone('(+1) 555.123.4567')).toBe('+15551234567');
    expect(normalizePhone('0044 7911 123456')).toBe('+447911123456');
  });

  it('refuse national, short, long and lettered numbers', () => {
    for (const raw of ['07911 123456', '+0 123 4567', '+12345', '+1234567890123456', '+44 79II 123456', ''])
      expect(normalizePhone(raw), raw).toBeUndefined();
    expect(() => requirePhone('123')).toThrow(ValidationFailure);
    expect(() => requirePhone(42)).toThrow(ValidationFailure);
  });

  it('mask all but the country-code end and the last two digits', () => {
    expect(maskPhone('+447911123456')).toBe('+44********56');
    expect(maskPhone('+15551234567')).toBe('+15*******67');
    expect(maskEmail('ada@example.com')).toBe('a**@example.com');
  });
});
