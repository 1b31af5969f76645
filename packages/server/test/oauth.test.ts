import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterEach, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rows } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';
import {
  authorizeSilently,
  CLIENT_ID,
  errorCode,
  exchange,
  login,
  memberTokens,
  PASSWORD,
  pkce,
  register,
  seedClient,
  type Tokens,
  uniqueEmail,
  visitorTokens,
} from './identity-helpers.ts';

const { server } = serverForFile({ seed: seedClient });
const realClock = () => new Date();

afterEach(() => {
  server().ctx.clock = realClock;
  server().ctx.config.accessTokenTtl = 900;
});

/** The token endpoint's `invalid_grant`, its description matching `why`. */
const expectInvalidGrant = (body: unknown, why: RegExp) =>
  expect(body).toMatchObject({ error: 'invalid_grant', error_description: expect.stringMatching(why) });

const token = (body: Record<string, unknown>) => server().call('POST', '/oauth2/token', { body });
/** A new member's authorization code: registered, then the authorize step with the session token. */
async function newMemberCode() {
  const reg = await register(server(), uniqueEmail());
  return authorizeSilently(server(), reg.body.sessionToken as string);
}
const tokenInfo = async (t: string) =>
  (await server().call('POST', '/oauth2/token-info', { body: { token: t } })).body;

describe('OAuth clients', () => {
  it('seeds the demo storefront client from PUBLIC_URL', async () => {
    const res = await server().call('GET', '/v1/oauth-clients', { token: server().adminKey });
    expect(res.status).toBe(200);
    const demo = (res.body.clients as Array<Record<string, unknown>>).find((c) => c.id === CLIENT_ID);
    expect(demo).toMatchObject({
      redirectUris: [`${server().url}/callback`],
      allowedOrigins: [server().url],
    });
  });

  it('follows a changed PUBLIC_URL on the next start, unless the merchant edited the client', async () => {
    const before = server().ctx.config.publicUrl;
    server().ctx.config.publicUrl = 'https://moved.example';
    try {
      await seedClient(server());
      const res = await server().call('GET', '/v1/oauth-clients', { token: server().adminKey });
      const demo = (res.body.clients as Array<Record<string, unknown>>).find((c) => c.id === CLIENT_ID);
      expect(demo).toMatchObject({ allowedOrigins: ['https://moved.example'] });
    } finally {
      server().ctx.config.publicUrl = before;
      await seedClient(server());
    }
    // Once the merchant edits the client, its URLs stay as edited.
    const edited = await server().call('PATCH', `/v1/oauth-clients/${CLIENT_ID}`, {
      token: server().adminKey,
      body: { allowedOrigins: [server().url, 'https://extra.example'] },
    });
    expect(edited.status).toBe(200);
    server().ctx.config.publicUrl = 'https://moved.example';
    try {
      await seedClient(server());
    } finally {
      server().ctx.config.publicUrl = before;
    }
    const res = await server().call('GET', '/v1/oauth-clients', { token: server().adminKey });
    const demo = (res.body.clients as Array<Record<string, unknown>>).find((c) => c.id === CLIENT_ID);
    expect(demo).toMatchObject({
      allowedOrigins: [server().url, 'https://extra.example'],
      followsPublicUrl: false,
    });
  });

  it('lets CORS through for the origins of registered clients only', async () => {
    const created = await server().call('POST', '/v1/oauth-clients', {
      token: server().adminKey,
      body: {
        id: 'shop-two',
        redirectUris: ['https://two.example/callback'],
        allowedOrigins: ['https://two.example'],
      },
    });
    expect(created.status).toBe(200);
    const preflight = (origin: string) =>
      fetch(`${server().url}/oauth2/token`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'content-type',
        },
      });
    expect((await preflight('https://two.example')).headers.get('access-control-allow-origin')).toBe(
      'https://two.example',
    );
    expect((await preflight('https://evil.example')).headers.get('access-control-allow-origin')).toBeNull();
    const bad = await server().call('POST', '/v1/oauth-clients', {
      token: server().adminKey,
      body: { allowedOrigins: ['https://two.example/path'] },
    });
    expect(bad.status).toBe(400);
  });

  it('keeps client administration for admin keys', async () => {
    const visitor = await visitorTokens(server());
    expect((await server().call('GET', '/v1/oauth-clients', { token: visitor.access_token })).status).toBe(
      403,
    );
    expect((await server().call('GET', '/v1/oauth-clients')).status).toBe(401);
  });
});

