import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createClient } from '../core/client.ts';
import { AisleApplicationError, AisleSystemError } from '../core/errors.ts';
import { products } from '../modules/products.ts';
import { fakeBrowser } from '../testing/fake-browser.ts';
import { fakeFetch, json, parseUrl, type RecordedCall } from '../testing/fake-fetch.ts';
import { DIRECT_LOGIN_TIMEOUT_MS, PREWARM_INTERVAL_MS, PREWARM_STORAGE_KEY } from './constants.ts';
import { createCodeChallenge } from './pkce.ts';
import type { StateMachine } from '../modules/identity-types.ts';
import { loginResultFromState } from './login-states.ts';
import { OAuthStrategy, type OAuthStrategyOptions } from './strategy.ts';
import { memoryTokenStorage, type Tokens } from './tokens.ts';

const NOW = 1_700_000_000_000;
const NOW_S = NOW / 1000;

type Route = (call: RecordedCall, body: Record<string, unknown>) => Response | Promise<Response>;

/** A fake Aisle server: `'POST /oauth2/token'` → handler; anything else is a 404. */
function fakeServer(routes: Record<string, Route>) {
  const { fetch, calls } = fakeFetch((call) => {
    const route = routes[`${call.method} ${parseUrl(call.url).path}`];
    const body: Record<string, unknown> = call.body ? JSON.parse(call.body) : {};
    return route
      ? route(call, body)
      : json({ message: 'no route' }, { status: 404, statusText: 'Not Found' });
  });
  const bodies = (path: string): Record<string, unknown>[] =>
    calls.filter((call) => parseUrl(call.url).path === path).map((call) => JSON.parse(call.body ?? '{}'));
  return { fetch, calls, bodies };
}

let issued = 0;
/** Token endpoint answering every grant with fresh tokens named after the grant. */
const tokenRoute: Route = (_call, body) => {
  issued += 1;
  const grant = String(body.grantType ?? body.grant_type);
  return json({
    access_token: `${grant}-access-${issued}`,
    refresh_token: `${grant}-refresh-${issued}`,
    expires_in: 3600,
  });
};

const tokensOf = (
  access: string,
  expiresAt: number,
  refresh: string,
  role: Tokens['refreshToken']['role'],
): Tokens => ({
  accessToken: { value: access, expiresAt },
  refreshToken: { value: refresh, role },
});

function strategy(routes: Record<string, Route>, options: Partial<OAuthStrategyOptions> = {}) {
  const server = fakeServer(routes);
  const auth = OAuthStrategy({ clientId: 'demo-storefront', fetch: server.fetch, ...options });
  return { auth, ...server };
}

beforeEach(() => {
  issued = 0;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
});

afterEach(() => {
  vi.useRealTimers();
});

