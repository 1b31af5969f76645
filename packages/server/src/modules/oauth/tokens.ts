import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, ne, sql } from 'drizzle-orm';
import { hashSecret } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { type Db, deleteInBatches, firstRow, runTransaction } from '../../platform/db.ts';
import { findClient } from './clients.ts';
import { OAuthError, oauthError } from './errors.ts';
import { keyStore } from './keys.ts';
import { CODE_VERIFIER, S256_CHALLENGE, verifierMatches } from './pkce.ts';
import { authorizationCodes, oauthClients, refreshTokens, visitors } from './tables.ts';

/** Authorization codes live this long (RFC 6749 §4.1.2 recommends at most ten minutes). */
export const CODE_TTL_SECONDS = 60;
export const OFFLINE_ACCESS = 'offline_access';

/** The token endpoint's answer (wire: oauth-and-identity §1). */
export interface TokenSet {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

interface Subject {
  clientId: string;
  visitorId?: string | undefined;
  memberId?: string | undefined;
  scope?: string | undefined;
}

const opaque = () => randomBytes(32).toString('base64url');
const later = (ctx: AppContext, seconds: number) => new Date(ctx.clock().getTime() + seconds * 1000);

async function accessToken(ctx: AppContext, subject: Subject, familyId: string): Promise<string> {
  return keyStore(ctx).sign(
    {
      subjectType: subject.memberId ? 'member' : 'visitor',
      subject: subject.memberId ?? subject.visitorId ?? '',
      visitorId: subject.visitorId,
      clientId: subject.clientId,
      familyId,
    },
    ctx.config.accessTokenTtl,
  );
}

/** A new refresh token in `familyId` (a new family when absent) and an access token for it. */
async function issue(
  ctx: AppContext,
  tx: Db,
  subject: Subject,
  familyId: string = randomUUID(),
): Promise<TokenSet> {
  const refresh = opaque();
  await tx.insert(refreshTokens).values({
    tokenHash: hashSecret(refresh),
    familyId,
    clientId: subject.clientId,
    visitorId: subject.visitorId ?? null,
    memberId: subject.memberId ?? null,
    scope: subject.scope ?? '',
    createdDate: ctx.clock(),
    expiresDate: later(ctx, ctx.config.refreshTokenTtl),
  });
  return {
    access_token: await accessToken(ctx, subject, familyId),
    refresh_token: refresh,
    expires_in: ctx.config.accessTokenTtl,
  };
}

export async function requireClient(ctx: AppContext, clientId: string | undefined) {
  if (!clientId) throw oauthError('invalid_request', 'clientId is required');
  const client = await findClient(ctx.db, clientId);
  if (!client) throw new OAuthError('invalid_client', `Unknown client "${clientId}"`);
  return client;
}

/** `anonymous` grant: a new visitor row and its first token pair. */
export async function issueVisitorTokens(ctx: AppContext, clientId: string | undefined): Promise<TokenSet> {
  const client = await requireClient(ctx, clientId);
  await keyStore(ctx).ready();
  return runTransaction(ctx.db, ctx.log, async (tx) => {
    const [visitor] = await tx
      .insert(visitors)
      .values({ clientId: client.id, createdDate: ctx.clock() })
      .returning({ id: visitors.id });
    return issue(ctx, tx, { clientId: client.id, visitorId: visitor!.id });
  });
}

/** Member tokens in a new family (authorization code, trusted server-side login). */
export async function issueMemberTokens(ctx: AppContext, subject: Subject): Promise<TokenSet> {
  await keyStore(ctx).ready();
  return issue(ctx, ctx.db, subject);
}

export async function revokeFamily(ctx: AppContext, familyId: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedDate: ctx.clock() })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedDate)));
}

/** End every session of a member (password reset, block, delete), optionally sparing the current one. */
export async function revokeMemberTokens(ctx: AppContext, memberId: string, except?: string): Promise<void> {
  await ctx.db
    .update(refreshTokens)
    .set({ revokedDate: ctx.clock() })
    .where(
      and(
        eq(refreshTokens.memberId, memberId),
        isNull(refreshTokens.revokedDate),
        except ? ne(refreshTokens.familyId, except) : undefined,
      ),
    );
}

type Outcome =
  | { ok: true; tokens: TokenSet }
  | { ok: false; error: OAuthError; revokeFamily?: string | null };

