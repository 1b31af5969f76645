import { randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import type { Db } from '../../platform/db.ts';
import { captchaChallenges, type IdentityTokenKind, identityTokens, loginFailures } from './tables.ts';

/** Lifetimes in seconds. Session tokens only bridge login and the authorize step. */
export const TTL: Record<IdentityTokenKind, number> = {
  session: 5 * 60,
  state: 30 * 60,
  recovery: 60 * 60,
  activation: 7 * 24 * 3600,
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

/** Spend a token of `kind`: the first caller gets its row, everyone after gets undefined. */
export async function consumeToken(
  ctx: AppContext,
  kind: IdentityTokenKind,
  token: string | undefined,
): Promise<IdentityToken | undefined> {
  if (!token) return undefined;
  const now = ctx.clock();
  const [row] = await ctx.db
    .update(identityTokens)
    .set({ usedDate: now })
    .where(
      and(
        eq(identityTokens.tokenHash, hashSecret(token)),
        eq(identityTokens.kind, kind),
        isNull(identityTokens.usedDate),
        gt(identityTokens.expiresDate, now),
      ),
    )
    .returning();
  return row;
}

/** A live (unspent, unexpired) token of `kind`, without spending it. */
export async function findToken(
  ctx: AppContext,
  kind: IdentityTokenKind,
  token: string | undefined,
): Promise<IdentityToken | undefined> {
  if (!token) return undefined;
  const [row] = await ctx.db
    .select()
    .from(identityTokens)
    .where(
      and(
        eq(identityTokens.tokenHash, hashSecret(token)),
        eq(identityTokens.kind, kind),
        isNull(identityTokens.usedDate),
        gt(identityTokens.expiresDate, ctx.clock()),
      ),
    )
    .limit(1);
  return row;
}

export type CodeCheck = 'ok' | 'wrong' | 'exhausted';

/** Does `code` match the code mailed for this state token? */
export function codeMatches(row: IdentityToken, code: string): boolean {
  return row.codeHash !== null && sameDigest(hashSecret(code.trim()), row.codeHash);
}

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
    .where(and(eq(identityTokens.tokenHash, row.tokenHash), isNull(identityTokens.usedDate)))
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
    .where(and(eq(identityTokens.tokenHash, row.tokenHash), isNull(identityTokens.usedDate)))
    .returning({ tokenHash: identityTokens.tokenHash });
  return spent ? 'ok' : 'exhausted';
}

/**
 * A fresh code for a pending state token (resend), or undefined while the pause since the last send runs or
 * after too many sends.
 */
export async function renewCode(ctx: AppContext, row: IdentityToken): Promise<string | undefined> {
  const now = ctx.clock();
  const pauseEnd = new Date(now.getTime() - RESEND_PAUSE_SECONDS * 1000);
  if (row.sends >= MAX_SENDS) return undefined;
  if (row.lastSentDate && row.lastSentDate > pauseEnd) return undefined;
  const code = newCode();
  const [updated] = await ctx.db
    .update(identityTokens)
    .set({
      codeHash: hashSecret(code),
      sends: sql`${identityTokens.sends} + 1`,
      lastSentDate: now,
      attempts: 0,
    })
    .where(
      and(
        eq(identityTokens.tokenHash, row.tokenHash),
        isNull(identityTokens.usedDate),
        eq(identityTokens.sends, row.sends),
      ),
    )
    .returning({ tokenHash: identityTokens.tokenHash });
  return updated ? code : undefined;
}

/** Spend every live token of a member of these kinds (a password change ends pending recoveries). */
export async function spendMemberTokens(ctx: AppContext, memberId: string, kinds: IdentityTokenKind[]) {
  for (const kind of kinds) {
    await ctx.db
      .update(identityTokens)
      .set({ usedDate: ctx.clock() })
      .where(
        and(
          eq(identityTokens.memberId, memberId),
          eq(identityTokens.kind, kind),
          isNull(identityTokens.usedDate),
        ),
      );
  }
}

/** Drop spent secrets, old captcha challenges and ended throttle windows, a day on. */
export async function purgeExpiredIdentityRows(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock().getTime() - 24 * 3600 * 1000);
  await ctx.db.delete(identityTokens).where(lt(identityTokens.expiresDate, cutoff));
  await ctx.db.delete(captchaChallenges).where(lt(captchaChallenges.expiresDate, cutoff));
  await ctx.db.delete(loginFailures).where(lt(loginFailures.windowStart, cutoff));
}
