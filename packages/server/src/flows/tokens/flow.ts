import type { Caller } from '../../platform/auth.ts';
import type { AppContext } from '../../platform/context.ts';
import { findMember, requireMember } from '../../modules/identity/members.ts';
import { tooManyFromAddress } from '../../modules/identity/throttle.ts';
import { redeemSessionToken } from '../../modules/identity/service.ts';
import { OAuthError, oauthError } from '../../modules/oauth/errors.ts';
import { keyStore } from '../../modules/oauth/keys.ts';
import type { TokenParams } from '../../modules/oauth/schemas.ts';
import {
  exchangeCode,
  issueMemberTokens,
  issueVisitorTokens,
  OFFLINE_ACCESS,
  refreshTokenGrant,
  requireClient,
  type TokenSet,
} from '../../modules/oauth/tokens.ts';
import { AddressLimit } from '../../platform/address-limit.ts';
import { bindingOf } from '../caller.ts';

/** Each server's count of new visitors per client address (`ANONYMOUS_GRANTS_PER_MINUTE`), in its memory. */
const visitorGrants = new WeakMap<AppContext, AddressLimit>();

/** One more anonymous grant from `ip`, or 429 once its minute's allowance is spent. */
function spendVisitorGrant(ctx: AppContext, ip: string): void {
  const perMinute = ctx.config.anonymousGrantsPerMinute;
  if (perMinute === 0) return;
  let limit = visitorGrants.get(ctx);
  if (!limit) {
    limit = new AddressLimit(perMinute, 60_000);
    visitorGrants.set(ctx, limit);
  }
  const wait = limit.spend(ip, ctx.clock().getTime());
  if (wait > 0) throw tooManyFromAddress(wait);
}

/**
 * `POST /oauth2/token`: one function per grant of oauth-and-identity §1. `ip` is the client's address: anonymous
 * grants are limited per address (`ANONYMOUS_GRANTS_PER_MINUTE`), since each stores a new visitor.
 */
export async function tokenGrant(
  ctx: AppContext,
  params: TokenParams,
  caller: Caller,
  authorization: string | undefined,
  ip: string,
): Promise<TokenSet> {
  switch (params.grantType) {
    case 'anonymous':
      spendVisitorGrant(ctx, ip);
      return issueVisitorTokens(ctx, params.clientId);
    case 'refresh_token':
      return refreshTokenGrant(ctx, params.refreshToken, params.clientId);
    case 'authorization_code':
      return signedIn(ctx, await exchangeCode(ctx, params));
    case 'authorized_client':
      return authorizedClient(ctx, params, caller, authorization);
    case undefined:
    case '':
      throw oauthError('invalid_request', 'grantType is required');
    default:
      throw new OAuthError('unsupported_grant_type', `Unsupported grant type "${params.grantType}"`);
  }
}

/**
 * Trusted member login by the merchant's server: `Authorization: <visitor access token>,<admin API key>`, then
 * either a `session_token` from sign-on or a `member_id` with `scope: offline_access`.
 */
async function authorizedClient(
  ctx: AppContext,
  params: TokenParams,
  caller: Caller,
  authorization: string | undefined,
): Promise<TokenSet> {
  if (caller.kind !== 'admin')
    throw new OAuthError(
      'unauthorized_client',
      'authorized_client needs an admin API key in Authorization',
      403,
    );
  const visitor = await bindingOf(ctx, caller, authorization);
  const client = await requireClient(ctx, params.clientId ?? visitor.clientId);
  let memberId: string;
  if (params.sessionToken) {
    const session = await redeemSessionToken(ctx, params.sessionToken);
    if (!session) throw new OAuthError('invalid_grant', 'The session token is unknown, used or expired');
    if (params.memberId && params.memberId !== session.member.id)
      throw new OAuthError('invalid_grant', 'member_id does not match the session token');
    memberId = session.member.id;
    visitor.visitorId ??= session.visitorId;
  } else {
    if (!params.memberId) throw oauthError('invalid_request', 'member_id or session_token is required');
    if (!(params.scope ?? '').split(' ').includes(OFFLINE_ACCESS))
      throw oauthError('invalid_scope', 'scope must be offline_access');
    const member = await findMember(ctx.db, params.memberId);
    if (member?.status !== 'ACTIVE')
      throw new OAuthError('invalid_grant', 'No active member with this member_id');
    memberId = member.id;
  }
  return signedIn(
    ctx,
    await issueMemberTokens(ctx, {
      clientId: client.id,
      memberId,
      visitorId: visitor.visitorId,
      scope: params.scope ?? OFFLINE_ACCESS,
    }),
  );
}

/**
 * Records `member.signed_in` (payload: the visitor who signed in, the client) for new member tokens; the cart
 * subscribes to it to merge the visitor's cart into the member's.
 */
async function signedIn(ctx: AppContext, tokens: TokenSet): Promise<TokenSet> {
  const claims = await keyStore(ctx).verify(tokens.access_token);
  if (claims?.subjectType === 'member')
    await ctx.events.transaction((tx) =>
      ctx.events.record(tx, {
        entity: 'member',
        entityId: claims.subject,
        type: 'signed_in',
        payload: { memberId: claims.subject, visitorId: claims.visitorId ?? null, clientId: claims.clientId },
      }),
    );
  return tokens;
}

/** `GET /oauth2/user-info` (OIDC-style claims of the calling member). */
export async function userInfo(ctx: AppContext, memberId: string) {
  const member = await requireMember(ctx.db, memberId);
  const p = member.profile;
  const name = [p.firstName, p.lastName].filter(Boolean).join(' ');
  return {
    sub: member.id,
    ...(p.firstName ? { givenName: p.firstName } : {}),
    ...(p.lastName ? { familyName: p.lastName } : {}),
    ...(name ? { name } : {}),
    email: member.email,
    emailVerified: member.emailVerified,
    ...(p.picture ? { picture: p.picture } : {}),
    ...(p.language ? { language: p.language } : {}),
  };
}
