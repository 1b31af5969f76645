import { invalid } from '../../platform/errors.ts';

/** E.164: a plus, a country code that does not start with 0, 7 to 15 digits in all. */
const E164 = /^\+[1-9]\d{6,14}$/;

/**
 * A phone number as typed (`+44 20 7946-0000`, `(+1) 555.123.4567`, `00 44 …`) in E.164 form, or undefined
 * when it is not an international number.
 */
export function normalizePhone(raw: string): string | undefined {
  let text = raw.trim().replace(/[\s().-]/g, '');
  if (text.startsWith('00')) text = `+${text.slice(2)}`;
  return E164.test(text) ? text : undefined;
}

/** The number in E.164 form, or a PHONE field violation on `field`. */
export function requirePhone(raw: unknown, field = 'phone'): string {
  const phone = typeof raw === 'string' ? normalizePhone(raw) : undefined;
  if (!phone)
    throw invalid(
      field,
      'must be an international phone number starting with + and the country code',
      'FORMAT',
      { type: 'PHONE' },
    );
  return phone;
}

/** What a sign-in page may show of a number: the country-code end and the last two digits (`+44*******00`). */
export function maskPhone(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  if (digits.length < 6) return `+${'*'.repeat(digits.length)}`;
  return `+${digits.slice(0, 2)}${'*'.repeat(digits.length - 4)}${digits.slice(-2)}`;
}

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}${'*'.repeat(Math.max(1, name.length - 1))}@${domain}`;
}
