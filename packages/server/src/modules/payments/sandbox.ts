import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, or, type SQL } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { Db } from '../../platform/db.ts';
import { type FieldViolation, ValidationFailure } from '../../platform/errors.ts';
import type { PaymentProvider } from './provider.ts';
import { sandboxCardTokens } from './tables.ts';

/**
 * The sandbox card provider: no money moves. A card number is tokenised once (checked with Luhn, its brand read
 * from its prefix, its test outcome looked up) and never stored or logged; the token is single use and lives
 * 30 minutes. Test cards (any future expiry, any CVC):
 *
 * | number              | outcome                                  |
 * | ------------------- | ---------------------------------------- |
 * | 4242 4242 4242 4242 | approved                                 |
 * | 4000 0000 0000 0002 | declined, CARD_DECLINED                  |
 * | 4000 0000 0000 9995 | declined, INSUFFICIENT_FUNDS             |
 * | 4000 0000 0000 3220 | needs the buyer's confirmation (PENDING) |
 * | 4000 0000 0000 0341 | approved, but refunds fail               |
 *
 * Any other Luhn-valid number is approved. `saveMethod` turns a token into a saved payment method (`pm_sbx_…`,
 * reusable, no expiry) with the same test outcome: what subscription cycles are charged with.
 */

export type Outcome = 'APPROVE' | 'DECLINE' | 'INSUFFICIENT_FUNDS' | 'REQUIRE_CONFIRMATION' | 'REFUND_FAILS';

export const TEST_CARDS: Readonly<Record<string, Outcome>> = {
  '4242424242424242': 'APPROVE',
  '4000000000000002': 'DECLINE',
  '4000000000009995': 'INSUFFICIENT_FUNDS',
  '4000000000003220': 'REQUIRE_CONFIRMATION',
  '4000000000000341': 'REFUND_FAILS',
};

export const TOKEN_TTL_MS = 30 * 60 * 1000;

/** Luhn (mod 10) check of a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

/** The card scheme from the number's prefix (IIN ranges); UNKNOWN when none matches. */
export function cardBrand(digits: string): string {
  const prefix = (n: number) => Number(digits.slice(0, n));
  if (/^4/.test(digits)) return 'VISA';
  if ((prefix(2) >= 51 && prefix(2) <= 55) || (prefix(4) >= 2221 && prefix(4) <= 2720)) return 'MASTERCARD';
  if (/^3[47]/.test(digits)) return 'AMEX';
  if (/^(6011|65|64[4-9])/.test(digits)) return 'DISCOVER';
  if (prefix(4) >= 3528 && prefix(4) <= 3589) return 'JCB';
  if (/^(36|38|30[0-5])/.test(digits)) return 'DINERS';
  if (/^62/.test(digits)) return 'UNIONPAY';
  return 'UNKNOWN';
}

export interface CardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc?: string | undefined;
  holderName?: string | undefined;
}

export interface TokenisedCard {
  paymentToken: string;
  card: { brand: string; lastFourDigits: string; expMonth: number; expYear: number };
}

const violation = (field: string, description: string, rule: FieldViolation['violatedRule']) => ({
  field,
  description,
  violatedRule: rule,
  data: {},
});

/** Checks a card and stores what a charge needs of it; the number itself is dropped here. */
export async function tokenizeCard(db: Db, input: CardInput, now: Date): Promise<TokenisedCard> {
  const digits = input.number.replace(/[\s-]/g, '');
  const violations: FieldViolation[] = [];
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits))
    violations.push(violation('number', 'is not a valid card number', 'FORMAT'));
  const year = input.expYear < 100 ? 2000 + input.expYear : input.expYear;
  const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
  if (year * 12 + (input.expMonth - 1) < thisMonth)
    violations.push(violation('expYear', 'the card has expired', 'VALIDATION'));
  if (input.cvc !== undefined && !/^\d{3,4}$/.test(input.cvc))
    violations.push(violation('cvc', 'must be 3 or 4 digits', 'FORMAT'));
  if (violations.length) throw new ValidationFailure(violations);
  const paymentToken = `tok_sbx_${randomBytes(24).toString('base64url')}`;
  const card = { brand: cardBrand(digits), lastFourDigits: digits.slice(-4) };
  await db.insert(sandboxCardTokens).values({
    tokenHash: hashSecret(paymentToken),
    ...card,
    outcome: TEST_CARDS[digits] ?? 'APPROVE',
    expiresAt: new Date(now.getTime() + TOKEN_TTL_MS),
    createdDate: now,
  });
  return { paymentToken, card: { ...card, expMonth: input.expMonth, expYear: year } };
}