describe('OAuthStrategy: visitor tokens', () => {
  it('fetches anonymous tokens lazily, once, and sends the raw access token', async () => {
    const { auth, calls, bodies } = strategy(
      { 'POST /oauth2/token': tokenRoute },
      { baseUrl: 'https://shop.test/' },
    );
    expect(calls).toHaveLength(0);
    expect(auth.getTokens().refreshToken.role).toBe('none');

    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'anonymous-access-1' });
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'anonymous-access-1' });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('https://shop.test/oauth2/token');
    expect(calls[0]?.method).toBe('POST');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(calls[0]?.headers.get('Authorization')).toBeNull();
    expect(bodies('/oauth2/token')).toEqual([{ grantType: 'anonymous', clientId: 'demo-storefront' }]);
    expect(auth.getTokens()).toEqual(
      tokensOf('anonymous-access-1', NOW_S + 3600, 'anonymous-refresh-1', 'visitor'),
    );
    expect(auth.loggedIn()).toBe(false);
  });

  it('accepts expires_in as a numeric string', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': () => json({ access_token: 'a', refresh_token: 'r', expires_in: '120' }),
    });
    await auth.getAuthHeaders();
    expect(auth.getTokens().accessToken.expiresAt).toBe(NOW_S + 120);
  });

  it('uses the access token up to its expiry second, then renews it from the refresh token', async () => {
    const { auth, bodies } = strategy(
      { 'POST /oauth2/token': tokenRoute },
      { tokens: tokensOf('old-access', NOW_S, 'old-refresh', 'visitor') },
    );
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'old-access' });
    expect(bodies('/oauth2/token')).toHaveLength(0);

    vi.setSystemTime(NOW + 1000);
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'refresh_token-access-1' });
    expect(bodies('/oauth2/token')).toEqual([
      { grantType: 'refresh_token', refreshToken: 'old-refresh', clientId: 'demo-storefront' },
    ]);
    // The rotated refresh token replaces the spent one, with the same role.
    expect(auth.getTokens()).toEqual(
      tokensOf('refresh_token-access-1', NOW_S + 1 + 3600, 'refresh_token-refresh-1', 'visitor'),
    );
  });

  it('renews a missing access token from a stored refresh token', async () => {
    const { auth, bodies } = strategy(
      { 'POST /oauth2/token': tokenRoute },
      { tokens: tokensOf('', 0, 'member-refresh', 'member') },
    );
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'refresh_token-access-1' });
    expect(bodies('/oauth2/token')[0]?.grantType).toBe('refresh_token');
    expect(auth.getTokens().refreshToken).toEqual({ value: 'refresh_token-refresh-1', role: 'member' });
    expect(auth.loggedIn()).toBe(true);
  });

  it('falls back to new anonymous tokens when the renewal fails', async () => {
    const { auth, bodies } = strategy(
      {
        'POST /oauth2/token': (call, body) =>
          body.grantType === 'refresh_token'
            ? json({ message: 'revoked' }, { status: 400, statusText: 'Bad Request' })
            : tokenRoute(call, body),
      },
      { tokens: tokensOf('expired', NOW_S - 10, 'revoked-refresh', 'member') },
    );
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'anonymous-access-1' });
    expect(bodies('/oauth2/token').map((body) => body.grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'anonymous-refresh-1', role: 'visitor' });
    expect(auth.loggedIn()).toBe(false);
  });

  it('falls back to anonymous tokens when the renewal cannot reach the server', async () => {
    const { auth, bodies } = strategy(
      {
        'POST /oauth2/token': (call, body) => {
          if (body.grantType === 'refresh_token') throw new TypeError('fetch failed');
          return tokenRoute(call, body);
        },
      },
      { tokens: tokensOf('', 0, 'r', 'visitor') },
    );
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'anonymous-access-1' });
    expect(bodies('/oauth2/token').map((body) => body.grantType)).toEqual(['refresh_token', 'anonymous']);
  });

  it.each([
    ['missing', () => tokensOf('', 0, '', 'none')],
    ['expired', () => tokensOf('old', NOW_S - 1, 'old-refresh', 'visitor')],
  ])('runs a single token call for 10 concurrent calls (%s access token)', async (_case, initial) => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { auth, bodies } = strategy(
      {
        'POST /oauth2/token': async (call, body) => {
          await gate;
          return tokenRoute(call, body);
        },
      },
      { tokens: initial() },
    );
    const pending = Array.from({ length: 10 }, () => auth.getAuthHeaders());
    await Promise.resolve();
    release();
    const headers = await Promise.all(pending);
    expect(bodies('/oauth2/token')).toHaveLength(1);
    expect(new Set(headers.map((header) => header.Authorization)).size).toBe(1);
    expect(headers[0]?.Authorization).toBe(auth.getTokens().accessToken.value);
    // Once it settled, a later expiry starts a new renewal.
    vi.setSystemTime(NOW + 3601 * 1000);
    await auth.getAuthHeaders();
    expect(bodies('/oauth2/token')).toHaveLength(2);
  });

  it('does not let a renewal that finishes late overwrite tokens stored meanwhile', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const { auth } = strategy({
      'POST /oauth2/token': async (call, body) => {
        await gate;
        return tokenRoute(call, body);
      },
    });
    const pending = auth.getAuthHeaders();
    const member = tokensOf('member-access', NOW_S + 60, 'member-refresh', 'member');
    auth.setTokens(member);
    release();
    expect(await pending).toEqual({ Authorization: 'member-access' });
    expect(auth.getTokens()).toEqual(member);
  });

  it('reports a failed token call with status text, request id and body', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': () =>
        json(
          {
            message: 'unknown client',
            details: { applicationError: { code: 'INVALID_CLIENT', description: 'x' } },
          },
          { status: 401, statusText: 'Unauthorized', headers: { 'X-Aisle-Request-Id': 'req-42' } },
        ),
    });
    const error = await auth.getAuthHeaders().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AisleApplicationError);
    expect(error).toMatchObject({
      message:
        'Failed to fetch tokens from OAuth API: Unauthorized. request id: req-42. Response: {"message":"unknown client","details":{"applicationError":{"code":"INVALID_CLIENT","description":"x"}}}',
      status: 401,
      code: 'INVALID_CLIENT',
      requestId: 'req-42',
    });
  });

  it('reports a token call without status text or request id, and a network failure', async () => {
    const bare = strategy({ 'POST /oauth2/token': () => new Response('oops', { status: 500 }) });
    await expect(bare.auth.getAuthHeaders()).rejects.toThrow(
      'Failed to fetch tokens from OAuth API: HTTP 500. request id: unknown. Response: "oops"',
    );
    const down = strategy({
      'POST /oauth2/token': () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(down.auth.getAuthHeaders()).rejects.toBeInstanceOf(AisleSystemError);
    const empty = strategy({ 'POST /oauth2/token': () => json({ access_token: 'a' }) });
    await expect(empty.auth.getAuthHeaders()).rejects.toThrow('the response has no tokens');
  });

  it('authenticates a client’s module calls', async () => {
    const server = fakeServer({
      'POST /oauth2/token': tokenRoute,
      'GET /stores-reader/v1/products/p1': () => json({ product: { id: 'p1' } }),
    });
    const auth = OAuthStrategy({ clientId: 'demo-storefront', fetch: server.fetch });
    const client = createClient({ modules: { products }, fetch: server.fetch, auth });
    await client.products.getProduct('p1');
    expect(server.calls[1]?.headers.get('Authorization')).toBe('anonymous-access-1');
  });

  it('reads and writes its tokens through the storage', async () => {
    const storage = memoryTokenStorage(tokensOf('stored', NOW_S + 60, 'stored-refresh', 'member'));
    const { auth } = strategy({ 'POST /oauth2/token': tokenRoute }, { tokenStorage: storage });
    expect(auth.loggedIn()).toBe(true);
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'stored' });
    // Another writer (a second tab sharing localStorage) is seen at once.
    storage.set(tokensOf('other', NOW_S + 60, 'other-refresh', 'visitor'));
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'other' });
    expect(auth.loggedIn()).toBe(false);
    const next = tokensOf('set', NOW_S + 60, 'set-refresh', 'member');
    auth.setTokens(next);
    expect(storage.get()).toEqual(next);
  });

  it('generateVisitorTokens keeps valid tokens, renews or starts over, and stores nothing', async () => {
    const { auth, bodies } = strategy({ 'POST /oauth2/token': tokenRoute });
    const valid = tokensOf('a', NOW_S + 5, 'r', 'visitor');
    expect(await auth.generateVisitorTokens(valid)).toEqual(valid);
    expect(bodies('/oauth2/token')).toHaveLength(0);
    expect((await auth.generateVisitorTokens({ refreshToken: valid.refreshToken })).accessToken.value).toBe(
      'refresh_token-access-1',
    );
    expect((await auth.generateVisitorTokens()).refreshToken.role).toBe('visitor');
    expect(auth.getTokens().refreshToken.role).toBe('none');
  });
});

