import { describe, expect, it } from 'vitest';
import { CODE_VERIFIER, s256, safeEqual, verifierMatches } from './pkce.ts';

describe('pkce', () => {
  it('computes the RFC 7636 appendix B example', () => {
    expect(s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });

  it('accepts only 43–128 unreserved characters', () => {
    expect(CODE_VERIFIER.test('a'.repeat(42))).toBe(false);
    expect(CODE_VERIFIER.test('a'.repeat(43))).toBe(true);
    expect(CODE_VERIFIER.test('a'.repeat(128))).toBe(true);
    expect(CODE_VERIFIER.test('a'.repeat(129))).toBe(false);
    expect(CODE_VERIFIER.test(`${'a'.repeat(42)}+`)).toBe(false);
  });

  it('matches a verifier to its challenge only', () => {
    const verifier = 'x'.repeat(43);
    expect(verifierMatches(verifier, s256(verifier))).toBe(true);
    expect(verifierMatches('y'.repeat(43), s256(verifier))).toBe(false);
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
  });
});
