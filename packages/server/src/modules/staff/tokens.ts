import { randomBytes } from 'node:crypto';
import { eq, inArray, lt, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow, liveAt, spendLive, spendUnspent } from '../../platform/db.ts';
import { type StaffTokenKind, staffTokens } from './tables.ts';

/** Lifetimes in seconds. */
export const STAFF_TOKEN_TTL: Record<StaffTokenKind, number> = {
  session: 12 * 3600,
  challenge: 5 * 60,
  invite: 7 * 24 * 3600,
  setup: 24 * 3600,
};
/** Wrong TOTP codes a challenge survives. */
export const MAX_CHALLENGE_ATTEMPTS = 5;
/** Session tokens start with this, so the authenticator recognises them without a look-up. */
export const SESSION_PREFIX = 'aisle_st_';

const PREFIX: Record<StaffTokenKind, string> = {
  session: SESSION_PREFIX,
  challenge: 'aisle_sc_',
  invite: 'aisle_si_',
  setup: 'setup-',
};

export async function createStaffToken(
  ctx: AppContext,
  db: Db,
  kind: StaffTokenKind,
  staffId: string | null,
): Promise<{ token: string; expiresDate: Date }> {
  const token = `${PREFIX[kind]}${randomBytes(kind === 'setup' ? 12 : 32).toString('base64url')}`;
  const now = ctx.clock();
  const expiresDate = new Date(now.getTime() + STAFF_TOKEN_TTL[kind] * 1000);
  await db
    .insert(staffTokens)
    .values({ tokenHash: hashSecret(token), kind, staffId, createdDate: now, expiresDate });
  return { token, expiresDate };
}

/** The token of `kind` whose secret is `token`. */
const matching = (kind: StaffTokenKind, token: string) => [
  eq(staffTokens.tokenHash, hashSecret(token)),
  eq(staffTokens.kind, kind),
];

const live = (ctx: AppContext, kind: StaffTokenKind, token: string) =>
  liveAt(staffTokens, ctx.clock(), ...matching(kind, token));

/** A live token of `kind`, without spending it. */
export async function findStaffToken(ctx: AppContext, kind: StaffTokenKind, token: string | undefined) {
  if (!token) return undefined;
  return firstRow(ctx.db, staffTokens, live(ctx, kind, token));
}

/** Spend a live token: the first caller gets its row, everyone after gets undefined. */
export async function spendStaffToken(ctx: AppContext, db: Db, kind: StaffTokenKind, token: string) {
  return spendLive(db, staffTokens, ctx.clock(), ...matching(kind, token));
}

/** Count one attempt on a challenge first (parallel guesses count too); false once it has had too many. */
export async function countAttempt(ctx: AppContext, token: string): Promise<boolean> {
  const [row] = await ctx.db
    .update(staffTokens)
    .set({ attempts: sql`${staffTokens.attempts} + 1` })
    .where(live(ctx, 'challenge', token))
    .returning({ attempts: staffTokens.attempts });
  return row !== undefined && row.attempts <= MAX_CHALLENGE_ATTEMPTS;
}

/** End every live token of a member of staff of these kinds (revoked, password changed), but `keep`. */
export async function endStaffTokens(
  ctx: AppContext,
  db: Db,
  staffId: string,
  kinds: StaffTokenKind[],
  keep?: string,
): Promise<void> {
  await spendUnspent(
    db,
    staffTokens,
    ctx.clock(),
    eq(staffTokens.staffId, staffId),
    inArray(staffTokens.kind, kinds),
    keep ? sql`${staffTokens.tokenHash} <> ${hashSecret(keep)}` : undefined,
  );
}

/** Setup codes printed by earlier starts stop working when a new one is printed. */
export async function endSetupTokens(ctx: AppContext): Promise<void> {
  await spendUnspent(ctx.db, staffTokens, ctx.clock(), eq(staffTokens.kind, 'setup'));
}

/** Ended and expired tokens are kept a day, then deleted (the janitor of the staff module). */
export async function purgeStaffTokens(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock().getTime() - 24 * 3600 * 1000);
  await ctx.db.delete(staffTokens).where(lt(staffTokens.expiresDate, cutoff));
}