describe('OAuthStrategy: role and loggedIn', () => {
  it.each([
    ['none', false],
    ['visitor', false],
    ['member', true],
  ] as const)('refresh token role %s → loggedIn %s', (role, loggedIn) => {
    const { auth } = strategy({}, { tokens: tokensOf('a', NOW_S + 60, 'r', role) });
    expect(auth.loggedIn()).toBe(loggedIn);
  });
});

const IAM = '/_api/iam/authentication/v2';
const appError = (code: string, data?: unknown, status = 400) =>
  json(
    { message: 'rejected', details: { applicationError: { code, description: `code ${code}`, data } } },
    { status, statusText: 'Bad Request' },
  );

describe('OAuthStrategy: register', () => {
  it('sends the wire body as the current visitor and maps SUCCESS', async () => {
    const { auth, calls, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () =>
        json({ state: 'SUCCESS', sessionToken: 'session-1', identity: { id: 'm1' } }),
    });
    const result = await auth.register({
      email: 'ann@example.com',
      password: 'secret-password',
      profile: { firstName: 'Ann' },
      captchaTokens: { recaptchaToken: 'visible-1', invisibleRecaptchaToken: 'invisible-1' },
    });
    expect(result).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'session-1' } });
    expect(bodies(`${IAM}/register`)).toEqual([
      {
        loginId: { email: 'ann@example.com' },
        password: 'secret-password',
        profile: { firstName: 'Ann' },
        captchaTokens: [{ Recaptcha: 'visible-1' }, { InvisibleRecaptcha: 'invisible-1' }],
      },
    ]);
    expect(calls[1]?.headers.get('Authorization')).toBe('anonymous-access-1');
  });

  it.each([
    [{ state: 'REQUIRE_OWNER_APPROVAL', identity: {} }, { loginState: 'OWNER_APPROVAL_REQUIRED' }],
    [
      { state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-1' },
      { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-1' } },
    ],
    [
      { state: 'STATUS_CHECK', stateToken: 'st-2' },
      { loginState: 'FAILURE', error: 'Unknown _state' },
    ],
    [{ state: 'REQUIRE_MISSING_FIELDS' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{}, { loginState: 'FAILURE', error: 'Unknown _state' }],
    [{ state: 'SUCCESS' }, { loginState: 'FAILURE', error: 'Unknown _state' }],
  ])('maps %j to %j', async (response, expected) => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () => json(response),
    });
    expect(await auth.register({ email: 'a@b.co', password: 'p' })).toMatchObject(expected);
  });

  it('keeps the unknown state response on the FAILURE (e.g. a second-factor step)', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json({ state: 'STATUS_CHECK', stateToken: 'st-2' }),
    });
    expect(await auth.login({ email: 'a@b.co', password: 'p' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
      response: { state: 'STATUS_CHECK', stateToken: 'st-2' },
    });
  });

  it('maps an EMAIL field violation to invalidEmail with the violation description', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () =>
        json(
          {
            message: 'invalid',
            details: {
              validationError: {
                fieldViolations: [
                  { field: 'password', description: 'too short', data: { type: 'PASSWORD' } },
                  {
                    field: 'loginId.email',
                    description: 'is not an e-mail address',
                    data: { type: 'EMAIL' },
                  },
                ],
              },
            },
          },
          { status: 400, statusText: 'Bad Request' },
        ),
    });
    expect(await auth.register({ email: 'nope', password: 'p' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
      error: 'is not an e-mail address',
    });
  });

  it.each([
    ['-19971', undefined, { loginState: 'FAILURE', errorCode: 'missingCaptchaToken' }],
    ['-19970', undefined, { loginState: 'FAILURE', errorCode: 'invalidCaptchaToken' }],
    ['-19995', undefined, { loginState: 'FAILURE', errorCode: 'emailAlreadyExists' }],
    [
      '-19971',
      { captcha: 'visible' },
      {
        loginState: 'USER_CAPTCHA_REQUIRED',
        errorCode: 'missingCaptchaToken',
        captcha: { variant: 'VISIBLE' },
      },
    ],
    [
      '-19971',
      { captcha: { variant: 'INVISIBLE', difficulty: 14 } },
      {
        loginState: 'SILENT_CAPTCHA_REQUIRED',
        errorCode: 'missingCaptchaToken',
        captcha: { variant: 'INVISIBLE', difficulty: 14 },
      },
    ],
    [
      '-19970',
      { captcha: { variant: 'VISIBLE', difficulty: 18 } },
      {
        loginState: 'FAILURE',
        errorCode: 'invalidCaptchaToken',
        captcha: { variant: 'VISIBLE', difficulty: 18 },
      },
    ],
    ['-19971', { captcha: 'puzzle' }, { loginState: 'FAILURE', errorCode: 'missingCaptchaToken' }],
  ])('maps application error %s (data %j)', async (code, data, expected) => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () => appError(code, data),
    });
    const result = await auth.register({ email: 'a@b.co', password: 'p' });
    expect(result).toMatchObject({ ...expected, error: `rejected: code ${code}` });
    if (result.loginState === 'FAILURE' && !('captcha' in expected)) expect(result.captcha).toBeUndefined();
  });

  it('keeps other register errors as a FAILURE without errorCode, with the error as cause', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () => appError('THROTTLED_FEATURE', undefined, 429),
    });
    const result = await auth.register({ email: 'a@b.co', password: 'p' });
    expect(result).toMatchObject({ loginState: 'FAILURE', error: 'rejected: code THROTTLED_FEATURE' });
    expect(result.loginState === 'FAILURE' && result.errorCode).toBe(undefined);
    expect(result.loginState === 'FAILURE' && result.cause?.status).toBe(429);
  });
});