describe('token endpoint: anonymous', () => {
  it('issues a visitor token pair with expires_in in seconds, on both paths', async () => {
    for (const path of ['/oauth2/token', '/_api/oauth2/token']) {
      const res = await server().call('POST', path, {
        body: { grantType: 'anonymous', clientId: CLIENT_ID },
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      expect(Object.keys(res.body).sort()).toEqual(['access_token', 'expires_in', 'refresh_token']);
      expect(res.body.expires_in).toBe(900);
      const info = await tokenInfo(res.body.access_token as string);
      expect(info).toMatchObject({ active: true, subjectType: 'VISITOR', clientId: CLIENT_ID });
      expect(info.exp).toMatch(/^\d+$/);
    }
  });

  it('gives each anonymous grant its own visitor', async () => {
    const a = await tokenInfo((await visitorTokens(server())).access_token);
    const b = await tokenInfo((await visitorTokens(server())).access_token);
    expect(a.subjectId).not.toBe(b.subjectId);
  });

  it('signs with a key published in the JWKS', async () => {
    const jwks = await server().call('GET', '/oauth2/jwks');
    expect(jwks.status).toBe(200);
    const keys = jwks.body.keys as Array<Record<string, unknown>>;
    expect(keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(keys[0]).not.toHaveProperty('d');
    const { access_token } = await visitorTokens(server());
    const { payload, protectedHeader } = await jwtVerify(
      access_token,
      createLocalJWKSet({ keys: keys as never }),
    );
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload).toMatchObject({ sty: 'visitor', cid: CLIENT_ID });
  });

  it('answers OAuth failures in the wire envelope with the RFC error code', async () => {
    const unknown = await token({ grantType: 'anonymous', clientId: 'nope' });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({
      error: 'invalid_client',
      details: { applicationError: { code: 'INVALID_CLIENT', data: { error: 'invalid_client' } } },
    });
    expect(unknown.headers.get('x-aisle-request-id')).toBeTruthy();
    const missing = await token({ clientId: CLIENT_ID });
    expect(missing.status).toBe(400);
    expect(missing.body.error).toBe('invalid_request');
    const unsupported = await token({ grant_type: 'client_credentials', client_id: 'x' });
    expect(unsupported.status).toBe(400);
    expect(unsupported.body.error).toBe('unsupported_grant_type');
  });

  it('accepts form-encoded token requests (plain OAuth clients)', async () => {
    const res = await fetch(`${server().url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'anonymous', client_id: CLIENT_ID }),
    });
    expect(res.status).toBe(200);
  });

  it('reports unknown and garbage tokens as inactive', async () => {
    expect(await tokenInfo('garbage')).toEqual({ active: false });
    const { access_token } = await visitorTokens(server());
    const tampered = `${access_token.slice(0, -4)}AAAA`;
    expect(await tokenInfo(tampered)).toEqual({ active: false });
  });
});

describe('token endpoint: refresh_token', () => {
  it('rotates the refresh token and keeps the visitor', async () => {
    const first = await visitorTokens(server());
    const res = await token({
      grantType: 'refresh_token',
      refreshToken: first.refresh_token,
      clientId: CLIENT_ID,
    });
    expect(res.status).toBe(200);
    const second = res.body as unknown as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await tokenInfo(second.access_token)).subjectId).toBe(
      (await tokenInfo(first.access_token)).subjectId,
    );
    // The site-session helper omits clientId.
    const third = await token({ grantType: 'refresh_token', refreshToken: second.refresh_token });
    expect(third.status).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await visitorTokens(server());
    const second = (await token({ grantType: 'refresh_token', refreshToken: first.refresh_token }))
      .body as unknown as Tokens;
    const replay = await token({ grantType: 'refresh_token', refreshToken: first.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    // The legitimate holder of the newest token is cut off too: the family is gone.
    const after = await token({ grantType: 'refresh_token', refreshToken: second.refresh_token });
    expect(after.status).toBe(400);
    expect(after.body.error).toBe('invalid_grant');
  });

  it('refuses a refresh token of another client, an unknown one and an expired one', async () => {
    await server().call('POST', '/v1/oauth-clients', {
      token: server().adminKey,
      body: { id: 'other-client', allowedOrigins: ['https://other.example'] },
    });
    const mine = await visitorTokens(server());
    const other = await token({
      grantType: 'refresh_token',
      refreshToken: mine.refresh_token,
      clientId: 'other-client',
    });
    expect(other.body.error).toBe('invalid_grant');
    expect((await token({ grantType: 'refresh_token', refreshToken: 'x'.repeat(43) })).body.error).toBe(
      'invalid_grant',
    );
    const fresh = await visitorTokens(server());
    server().ctx.clock = () => new Date(Date.now() + 31 * 24 * 3600 * 1000);
    expect((await token({ grantType: 'refresh_token', refreshToken: fresh.refresh_token })).body.error).toBe(
      'invalid_grant',
    );
  });

  it('can hand back the same refresh token when rotation is off', async () => {
    server().ctx.config.rotateRefreshTokens = false;
    try {
      const first = await visitorTokens(server());
      for (let i = 0; i < 3; i++) {
        const res = await token({ grantType: 'refresh_token', refreshToken: first.refresh_token });
        expect(res.status).toBe(200);
        expect(res.body.refresh_token).toBe(first.refresh_token);
      }
    } finally {
      server().ctx.config.rotateRefreshTokens = true;
    }
  });
});

describe('access tokens', () => {
  it('stop working when they expire (short TTL from config)', async () => {
    server().ctx.config.accessTokenTtl = 2;
    const visitor = await visitorTokens(server());
    expect(visitor.expires_in).toBe(2);
    const body = { login: {} };
    const ok = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor.access_token,
      body,
    });
    expect(ok.status).toBe(200);
    // 3.1 s later on the server's clock: past the two-second lifetime (afterEach puts the clock back).
    server().ctx.clock = () => new Date(Date.now() + 3100);
    const expired = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: visitor.access_token,
      body,
    });
    expect(expired.status).toBe(401);
    expect(errorCode(expired.body)).toBe('UNAUTHENTICATED');
    expect(await tokenInfo(visitor.access_token)).toEqual({ active: false });
  });

  it('never open admin routes', async () => {
    const member = await memberTokens(server());
    for (const t of [member.access_token, (await visitorTokens(server())).access_token]) {
      const res = await server().call('GET', '/members/v1/members', { token: t });
      expect(res.status).toBe(403);
    }
  });
});

describe('token endpoint: authorization_code', () => {
  it('exchanges a code for member tokens once, with the PKCE verifier and redirect URI', async () => {
    const email = uniqueEmail();
    const visitor = await visitorTokens(server());
    const visitorId = (await tokenInfo(visitor.access_token)).subjectId;
    const reg = await register(server(), email, PASSWORD, visitor.access_token);
    const { code, flow } = await authorizeSilently(server(), reg.body.sessionToken as string);
    const res = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expect(res.status).toBe(200);
    const tokens = res.body as unknown as Tokens;
    const info = await tokenInfo(tokens.access_token);
    expect(info).toMatchObject({
      active: true,
      subjectType: 'MEMBER',
      subjectId: (reg.body.identity as { id: string }).id,
    });
    // The member token remembers the visitor, so carts can follow the member.
    const jwt = JSON.parse(Buffer.from(tokens.access_token.split('.')[1]!, 'base64url').toString()) as {
      vid?: string;
    };
    expect(jwt.vid).toBe(visitorId);
    const me = await server().call('GET', '/oauth2/user-info', { token: tokens.access_token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ email, givenName: 'Ada', familyName: 'Lovelace', emailVerified: false });
    // Member refresh keeps the member.
    const refreshed = await token({
      grantType: 'refresh_token',
      refreshToken: tokens.refresh_token,
      clientId: CLIENT_ID,
    });
    expect((await tokenInfo(refreshed.body.access_token as string)).subjectType).toBe('MEMBER');
  });

  it('rejects a wrong PKCE verifier and burns the code', async () => {
    const { code, flow } = await newMemberCode();
    const wrong = await exchange(server(), code, pkce().verifier, `${server().url}/callback`);
    expect(wrong.status).toBe(400);
    expectInvalidGrant(wrong.body, /codeVerifier/);
    const right = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expect(right.body.error).toBe('invalid_grant');
  });

  it('rejects a malformed verifier as invalid_request', async () => {
    const res = await exchange(server(), 'some-code', 'short', `${server().url}/callback`);
    expect(res.body.error).toBe('invalid_request');
  });

  it('refuses a replayed code and revokes what its first use produced', async () => {
    const { code, flow } = await newMemberCode();
    const first = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expect(first.status).toBe(200);
    const replay = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    const refresh = await token({
      grantType: 'refresh_token',
      refreshToken: first.body.refresh_token as string,
    });
    expect(refresh.body.error).toBe('invalid_grant');
  });

  it('needs the same redirect URI as the authorize request', async () => {
    const { code, flow } = await newMemberCode();
    const res = await exchange(server(), code, flow.verifier, `${server().url}/other`);
    expectInvalidGrant(res.body, /redirectUri/);
  });

  it('lets codes expire after a minute', async () => {
    const { code, flow } = await newMemberCode();
    server().ctx.clock = () => new Date(Date.now() + 61_000);
    const res = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expectInvalidGrant(res.body, /expired/);
  });

  it('refuses a code of another client', async () => {
    const { code, flow } = await newMemberCode();
    const res = await server().call('POST', '/oauth2/token', {
      body: {
        grantType: 'authorization_code',
        clientId: 'other-client',
        code,
        codeVerifier: flow.verifier,
        redirectUri: `${server().url}/callback`,
      },
    });
    expect(res.body.error).toBe('invalid_grant');
  });
});

describe('token endpoint: authorized_client', () => {
  it('signs a member in for the merchant server with <token>,<api key>', async () => {
    const email = uniqueEmail();
    const reg = await register(server(), email);
    const memberId = (reg.body.identity as { id: string }).id;
    const visitor = await visitorTokens(server());
    const res = await server().call('POST', '/oauth2/token', {
      headers: { authorization: `${visitor.access_token},${server().adminKey}` },
      body: { grant_type: 'authorized_client', member_id: memberId, scope: 'offline_access' },
    });
    expect(res.status).toBe(200);
    expect(await tokenInfo(res.body.access_token as string)).toMatchObject({
      subjectType: 'MEMBER',
      subjectId: memberId,
    });
  });

  it('takes a session token from sign-on', async () => {
    const visitor = await visitorTokens(server());
    const auth = { authorization: `${visitor.access_token},${server().adminKey}` };
    const signOn = await server().call('POST', '/_api/iam/authentication/v2/sign-on', {
      headers: auth,
      body: { loginId: { email: uniqueEmail('sso') }, profile: { nickname: 'sso' }, verifyEmail: true },
    });
    expect(signOn.status).toBe(200);
    expect(signOn.body.identity).toMatchObject({ email: { isVerified: true } });
    const res = await server().call('POST', '/oauth2/token', {
      headers: auth,
      body: { grant_type: 'authorized_client', session_token: signOn.body.sessionToken },
    });
    expect(res.status).toBe(200);
    const again = await server().call('POST', '/oauth2/token', {
      headers: auth,
      body: { grant_type: 'authorized_client', session_token: signOn.body.sessionToken },
    });
    expect(again.body.error).toBe('invalid_grant');
  });

  it('refuses without an admin key, and for unknown members', async () => {
    const reg = await register(server(), uniqueEmail());
    const visitor = await visitorTokens(server());
    const body = {
      grant_type: 'authorized_client',
      member_id: (reg.body.identity as { id: string }).id,
      scope: 'offline_access',
    };
    const noKey = await server().call('POST', '/oauth2/token', { token: visitor.access_token, body });
    expect(noKey.status).toBe(403);
    expect(noKey.body.error).toBe('unauthorized_client');
    const unknown = await server().call('POST', '/oauth2/token', {
      headers: { authorization: `${visitor.access_token},${server().adminKey}` },
      body: { ...body, member_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(unknown.body.error).toBe('invalid_grant');
  });
});

describe('signing keys', () => {
  it('are shared through the database: a second process verifies tokens of the first', async () => {
    const { KeyStore } = await import('../src/modules/oauth/keys.ts');
    const other = new KeyStore(server().ctx);
    const { access_token } = await visitorTokens(server());
    expect(await other.verify(access_token)).toMatchObject({ subjectType: 'visitor', clientId: CLIENT_ID });
  });
});

describe('login helper sanity', () => {
  it('logs in with the registered password', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const res = await login(server(), email);
    expect(res.body.state).toBe('SUCCESS');
  });
});

describe('housekeeping', () => {
  it('purges expired codes and tokens a day after they expired', async () => {
    const { purgeExpired } = await import('../src/flows/sessions/janitor.ts');
    const { code, flow } = await newMemberCode();
    server().ctx.clock = () => new Date(Date.now() + 2 * 24 * 3600 * 1000);
    await purgeExpired(server().ctx);
    server().ctx.clock = realClock;
    const res = await exchange(server(), code, flow.verifier, `${server().url}/callback`);
    expectInvalidGrant(res.body, /not valid/);
  });

  it('forgets anonymous visitors once no refresh token can renew them, and only then', async () => {
    const { purgeExpired } = await import('../src/flows/sessions/janitor.ts');
    const visitorOf = async (t: Tokens) => (await tokenInfo(t.access_token)).subjectId as string;
    const kept = async (id: string) =>
      (await rows(server().ctx.db, sql`select 1 from visitors where id = ${id}`)).length === 1;
    const later = (days: number) => {
      server().ctx.clock = () => new Date(Date.now() + days * 24 * 3600 * 1000);
    };
    const idle = await visitorOf(await visitorTokens(server()));
    const renewing = await visitorTokens(server());
    const active = await visitorOf(renewing);
    // Two days on, both visitors' tokens still live (30 days): nobody is forgotten.
    later(2);
    await purgeExpired(server().ctx);
    expect(await kept(idle)).toBe(true);
    expect(await kept(active)).toBe(true);
    // 25 days on, the active visitor renews: a new token for another 30 days.
    later(25);
    const renewed = await token({ grantType: 'refresh_token', refreshToken: renewing.refresh_token });
    expect(renewed.status).toBe(200);
    // 33 days on, the idle visitor's only token expired more than a day ago: it goes, the renewed one stays.
    later(33);
    await purgeExpired(server().ctx);
    expect(await kept(idle)).toBe(false);
    expect(await kept(active)).toBe(true);
    later(60);
    await purgeExpired(server().ctx);
    expect(await kept(active)).toBe(false);
  });
});
