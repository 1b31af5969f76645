import {
  AisleError,
  type Coupon,
  type CouponDiscountType,
  type CouponInput,
  type CouponScope,
} from '@aisle/sdk';
import { adminError, CHECK_FIELDS, formError, type ShownError } from './errors.ts';
import { dateTime, money } from './format.ts';

export const DISCOUNT_TYPES: CouponDiscountType[] = ['PERCENTAGE', 'FIXED_AMOUNT', 'FREE_SHIPPING'];

/**
 * The coupon form's fields, read and checked enough to call the server: numbers that are not numbers are
 * refused here, everything else (a missing percentage, a taken code, …) is the server's to say. Empty
 * optional fields are `null`, which clears them on an update.
 */
export function readCouponForm(form: FormData): { value: CouponInput } | { error: ShownError } {
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const fields: Record<string, string> = {};
  const decimal = (name: string): string | null => {
    const raw = text(name).replace(',', '.');
    if (raw === '') return null;
    if (!/^\d+(\.\d+)?$/.test(raw)) fields[name] = 'Enter an amount, such as 25 or 9.99.';
    return raw;
  };
  const whole = (name: string): number | null => {
    if (text(name) === '') return null;
    const n = Number(text(name));
    if (!Number.isInteger(n)) fields[name] = 'Enter a whole number.';
    return n;
  };
  const date = (name: string): string | null => {
    if (text(name) === '') return null;
    // `datetime-local` values are the browser's local time.
    const d = new Date(text(name));
    if (Number.isNaN(d.getTime())) fields[name] = 'Enter a date and time.';
    return Number.isNaN(d.getTime()) ? null : d.toISOString();
  };
  const discountType = (DISCOUNT_TYPES as string[]).includes(text('discountType'))
    ? (text('discountType') as CouponDiscountType)
    : 'PERCENTAGE';
  let percentage: number | undefined;
  if (discountType === 'PERCENTAGE' && text('percentage') !== '') {
    percentage = Number(text('percentage').replace(',', '.'));
    if (!Number.isFinite(percentage)) fields.percentage = 'Enter a percentage, such as 15.';
  }
  const fixedAmount = discountType === 'FIXED_AMOUNT' ? decimal('fixedAmount') : null;
  if (text('code') === '') fields.code = 'Enter the code shoppers will type, such as SAVE15.';
  const value: CouponInput = {
    code: text('code'),
    // An empty name is the code's (the server's default for a new coupon).
    name: text('name') || text('code'),
    active: form.get('active') === 'on',
    discountType,
    ...(percentage !== undefined ? { percentage } : {}),
    ...(fixedAmount !== null ? { fixedAmount } : {}),
    minimumSubtotal: decimal('minimumSubtotal'),
    scope: readScope(form),
    startTime: date('startTime'),
    expirationTime: date('expirationTime'),
    usageLimit: whole('usageLimit'),
    limitPerCustomer: whole('limitPerCustomer'),
  };
  if (Object.keys(fields).length > 0) {
    return { error: { message: CHECK_FIELDS, fields } };
  }
  return { value };
}

function readScope(form: FormData): CouponScope {
  const ids = (name: string) => form.getAll(name).map(String);
  switch (form.get('scope')) {
    case 'SPECIFIC_PRODUCTS':
      return { type: 'SPECIFIC_PRODUCTS', productIds: ids('productId') };
    case 'SPECIFIC_COLLECTIONS':
      return { type: 'SPECIFIC_COLLECTIONS', collectionIds: ids('collectionId') };
    default:
      return { type: 'ALL_ITEMS' };
  }
}

/** The form field a server violation names: `coupon.percentage` → `percentage`, `coupon.scope.…` → `scope`. */
const formField = (path: string): string => path.replace(/^coupon\./, '').split(/[.[]/)[0] ?? path;

/** A failed save: field violations and a taken code (409) stand next to their fields. */
export function couponFormError(error: unknown): ShownError {
  if (error instanceof AisleError && error.status === 409 && error.code === 'ALREADY_EXISTS') {
    return {
      ...adminError(error),
      message: CHECK_FIELDS,
      fields: { code: 'Another coupon already has this code. Choose a different one.' },
    };
  }
  return formError(error, formField);
}

/** `15 % off`, `$5.00 off`, `Free shipping`, with the minimum subtotal when there is one. */
export function discountText(coupon: Coupon, currency: string | undefined): string {
  const what =
    coupon.discountType === 'PERCENTAGE'
      ? `${coupon.percentage ?? 0} % off`
      : coupon.discountType === 'FIXED_AMOUNT'
        ? `${money(coupon.fixedAmount, currency)} off`
        : 'Free shipping';
  return coupon.minimumSubtotal ? `${what} orders from ${money(coupon.minimumSubtotal, currency)}` : what;
}

/** When the coupon can be used: `Always`, `From …`, `Until …` or `… – …`. */
export function validityText(coupon: Coupon): string {
  const { startTime: from, expirationTime: until } = coupon;
  if (from && until) return `${dateTime(from)} – ${dateTime(until)}`;
  if (from) return `From ${dateTime(from)}`;
  if (until) return `Until ${dateTime(until)}`;
  return 'Always';
}

/** `3 / 100`, or `3` without a limit. */
export const usesText = (coupon: Coupon): string =>
  `${coupon.timesUsed ?? 0}${coupon.usageLimit ? ` / ${coupon.usageLimit}` : ''}`;

/** A Date as a `datetime-local` value in the browser's time zone. */
export function localInputValue(date: Date | undefined): string {
  if (!date) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
