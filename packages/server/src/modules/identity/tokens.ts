import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow, liveAt, spendLive, spendUnspent } from '../../platform/db.ts';
import {
  captchaChallenges,
  type IdentityTokenKind,
  identityTokens,
  loginFailures,
  passkeyChallenges,
} from './tables.ts';

/** Lifetimes in seconds. Session tokens only bridge login and the authorize step. */
export const TTL: Record<IdentityTokenKind, number> = {
  session: 5 * 60,
  state: 30 * 60,
  recovery: 60 * 60,
  activation: 7 * 24 * 3600,
  enrolment: 15 * 60,
  device: 30 * 24 * 3600,
};
/** Wrong codes a state token survives. */
export const MAX_CODE_ATTEMPTS = 5;
/** Codes sent per state token, and the pause between two sends. */
export const MAX_SENDS = 5;
export const RESEND_PAUSE_SECONDS = 30;

export interface Binding {
  visitorId?: string | undefined;
  clientId?: string | undefined;
}

export type IdentityToken = typeof identityTokens.$inferSelect;

const opaque = () => randomBytes(32).toString('base64url');
/** Constant-time equality of two hex digests. */
const sameDigest = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
/** Six digits, uniformly drawn. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export async function createToken(
  ctx: AppContext,
  db: Db,
  kind: IdentityTokenKind,
  memberId: string,
  extra: Binding & { factorType?: string; code?: string } = {},
): Promise<string> {
  const token = opaque();
  const now = ctx.clock();
  await db.insert(identityTokens).values({
    tokenHash: hashSecret(token),
    kind,
    memberId,
    visitorId: extra.visitorId ?? null,
    clientId: extra.clientId ?? null,
    factorType: extra.factorType ?? null,
    codeHash: extra.code ? hashSecret(extra.code) : null,
    sends: extra.code ? 1 : 0,
    lastSentDate: extra.code ? now : null,
    createdDate: now,
    expiresDate: new Date(now.getTime() + TTL[kind] * 1000),
  });
  return token;
}

/** Looks a token of `kind` up by its secret: undefined when no token is given or none is live. */
type TokenLookup = (
  ctx: AppContext,
  kind: IdentityTokenKind,
  token: string | undefined,
) => Promise<IdentityToken | undefined>;

/** The token whose secret is `token`, of `kind`. */
const tokenMatch = (kind: IdentityTokenKind, token: string) => [
  eq(identityTokens.tokenHash, hashSecret(token)),
  eq(identityTokens.kind, kind),
];

/** A member's tokens of `kind`. */
const memberTokens = (kind: IdentityTokenKind, memberId: string) => [
  eq(identityTokens.memberId, memberId),
  eq(identityTokens.kind, kind),
];

/** Spend a token of `kind`: the first caller gets its row, everyone after gets undefined. */
export const consumeToken: TokenLookup = async (ctx, kind, token) =>
  token ? spendLive(ctx.db, identityTokens, ctx.clock(), ...tokenMatch(kind, token)) : undefined;

/** A live (unspent, unexpired) token of `kind`, without spending it. */
export const findToken: TokenLookup = async (ctx, kind, token) =>
  token
    ? firstRow(ctx.db, identityTokens, liveAt(identityTokens, ctx.clock(), ...tokenMatch(kind, token)))
    : undefined;

export type CodeCheck = 'ok' | 'wrong' | 'exhausted';

/** Does `code` match the code mailed for this state token? */
export function codeMatches(row: IdentityToken, code: string): boolean {
  return row.codeHash !== null && sameDigest(hashSecret(code.trim()), row.codeHash);
}

/** The token of this row while it is unspent. */
const unspent = (row: IdentityToken) =>
  and(eq(identityTokens.tokenHash, row.tokenHash), isNull(identityTokens.usedDate));

/**
 * Check a code for a state token, counting the attempt first (so parallel guesses count too). The token is
 * spent on success and burnt after too many wrong codes.
 */
export async function checkCode(
  ctx: AppContext,
  row: IdentityToken,
  matches: () => boolean | Promise<boolean>,
): Promise<CodeCheck> {
  const [counted] = await ctx.db
    .update(identityTokens)
    .set({ attempts: sql`${identityTokens.attempts} + 1` })
    .where(unspent(row))
    .returning({ attempts: identityTokens.attempts });
  if (!counted || counted.attempts > MAX_CODE_ATTEMPTS) return 'exhausted';
  if (!(await matches())) {
    if (counted.attempts < MAX_CODE_ATTEMPTS) return 'wrong';
    await ctx.db
      .update(identityTokens)
      .set({ usedDate: ctx.clock() })
      .where(eq(identityTokens.tokenHash, row.tokenHash));
    return 'exhausted';
  }
  const [spent] = await ctx.db
    .update(identityTokens)
    .set({ usedDate: ctx.clock() })
    .where(unspent(row))
    .returning({ tokenHash: identityTokens.tokenHash });
  return spent ? 'ok' : 'exhausted';
}

