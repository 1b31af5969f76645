import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { solve } from '../src/modules/identity/captcha.ts';
import { loginFailures } from '../src/modules/identity/tables.ts';
import { base32Decode, hotp, stepAt } from '../src/modules/identity/totp.ts';
import { serverForFile } from './file-server.ts';
import {
  AUTH,
  CLIENT_ID,
  errorCode,
  lastMail,
  login,
  MEMBERS,
  memberTokens,
  PASSWORD,
  RECOVERY,
  register,
  seedClient,
  type Tokens,
  uniqueEmail,
  VERIFICATION,
  visitorTokens,
} from './identity-helpers.ts';

const { server } = serverForFile({ seed: seedClient });

beforeAll(async () => {
  await setPolicies({ captcha: 'OFF' });
});
afterEach(async () => {
  server().ctx.clock = () => new Date();
  await server().ctx.db.delete(loginFailures);
});

async function setPolicies(patch: Record<string, unknown>) {
  const res = await server().call('PATCH', '/members/v1/policies', { token: server().adminKey, body: patch });
  expect(res.status).toBe(200);
  return res.body.policies;
}
const memberIdOf = (body: Record<string, unknown>) => (body.identity as { id: string }).id;

/** The merchant's server signs a member on by e-mail alone (no password) for a new visitor: its answer, the visitor. */
async function signOnByEmail(email: string) {
  const visitor = await visitorTokens(server());
  const signOn = await server().call('POST', `${AUTH}/v2/sign-on`, {
    headers: { authorization: `${visitor.access_token},${server().adminKey}` },
    body: { loginId: { email } },
  });
  return { signOn, visitor };
}
const refresh = (refreshToken: string) =>
  server().call('POST', '/oauth2/token', { body: { grantType: 'refresh_token', refreshToken } });

describe('register', () => {
  it('creates an active member and answers SUCCESS with a session token', async () => {
    const email = uniqueEmail();
    const res = await register(server(), email);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      additionalData: {},
      identity: {
        revision: '1',
        createdDate: expect.stringMatching(/Z$/),
        identityProfile: { firstName: 'Ada', lastName: 'Lovelace' },
        email: { address: email, isVerified: false },
        status: { name: 'ACTIVE', reasons: [] },
        factors: [{ type: 'PASSWORD', status: 'ACTIVE' }],
        connections: [],
        metadata: { tags: [] },
      },
    });
    expect(res.body).not.toHaveProperty('stateToken');
  });

  it('reports a bad address as an EMAIL field violation', async () => {
    for (const email of ['not-an-email', '', 'a@b']) {
      const res = await register(server(), email);
      expect(res.status).toBe(400);
      const violation = (
        res.body.details as { validationError: { fieldViolations: Array<Record<string, unknown>> } }
      ).validationError.fieldViolations[0];
      expect(violation).toMatchObject({ field: 'loginId.email', data: { type: 'EMAIL' } });
    }
  });

  it('answers -19995 for an address that exists, whatever its case', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const res = await register(server(), email.toUpperCase());
    expect(res.status).toBe(409);
    expect(errorCode(res.body)).toBe('-19995');
  });

  it('checks the password length', async () => {
    const res = await register(server(), uniqueEmail(), 'short');
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('"field":"password"');
  });

  it('works on the custom-host alias too', async () => {
    const res = await server().call('POST', '/iam/authentication/v2/register', {
      body: { loginId: { email: uniqueEmail() }, password: PASSWORD },
    });
    expect(res.body.state).toBe('SUCCESS');
  });
});