const invalidGrant = (why: string) => new OAuthError('invalid_grant', why);

/** A grant's one transaction: its tokens, or its error once the family a replayed secret gave away is revoked. */
async function grant(ctx: AppContext, run: (tx: Db) => Promise<Outcome>): Promise<TokenSet> {
  await keyStore(ctx).ready();
  const outcome = await runTransaction(ctx.db, ctx.log, run);
  if (outcome.ok) return outcome.tokens;
  if (outcome.revokeFamily) await revokeFamily(ctx, outcome.revokeFamily);
  throw outcome.error;
}

/**
 * `refresh_token` grant. With rotation (the client's `rotateRefreshTokens`, unless `OAUTH_ROTATE_REFRESH_TOKENS`
 * is false) the presented token is spent and a new one of the same family comes back; presenting a spent token
 * again is taken as theft and revokes the family. Without it the same refresh token comes back and stays valid
 * until it expires or its session is revoked (logout, password change): for clients that keep their first one.
 */
export async function refreshTokenGrant(
  ctx: AppContext,
  token: string | undefined,
  clientId: string | undefined,
): Promise<TokenSet> {
  if (!token) throw oauthError('invalid_request', 'refreshToken is required');
  const hash = hashSecret(token);
  const now = ctx.clock();
  return grant(ctx, async (tx) => {
    const row = await firstRow(tx, refreshTokens, eq(refreshTokens.tokenHash, hash), 'update');
    if (!row) return { ok: false, error: invalidGrant('The refresh token is not valid') };
    if (row.revokedDate) return { ok: false, error: invalidGrant('The refresh token was revoked') };
    // A client's setting is read with its token; a token of a client since removed is spent like a rotating one.
    const [client] = await tx
      .select({ rotate: oauthClients.rotateRefreshTokens })
      .from(oauthClients)
      .where(eq(oauthClients.id, row.clientId));
    const rotate = ctx.config.rotateRefreshTokens && (client?.rotate ?? true);
    if (row.usedDate) {
      ctx.log.warn({ familyId: row.familyId, clientId: row.clientId }, 'refresh token reuse: family revoked');
      return {
        ok: false,
        error: invalidGrant('The refresh token was already used; its session is revoked'),
        revokeFamily: row.familyId,
      };
    }
    if (row.expiresDate <= now) return { ok: false, error: invalidGrant('The refresh token has expired') };
    if (clientId && clientId !== row.clientId)
      return { ok: false, error: invalidGrant('The refresh token belongs to another client') };
    const subject: Subject = {
      clientId: row.clientId,
      visitorId: row.visitorId ?? undefined,
      memberId: row.memberId ?? undefined,
      scope: row.scope,
    };
    if (!rotate) {
      return {
        ok: true,
        tokens: {
          access_token: await accessToken(ctx, subject, row.familyId),
          refresh_token: token,
          expires_in: ctx.config.accessTokenTtl,
        },
      };
    }
    await tx.update(refreshTokens).set({ usedDate: now }).where(eq(refreshTokens.id, row.id));
    return { ok: true, tokens: await issue(ctx, tx, subject, row.familyId) };
  });
}

export interface CodeInput {
  clientId: string;
  redirectUri?: string | undefined;
  codeChallenge: string;
  memberId: string;
  visitorId?: string | undefined;
  scope?: string | undefined;
}

/** Store a new authorization code (only its hash) and return it. */
export async function createAuthorizationCode(ctx: AppContext, input: CodeInput): Promise<string> {
  if (!S256_CHALLENGE.test(input.codeChallenge))
    throw oauthError('invalid_request', 'code_challenge must be a base64url SHA-256 (43 characters)');
  const code = opaque();
  await ctx.db.insert(authorizationCodes).values({
    codeHash: hashSecret(code),
    clientId: input.clientId,
    redirectUri: input.redirectUri ?? null,
    codeChallenge: input.codeChallenge,
    memberId: input.memberId,
    visitorId: input.visitorId ?? null,
    scope: input.scope ?? '',
    createdDate: ctx.clock(),
    expiresDate: later(ctx, CODE_TTL_SECONDS),
  });
  return code;
}

export interface CodeExchange {
  clientId?: string | undefined;
  code?: string | undefined;
  codeVerifier?: string | undefined;
  redirectUri?: string | undefined;
}