describe('OAuthStrategy: login', () => {
  it('sends loginId, password and captcha tokens and maps SUCCESS', async () => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json({ state: 'SUCCESS', sessionToken: 'session-2' }),
    });
    expect(
      await auth.login({
        email: 'ann@example.com',
        password: 'pw',
        captchaTokens: { invisibleRecaptchaToken: 'c:1' },
      }),
    ).toEqual({ loginState: 'SUCCESS', data: { sessionToken: 'session-2' } });
    expect(bodies(`${IAM}/login`)).toEqual([
      {
        loginId: { email: 'ann@example.com' },
        password: 'pw',
        captchaTokens: [{ InvisibleRecaptcha: 'c:1' }],
      },
    ]);
  });

  it.each([
    ['-19976', 'invalidPassword'],
    ['-19973', 'resetPassword'],
    ['-19971', 'missingCaptchaToken'],
    ['-19970', 'invalidCaptchaToken'],
    ['-19995', 'invalidEmail'],
    ['INVALID_LOGIN_ID', 'invalidEmail'],
  ])('maps application error %s to %s', async (code, errorCode) => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => appError(code),
    });
    expect(await auth.login({ email: 'a@b.co', password: 'p' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode,
    });
  });

  it('maps captcha requirements on login too', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => appError('-19971', { captcha: { variant: 'VISIBLE', difficulty: 18 } }),
    });
    expect(await auth.login({ email: 'a@b.co', password: 'p' })).toMatchObject({
      loginState: 'USER_CAPTCHA_REQUIRED',
      captcha: { variant: 'VISIBLE', difficulty: 18 },
    });
  });

  it('maps a validation-only error or a bare HTTP error to invalidEmail instead of crashing', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () =>
        json(
          {
            details: {
              validationError: { fieldViolations: [{ field: 'password', description: 'required' }] },
            },
          },
          { status: 400, statusText: 'Bad Request' },
        ),
    });
    expect(await auth.login({ email: 'a@b.co', password: '' })).toMatchObject({
      loginState: 'FAILURE',
      errorCode: 'invalidEmail',
    });
    const bare = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => new Response('', { status: 502 }),
    });
    expect(await bare.auth.login({ email: 'a@b.co', password: 'p' })).toMatchObject({
      errorCode: 'invalidEmail',
    });
  });

  it('rethrows when the server cannot be reached (no answer to map)', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => {
        throw new TypeError('fetch failed');
      },
    });
    await expect(auth.login({ email: 'a@b.co', password: 'p' })).rejects.toBeInstanceOf(AisleSystemError);
  });
});

