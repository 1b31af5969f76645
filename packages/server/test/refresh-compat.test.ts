import { beforeAll, describe, expect, it } from 'vitest';
import { line, product, seedStore } from './checkout-helpers.ts';
import { serverForFile } from './file-server.ts';
import { CLIENT_ID, register, uniqueEmail } from './identity-helpers.ts';

/**
 * Clients that keep their first refresh token (the reference platform's own client renews an expired access token
 * and goes on using the refresh token it started with): registered with `rotateRefreshTokens: false`, their
 * visitors keep their cart and members stay signed in over any number of renewals. Rotating clients (the demo
 * storefront, Aisle's SDK) keep reuse detection.
 */

const { server } = serverForFile({ seed: seedStore });
let productId = '';
const KEEPER = 'keeps-first-refresh-token';

beforeAll(async () => {
  await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { captcha: 'OFF' },
  });
  productId = await product(server(), { name: 'Enamel mug', price: '12.00' });
  const created = await server().call('POST', '/v1/oauth-clients', {
    token: server().adminKey,
    body: {
      id: KEEPER,
      name: 'Reference client',
      allowedOrigins: ['https://shop.example'],
      rotateRefreshTokens: false,
    },
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.client).toMatchObject({ id: KEEPER, rotateRefreshTokens: false });
});

interface Tokens {
  access_token: string;
  refresh_token: string;
}
const grant = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  server().call('POST', '/oauth2/token', { body, headers });
const renew = (refreshToken: string, clientId = KEEPER) =>
  grant({ grantType: 'refresh_token', refreshToken, clientId });
const subjectOf = async (accessToken: string) =>
  (await server().call('POST', '/oauth2/token-info', { body: { token: accessToken } })).body as {
    active: boolean;
    subjectType: string;
    subjectId: string;
  };
const cartOf = async (accessToken: string) => {
  const res = await server().call('GET', '/ecom/v1/carts/current', { token: accessToken });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.cart as { id: string; lineItems: Array<{ quantity: number }> };
};

describe('a client that keeps its first refresh token', () => {
  it('renews three times: same visitor, same cart', async () => {
    const first = (await grant({ grantType: 'anonymous', clientId: KEEPER })).body as unknown as Tokens;
    const visitor = await subjectOf(first.access_token);
    const added = await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: first.access_token,
      body: { lineItems: [line(productId, 2)] },
    });
    expect(added.status, JSON.stringify(added.body)).toBe(200);
    const cart = await cartOf(first.access_token);
    for (let renewal = 1; renewal <= 3; renewal++) {
      // The client throws away whatever refresh token comes back and presents its first one again.
      const res = await renew(first.refresh_token);
      expect(res.status, `renewal ${renewal}: ${JSON.stringify(res.body)}`).toBe(200);
      const access = res.body.access_token as string;
      expect(await subjectOf(access)).toMatchObject({
        active: true,
        subjectType: 'VISITOR',
        subjectId: visitor.subjectId,
      });
      const now = await cartOf(access);
      expect(now.id).toBe(cart.id);
      expect(now.lineItems.map((l) => l.quantity)).toEqual([2]);
    }
  });

  it('renews three times: the member stays signed in and keeps the cart', async () => {
    const visitor = (await grant({ grantType: 'anonymous', clientId: KEEPER })).body as unknown as Tokens;
    await server().call('POST', '/ecom/v1/carts/current/add-to-cart', {
      token: visitor.access_token,
      body: { lineItems: [line(productId, 1)] },
    });
    const email = uniqueEmail('keeper');
    const reg = await register(server(), email, undefined, visitor.access_token);
    expect(reg.body.state).toBe('SUCCESS');
    // The merchant's server signs the member in for its client (trusted login).
    const signIn = await grant(
      { grantType: 'authorized_client', clientId: KEEPER, sessionToken: reg.body.sessionToken },
      { authorization: `${visitor.access_token},${server().adminKey}` },
    );
    expect(signIn.status, JSON.stringify(signIn.body)).toBe(200);
    const member = signIn.body as unknown as Tokens;
    const memberId = (await subjectOf(member.access_token)).subjectId;
    const cart = await cartOf(member.access_token);
    expect(cart.lineItems.map((l) => l.quantity)).toEqual([1]);
    for (let renewal = 1; renewal <= 3; renewal++) {
      const res = await renew(member.refresh_token);
      expect(res.status, `renewal ${renewal}: ${JSON.stringify(res.body)}`).toBe(200);
      const access = res.body.access_token as string;
      expect(await subjectOf(access)).toMatchObject({ subjectType: 'MEMBER', subjectId: memberId });
      const me = await server().call('GET', '/members/v1/members/me', { token: access });
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect((await cartOf(access)).id).toBe(cart.id);
    }
    // Logging out still ends the session: the kept token stops working.
    const logout = await server().call('POST', '/_api/redirects-api/v1/redirect-session', {
      token: member.access_token,
      body: { logout: { clientId: KEEPER } },
    });
    expect(logout.status, JSON.stringify(logout.body)).toBe(200);
    expect((await renew(member.refresh_token)).body.error).toBe('invalid_grant');
  });
});

describe('rotating clients keep reuse detection', () => {
  it('the demo storefront: a spent refresh token presented again revokes the session', async () => {
    const first = (await grant({ grantType: 'anonymous', clientId: CLIENT_ID })).body as unknown as Tokens;
    const second = (await renew(first.refresh_token, CLIENT_ID)).body as unknown as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    const replay = await renew(first.refresh_token, CLIENT_ID);
    expect(replay.status).toBe(400);
    expect(replay.body.error).toBe('invalid_grant');
    expect((await renew(second.refresh_token, CLIENT_ID)).body.error).toBe('invalid_grant');
  });

  it('turning rotation on for a client makes its next renewal rotate', async () => {
    const edited = await server().call('PATCH', `/v1/oauth-clients/${KEEPER}`, {
      token: server().adminKey,
      body: { rotateRefreshTokens: true },
    });
    expect(edited.body.client).toMatchObject({ rotateRefreshTokens: true });
    const first = (await grant({ grantType: 'anonymous', clientId: KEEPER })).body as unknown as Tokens;
    const second = (await renew(first.refresh_token)).body as unknown as Tokens;
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect((await renew(first.refresh_token)).body.error).toBe('invalid_grant');
    await server().call('PATCH', `/v1/oauth-clients/${KEEPER}`, {
      token: server().adminKey,
      body: { rotateRefreshTokens: false },
    });
  });
});