/**
 * Seconds until a new code may be sent for this token: 0 now, `Infinity` once it has sent `MAX_SENDS` codes
 * (start over), otherwise what is left of the pause since the last send.
 */
export function resendWait(ctx: AppContext, row: IdentityToken): number {
  if (row.sends >= MAX_SENDS) return Number.POSITIVE_INFINITY;
  if (!row.lastSentDate) return 0;
  const left = row.lastSentDate.getTime() + RESEND_PAUSE_SECONDS * 1000 - ctx.clock().getTime();
  return left > 0 ? Math.ceil(left / 1000) : 0;
}

/**
 * A fresh code for a pending state or enrolment token (resend), or undefined while the pause since the last
 * send runs or after too many sends. `factorType` switches the step to another factor with the new code.
 */
export async function renewCode(
  ctx: AppContext,
  row: IdentityToken,
  factorType?: string,
): Promise<string | undefined> {
  if (resendWait(ctx, row) > 0) return undefined;
  const code = newCode();
  const [updated] = await ctx.db
    .update(identityTokens)
    .set({
      codeHash: hashSecret(code),
      sends: sql`${identityTokens.sends} + 1`,
      lastSentDate: ctx.clock(),
      attempts: 0,
      ...(factorType ? { factorType } : {}),
    })
    .where(and(unspent(row), eq(identityTokens.sends, row.sends)))
    .returning({ tokenHash: identityTokens.tokenHash });
  return updated ? code : undefined;
}

/** Switch a pending step to a factor without a sent code (TOTP): the old code stops working. */
export async function switchToCodeless(
  ctx: AppContext,
  row: IdentityToken,
  factorType: string,
  /** WEBAUTHN: the new step's challenge, kept as its code. */
  challenge?: string,
): Promise<boolean> {
  const [updated] = await ctx.db
    .update(identityTokens)
    .set({ factorType, codeHash: challenge ? hashSecret(challenge) : null })
    .where(unspent(row))
    .returning({ tokenHash: identityTokens.tokenHash });
  return updated !== undefined;
}

/** The live token of a member of `kind` for `factorType` (enrolment codes are found by member, not token). */
export async function findMemberToken(
  ctx: AppContext,
  kind: IdentityTokenKind,
  memberId: string,
  factorType: string,
): Promise<IdentityToken | undefined> {
  const [row] = await ctx.db
    .select()
    .from(identityTokens)
    .where(
      liveAt(
        identityTokens,
        ctx.clock(),
        ...memberTokens(kind, memberId),
        eq(identityTokens.factorType, factorType),
      ),
    )
    .orderBy(desc(identityTokens.createdDate))
    .limit(1);
  return row;
}

/** Tokens of `kind` a member was given since `since`, spent or not, newest first (send throttling). */
export async function memberTokensSince(
  ctx: AppContext,
  kind: IdentityTokenKind,
  memberId: string,
  since: Date,
): Promise<IdentityToken[]> {
  return ctx.db
    .select()
    .from(identityTokens)
    .where(and(...memberTokens(kind, memberId), gte(identityTokens.createdDate, since)))
    .orderBy(desc(identityTokens.createdDate));
}

/** A remembered device of this member (the second factor is skipped), without spending it. */
export async function isRememberedDevice(
  ctx: AppContext,
  memberId: string,
  deviceToken: string | undefined,
): Promise<boolean> {
  const row = await findToken(ctx, 'device', deviceToken);
  return row !== undefined && row.memberId === memberId;
}

/**
 * Spend every live token of a member of these kinds (a password change ends pending recoveries), only those
 * for `factorType` when given.
 */
export async function spendMemberTokens(
  ctx: AppContext,
  memberId: string,
  kinds: IdentityTokenKind[],
  factorType?: string,
) {
  const factor = factorType === undefined ? undefined : eq(identityTokens.factorType, factorType);
  for (const kind of kinds)
    await spendUnspent(ctx.db, identityTokens, ctx.clock(), ...memberTokens(kind, memberId), factor);
}

/** Drop spent secrets, old captcha challenges and ended throttle windows, a day on. */
export async function purgeExpiredIdentityRows(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock().getTime() - 24 * 3600 * 1000);
  await ctx.db.delete(identityTokens).where(lt(identityTokens.expiresDate, cutoff));
  await ctx.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresDate, cutoff));
  await ctx.db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresDate, cutoff));
  await ctx.db.delete(loginFailures).where(lt(loginFailures.windowStart, cutoff));
}
