import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents } from '../src/platform/tables.ts';
import { serverForFile } from './file-server.ts';
import {
  CLIENT_ID,
  errorCode,
  exchange,
  lastMail,
  memberTokens,
  PASSWORD,
  pkce,
  register,
  seedClient,
  uniqueEmail,
  visitorTokens,
} from './identity-helpers.ts';

const { server } = serverForFile({ seed: seedClient });
let visitor: string;
const PATH = '/_api/redirects-api/v1/redirect-session';

beforeAll(async () => {
  await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { captcha: 'OFF' },
  });
  await server().call('POST', '/v1/oauth-clients', {
    token: server().adminKey,
    body: {
      id: 'partner',
      redirectUris: ['https://partner.example/cb'],
      allowedOrigins: ['https://partner.example'],
    },
  });
  visitor = (await visitorTokens(server())).access_token;
});
afterEach(async () => {
  await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { requireEmailVerification: false },
  });
});

interface Session {
  id: string;
  fullUrl: string;
  urlDetails: { endpoint: string; searchParams: Record<string, string> };
  sessionToken: string;
  shortUrl: string;
}
const create = async (body: Record<string, unknown>, token = visitor, path = PATH) =>
  server().call('POST', path, { token, body });
const sessionOf = (body: Record<string, unknown>) => body.redirectSession as Session;
const violationField = (body: Record<string, unknown>) =>
  (body.details as { validationError?: { fieldViolations: Array<{ field: string }> } }).validationError
    ?.fieldViolations[0]?.field;

function authRequest(flow = pkce(), extra: Record<string, string> = {}) {
  return {
    clientId: CLIENT_ID,
    responseType: 'code',
    redirectUri: `${server().url}/callback`,
    scope: 'offline_access',
    state: flow.state,
    responseMode: 'fragment',
    codeChallenge: flow.challenge,
    codeChallengeMethod: 'S256',
    ...extra,
  };
}

