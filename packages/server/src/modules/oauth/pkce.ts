import { createHash, timingSafeEqual } from 'node:crypto';

/** RFC 7636 §4.1: 43–128 characters of `A-Z a-z 0-9 - . _ ~`. */
export const CODE_VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
/** base64url(SHA-256(verifier)) without padding is always 43 characters. */
export const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function s256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** Constant-time check of a verifier against the stored S256 challenge. */
export function verifierMatches(verifier: string, challenge: string): boolean {
  if (!CODE_VERIFIER.test(verifier)) return false;
  return safeEqual(s256(verifier), challenge);
}

/** Compare two strings without leaking where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = createHash('sha256').update(a).digest();
  const y = createHash('sha256').update(b).digest();
  return timingSafeEqual(x, y) && a.length === b.length;
}