describe('login', () => {
  it('signs in with the right password, ignoring the case of the address', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const res = await login(server(), email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
  });

  it('answers -19976 for a wrong password and for an unknown address alike', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    for (const res of [
      await login(server(), email, 'wrong password'),
      await login(server(), uniqueEmail('nobody')),
    ]) {
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('applicationError');
      expect(errorCode(res.body)).toBe('-19976');
    }
  });

  it('always fails with an application error, never a validation-only one', async () => {
    for (const body of [{}, { loginId: 'x' }, { loginId: { email: 'nope' }, password: 1 }]) {
      const res = await server().call('POST', `${AUTH}/v2/login`, { body });
      expect(res.status).toBe(400);
      expect(res.body.details).toHaveProperty('applicationError');
    }
  });

  it('answers -19973 for a member without a password', async () => {
    const email = uniqueEmail('nopass');
    const { signOn } = await signOnByEmail(email);
    expect(signOn.status).toBe(200);
    const res = await login(server(), email, 'anything at all');
    expect(errorCode(res.body)).toBe('-19973');
  });

  it('throttles an account after repeated failures with 429 and Retry-After', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    for (let i = 0; i < 5; i++)
      expect(errorCode((await login(server(), email, 'wrong password')).body)).toBe('-19976');
    const blocked = await login(server(), email);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(errorCode(blocked.body)).toBe('THROTTLED_FEATURE');
    // Other accounts are not affected; the window ends after 15 minutes.
    const other = uniqueEmail();
    await register(server(), other);
    expect((await login(server(), other)).status).toBe(200);
    server().ctx.clock = () => new Date(Date.now() + 16 * 60 * 1000);
    expect((await login(server(), email)).body.state).toBe('SUCCESS');
  });

  it('throttles a client address that tries many accounts', async () => {
    server().ctx.config.loginMaxFailuresPerIp = 6;
    try {
      for (let i = 0; i < 6; i++) await login(server(), uniqueEmail('spray'), 'wrong password');
      const email = uniqueEmail();
      await register(server(), email);
      const res = await login(server(), email);
      expect(res.status).toBe(429);
    } finally {
      server().ctx.config.loginMaxFailuresPerIp = 50;
    }
  });
});

describe('captcha', () => {
  afterEach(async () => {
    await setPolicies({ captcha: 'OFF' });
  });
  const challenge = async (variant: 'INVISIBLE' | 'VISIBLE') => {
    const res = await server().call('POST', '/_api/iam/captcha/v1/challenges', { body: { variant } });
    const c = res.body.challenge as { challenge: string; difficulty: number };
    return `${c.challenge}:${solve(c.challenge, c.difficulty)}`;
  };

  it('asks for an invisible captcha after failures, then a visible one', async () => {
    await setPolicies({ captcha: 'AUTO' });
    const email = uniqueEmail();
    await register(server(), email);
    await login(server(), email, 'wrong password');
    await login(server(), email, 'wrong password');
    const missing = await login(server(), email);
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({
      details: { applicationError: { code: '-19971', data: { captcha: { variant: 'INVISIBLE' } } } },
    });
    const bad = await server().call('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email }, password: PASSWORD, captchaTokens: [{ InvisibleRecaptcha: 'forged:1' }] },
    });
    expect(errorCode(bad.body)).toBe('-19970');
    const wrongTwice = async () => {
      const token = await challenge('INVISIBLE');
      return server().call('POST', `${AUTH}/v2/login`, {
        body: {
          loginId: { email },
          password: 'wrong password',
          captchaTokens: [{ InvisibleRecaptcha: token }],
        },
      });
    };
    expect(errorCode((await wrongTwice()).body)).toBe('-19976');
    expect(errorCode((await wrongTwice()).body)).toBe('-19976');
    const visible = await login(server(), email);
    expect(visible.body).toMatchObject({
      details: { applicationError: { data: { captcha: { variant: 'VISIBLE' } } } },
    });
    const token = await challenge('VISIBLE');
    const ok = await server().call('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email }, password: PASSWORD, captchaTokens: [{ Recaptcha: token }] },
    });
    expect(ok.body.state).toBe('SUCCESS');
    // A solved challenge is accepted once.
    await setPolicies({ captcha: 'VISIBLE' });
    const reused = await server().call('POST', `${AUTH}/v2/login`, {
      body: { loginId: { email }, password: PASSWORD, captchaTokens: [{ Recaptcha: token }] },
    });
    expect(errorCode(reused.body)).toBe('-19970');
  });

  it('can be required for every registration by policy', async () => {
    await setPolicies({ captcha: 'INVISIBLE' });
    const missing = await register(server(), uniqueEmail());
    expect(errorCode(missing.body)).toBe('-19971');
    const res = await server().call('POST', `${AUTH}/v2/register`, {
      body: {
        loginId: { email: uniqueEmail() },
        password: PASSWORD,
        captchaTokens: [{ InvisibleRecaptcha: await challenge('INVISIBLE') }],
      },
    });
    expect(res.body.state).toBe('SUCCESS');
  });
});

