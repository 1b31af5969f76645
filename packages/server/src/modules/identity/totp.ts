import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { badRequest, conflict } from '../../platform/errors.ts';
import { factorOf } from './members.ts';
import { memberFactors } from './tables.ts';

/** RFC 6238 with the authenticator-app defaults: SHA-1, 30-second steps, six digits. */
const STEP_SECONDS = 30;
const DIGITS = 6;
/** Steps of clock drift accepted either way. */
const DRIFT = 1;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += ALPHABET[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += ALPHABET[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/=+$/, '').replace(/\s+/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** RFC 4226 HOTP value for one counter. */
export function hotp(secret: Buffer, counter: number, digits = DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac(algorithm, secret).update(message).digest();
  const offset = digest[digest.length - 1]! & 0xf;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export const stepAt = (date: Date) => Math.floor(date.getTime() / 1000 / STEP_SECONDS);

/** The step a code matches within the drift window, or undefined. Constant-time per comparison. */
export function matchStep(secret: Buffer, code: string, now: Date): number | undefined {
  if (!/^\d{6}$/.test(code)) return undefined;
  const current = stepAt(now);
  let found: number | undefined;
  for (let step = current - DRIFT; step <= current + DRIFT; step++) {
    const expected = Buffer.from(hotp(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code)) && found === undefined) found = step;
  }
  return found;
}

/** Check a sign-in code against the member's active TOTP factor; a code (step) is accepted only once. */
export async function verifyTotp(ctx: AppContext, memberId: string, code: string): Promise<boolean> {
  return checkFactorCode(ctx, memberId, code.trim(), 'ACTIVE');
}

async function checkFactorCode(
  ctx: AppContext,
  memberId: string,
  code: string,
  status: 'ACTIVE' | 'INACTIVE',
): Promise<boolean> {
  const factor = await factorOf(ctx.db, memberId, 'TOTP', status);
  if (!factor?.secret) return false;
  const step = matchStep(base32Decode(factor.secret), code, ctx.clock());
  if (step === undefined || (factor.lastUsedStep !== null && step <= factor.lastUsedStep)) return false;
  const [claimed] = await ctx.db
    .update(memberFactors)
    .set({ lastUsedStep: step, ...(status === 'INACTIVE' ? { status: 'ACTIVE' as const } : {}) })
    .where(and(eq(memberFactors.id, factor.id), eq(memberFactors.status, status)))
    .returning({ id: memberFactors.id });
  return claimed !== undefined;
}

export interface TotpEnrolment {
  factorId: string;
  secret: string;
  otpauthUri: string;
  qrCodeDataUrl: string;
}

/** Start (or restart) TOTP enrolment: a new secret, inactive until a first code confirms it. */
export async function startTotpEnrolment(
  ctx: AppContext,
  memberId: string,
  accountName: string,
  issuer = 'Aisle',
): Promise<TotpEnrolment> {
  const [existing] = await ctx.db
    .select()
    .from(memberFactors)
    .where(and(eq(memberFactors.memberId, memberId), eq(memberFactors.type, 'TOTP')))
    .limit(1);
  if (existing?.status === 'ACTIVE')
    throw conflict('FACTOR_EXISTS', 'TOTP is already active; remove it first');
  const secret = newTotpSecret();
  const [row] = await ctx.db
    .insert(memberFactors)
    .values({
      memberId,
      type: 'TOTP',
      status: 'INACTIVE',
      secret,
      lastUsedStep: null,
      createdDate: ctx.clock(),
    })
    .onConflictDoUpdate({
      target: [memberFactors.memberId, memberFactors.type],
      set: { secret, status: 'INACTIVE', lastUsedStep: null, createdDate: ctx.clock() },
    })
    .returning({ id: memberFactors.id });
  return { factorId: row!.id, ...(await totpEnrolment(secret, accountName, issuer)) };
}

/** A new random TOTP secret (160 bits, base32). */
export const newTotpSecret = () => base32Encode(randomBytes(20));

/** What an authenticator app needs to add `secret`: the otpauth URI and its QR code. */
export async function totpEnrolment(
  secret: string,
  accountName: string,
  issuer: string,
): Promise<Omit<TotpEnrolment, 'factorId'>> {
  const label = encodeURIComponent(`${issuer}:${accountName}`);
  const otpauthUri = `otpauth://totp/${label}?secret=${secret}&issuer=${encodeURIComponent(issuer)}&algorithm=SHA1&digits=${DIGITS}&period=${STEP_SECONDS}`;
  const qrCodeDataUrl = await (await import('qrcode')).default.toDataURL(otpauthUri, {
    errorCorrectionLevel: 'M',
    margin: 2,
    width: 240,
  });
  return { secret, otpauthUri, qrCodeDataUrl };
}

/** Confirm enrolment with a first code from the app. */
export async function activateTotp(ctx: AppContext, memberId: string, code: string): Promise<void> {
  if (!(await checkFactorCode(ctx, memberId, code.trim(), 'INACTIVE')))
    throw badRequest('VERIFICATION_FAILED', 'The code does not match; check the time on your device');
}