describe('OAuthStrategy: processVerification', () => {
  const VERIFY = '/_api/iam/verification/v1/auth/verify';

  it('sends the code with the state token of the last EMAIL_VERIFICATION_REQUIRED result', async () => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () => json({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st-9' }),
      [`POST ${VERIFY}`]: () => json({ state: 'SUCCESS', sessionToken: 'session-9' }),
    });
    await auth.register({ email: 'a@b.co', password: 'p' });
    expect(await auth.processVerification({ verificationCode: '123456' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'session-9' },
    });
    expect(bodies(VERIFY)).toEqual([{ code: '123456', stateToken: 'st-9' }]);
  });

  it('takes an explicit state, and keeps the pending one after a wrong code', async () => {
    let attempts = 0;
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${VERIFY}`]: () => {
        attempts += 1;
        return attempts === 1
          ? appError('VERIFICATION_FAILED')
          : json({ state: 'REQUIRE_OWNER_APPROVAL', identity: { id: 'm' } });
      },
    });
    const pending = { loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: 'st-x' } } as const;
    expect(await auth.processVerification({ verificationCode: '000000' }, pending)).toMatchObject({
      loginState: 'FAILURE',
      error: 'rejected: code VERIFICATION_FAILED',
    });
    expect(await auth.processVerification({ verificationCode: '111111' }, pending)).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(bodies(VERIFY).map((body) => body.stateToken)).toEqual(['st-x', 'st-x']);
  });

  it.each([
    ['nothing pending', undefined],
    ['a SUCCESS state', { loginState: 'SUCCESS', data: { sessionToken: 's' } } as const],
  ])('fails with Unknown _state for %s, without a call', async (_case, state) => {
    const { auth, calls } = strategy({});
    expect(await auth.processVerification({ verificationCode: '1' }, state)).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(calls).toHaveLength(0);
  });
});

describe('OAuthStrategy: second factor', () => {
  const challenge = (factorType: string, stateToken = 'st-mfa') => ({
    state: 'STATUS_CHECK',
    stateToken,
    identity: { id: 'm1' },
    mfaChallengeData: {
      factorType,
      verificationChallengeData: { hint: factorType === 'TOTP' ? '' : `hint-${factorType}` },
      availableFactors: [
        { factorType: 'TOTP' },
        { factorType: 'SMS', hint: 'hint-SMS' },
        { factorType: 'CALL', hint: 'hint-CALL' },
      ],
    },
  });

  it('exposes a STATUS_CHECK challenge as `mfa` on the FAILURE Unknown _state result', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json(challenge('SMS')),
    });
    const result = await auth.login({ email: 'a@b.co', password: 'p' });
    expect(result).toMatchObject({
      loginState: 'FAILURE',
      error: 'Unknown _state',
      response: { state: 'STATUS_CHECK', stateToken: 'st-mfa' },
      mfa: {
        factorType: 'SMS',
        hint: 'hint-SMS',
        stateToken: 'st-mfa',
        availableFactors: [
          { factorType: 'TOTP', hint: '' },
          { factorType: 'SMS', hint: 'hint-SMS' },
          { factorType: 'CALL', hint: 'hint-CALL' },
        ],
      },
    });
    expect(result).not.toHaveProperty('errorCode');
  });

  it('lists the asked factor even when the server sends no availableFactors; no mfa without a state token', async () => {
    let body: Record<string, unknown> = {
      state: 'STATUS_CHECK',
      stateToken: 'st-1',
      mfaChallengeData: { factorType: 'EMAIL', verificationChallengeData: { hint: 'a**@b.co' } },
    };
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/register`]: () => json(body),
    });
    expect(await auth.register({ email: 'a@b.co', password: 'p' })).toMatchObject({
      mfa: {
        factorType: 'EMAIL',
        hint: 'a**@b.co',
        availableFactors: [{ factorType: 'EMAIL', hint: 'a**@b.co' }],
        stateToken: 'st-1',
      },
    });
    body = { state: 'STATUS_CHECK', mfaChallengeData: { factorType: 'EMAIL' } };
    expect(await auth.register({ email: 'a@b.co', password: 'p' })).not.toHaveProperty('mfa');
  });

  it('verifyFactor sends the code for the pending factor with its state token and maps SUCCESS', async () => {
    const { auth, bodies, calls } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json(challenge('SMS')),
      [`POST ${IAM}/SMS/verify`]: () => json({ state: 'SUCCESS', sessionToken: 'session-mfa' }),
    });
    await auth.login({ email: 'a@b.co', password: 'p' });
    expect(await auth.verifyFactor({ code: '123456', rememberThisDevice: true })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 'session-mfa' },
    });
    expect(bodies(`${IAM}/SMS/verify`)).toEqual([
      { stateToken: 'st-mfa', rememberThisDevice: true, smsData: { code: '123456' }, factorType: 'SMS' },
    ]);
    // As the same visitor that signed in.
    expect(calls.at(-1)?.headers.get('Authorization')).toBe('anonymous-access-1');
  });

  it.each([
    ['TOTP', 'totpData'],
    ['CALL', 'callData'],
    ['EMAIL', 'emailData'],
  ] as const)('verifyFactor puts a %s code in %s', async (factorType, field) => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/${factorType}/verify`]: () => json({ state: 'REQUIRE_OWNER_APPROVAL' }),
    });
    const pending = loginResultFromState(challenge(factorType) as StateMachine);
    expect(await auth.verifyFactor({ code: '1' }, pending)).toEqual({
      loginState: 'OWNER_APPROVAL_REQUIRED',
    });
    expect(bodies(`${IAM}/${factorType}/verify`)).toEqual([
      { stateToken: 'st-mfa', [field]: { code: '1' }, factorType },
    ]);
  });

  it('keeps the step pending after a wrong code: a FAILURE with cause and mfa, then a retry', async () => {
    let attempts = 0;
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json(challenge('CALL')),
      [`POST ${IAM}/CALL/verify`]: () => {
        attempts += 1;
        return attempts === 1
          ? appError('VERIFICATION_FAILED')
          : json({ state: 'SUCCESS', sessionToken: 's' });
      },
    });
    const pending = await auth.login({ email: 'a@b.co', password: 'p' });
    const wrong = await auth.verifyFactor({ code: '000000' });
    expect(wrong).toMatchObject({
      loginState: 'FAILURE',
      error: 'rejected: code VERIFICATION_FAILED',
      mfa: { factorType: 'CALL', stateToken: 'st-mfa' },
    });
    expect(wrong.loginState === 'FAILURE' && wrong.cause).toBeInstanceOf(AisleApplicationError);
    expect(pending.loginState === 'FAILURE' && pending.mfa).toEqual(
      wrong.loginState === 'FAILURE' && wrong.mfa,
    );
    expect(await auth.verifyFactor({ code: '111111' })).toMatchObject({ loginState: 'SUCCESS' });
    expect(bodies(`${IAM}/CALL/verify`).map((body) => body.callData)).toEqual([
      { code: '000000' },
      { code: '111111' },
    ]);
  });

  it('sendFactorCode resends or switches the step, and verifyFactor follows the switch', async () => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/login`]: () => json(challenge('SMS')),
      [`POST ${IAM}/SMS/send`]: () => json(challenge('SMS')),
      [`POST ${IAM}/CALL/send`]: () => json(challenge('CALL')),
      [`POST ${IAM}/CALL/verify`]: () => json({ state: 'SUCCESS', sessionToken: 's-call' }),
    });
    await auth.login({ email: 'a@b.co', password: 'p' });
    expect(await auth.sendFactorCode()).toMatchObject({ mfa: { factorType: 'SMS', hint: 'hint-SMS' } });
    const switched = await auth.sendFactorCode({ factorType: 'CALL' });
    expect(switched).toMatchObject({ loginState: 'FAILURE', mfa: { factorType: 'CALL', hint: 'hint-CALL' } });
    expect(bodies(`${IAM}/SMS/send`)).toEqual([{ stateToken: 'st-mfa', factorType: 'SMS' }]);
    expect(bodies(`${IAM}/CALL/send`)).toEqual([{ stateToken: 'st-mfa', factorType: 'CALL' }]);
    expect(await auth.verifyFactor({ code: '222222' })).toEqual({
      loginState: 'SUCCESS',
      data: { sessionToken: 's-call' },
    });
  });

  it('sendFactorCode reports a throttled send as a FAILURE with a 429 cause and the unchanged mfa', async () => {
    const { auth } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${IAM}/SMS/send`]: () => appError('THROTTLED_FEATURE', { retryAfterSeconds: 12 }, 429),
    });
    const pending = loginResultFromState(challenge('SMS') as StateMachine);
    const result = await auth.sendFactorCode({}, pending);
    expect(result).toMatchObject({ loginState: 'FAILURE', mfa: { factorType: 'SMS', stateToken: 'st-mfa' } });
    const cause = result.loginState === 'FAILURE' ? result.cause : undefined;
    expect(cause?.status).toBe(429);
    expect(cause?.data).toEqual({ retryAfterSeconds: 12 });
  });

  it('fails with Unknown _state without a pending factor, and refuses factors without codes, without a call', async () => {
    const { auth, calls } = strategy({});
    expect(await auth.verifyFactor({ code: '1' })).toEqual({
      loginState: 'FAILURE',
      error: 'Unknown _state',
    });
    expect(await auth.sendFactorCode()).toEqual({ loginState: 'FAILURE', error: 'Unknown _state' });
    const plain = { loginState: 'FAILURE', error: 'Unknown _state' } as const;
    expect(await auth.verifyFactor({ code: '1' }, plain)).toEqual(plain);
    const pending = loginResultFromState(challenge('SMS') as StateMachine);
    expect(await auth.verifyFactor({ code: '1', factorType: 'PUSH' }, pending)).toMatchObject({
      loginState: 'FAILURE',
      error: 'Unsupported factor type PUSH',
      mfa: { factorType: 'SMS' },
    });
    expect(calls).toHaveLength(0);
  });
});

const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const session = (fullUrl: string | undefined) => () =>
  json({ redirectSession: { id: 'rs-1', ...(fullUrl ? { fullUrl } : {}) } });

describe('OAuthStrategy: redirect login (PKCE)', () => {
  it('getAuthUrl creates an auth redirect session and returns its fullUrl', async () => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      [`POST ${REDIRECT}`]: session('https://shop.test/oauth2/authorize?x=1'),
    });
    const data = await auth.generateOAuthData('https://shop.test/callback', '/cart');
    expect(await auth.getAuthUrl(data)).toEqual({ authUrl: 'https://shop.test/oauth2/authorize?x=1' });
    expect(await auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query' })).toBeDefined();
    expect(bodies(REDIRECT)).toEqual([
      {
        auth: {
          authRequest: {
            clientId: 'demo-storefront',
            responseType: 'code',
            redirectUri: 'https://shop.test/callback',
            scope: 'offline_access',
            state: data.state,
            responseMode: 'fragment',
            codeChallenge: data.codeChallenge,
            codeChallengeMethod: 'S256',
          },
          prompt: 'login',
        },
      },
      expect.objectContaining({
        auth: expect.objectContaining({
          authRequest: expect.objectContaining({ responseMode: 'query' }),
          prompt: 'none',
        }),
      }),
    ]);
  });

  it("getAuthUrl fails with 'No redirect URL found' when the session has no fullUrl", async () => {
    const { auth } = strategy({ 'POST /oauth2/token': tokenRoute, [`POST ${REDIRECT}`]: session(undefined) });
    await expect(auth.getAuthUrl(await auth.generateOAuthData('https://x.test/cb'))).rejects.toThrow(
      'No redirect URL found',
    );
  });

  it('generateOAuthData checks the verifier length', async () => {
    const { auth } = strategy({});
    expect(
      (await auth.generateOAuthData('https://x.test/cb', undefined, { codeVerifierLength: 128 }))
        .codeVerifier,
    ).toHaveLength(128);
    await expect(
      auth.generateOAuthData('https://x.test/cb', undefined, { codeVerifierLength: 42 }),
    ).rejects.toThrow('Expected a length between 43 and 128');
  });

  it.each([
    ['fragment', 'https://shop.test/cb#code=c%201&state=s1', { code: 'c 1', state: 's1' }],
    ['query', 'https://shop.test/cb?code=c2&state=s2#top', { code: 'c2', state: 's2' }],
    [
      'fragment',
      'https://shop.test/cb#error=access_denied&error_description=No%20thanks&state=s3',
      { error: 'access_denied', errorDescription: 'No thanks', state: 's3' },
    ],
    [
      'query',
      '/cb?error=login_required',
      { error: 'login_required', errorDescription: undefined, state: undefined },
    ],
  ] as const)('parseFromUrl(%s) reads %s', (mode, url, expected) => {
    const { auth } = strategy({});
    expect(auth.parseFromUrl(url, mode)).toEqual(expected);
  });

  it.each([
    ['https://shop.test/cb#state=s1', 'fragment'],
    ['https://shop.test/cb#code=c1', 'fragment'],
    ['https://shop.test/cb?code=c1&state=s1', 'fragment'],
    ['https://shop.test/cb#code=c1&state=s1', 'query'],
  ] as const)("parseFromUrl(%s, %s) fails with 'Missing code or _state'", (url, mode) => {
    const { auth } = strategy({});
    expect(() => auth.parseFromUrl(url, mode)).toThrow('Missing code or _state');
  });

  it('parseFromUrl reads the current page in a browser, and needs one without a URL', () => {
    const browser = fakeBrowser('https://shop.test/cb#code=here&state=st');
    expect(strategy({}, { browser: browser.env }).auth.parseFromUrl()).toEqual({ code: 'here', state: 'st' });
    expect(() => strategy({}).auth.parseFromUrl()).toThrow('parseFromUrl needs a browser');
  });

  it('getMemberTokens exchanges the code with the verifier and stores member tokens', async () => {
    const { auth, bodies } = strategy({ 'POST /oauth2/token': tokenRoute });
    const data = await auth.generateOAuthData('https://shop.test/callback');
    const tokens = await auth.getMemberTokens('code-1', data.state, data);
    expect(bodies('/oauth2/token')).toEqual([
      {
        grantType: 'authorization_code',
        clientId: 'demo-storefront',
        code: 'code-1',
        codeVerifier: data.codeVerifier,
        redirectUri: 'https://shop.test/callback',
      },
    ]);
    expect(tokens).toEqual(
      tokensOf('authorization_code-access-1', NOW_S + 3600, 'authorization_code-refresh-1', 'member'),
    );
    expect(auth.getTokens()).toEqual(tokens);
    expect(auth.loggedIn()).toBe(true);
    expect(await auth.getAuthHeaders()).toEqual({ Authorization: 'authorization_code-access-1' });
  });

  it("getMemberTokens refuses a foreign state ('Invalid _state') and a missing code, without a call", async () => {
    const { auth, calls } = strategy({ 'POST /oauth2/token': tokenRoute });
    const data = await auth.generateOAuthData('https://shop.test/callback');
    await expect(auth.getMemberTokens('code-1', `${data.state}x`, data)).rejects.toThrow('Invalid _state');
    await expect(auth.getMemberTokens('', data.state, data)).rejects.toThrow('Missing code or _state');
    await expect(auth.getMemberTokens('c', '', data)).rejects.toThrow('Missing code or _state');
    expect(calls).toHaveLength(0);
    expect(auth.loggedIn()).toBe(false);
  });

  it('a failed code exchange leaves the tokens as they were', async () => {
    const { auth } = strategy(
      {
        'POST /oauth2/token': () =>
          json({ error: 'invalid_grant' }, { status: 400, statusText: 'Bad Request' }),
      },
      { tokens: tokensOf('v', NOW_S + 60, 'vr', 'visitor') },
    );
    const data = await auth.generateOAuthData('https://shop.test/callback');
    await expect(auth.getMemberTokens('c', data.state, data)).rejects.toThrow(
      'Failed to fetch tokens from OAuth API: Bad Request. request id: unknown. Response: {"error":"invalid_grant"}',
    );
    expect(auth.getTokens().accessToken.value).toBe('v');
  });
});

describe('OAuthStrategy: logout and password reset', () => {
  it('gets the logout URL as the member, then clears both tokens', async () => {
    const { auth, calls, bodies } = strategy(
      { [`POST ${REDIRECT}`]: session('https://shop.test/logout?s=1') },
      { tokens: tokensOf('member-access', NOW_S + 60, 'member-refresh', 'member') },
    );
    expect(await auth.logout('https://shop.test/account')).toEqual({
      logoutUrl: 'https://shop.test/logout?s=1',
    });
    expect(bodies(REDIRECT)).toEqual([
      { logout: { clientId: 'demo-storefront' }, callbacks: { postFlowUrl: 'https://shop.test/account' } },
    ]);
    expect(calls[0]?.headers.get('Authorization')).toBe('member-access');
    expect(auth.getTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
    expect(auth.loggedIn()).toBe(false);
  });

  it('clears the tokens even when the logout call fails', async () => {
    const storage = memoryTokenStorage();
    const { auth } = strategy(
      { [`POST ${REDIRECT}`]: () => appError('BOOM', undefined, 500) },
      { tokens: tokensOf('m', NOW_S + 60, 'mr', 'member'), tokenStorage: storage },
    );
    await expect(auth.logout('https://shop.test/')).rejects.toThrow('rejected: code BOOM');
    expect(storage.get()).toBeUndefined();
    expect(auth.loggedIn()).toBe(false);
  });

  it('sends the password reset e-mail with the redirect URL and client id', async () => {
    const { auth, bodies } = strategy({
      'POST /oauth2/token': tokenRoute,
      'POST /_api/iam/recovery/v1/send-email': () => json({}),
    });
    await auth.sendPasswordResetEmail('ann@example.com', 'https://shop.test/reset');
    expect(bodies('/_api/iam/recovery/v1/send-email')).toEqual([
      { email: 'ann@example.com', redirect: { url: 'https://shop.test/reset', clientId: 'demo-storefront' } },
    ]);
  });
});

describe('OAuthStrategy: trusted login with an API key', () => {
  it('sends the authorized_client grant with the visitor token and the key', async () => {
    const { auth, calls, bodies } = strategy({ 'POST /oauth2/token': tokenRoute });
    const tokens = await auth.getMemberTokensForExternalLogin('member-1', 'api-key');
    expect(bodies('/oauth2/token')[1]).toEqual({
      grant_type: 'authorized_client',
      scope: 'offline_access',
      member_id: 'member-1',
    });
    expect(calls[1]?.headers.get('Authorization')).toBe('anonymous-access-1,api-key');
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.loggedIn()).toBe(true);
  });
});

/** Lets pending promise chains (fetch handlers, awaits) run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 20; i++) await Promise.resolve();
}

// Captured before any test fakes timers: waiting with it never moves a fake clock.
const realSetTimeout = globalThis.setTimeout;

/** Waits in real time until `condition` holds; fake clocks do not move. */
async function until(condition: () => boolean): Promise<void> {
  for (let i = 0; i < 1000 && !condition(); i++) await new Promise((resolve) => realSetTimeout(resolve, 0));
  expect(condition()).toBe(true);
}

describe('OAuthStrategy: direct login (hidden frame)', () => {
  const routes = () => ({
    'POST /oauth2/token': tokenRoute,
    [`POST ${REDIRECT}`]: session('https://shop.test/oauth2/authorize?session=1'),
  });

  it('loads the auth session in a hidden frame, takes the matching message and stores member tokens', async () => {
    const browser = fakeBrowser();
    const { auth, bodies } = strategy(routes(), { browser: browser.env });
    const result = auth.getMemberTokensForDirectLogin('session-token-1');
    await until(() => browser.frames.length === 1);
    const frame = browser.frames[0]!;
    expect(frame.src).toBe('https://shop.test/oauth2/authorize?session=1');
    expect(frame.style.display).toBe('none');
    expect(frame.attached).toBe(true);

    const request = bodies(REDIRECT)[0] as { auth: { authRequest: Record<string, unknown>; prompt: string } };
    expect(request.auth.prompt).toBe('none');
    expect(request.auth.authRequest).toMatchObject({
      clientId: 'demo-storefront',
      responseType: 'code',
      responseMode: 'web_message',
      scope: 'offline_access',
      sessionToken: 'session-token-1',
      codeChallengeMethod: 'S256',
    });
    expect(request.auth.authRequest).not.toHaveProperty('redirectUri');
    const state = String(request.auth.authRequest.state);
    expect(state).toHaveLength(43);

    browser.post({ code: 'wrong', state: 'someone-else' });
    browser.post('not an object');
    await settle();
    expect(frame.removed).toBe(false);

    browser.post({ code: 'code-7', state, extra: true });
    const tokens = await result;
    expect(frame.removed).toBe(true);
    expect(browser.listeners.size).toBe(0);

    const exchange = bodies('/oauth2/token')[1]!;
    expect(exchange).toMatchObject({
      grantType: 'authorization_code',
      clientId: 'demo-storefront',
      code: 'code-7',
    });
    expect(exchange).not.toHaveProperty('redirectUri');
    expect(await createCodeChallenge(String(exchange.codeVerifier))).toBe(
      request.auth.authRequest.codeChallenge,
    );
    expect(tokens.refreshToken.role).toBe('member');
    expect(auth.getTokens()).toEqual(tokens);
    expect(auth.loggedIn()).toBe(true);
  });

  it("times out with 'OAuth flow timed out' after DIRECT_LOGIN_TIMEOUT_MS and removes the frame", async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(NOW);
    const browser = fakeBrowser();
    const { auth } = strategy(routes(), { browser: browser.env });
    const result = auth.getMemberTokensForDirectLogin('s').catch((error: unknown) => error);
    await until(() => browser.frames.length === 1);
    await vi.advanceTimersByTimeAsync(DIRECT_LOGIN_TIMEOUT_MS - 1);
    expect(browser.frames[0]?.removed).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await result).toEqual(new Error('OAuth flow timed out'));
    expect(browser.frames[0]?.removed).toBe(true);
    expect(browser.listeners.size).toBe(0);
    expect(auth.loggedIn()).toBe(false);
  });

  it("fails with 'Missing code or _state' when the frame posts an error", async () => {
    const browser = fakeBrowser();
    const { auth, bodies } = strategy(routes(), { browser: browser.env });
    const result = auth.getMemberTokensForDirectLogin('s');
    await until(() => browser.frames.length === 1);
    const request = bodies(REDIRECT)[0] as { auth: { authRequest: { state: string } } };
    browser.post({ error: 'login_required', state: request.auth.authRequest.state });
    await expect(result).rejects.toThrow('Missing code or _state');
    expect(browser.frames[0]?.removed).toBe(true);
    expect(bodies('/oauth2/token')).toHaveLength(1);
  });

  it('needs a browser, and fails before any call without one', async () => {
    const { auth, calls } = strategy(routes(), { browser: null });
    await expect(auth.getMemberTokensForDirectLogin('s')).rejects.toThrow(
      'getMemberTokensForDirectLogin needs a browser',
    );
    expect(calls).toHaveLength(0);
  });
});

describe('OAuthStrategy: session pre-warm', () => {
  it('loads a login redirect session in a hidden frame, at most every 7 days', async () => {
    const browser = fakeBrowser();
    const { auth, bodies } = strategy(
      { 'POST /oauth2/token': tokenRoute, [`POST ${REDIRECT}`]: session('https://shop.test/login?warm=1') },
      { browser: browser.env },
    );
    const first = auth.prewarmSession();
    expect(auth.prewarmSession()).toBe(first);
    await until(() => browser.frames.length === 1);
    expect(browser.frames[0]?.src).toBe('https://shop.test/login?warm=1');
    expect(browser.frames[0]?.style.display).toBe('none');
    expect(browser.storage.getItem(PREWARM_STORAGE_KEY)).toBeNull();
    browser.frames[0]?.load();
    expect(await first).toBe(true);
    expect(browser.frames[0]?.removed).toBe(true);
    expect(bodies(REDIRECT)).toEqual([{ login: {} }]);
    expect(browser.storage.getItem(PREWARM_STORAGE_KEY)).toBe(String(NOW));

    vi.setSystemTime(NOW + PREWARM_INTERVAL_MS - 1);
    expect(await auth.prewarmSession()).toBe(false);
    expect(bodies(REDIRECT)).toHaveLength(1);

    vi.setSystemTime(NOW + PREWARM_INTERVAL_MS);
    const again = auth.prewarmSession();
    await until(() => browser.frames.length === 2);
    browser.frames[1]?.load();
    expect(await again).toBe(true);
    expect(bodies(REDIRECT)).toHaveLength(2);
    expect(browser.storage.getItem(PREWARM_STORAGE_KEY)).toBe(String(NOW + PREWARM_INTERVAL_MS));
  });

  it("fails with 'No redirect URL found' without a fullUrl, and records no run", async () => {
    const browser = fakeBrowser();
    const { auth } = strategy(
      { 'POST /oauth2/token': tokenRoute, [`POST ${REDIRECT}`]: session(undefined) },
      { browser: browser.env },
    );
    await expect(auth.prewarmSession()).rejects.toThrow('No redirect URL found');
    expect(browser.frames).toHaveLength(0);
    expect(browser.storage.items.size).toBe(0);
  });

  it('needs a browser: none is detected in Node', async () => {
    const { auth, calls } = strategy({});
    await expect(auth.prewarmSession()).rejects.toThrow('prewarmSession needs a browser');
    expect(calls).toHaveLength(0);
  });
});