describe('store policies', () => {
  afterEach(async () => {
    await setPolicies({ requireEmailVerification: false, requireOwnerApproval: false });
  });

  it('start with neither e-mail verification nor owner approval', async () => {
    const res = await server().call('GET', '/members/v1/policies', { token: server().adminKey });
    expect(res.body.policies).toMatchObject({ requireEmailVerification: false, requireOwnerApproval: false });
  });

  it('e-mail verification: state token, mailed code, auth/verify, resend', async () => {
    await setPolicies({ requireEmailVerification: true });
    const email = uniqueEmail();
    const res = await register(server(), email);
    expect(res.body).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: expect.any(String) });
    expect(res.body).not.toHaveProperty('sessionToken');
    const stateToken = res.body.stateToken as string;
    const mail = await lastMail(server(), email, 'verification-code');
    expect(mail.text).toContain(mail.data.code);
    const wrong = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code: mail.data.code === '000000' ? '111111' : '000000', stateToken },
    });
    expect(wrong.status).toBe(400);
    expect(errorCode(wrong.body)).toBe('VERIFICATION_FAILED');
    // Resend waits 30 seconds between mails; then a new code replaces the old one.
    const early = await server().call('POST', `${VERIFICATION}/v1/auth/resend`, { body: { stateToken } });
    expect(early.body).toMatchObject({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken });
    server().ctx.clock = () => new Date(Date.now() + 31_000);
    await server().call('POST', `${VERIFICATION}/v1/auth/resend`, { body: { stateToken } });
    const second = await lastMail(server(), email, 'verification-code');
    const ok = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code: second.data.code, stateToken },
    });
    expect(ok.body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
      identity: { email: { isVerified: true } },
    });
    const again = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code: second.data.code, stateToken },
    });
    expect(errorCode(again.body)).toBe('VERIFICATION_FAILED');
  });

  it('e-mail verification also applies at login and through {factorType}/verify', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    await setPolicies({ requireEmailVerification: true });
    const res = await login(server(), email);
    expect(res.body.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    const mail = await lastMail(server(), email, 'verification-code');
    const ok = await server().call('POST', `${AUTH}/v2/EMAIL/verify`, {
      body: { stateToken: res.body.stateToken, factorType: 'EMAIL', emailData: { code: mail.data.code } },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('burns the state token after five wrong codes', async () => {
    await setPolicies({ requireEmailVerification: true });
    const email = uniqueEmail();
    const res = await register(server(), email);
    const stateToken = res.body.stateToken as string;
    const code = (await lastMail(server(), email, 'verification-code')).data.code;
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      await server().call('POST', `${VERIFICATION}/v1/auth/verify`, { body: { code: wrong, stateToken } });
    const late = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code, stateToken },
    });
    expect(errorCode(late.body)).toBe('VERIFICATION_FAILED');
  });

  it('owner approval: REQUIRE_OWNER_APPROVAL until the admin approves', async () => {
    await setPolicies({ requireOwnerApproval: true });
    const email = uniqueEmail();
    const res = await register(server(), email);
    expect(res.body).toMatchObject({
      state: 'REQUIRE_OWNER_APPROVAL',
      identity: { status: { name: 'PENDING' } },
    });
    expect((await login(server(), email)).body.state).toBe('REQUIRE_OWNER_APPROVAL');
    const approved = await server().call('POST', `${MEMBERS}/${memberIdOf(res.body)}/approve`, {
      token: server().adminKey,
    });
    expect(approved.body.member).toMatchObject({ status: 'APPROVED' });
    expect((await login(server(), email)).body.state).toBe('SUCCESS');
  });

  it('both: the code first, then owner approval', async () => {
    await setPolicies({ requireEmailVerification: true, requireOwnerApproval: true });
    const email = uniqueEmail();
    const res = await register(server(), email);
    const code = (await lastMail(server(), email, 'verification-code')).data.code;
    const verified = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code, stateToken: res.body.stateToken },
    });
    expect(verified.body.state).toBe('REQUIRE_OWNER_APPROVAL');
  });
});

