import { describe, expect, it } from 'vitest';
import { thrownViolations } from '../../platform/test-violations.ts';
import { emailKey, isValidEmail, requireEmail } from './emails.ts';

describe('emails', () => {
  it('accepts ordinary addresses and rejects broken ones', () => {
    for (const ok of ['a@b.co', 'first.last+tag@shop.example.com', 'X_Y@sub-domain.example.org'])
      expect(isValidEmail(ok), ok).toBe(true);
    for (const bad of ['', 'plain', 'a@b', 'a@@b.co', 'a b@c.co', 'a@b..co', 'a@-b.co', '@b.co'])
      expect(isValidEmail(bad), bad).toBe(false);
  });

  it('compares case-insensitively', () => {
    expect(emailKey('  Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('reports a bad address as an EMAIL violation', () => {
    expect(thrownViolations(() => requireEmail('nope'))[0]).toMatchObject({
      field: 'loginId.email',
      violatedRule: 'FORMAT',
      data: { type: 'EMAIL' },
    });
  });
});