describe('redirect sessions', () => {
  it('need a visitor or member token', async () => {
    expect((await server().call('POST', PATH, { body: { login: {} } })).status).toBe(401);
  });

  it('answer with fullUrl, urlDetails, sessionToken and a short URL, and record an event', async () => {
    const res = await create({ login: {}, callbacks: { postFlowUrl: `${server().url}/after` } });
    expect(res.status).toBe(200);
    const s = sessionOf(res.body);
    expect(s.fullUrl).toBe(`${server().url}/login?redirectSessionId=${s.id}`);
    expect(s.urlDetails).toEqual({
      endpoint: `${server().url}/login`,
      searchParams: { redirectSessionId: s.id },
    });
    expect(s.sessionToken).toMatch(/^[\w-]{43}$/);
    const short = await fetch(s.shortUrl, { redirect: 'manual' });
    expect(short.status).toBe(302);
    expect(short.headers.get('location')).toBe(s.fullUrl);
    const read = await server().call('GET', `${PATH}/${s.id}`);
    expect(read.body.redirectSession).toMatchObject({
      intent: 'login',
      callbacks: { postFlowUrl: `${server().url}/after` },
    });
    const events = await server().ctx.db.select().from(outboxEvents).where(eq(outboxEvents.entityId, s.id));
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({
      entity: 'redirect_session',
      type: 'created',
      payload: { intent: 'login' },
    });
  });

  it('map every intent to a store page, and missing verticals to an honest one', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ ecomCheckout: { checkoutId: 'chk-1' } }, '/checkout/chk-1'],
      [{ storesProduct: { productSlug: 'blue-mug' } }, '/products/blue-mug'],
      [{ membersAccount: { section: 'ACCOUNT_INFO' } }, '/account/info'],
      [{ membersAccount: { section: 'ORDERS' } }, '/account/orders'],
      [{ membersAccount: { section: 'SUBSCRIPTIONS' } }, '/account/subscriptions'],
      [{ membersAccount: { section: 'BOOKINGS' } }, '/unavailable/bookings'],
      [{ membersAccount: { section: 'EVENTS' } }, '/unavailable/events'],
      [
        { bookingsCheckout: { timezone: 'UTC', slotAvailability: { slot: { serviceId: 's' } } } },
        '/unavailable/bookings',
      ],
      [{ bookingsBook: { resourceId: 'r' } }, '/unavailable/bookings'],
      [{ eventsCheckout: { reservationId: 'r', eventSlug: 'gig' } }, '/unavailable/events'],
      [{ paidPlansCheckout: { planId: 'p' } }, '/unavailable/paid-plans'],
      [{ ecomOrderPaymentRequest: { paymentRequestId: 'p' } }, '/unavailable/payment-requests'],
    ];
    for (const [body, path] of cases) {
      const res = await create(body, visitor, '/headless/v1/redirect-session');
      expect(res.status, path).toBe(200);
      expect(sessionOf(res.body).urlDetails.endpoint).toBe(`${server().url}${path}`);
    }
  });

  it('need exactly one intent', async () => {
    const none = await create({ callbacks: {} });
    expect(none.status).toBe(400);
    expect(violationField(none.body)).toBe('body');
    const two = await create({ login: {}, storesProduct: { productSlug: 'x' } });
    expect(two.status).toBe(400);
    const missing = await create({ ecomCheckout: {} });
    expect(violationField(missing.body)).toBe('ecomCheckout.checkoutId');
  });

  it('refuse callbacks off the client’s origins (no open redirect)', async () => {
    const evil = await create({ login: {}, callbacks: { postFlowUrl: 'https://evil.example/phish' } });
    expect(evil.status).toBe(400);
    expect(violationField(evil.body)).toBe('callbacks.postFlowUrl');
    const thanks = await create({
      ecomCheckout: { checkoutId: 'c' },
      callbacks: { thankYouPageUrl: 'javascript:alert(1)' },
    });
    expect(violationField(thanks.body)).toBe('callbacks.thankYouPageUrl');
    // Another client's origin is not this client's.
    const partner = await create({ login: {}, callbacks: { postFlowUrl: 'https://partner.example/back' } });
    expect(partner.status).toBe(400);
    const ok = await create({
      ecomCheckout: { checkoutId: 'c' },
      callbacks: { thankYouPageUrl: `${server().url}/thanks` },
    });
    expect(ok.status).toBe(200);
  });

  it('keep their own parameters over additionalQueryParameters', async () => {
    const res = await create({
      storesProduct: { productSlug: 'mug' },
      preferences: { additionalQueryParameters: { utm_source: 'mail', redirectSessionId: 'forged' } },
    });
    const s = sessionOf(res.body);
    expect(s.urlDetails.searchParams).toEqual({ utm_source: 'mail', redirectSessionId: s.id });
  });

  it('logout: ends the member session and goes to the post-flow URL', async () => {
    const member = await memberTokens(server());
    const res = await create(
      { logout: { clientId: CLIENT_ID }, callbacks: { postFlowUrl: `${server().url}/bye` } },
      member.access_token,
    );
    expect(res.status).toBe(200);
    const s = sessionOf(res.body);
    expect(s.urlDetails).toEqual({
      endpoint: `${server().url}/_api/iam/authentication/v1/logout`,
      searchParams: { postLogoutRedirectUri: `${server().url}/bye`, clientId: CLIENT_ID },
    });
    const refresh = await server().call('POST', '/oauth2/token', {
      body: { grantType: 'refresh_token', refreshToken: member.refresh_token },
    });
    expect(refresh.body.error).toBe('invalid_grant');
    const nav = await fetch(s.fullUrl, { redirect: 'manual' });
    expect(nav.status).toBe(302);
    expect(nav.headers.get('location')).toBe(`${server().url}/bye`);
    const evil = await create({
      logout: { clientId: CLIENT_ID },
      callbacks: { postFlowUrl: 'https://evil.example' },
    });
    expect(violationField(evil.body)).toBe('callbacks.postFlowUrl');
  });

  it('auth: points at the authorize endpoint, after checking client and redirect URI', async () => {
    const res = await create({ auth: { authRequest: authRequest(), prompt: 'login' } });
    expect(res.status).toBe(200);
    const s = sessionOf(res.body);
    expect(s.urlDetails.endpoint).toBe(`${server().url}/oauth2/authorize`);
    expect(s.urlDetails.searchParams).toMatchObject({
      client_id: CLIENT_ID,
      prompt: 'login',
      code_challenge_method: 'S256',
    });
    const unknown = await create({ auth: { authRequest: authRequest(pkce(), { clientId: 'nope' }) } });
    expect(violationField(unknown.body)).toBe('auth.authRequest.clientId');
    const foreign = await create({
      auth: { authRequest: authRequest(pkce(), { redirectUri: 'https://evil.example/cb' }) },
    });
    expect(violationField(foreign.body)).toBe('auth.authRequest.redirectUri');
  });
});