describe('recovery', () => {
  it('mails a single-use link to the registered redirect URL; recover sets the password and ends sessions', async () => {
    const member = await memberTokens(server());
    const res = await server().call('POST', `${RECOVERY}/v1/send-email`, {
      body: {
        email: member.email,
        language: 'en',
        redirect: { url: `${server().url}/reset-password`, clientId: CLIENT_ID },
      },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const mail = await lastMail(server(), member.email, 'password-recovery');
    const link = new URL(mail.data.link!);
    expect(`${link.origin}${link.pathname}`).toBe(`${server().url}/reset-password`);
    const recoveryToken = link.searchParams.get('recoveryToken')!;
    expect(mail.text).toContain(recoveryToken);

    const tooShort = await server().call('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken, password: 'x' },
    });
    expect(tooShort.status).toBe(400);
    const recovered = await server().call('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken, password: 'a brand new password' },
    });
    expect(recovered.body).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } });
    const reused = await server().call('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken, password: 'another new password' },
    });
    expect(errorCode(reused.body)).toBe('INVALID_RECOVERY_TOKEN');
    expect(errorCode((await login(server(), member.email)).body)).toBe('-19976');
    expect((await login(server(), member.email, 'a brand new password')).body.state).toBe('SUCCESS');
    expect((await refresh(member.refresh_token)).body.error).toBe('invalid_grant');
  });

  it('answers {} for unknown addresses without sending mail, on the alias path too', async () => {
    const email = uniqueEmail('ghost');
    const res = await server().call('POST', '/_iam/recovery/v1/send-email', { body: { email } });
    expect(res.status).toBe(200);
    const box = await server().call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(email)}`, {
      token: server().adminKey,
    });
    expect(box.body.messages).toEqual([]);
  });

  it('refuses a link target the client has not registered', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const res = await server().call('POST', `${RECOVERY}/v1/send-email`, {
      body: { email, redirect: { url: 'https://evil.example/reset', clientId: CLIENT_ID } },
    });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body)).toContain('redirect.url');
    const unknown = await server().call('POST', `${RECOVERY}/v1/send-email`, {
      body: { email, redirect: { url: `${server().url}/reset`, clientId: 'nope' } },
    });
    expect(JSON.stringify(unknown.body)).toContain('redirect.clientId');
  });

  it('activation mail (admin) lets a member without password choose one', async () => {
    const email = uniqueEmail('invited');
    const { signOn, visitor } = await signOnByEmail(email);
    const identityId = (signOn.body.identity as { id: string }).id;
    const denied = await server().call('POST', `${RECOVERY}/v1/activation-email`, {
      token: visitor.access_token,
      body: { identityId },
    });
    expect(denied.status).toBe(403);
    const res = await server().call('POST', `${RECOVERY}/v1/activation-email`, {
      token: server().adminKey,
      body: {
        identityId,
        emailOptions: { redirect: { url: `${server().url}/activate`, clientId: CLIENT_ID } },
      },
    });
    expect(res.status).toBe(200);
    const link = new URL((await lastMail(server(), email, 'account-activation')).data.link!);
    expect(link.pathname).toBe('/activate');
    const recovered = await server().call('POST', `${RECOVERY}/v1/recover`, {
      body: { recoveryToken: link.searchParams.get('recoveryToken'), password: PASSWORD },
    });
    expect(recovered.body.state).toBe('SUCCESS');
    expect((await login(server(), email)).body.state).toBe('SUCCESS');
  });
});

describe('verification start', () => {
  it('mails a code to the member itself; the verification id is the state token', async () => {
    const member = await memberTokens(server());
    const res = await server().call('POST', `${VERIFICATION}/v1/start`, {
      token: member.access_token,
      body: { identityId: member.memberId, target: 'EMAIL' },
    });
    expect(res.status).toBe(200);
    const code = (await lastMail(server(), member.email, 'verification-code')).data.code;
    const ok = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code, stateToken: res.body.verificationId },
    });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', identity: { email: { isVerified: true } } });
    const other = await memberTokens(server());
    const denied = await server().call('POST', `${VERIFICATION}/v1/Start`, {
      token: member.access_token,
      body: { identityId: other.memberId },
    });
    expect(denied.status).toBe(403);
  });
});

describe('change password, validate e-mail, logout', () => {
  it('changes the password and ends the member’s other sessions only', async () => {
    const first = await memberTokens(server());
    const second = await login(server(), first.email);
    expect(second.body.state).toBe('SUCCESS');
    const visitor = await visitorTokens(server());
    const denied = await server().call('POST', `${AUTH}/v2/change-password`, {
      token: visitor.access_token,
      body: { newPassword: 'another good password' },
    });
    expect(denied.status).toBe(403);
    // A second session of the same member, through the trusted grant.
    const other = await server().call('POST', '/oauth2/token', {
      headers: { authorization: server().adminKey },
      body: {
        grant_type: 'authorized_client',
        member_id: first.memberId,
        scope: 'offline_access',
        client_id: CLIENT_ID,
      },
    });
    const res = await server().call('POST', `${AUTH}/v2/change-password`, {
      token: first.access_token,
      body: { newPassword: 'another good password' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await refresh(first.refresh_token)).status).toBe(200);
    expect((await refresh(other.body.refresh_token as string)).body.error).toBe('invalid_grant');
    expect((await login(server(), first.email, 'another good password')).body.state).toBe('SUCCESS');
  });

  it('validates addresses for registration', async () => {
    const email = uniqueEmail();
    await register(server(), email);
    const call = (e: string) => server().call('POST', `${AUTH}/v2/validate-email`, { body: { email: e } });
    expect((await call(uniqueEmail('free'))).body).toEqual({ valid: true, formatInvalid: false });
    expect((await call('nope')).body).toMatchObject({ valid: false, formatInvalid: true });
    expect((await call(email)).body).toMatchObject({
      valid: false,
      formatInvalid: false,
      failure: 'EMAIL_ALREADY_EXISTS',
    });
  });

  it('logout redirects only to allowed addresses', async () => {
    const go = (query: Record<string, string>) =>
      fetch(`${server().url}${AUTH}/v1/logout?${new URLSearchParams(query)}`, { redirect: 'manual' });
    const ok = await go({ postLogoutRedirectUri: `${server().url}/shop?x=1`, clientId: CLIENT_ID });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe(`${server().url}/shop?x=1`);
    const foreign = await go({ postLogoutRedirectUri: 'https://evil.example/', clientId: CLIENT_ID });
    expect(foreign.status).toBe(400);
    expect(foreign.headers.get('location')).toBeNull();
    expect(foreign.headers.get('content-type')).toContain('text/html');
    const unknown = await go({ postLogoutRedirectUri: `${server().url}/`, clientId: 'nope' });
    expect(unknown.status).toBe(400);
    const alias = await fetch(`${server().url}/iam/authentication/v1/logout`, { redirect: 'manual' });
    expect(alias.status).toBe(302);
  });
});

describe('members', () => {
  it('read and edit their own profile, with custom fields and addresses', async () => {
    const member = await memberTokens(server());
    const me = await server().call('GET', `${MEMBERS}/me`, { token: member.access_token });
    expect(me.body.member).toMatchObject({ id: member.memberId, email: { address: member.email } });
    const patch = await server().call('PATCH', `${MEMBERS}/me`, {
      token: member.access_token,
      body: {
        profile: {
          nickname: 'ada',
          customFields: [
            { name: 'shoeSize', value: { numValue: 38.5 } },
            { name: 'favourite', value: { strValue: 'teal' } },
            { name: 'anniversary', value: { dateValue: '2020-02-02T00:00:00.000Z' } },
          ],
          addresses: [
            {
              tag: 'HOME',
              address: { country: 'GB', city: 'London', addressLine: '1 Main St', postalCode: 'N1' },
            },
          ],
        },
      },
    });
    expect(patch.status).toBe(200);
    const profile = (patch.body.member as { identityProfile: Record<string, unknown>; revision: string })
      .identityProfile;
    expect(profile).toMatchObject({ firstName: 'Ada', nickname: 'ada', customFields: expect.any(Array) });
    expect((profile.addresses as Array<{ id: string }>)[0]!.id).toBeTruthy();
    expect((patch.body.member as { revision: string }).revision).toBe('2');
    const bad = await server().call('PATCH', `${MEMBERS}/me`, {
      token: member.access_token,
      body: { profile: { customFields: [{ name: 'x', value: { numValue: 'many' } }] } },
    });
    expect(bad.status).toBe(400);
  });

  it('never read another member', async () => {
    const a = await memberTokens(server());
    const b = await memberTokens(server());
    const res = await server().call('GET', `${MEMBERS}/${b.memberId}`, { token: a.access_token });
    expect(res.status).toBe(403);
    expect(JSON.stringify(res.body)).not.toContain(b.email);
    expect((await server().call('GET', `${MEMBERS}/${a.memberId}`, { token: a.access_token })).status).toBe(
      200,
    );
    expect((await server().call('GET', MEMBERS, { token: a.access_token })).status).toBe(403);
    const visitor = await visitorTokens(server());
    expect((await server().call('GET', `${MEMBERS}/me`, { token: visitor.access_token })).status).toBe(403);
  });

  it('are listed, blocked, unblocked and deleted by the admin', async () => {
    const member = await memberTokens(server());
    const list = await server().call('GET', `${MEMBERS}?search=${encodeURIComponent(member.email)}`, {
      token: server().adminKey,
    });
    expect(list.body).toMatchObject({ metadata: { count: 1, total: 1 } });
    const block = await server().call('POST', `${MEMBERS}/${member.memberId}/block`, {
      token: server().adminKey,
    });
    expect(block.body.member).toMatchObject({ status: 'BLOCKED' });
    await server().ctx.events.drain();
    const blocked = await login(server(), member.email);
    expect(blocked.status).toBe(403);
    expect(errorCode(blocked.body)).toBe('MEMBER_BLOCKED');
    expect((await refresh(member.refresh_token)).body.error).toBe('invalid_grant');
    await server().call('POST', `${MEMBERS}/${member.memberId}/unblock`, { token: server().adminKey });
    expect((await login(server(), member.email)).body.state).toBe('SUCCESS');
    const del = await server().call('DELETE', `${MEMBERS}/${member.memberId}`, { token: server().adminKey });
    expect(del.body).toEqual({});
    expect(errorCode((await login(server(), member.email)).body)).toBe('-19976');
    expect((await register(server(), member.email)).body.state).toBe('SUCCESS');
  });
});

describe('second factors', () => {
  it('TOTP: enrol with a QR code, confirm, then a code at every sign-in', async () => {
    const member = await memberTokens(server());
    const enrol = await server().call('POST', `${MEMBERS}/me/factors/totp`, { token: member.access_token });
    expect(enrol.status).toBe(200);
    const e = enrol.body.enrolment as { secret: string; otpauthUri: string; qrCodeDataUrl: string };
    expect(e.otpauthUri).toMatch(/^otpauth:\/\/totp\/.+secret=[A-Z2-7]+/);
    expect(e.qrCodeDataUrl).toMatch(/^data:image\/png;base64,/);
    const secret = base32Decode(e.secret);
    const now = new Date();
    const activate = await server().call('POST', `${MEMBERS}/me/factors/totp/activate`, {
      token: member.access_token,
      body: { code: hotp(secret, stepAt(now)) },
    });
    expect(activate.status).toBe(200);
    expect(
      (activate.body.member as { factors: Array<{ type: string; status: string }> }).factors,
    ).toContainEqual(expect.objectContaining({ type: 'TOTP', status: 'ACTIVE' }));
    const res = await login(server(), member.email);
    expect(res.body).toMatchObject({
      state: 'STATUS_CHECK',
      stateToken: expect.any(String),
      mfaChallengeData: { factorType: 'TOTP' },
    });
    // The code already used for activation is not accepted again; the next step's is.
    const replay = await server().call('POST', `${AUTH}/v2/TOTP/verify`, {
      body: { stateToken: res.body.stateToken, totpData: { code: hotp(secret, stepAt(now)) } },
    });
    expect(errorCode(replay.body)).toBe('VERIFICATION_FAILED');
    server().ctx.clock = () => new Date(now.getTime() + 30_000);
    const ok = await server().call('POST', `${AUTH}/v2/TOTP/verify`, {
      body: {
        stateToken: res.body.stateToken,
        totpData: { code: hotp(secret, stepAt(new Date(now.getTime() + 30_000))) },
      },
    });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    const push = await server().call('POST', `${AUTH}/v2/PUSH/verify`, {
      body: { stateToken: 'x', pushData: { transactionId: '1' } },
    });
    expect(errorCode(push.body)).toBe('UNIMPLEMENTED_FEATURE');
  });

  it('EMAIL: a mailed code after the password, once the address is verified', async () => {
    const member = await memberTokens(server());
    const early = await server().call('POST', `${MEMBERS}/me/factors/email`, { token: member.access_token });
    expect(errorCode(early.body)).toBe('EMAIL_NOT_VERIFIED');
    const start = await server().call('POST', `${VERIFICATION}/v1/start`, {
      token: member.access_token,
      body: { identityId: member.memberId },
    });
    const code = (await lastMail(server(), member.email, 'verification-code')).data.code;
    await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      body: { code, stateToken: start.body.verificationId },
    });
    expect(
      (await server().call('POST', `${MEMBERS}/me/factors/email`, { token: member.access_token })).status,
    ).toBe(200);
    const res = await login(server(), member.email);
    expect(res.body).toMatchObject({ state: 'STATUS_CHECK', mfaChallengeData: { factorType: 'EMAIL' } });
    const signInCode = (await lastMail(server(), member.email, 'sign-in-code')).data.code;
    const ok = await server().call('POST', `${AUTH}/v2/EMAIL/verify`, {
      body: { stateToken: res.body.stateToken, emailData: { code: signInCode } },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });
});

describe('dev mailbox', () => {
  it('is an admin API, and a page that holds no mail itself', async () => {
    const visitor: Tokens = await visitorTokens(server());
    expect(
      (await server().call('GET', '/v1/dev-mailbox/messages', { token: visitor.access_token })).status,
    ).toBe(403);
    expect((await server().call('GET', '/v1/dev-mailbox/messages')).status).toBe(401);
    const page = await fetch(`${server().url}/dev-mailbox`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(await page.text()).toContain('Admin API key');
  });
});