/**
 * `authorization_code` grant: the code is spent by the first attempt, right or wrong; a second use revokes
 * the tokens the first one produced (RFC 6749 §4.1.2).
 */
export async function exchangeCode(ctx: AppContext, input: CodeExchange): Promise<TokenSet> {
  const client = await requireClient(ctx, input.clientId);
  if (!input.code) throw oauthError('invalid_request', 'code is required');
  if (!input.codeVerifier) throw oauthError('invalid_request', 'codeVerifier is required');
  if (!CODE_VERIFIER.test(input.codeVerifier))
    throw oauthError('invalid_request', 'codeVerifier must be 43 to 128 characters of A-Z a-z 0-9 - . _ ~');
  const hash = hashSecret(input.code);
  const now = ctx.clock();
  return grant(ctx, async (tx) => {
    const row = await firstRow(tx, authorizationCodes, eq(authorizationCodes.codeHash, hash), 'update');
    if (!row) return { ok: false, error: invalidGrant('The authorization code is not valid') };
    if (row.usedDate) {
      ctx.log.warn({ clientId: row.clientId }, 'authorization code replayed: its tokens are revoked');
      return {
        ok: false,
        error: invalidGrant('The authorization code was already used'),
        revokeFamily: row.familyId,
      };
    }
    const familyId = randomUUID();
    await tx
      .update(authorizationCodes)
      .set({ usedDate: now, familyId })
      .where(eq(authorizationCodes.codeHash, hash));
    if (row.expiresDate <= now)
      return { ok: false, error: invalidGrant('The authorization code has expired') };
    if (row.clientId !== client.id)
      return { ok: false, error: invalidGrant('The authorization code was issued to another client') };
    if ((row.redirectUri ?? '') !== (input.redirectUri ?? ''))
      return { ok: false, error: invalidGrant('redirectUri does not match the authorize request') };
    if (!verifierMatches(input.codeVerifier!, row.codeChallenge))
      return { ok: false, error: invalidGrant('codeVerifier does not match the code challenge') };
    const subject: Subject = {
      clientId: row.clientId,
      memberId: row.memberId,
      visitorId: row.visitorId ?? undefined,
      scope: row.scope,
    };
    return { ok: true, tokens: await issue(ctx, tx, subject, familyId) };
  });
}

export interface TokenInfo {
  active: boolean;
  subjectType?: 'VISITOR' | 'MEMBER';
  subjectId?: string;
  exp?: string;
  iat?: string;
  clientId?: string;
  accountId?: string;
  siteId?: string;
  instanceId?: string;
  vendorProductId?: string;
}

/** `token-info`: introspection of an access token (wire int64 fields as strings). */
export async function tokenInfo(ctx: AppContext, token: string): Promise<TokenInfo> {
  const claims = await keyStore(ctx).verify(token);
  if (!claims) return { active: false };
  return {
    active: true,
    subjectType: claims.subjectType === 'member' ? 'MEMBER' : 'VISITOR',
    subjectId: claims.subject,
    exp: String(claims.exp),
    iat: String(claims.iat),
    clientId: claims.clientId,
  };
}

/** Drop codes and refresh tokens a day after they expired (reuse detection needs them until then). */
export async function purgeExpiredTokens(ctx: AppContext): Promise<void> {
  const cutoff = new Date(ctx.clock().getTime() - 24 * 3600 * 1000);
  await ctx.db.delete(authorizationCodes).where(lt(authorizationCodes.expiresDate, cutoff));
  await ctx.db.delete(refreshTokens).where(lt(refreshTokens.expiresDate, cutoff));
  await purgeSpentVisitors(ctx, cutoff);
}

/**
 * Visitors that no refresh token can renew any more (theirs expired and were purged above), made before
 * `cutoff`: nothing reads a visitor row once its tokens are gone (carts and orders keep the id as a value), and
 * every anonymous grant makes one, so without this the table grew with every bot that asked for a token.
 */
async function purgeSpentVisitors(ctx: AppContext, cutoff: Date): Promise<number> {
  return deleteInBatches(
    ctx.db,
    sql`${visitors}`,
    sql`created_date < ${cutoff} and not exists (
      select 1 from ${refreshTokens} t where t.visitor_id = visitors.id)`,
    sql`id`,
  );
}
