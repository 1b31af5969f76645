import { createHash, randomBytes } from 'node:crypto';
import { leadingZeroBits } from '@aisle/sdk';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { spendLive } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { captchaChallenges } from './tables.ts';

/**
 * A self-hosted proof-of-work captcha: the server hands out a random challenge; the browser finds a nonce such
 * that SHA-256(`<challenge>:<nonce>`) starts with `difficulty` zero bits and sends `<challenge>:<nonce>` as a
 * captcha token. The invisible variant is solved in the background; the visible one is a harder puzzle the
 * shopper starts by ticking a box. Each challenge is accepted once.
 */
export type CaptchaVariant = 'INVISIBLE' | 'VISIBLE';
export const DIFFICULTY: Record<CaptchaVariant, number> = { INVISIBLE: 14, VISIBLE: 18 };
const CHALLENGE_TTL_SECONDS = 10 * 60;

export const MISSING_CAPTCHA = '-19971';
export const INVALID_CAPTCHA = '-19970';

export interface Challenge {
  challenge: string;
  difficulty: number;
  algorithm: 'SHA-256';
  variant: CaptchaVariant;
  expiresIn: number;
}

export async function createChallenge(ctx: AppContext, variant: CaptchaVariant): Promise<Challenge> {
  const challenge = randomBytes(16).toString('base64url');
  const now = ctx.clock();
  await ctx.db.insert(captchaChallenges).values({
    id: challenge,
    difficulty: DIFFICULTY[variant],
    createdDate: now,
    expiresDate: new Date(now.getTime() + CHALLENGE_TTL_SECONDS * 1000),
  });
  return {
    challenge,
    difficulty: DIFFICULTY[variant],
    algorithm: 'SHA-256',
    variant,
    expiresIn: CHALLENGE_TTL_SECONDS,
  };
}

export function solves(challenge: string, nonce: string, difficulty: number): boolean {
  const digest = createHash('sha256').update(`${challenge}:${nonce}`).digest();
  return leadingZeroBits(digest) >= difficulty;
}

/** Find a nonce (what the browser does; used by tests and the hosted login page's script). */
export function solve(challenge: string, difficulty: number): string {
  for (let n = 0; ; n++) if (solves(challenge, String(n), difficulty)) return String(n);
}

interface CaptchaTokens {
  Recaptcha?: string | undefined;
  InvisibleRecaptcha?: string | undefined;
  NoCaptcha?: string | undefined;
  recaptchaForClientSiteKey?: string | undefined;
}

function firstToken(tokens: unknown): string | undefined {
  if (!Array.isArray(tokens)) return undefined;
  for (const entry of tokens as CaptchaTokens[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    for (const value of [
      entry.InvisibleRecaptcha,
      entry.Recaptcha,
      entry.NoCaptcha,
      entry.recaptchaForClientSiteKey,
    ])
      if (typeof value === 'string' && value) return value;
  }
  return undefined;
}

/** Enforce a captcha of at least `variant` strength: -19971 when none was sent, -19970 when it fails. */
export async function requireCaptcha(
  ctx: AppContext,
  variant: CaptchaVariant,
  tokens: unknown,
): Promise<void> {
  const data = { captcha: { variant, difficulty: DIFFICULTY[variant] } };
  const token = firstToken(tokens);
  if (!token) throw new AppError(400, MISSING_CAPTCHA, 'A captcha is required', data);
  const colon = token.lastIndexOf(':');
  const challenge = colon > 0 ? token.slice(0, colon) : '';
  const nonce = colon > 0 ? token.slice(colon + 1) : '';
  const now = ctx.clock();
  const row = await spendLive(ctx.db, captchaChallenges, now, eq(captchaChallenges.id, challenge));
  if (
    !row ||
    row.difficulty < DIFFICULTY[variant] ||
    nonce.length > 64 ||
    !solves(challenge, nonce, row.difficulty)
  )
    throw new AppError(400, INVALID_CAPTCHA, 'The captcha is not valid', data);
}