const reference = (kind: 'ch' | 're') => `sbx_${kind}_${randomBytes(12).toString('hex')}`;
/** Charges of the refund-failing test card carry this mark, so the sandbox needs no ledger of its own. */
const NO_REFUND = '.norefund';
const POSITIVE = /^\d{1,12}(\.\d{1,4})?$/;

export function sandboxProvider(db: Db, clock: () => Date): PaymentProvider {
  const known = (ref: string) => ref.startsWith('sbx_ch_');
  /** A single-use token not used yet and not expired. */
  const unused = (now: Date) => and(isNull(sandboxCardTokens.usedAt), gt(sandboxCardTokens.expiresAt, now));
  /** Marks the token `secret` used at `now` where `usable` holds: its row, or none. */
  const spend = async (secret: string, usable: SQL | undefined, now: Date) => {
    const [token] = await db
      .update(sandboxCardTokens)
      .set({ usedAt: now })
      .where(and(eq(sandboxCardTokens.tokenHash, hashSecret(secret)), usable))
      .returning();
    return token;
  };
  return {
    id: 'sandbox-card',
    async charge(input) {
      if (!POSITIVE.test(input.amount) || Number(input.amount) <= 0)
        return { status: 'DECLINED', reason: 'INVALID_AMOUNT' };
      if (!input.token) return { status: 'DECLINED', reason: 'MISSING_PAYMENT_TOKEN' };
      const now = clock();
      const token = await spend(input.token, or(unused(now), eq(sandboxCardTokens.reusable, true)), now);
      if (!token) return { status: 'DECLINED', reason: 'INVALID_PAYMENT_TOKEN' };
      const card = { brand: token.brand, lastFourDigits: token.lastFourDigits };
      switch (token.outcome as Outcome) {
        case 'DECLINE':
          return { status: 'DECLINED', reason: 'CARD_DECLINED' };
        case 'INSUFFICIENT_FUNDS':
          return { status: 'DECLINED', reason: 'INSUFFICIENT_FUNDS' };
        case 'REQUIRE_CONFIRMATION':
          return {
            status: 'PENDING',
            reference: reference('ch'),
            action: { confirmationToken: randomBytes(24).toString('base64url') },
            card,
          };
        default: {
          const ref = reference('ch') + (token.outcome === 'REFUND_FAILS' ? NO_REFUND : '');
          return { status: input.capture ? 'APPROVED' : 'AUTHORIZED', reference: ref, card };
        }
      }
    },
    async saveMethod(single) {
      const now = clock();
      const token = await spend(single, and(unused(now), eq(sandboxCardTokens.reusable, false)), now);
      if (!token) return { status: 'DECLINED', reason: 'INVALID_PAYMENT_TOKEN' };
      const saved = `pm_sbx_${randomBytes(24).toString('base64url')}`;
      await db.insert(sandboxCardTokens).values({
        tokenHash: hashSecret(saved),
        brand: token.brand,
        lastFourDigits: token.lastFourDigits,
        outcome: token.outcome,
        expiresAt: new Date(Date.UTC(9999, 0, 1)),
        reusable: true,
        createdDate: now,
      });
      return {
        status: 'SAVED',
        token: saved,
        card: { brand: token.brand, lastFourDigits: token.lastFourDigits },
      };
    },
    async capture(ref) {
      return known(ref) ? { status: 'SUCCEEDED' } : { status: 'FAILED', reason: 'UNKNOWN_REFERENCE' };
    },
    async void(ref) {
      return known(ref) ? { status: 'SUCCEEDED' } : { status: 'FAILED', reason: 'UNKNOWN_REFERENCE' };
    },
    async refund(ref) {
      if (!known(ref)) return { status: 'FAILED', reason: 'UNKNOWN_REFERENCE' };
      if (ref.endsWith(NO_REFUND)) return { status: 'FAILED', reason: 'REFUND_DECLINED' };
      return { status: 'SUCCEEDED', reference: reference('re') };
    },
  };
}
