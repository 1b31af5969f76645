import { type Static, Type } from '@sinclair/typebox';

const Opt = Type.Optional;
const Str = (max = 4000) => Type.String({ maxLength: max });

/**
 * Token request: the auth helper sends camelCase, the trusted-login grant snake_case (oauth-and-identity §1);
 * both spellings are accepted for every field, and form-encoded bodies too (plain OAuth clients).
 */
export const TokenRequest = Type.Object({
  grantType: Opt(Str(64)),
  grant_type: Opt(Str(64)),
  clientId: Opt(Str(200)),
  client_id: Opt(Str(200)),
  refreshToken: Opt(Str(200)),
  refresh_token: Opt(Str(200)),
  code: Opt(Str(200)),
  codeVerifier: Opt(Str(200)),
  code_verifier: Opt(Str(200)),
  redirectUri: Opt(Str(2000)),
  redirect_uri: Opt(Str(2000)),
  member_id: Opt(Str(64)),
  memberId: Opt(Str(64)),
  scope: Opt(Str(400)),
  session_token: Opt(Str(200)),
  sessionToken: Opt(Str(200)),
});
export type TokenRequest = Static<typeof TokenRequest>;

/** One spelling per field. */
export interface TokenParams {
  grantType?: string | undefined;
  clientId?: string | undefined;
  refreshToken?: string | undefined;
  code?: string | undefined;
  codeVerifier?: string | undefined;
  redirectUri?: string | undefined;
  memberId?: string | undefined;
  scope?: string | undefined;
  sessionToken?: string | undefined;
}

export function tokenParams(body: TokenRequest): TokenParams {
  return {
    grantType: body.grantType ?? body.grant_type,
    clientId: body.clientId ?? body.client_id,
    refreshToken: body.refreshToken ?? body.refresh_token,
    code: body.code,
    codeVerifier: body.codeVerifier ?? body.code_verifier,
    redirectUri: body.redirectUri ?? body.redirect_uri,
    memberId: body.member_id ?? body.memberId,
    scope: body.scope,
    sessionToken: body.session_token ?? body.sessionToken,
  };
}

export const TokenInfoRequest = Type.Object({ token: Str() });

export const ClientBody = Type.Object({
  id: Opt(Type.String({ pattern: '^[A-Za-z0-9._-]{3,100}$' })),
  name: Opt(Str(200)),
  redirectUris: Opt(Type.Array(Str(2000), { maxItems: 50 })),
  allowedOrigins: Opt(Type.Array(Str(500), { maxItems: 50 })),
  rotateRefreshTokens: Opt(
    Type.Boolean({
      description:
        'Rotate refresh tokens on use and revoke the session when a spent one comes back (default true); false for clients that keep their first refresh token',
    }),
  ),
});
export const ClientParams = Type.Object({ id: Str(100) });