async function authorizeUrl(params: Record<string, string>) {
  return fetch(`${server().url}/oauth2/authorize?${new URLSearchParams(params)}`, { redirect: 'manual' });
}
function baseParams(flow = pkce()): Record<string, string> {
  return {
    client_id: CLIENT_ID,
    redirect_uri: `${server().url}/callback`,
    response_type: 'code',
    state: flow.state,
    code_challenge: flow.challenge,
    code_challenge_method: 'S256',
    scope: 'offline_access',
  };
}
const fragmentOf = (res: Response) =>
  new URLSearchParams(new URL(res.headers.get('location')!).hash.slice(1));

describe('authorize step', () => {
  it('direct login: web_message page posts {code, state} and is frameable only by the client origins', async () => {
    const email = uniqueEmail();
    const visitorTokensNow = await visitorTokens(server());
    const reg = await register(server(), email, PASSWORD, visitorTokensNow.access_token);
    const flow = pkce();
    const session = await create(
      {
        auth: {
          authRequest: {
            clientId: CLIENT_ID,
            responseType: 'code',
            responseMode: 'web_message',
            state: flow.state,
            codeChallenge: flow.challenge,
            codeChallengeMethod: 'S256',
            scope: 'offline_access',
            sessionToken: reg.body.sessionToken,
          },
          prompt: 'none',
        },
      },
      visitorTokensNow.access_token,
    );
    const s = sessionOf(session.body);
    // The session token is a secret: not in the stored URL, the event or a short URL.
    expect(s.shortUrl).toBe(s.fullUrl);
    const events = await server().ctx.db.select().from(outboxEvents).where(eq(outboxEvents.entityId, s.id));
    expect(JSON.stringify(events[0]!.payload)).not.toContain(reg.body.sessionToken as string);
    const page = await fetch(s.fullUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain(`frame-ancestors ${server().url}`);
    const html = await page.text();
    const data = JSON.parse(/const data = (\{.*?\});/.exec(html)![1]!) as { code: string; state: string };
    expect(data.state).toBe(flow.state);
    expect(html).toContain(`postMessage(data, origin)`);
    const tokens = await exchange(server(), data.code, flow.verifier);
    expect(tokens.status).toBe(200);
    // The session token was single-use.
    const again = await fetch(s.fullUrl);
    expect(await again.text()).toContain('login_required');
  });

  it('prompt=none without a valid session token answers login_required to the client', async () => {
    const flow = pkce();
    const res = await authorizeUrl({ ...baseParams(flow), prompt: 'none' });
    expect(res.status).toBe(302);
    const f = fragmentOf(res);
    expect(f.get('error')).toBe('login_required');
    expect(f.get('state')).toBe(flow.state);
  });

  it('never redirects to a foreign redirect URI or for an unknown client', async () => {
    for (const params of [
      { ...baseParams(), redirect_uri: 'https://evil.example/callback' },
      { ...baseParams(), redirect_uri: `${server().url}/callback/../evil` },
      { ...baseParams(), client_id: 'nope' },
      { ...baseParams(), client_id: '' },
      { ...baseParams(), redirect_uri: 'https://partner.example/cb' },
    ]) {
      const res = await authorizeUrl(params);
      expect(res.status).toBe(400);
      expect(res.headers.get('location')).toBeNull();
      expect(res.headers.get('content-type')).toContain('text/html');
    }
  });

  it('reports protocol errors to the registered redirect URI', async () => {
    const cases: Array<[Record<string, string>, string]> = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ code_challenge: '' }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ scope: 'admin' }, 'invalid_scope'],
    ];
    for (const [override, error] of cases) {
      const res = await authorizeUrl({ ...baseParams(), ...override });
      expect(res.status).toBe(302);
      expect(fragmentOf(res).get('error')).toBe(error);
    }
  });

  it('query response mode puts the code in the query string', async () => {
    const reg = await register(server(), uniqueEmail());
    const res = await authorizeUrl({
      ...baseParams(),
      response_mode: 'query',
      prompt: 'none',
      sessionToken: reg.body.sessionToken as string,
    });
    const location = new URL(res.headers.get('location')!);
    expect(location.pathname).toBe('/callback');
    expect(location.searchParams.get('code')).toBeTruthy();
  });

  it('prompt=login shows the hosted login page, whose form completes the authorize step', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const flow = pkce();
    const params = { ...baseParams(flow), prompt: 'login' };
    const page = await authorizeUrl(params);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<form id="login" method="post" action="/oauth2/authorize"');
    expect(html).toContain('name="viewport"');
    const post = (fields: Record<string, string>) =>
      fetch(`${server().url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, step: 'login', ...fields }),
      });
    const wrong = await post({ email, password: 'wrong password' });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get('location')).toBeNull();
    expect(await wrong.text()).toContain('The e-mail address or the password is not right.');
    const ok = await post({ email, password: PASSWORD });
    expect(ok.status).toBe(303);
    const f = fragmentOf(ok);
    expect(f.get('state')).toBe(flow.state);
    const tokens = await exchange(server(), f.get('code')!, flow.verifier, `${server().url}/callback`);
    expect(tokens.status).toBe(200);
  });

  it('the hosted page asks for the mailed code when the store requires verification', async () => {
    await server().call('PATCH', '/members/v1/policies', {
      token: server().adminKey,
      body: { requireEmailVerification: true },
    });
    const email = uniqueEmail();
    await register(server(), email);
    const flow = pkce();
    const params = { ...baseParams(flow), prompt: 'login' };
    const post = (fields: Record<string, string>) =>
      fetch(`${server().url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, ...fields }),
      });
    const step = await post({ step: 'login', email, password: PASSWORD });
    expect(step.status).toBe(200);
    const html = await step.text();
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(html)![1]!;
    const code = (await lastMail(server(), email, 'verification-code')).data.code!;
    const done = await post({ step: 'code', stateToken, code, factorType: 'EMAIL', verifying: '1' });
    expect(done.status).toBe(303);
    expect(fragmentOf(done).get('code')).toBeTruthy();
  });

  it('binds codes to the client that asked', async () => {
    const reg = await register(server(), uniqueEmail());
    const flow = pkce();
    const res = await authorizeUrl({
      ...baseParams(flow),
      prompt: 'none',
      sessionToken: reg.body.sessionToken as string,
    });
    const code = fragmentOf(res).get('code')!;
    const stolen = await server().call('POST', '/oauth2/token', {
      body: {
        grantType: 'authorization_code',
        clientId: 'partner',
        code,
        codeVerifier: flow.verifier,
        redirectUri: 'https://partner.example/cb',
      },
    });
    expect(stolen.body.error).toBe('invalid_grant');
    expect(errorCode(stolen.body)).toBe('INVALID_GRANT');
  });
});
