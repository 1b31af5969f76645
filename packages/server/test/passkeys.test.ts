import { beforeAll, describe, expect, it } from 'vitest';
import { serverForFile } from './file-server.ts';
import { AUTH, errorCode, MEMBERS, memberTokens, seedClient, visitorTokens } from './identity-helpers.ts';

/**
 * Passkey calls over HTTP: options, listing, and every refusal (the ceremonies themselves run in Chromium's
 * virtual authenticator, e2e/passkeys.test.ts).
 */

const { server } = serverForFile({ seed: seedClient });
const PASSKEYS = `${MEMBERS}/me/passkeys`;
type Body = Record<string, unknown>;
const fields = (body: Body) =>
  (
    (body.details as { validationError?: { fieldViolations: Array<{ field: string }> } }).validationError
      ?.fieldViolations ?? []
  ).map((v) => v.field);

/** A well-formed answer that no authenticator made. */
const forged = (challenge = 'AAAA') => ({
  id: 'Y3JlZA',
  rawId: 'Y3JlZA',
  type: 'public-key',
  response: {
    clientDataJSON: Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge, origin: server().url }),
    ).toString('base64url'),
    authenticatorData: 'AAAA',
    signature: 'AAAA',
  },
  clientExtensionResults: {},
});

beforeAll(async () => {
  await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { captcha: 'OFF' },
  });
});
describe('passkeys', () => {
  it('enrolment: options for the store as relying party; answers are checked, nothing stored on a bad one', async () => {
    const m = await memberTokens(server());
    const token = m.access_token;
    const options = await server().call('POST', `${PASSKEYS}/options`, { token });
    expect(options.status).toBe(200);
    expect(options.body.webAuthnOptions).toMatchObject({
      challenge: expect.any(String),
      rp: { id: new URL(server().url).hostname },
      user: { name: m.email },
      authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    });
    const bad = await server().call('POST', PASSKEYS, { token, body: { response: { id: 'not base64!' } } });
    expect(bad.status).toBe(400);
    expect(fields(bad.body)).toContain('response.id');
    const wrong = await server().call('POST', PASSKEYS, { token, body: { response: forged() } });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong.body)).toBe('VERIFICATION_FAILED');
    // The failed answer spent nothing: the list is empty, the factor off.
    expect((await server().call('GET', PASSKEYS, { token })).body).toEqual({ passkeys: [] });
    const me = await server().call('GET', '/members/v1/members/me', { token });
    expect(JSON.stringify(me.body)).not.toContain('WEBAUTHN');
    const unknown = await server().call('DELETE', `${PASSKEYS}/00000000-0000-4000-8000-000000000000`, {
      token,
    });
    expect(unknown.status).toBe(404);
    expect(errorCode(unknown.body)).toBe('PASSKEY_NOT_FOUND');
    const visitor = await visitorTokens(server());
    expect((await server().call('GET', PASSKEYS, { token: visitor.access_token })).status).toBe(403);
    expect((await server().call('POST', `${PASSKEYS}/options`)).status).toBe(401);
  });

  it('passwordless: options for any passkey; forged or replayed answers are refused', async () => {
    const res = await server().call('POST', `${AUTH}/v2/WEBAUTHN/options`, { body: {} });
    expect(res.status).toBe(200);
    const options = res.body.webAuthnOptions as { challenge: string; allowCredentials?: unknown[] };
    expect(options.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(options.allowCredentials ?? []).toEqual([]);

    const missing = await server().call('POST', `${AUTH}/v2/WEBAUTHN/verify`, { body: {} });
    expect(missing.status).toBe(400);
    expect(fields(missing.body)).toEqual(['webauthnData.response']);
    const stranger = await server().call('POST', `${AUTH}/v2/WEBAUTHN/verify`, {
      body: { webauthnData: { response: forged(options.challenge) } },
    });
    expect(stranger.status).toBe(400);
    expect(errorCode(stranger.body)).toBe('VERIFICATION_FAILED');
    // The challenge was spent by that try.
    const again = await server().call('POST', `${AUTH}/v2/WEBAUTHN/verify`, {
      body: { webauthnData: { response: forged(options.challenge) } },
    });
    expect((again.body as { message: string }).message).toMatch(/unknown, used or expired/);
    const unknownStep = await server().call('POST', `${AUTH}/v2/WEBAUTHN/verify`, {
      body: { stateToken: 'nope', webauthnData: { response: forged() } },
    });
    expect(errorCode(unknownStep.body)).toBe('VERIFICATION_FAILED');
  });

  it('PUSH needs a mobile app: UNIMPLEMENTED_FEATURE', async () => {
    for (const path of ['verify', 'send']) {
      const res = await server().call('POST', `${AUTH}/v2/PUSH/${path}`, {
        body: { stateToken: 'x', pushData: { transactionId: 't' } },
      });
      expect(res.status).toBe(400);
      expect(errorCode(res.body)).toBe('UNIMPLEMENTED_FEATURE');
      expect((res.body as { message: string }).message).toContain('mobile app');
    }
  });
});
