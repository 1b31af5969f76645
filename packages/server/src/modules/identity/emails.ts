import { invalid } from '../../platform/errors.ts';

/** A pragmatic address check: one `@`, a dotted domain, no spaces, RFC 5321 length limits. */
const EMAIL =
  /^[^\s@"(),:;<>[\\\]]{1,64}@(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export function isValidEmail(email: string): boolean {
  return EMAIL.test(email) && !email.includes('..');
}

/** The form used for uniqueness and look-ups. */
export function emailKey(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * The e-mail of a request, trimmed, or a violation on `field` with `data.type = "EMAIL"` (the wire's
 * `invalidEmail` signal, oauth-and-identity §4).
 */
export function requireEmail(email: unknown, field = 'loginId.email'): string {
  if (typeof email !== 'string' || email.trim() === '')
    throw invalid(field, 'is required', 'REQUIRED_FIELD', { type: 'EMAIL' });
  const trimmed = email.trim();
  if (!isValidEmail(trimmed))
    throw invalid(field, 'is not a valid e-mail address', 'FORMAT', { type: 'EMAIL' });
  return trimmed;
}
