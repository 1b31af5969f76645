import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures } from '../src/modules/identity/tables.ts';
import { serverForFile } from './file-server.ts';
import {
  AUTH,
  authorizeParams,
  authorizeSilently,
  errorCode,
  login,
  MEMBERS,
  memberTokens,
  PASSWORD,
  pkce,
  seedClient,
  type Tokens,
  VERIFICATION,
  visitorTokens,
} from './identity-helpers.ts';

const { server } = serverForFile({ seed: seedClient });

beforeAll(async () => {
  const res = await server().call('PATCH', '/members/v1/policies', {
    token: server().adminKey,
    body: { captcha: 'OFF' },
  });
  expect(res.status).toBe(200);
});
afterEach(async () => {
  server().ctx.clock = () => new Date();
  await server().ctx.db.delete(loginFailures);
});

let phones = 0;
/** A phone number no other test uses (the dev mailbox is filtered by it). */
const uniquePhone = () =>
  `+44 7${String(Date.now() % 1_000_000).padStart(6, '0')}${String(++phones).padStart(3, '0')}`;
const e164 = (phone: string) => phone.replace(/\s/g, '');

interface PhoneMessage {
  channel: string;
  to: string;
  subject: string;
  text: string;
  tag: string | null;
  data: Record<string, string>;
}

/** Messages the dev phone sender kept for a number, newest first. */
async function messagesTo(phone: string, tag?: string): Promise<PhoneMessage[]> {
  const res = await server().call('GET', `/v1/dev-mailbox/messages?to=${encodeURIComponent(e164(phone))}`, {
    token: server().adminKey,
  });
  expect(res.status).toBe(200);
  return (res.body.messages as PhoneMessage[]).filter((m) => !tag || m.tag === tag);
}

async function lastCode(phone: string, tag: string): Promise<string> {
  const [message] = await messagesTo(phone, tag);
  expect(message, `a ${tag} message to ${phone}`).toBeDefined();
  return message!.data.code!;
}

const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
/** Move the server clock on (resend pauses). */
const later = (seconds: number) => {
  const at = Date.now() + seconds * 1000;
  server().ctx.clock = () => new Date(at);
};

type Member = Tokens & { email: string; memberId: string };

/** Enrol a phone factor and confirm it with the code from the dev mailbox. */
async function enrolPhone(member: Member, type: 'sms' | 'call', phone = uniquePhone()) {
  const start = await server().call('POST', `${MEMBERS}/me/factors/${type}`, {
    token: member.access_token,
    body: { phone },
  });
  expect(start.status, JSON.stringify(start.body)).toBe(200);
  const code = await lastCode(phone, 'phone-enrolment-code');
  const activate = await server().call('POST', `${MEMBERS}/me/factors/${type}/activate`, {
    token: member.access_token,
    body: { code },
  });
  expect(activate.status, JSON.stringify(activate.body)).toBe(200);
  return phone;
}

describe('phone factor enrolment', () => {
  it('SMS: a code by text message to the number, confirmed on the account, listed masked', async () => {
    const member = await memberTokens(server());
    const phone = uniquePhone();
    const bad = await server().call('POST', `${MEMBERS}/me/factors/sms`, {
      token: member.access_token,
      body: { phone: '07911 123456' },
    });
    expect(bad.status).toBe(400);
    const violations = (
      bad.body.details as { validationError: { fieldViolations: Array<{ field: string }> } }
    ).validationError.fieldViolations;
    expect(violations[0]?.field).toBe('phone');

    const start = await server().call('POST', `${MEMBERS}/me/factors/sms`, {
      token: member.access_token,
      body: { phone },
    });
    expect(start.status).toBe(200);
    const enrolment = start.body.enrolment as {
      factorType: string;
      hint: string;
      resendAfterSeconds: number;
    };
    expect(enrolment).toMatchObject({ factorType: 'SMS', resendAfterSeconds: 30 });
    expect(enrolment.hint).toMatch(/^\+44\*+\d\d$/);
    expect(JSON.stringify(start.body)).not.toContain(e164(phone).slice(3));

    const [message] = await messagesTo(phone);
    expect(message).toMatchObject({
      channel: 'SMS',
      to: e164(phone),
      tag: 'phone-enrolment-code',
      data: { channel: 'SMS', phone: e164(phone) },
    });
    expect(message!.subject).toContain('Text message');
    expect(message!.text).toContain(message!.data.code);

    // Not on until confirmed: sign-in still needs only the password.
    expect((await login(server(), member.email)).body.state).toBe('SUCCESS');
    const wrong = await server().call('POST', `${MEMBERS}/me/factors/sms/activate`, {
      token: member.access_token,
      body: { code: otherThan(message!.data.code!) },
    });
    expect(errorCode(wrong.body)).toBe('VERIFICATION_FAILED');
    const ok = await server().call('POST', `${MEMBERS}/me/factors/sms/activate`, {
      token: member.access_token,
      body: { code: message!.data.code },
    });
    expect(ok.status).toBe(200);
    expect((ok.body.member as { factors: unknown[] }).factors).toContainEqual(
      expect.objectContaining({ type: 'SMS', status: 'ACTIVE' }),
    );

    const list = await server().call('GET', `${MEMBERS}/me/factors`, { token: member.access_token });
    expect(list.body.factors).toEqual([
      expect.objectContaining({ type: 'PASSWORD', status: 'ACTIVE' }),
      expect.objectContaining({ type: 'SMS', status: 'ACTIVE', hint: enrolment.hint }),
    ]);
    // On already: remove it first.
    const again = await server().call('POST', `${MEMBERS}/me/factors/sms`, {
      token: member.access_token,
      body: { phone: uniquePhone() },
    });
    expect(again.status).toBe(409);
    expect(errorCode(again.body)).toBe('FACTOR_EXISTS');
  });

  it('CALL: a voice call reads the code; removing the factor ends the challenge', async () => {
    const member = await memberTokens(server());
    const phone = uniquePhone();
    const start = await server().call('POST', `${MEMBERS}/me/factors/call`, {
      token: member.access_token,
      body: { phone },
    });
    expect(start.body.enrolment).toMatchObject({ factorType: 'CALL' });
    const [message] = await messagesTo(phone);
    expect(message).toMatchObject({ channel: 'CALL', to: e164(phone), data: { channel: 'CALL' } });
    expect(message!.subject).toContain('Voice call');
    // Read digit by digit.
    expect(message!.text).toContain(message!.data.code!.split('').join(', '));
    await server().call('POST', `${MEMBERS}/me/factors/call/activate`, {
      token: member.access_token,
      body: { code: message!.data.code },
    });
    expect((await login(server(), member.email)).body.state).toBe('STATUS_CHECK');

    const removed = await server().call('DELETE', `${MEMBERS}/me/factors/CALL`, {
      token: member.access_token,
    });
    expect(removed.status).toBe(200);
    expect(JSON.stringify(removed.body)).not.toContain('"CALL"');
    expect((await login(server(), member.email)).body.state).toBe('SUCCESS');
  });

  it('throttles enrolment codes and burns one after five wrong tries', async () => {
    const member = await memberTokens(server());
    const phone = uniquePhone();
    await server().call('POST', `${MEMBERS}/me/factors/sms`, { token: member.access_token, body: { phone } });
    const early = await server().call('POST', `${MEMBERS}/me/factors/sms/resend`, {
      token: member.access_token,
    });
    expect(early.status).toBe(429);
    expect(errorCode(early.body)).toBe('THROTTLED_FEATURE');
    expect(Number(early.headers.get('retry-after'))).toBeGreaterThan(0);
    // Starting over with another number does not get round the pause.
    const restart = await server().call('POST', `${MEMBERS}/me/factors/sms`, {
      token: member.access_token,
      body: { phone: uniquePhone() },
    });
    expect(restart.status).toBe(429);
    expect(await messagesTo(phone)).toHaveLength(1);

    later(31);
    const resent = await server().call('POST', `${MEMBERS}/me/factors/sms/resend`, {
      token: member.access_token,
    });
    expect(resent.status).toBe(200);
    expect(await messagesTo(phone)).toHaveLength(2);
    const code = await lastCode(phone, 'phone-enrolment-code');
    for (let i = 0; i < 5; i++) {
      const wrong = await server().call('POST', `${MEMBERS}/me/factors/sms/activate`, {
        token: member.access_token,
        body: { code: otherThan(code) },
      });
      expect(errorCode(wrong.body)).toBe('VERIFICATION_FAILED');
    }
    const late = await server().call('POST', `${MEMBERS}/me/factors/sms/activate`, {
      token: member.access_token,
      body: { code },
    });
    expect(errorCode(late.body)).toBe('VERIFICATION_FAILED');
    const me = await server().call('GET', `${MEMBERS}/me`, { token: member.access_token });
    expect((me.body.member as { factors: unknown[] }).factors).not.toContainEqual(
      expect.objectContaining({ type: 'SMS', status: 'ACTIVE' }),
    );
  });

  it('is for members only', async () => {
    const visitor = await visitorTokens(server());
    const res = await server().call('POST', `${MEMBERS}/me/factors/sms`, {
      token: visitor.access_token,
      body: { phone: uniquePhone() },
    });
    expect(res.status).toBe(403);
    expect((await server().call('GET', `${MEMBERS}/me/factors`)).status).toBe(401);
  });
});

describe('sign-in with a phone factor', () => {
  it('SMS: STATUS_CHECK with the masked number, the code by text, then SUCCESS', async () => {
    const member = await memberTokens(server());
    const phone = await enrolPhone(member, 'sms');
    const visitor = await visitorTokens(server());
    const res = await login(server(), member.email, PASSWORD, visitor.access_token);
    expect(res.body).toMatchObject({
      state: 'STATUS_CHECK',
      stateToken: expect.any(String),
      mfaChallengeData: {
        factorType: 'SMS',
        verificationChallengeData: { hint: expect.stringMatching(/^\+44\*+\d\d$/) },
        availableFactors: [{ factorType: 'SMS' }],
      },
    });
    expect(res.body).not.toHaveProperty('sessionToken');
    const code = await lastCode(phone, 'sign-in-code');
    expect(JSON.stringify(res.body)).not.toContain(code);
    const [message] = await messagesTo(phone, 'sign-in-code');
    expect(message).toMatchObject({ channel: 'SMS', to: e164(phone) });

    const wrongType = await server().call('POST', `${AUTH}/v2/TOTP/verify`, {
      token: visitor.access_token,
      body: { stateToken: res.body.stateToken, totpData: { code } },
    });
    expect(errorCode(wrongType.body)).toBe('VERIFICATION_FAILED');
    const ok = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      token: visitor.access_token,
      body: { stateToken: res.body.stateToken, factorType: 'SMS', smsData: { code } },
    });
    expect(ok.body).toMatchObject({ state: 'SUCCESS', sessionToken: expect.any(String) });
    expect(ok.headers.get('set-cookie')).toBeNull();
    // The session token completes the sign-in like a password-only one.
    const { code: authCode } = await authorizeSilently(server(), ok.body.sessionToken as string);
    expect(authCode).toBeTruthy();
    const replay = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: { stateToken: res.body.stateToken, smsData: { code } },
    });
    expect(errorCode(replay.body)).toBe('VERIFICATION_FAILED');
  });

  it('CALL: the code by voice call, verified with callData', async () => {
    const member = await memberTokens(server());
    const phone = await enrolPhone(member, 'call');
    const res = await login(server(), member.email);
    expect(res.body.mfaChallengeData).toMatchObject({ factorType: 'CALL' });
    const [message] = await messagesTo(phone, 'sign-in-code');
    expect(message).toMatchObject({ channel: 'CALL' });
    const ok = await server().call('POST', `${AUTH}/v2/CALL/verify`, {
      body: { stateToken: res.body.stateToken, callData: { code: message!.data.code } },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('offers every factor and switches between them with {factorType}/send', async () => {
    const member = await memberTokens(server());
    const sms = await enrolPhone(member, 'sms');
    later(31);
    const call = await enrolPhone(member, 'call', sms);
    server().ctx.clock = () => new Date();
    const res = await login(server(), member.email);
    const stateToken = res.body.stateToken as string;
    expect(res.body.mfaChallengeData).toMatchObject({
      factorType: 'SMS',
      availableFactors: [
        { factorType: 'SMS', hint: expect.any(String) },
        { factorType: 'CALL', hint: expect.any(String) },
      ],
    });
    // A call right after the text message waits for the pause.
    const early = await server().call('POST', `${AUTH}/v2/CALL/send`, { body: { stateToken } });
    expect(early.status).toBe(429);
    expect(early.headers.get('retry-after')).toMatch(/^\d+$/);
    const notOffered = await server().call('POST', `${AUTH}/v2/TOTP/send`, { body: { stateToken } });
    expect(errorCode(notOffered.body)).toBe('VERIFICATION_FAILED');

    later(31);
    const switched = await server().call('POST', `${AUTH}/v2/CALL/send`, { body: { stateToken } });
    expect(switched.status).toBe(200);
    expect(switched.body).toMatchObject({
      state: 'STATUS_CHECK',
      stateToken,
      mfaChallengeData: { factorType: 'CALL' },
    });
    const [voice] = (await messagesTo(call, 'sign-in-code')).filter((m) => m.channel === 'CALL');
    const smsCode = (await messagesTo(sms, 'sign-in-code')).find((m) => m.channel === 'SMS')!.data.code!;
    // The text message's code belongs to the old step.
    const stale = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: { stateToken, smsData: { code: smsCode } },
    });
    expect(errorCode(stale.body)).toBe('VERIFICATION_FAILED');
    const ok = await server().call('POST', `${AUTH}/v2/CALL/verify`, {
      body: { stateToken, callData: { code: voice!.data.code } },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('burns the code after five wrong tries', async () => {
    const member = await memberTokens(server());
    const phone = await enrolPhone(member, 'sms');
    const res = await login(server(), member.email);
    const code = await lastCode(phone, 'sign-in-code');
    for (let i = 0; i < 5; i++) {
      const wrong = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
        body: { stateToken: res.body.stateToken, smsData: { code: otherThan(code) } },
      });
      expect(errorCode(wrong.body)).toBe('VERIFICATION_FAILED');
    }
    const late = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: { stateToken: res.body.stateToken, smsData: { code } },
    });
    expect(errorCode(late.body)).toBe('VERIFICATION_FAILED');
    expect(late.body).not.toHaveProperty('sessionToken');
    // The burnt step cannot be resent either: sign in again.
    later(31);
    const resend = await server().call('POST', `${AUTH}/v2/SMS/send`, {
      body: { stateToken: res.body.stateToken },
    });
    expect(errorCode(resend.body)).toBe('VERIFICATION_FAILED');
  });

  it('throttles resends: 30 seconds apart, five codes per state token', async () => {
    const member = await memberTokens(server());
    const phone = await enrolPhone(member, 'sms');
    const res = await login(server(), member.email);
    const stateToken = res.body.stateToken as string;
    const first = await lastCode(phone, 'sign-in-code');
    // auth/resend answers the step unchanged while the pause runs; {factorType}/send says 429.
    const quiet = await server().call('POST', `${VERIFICATION}/v1/auth/resend`, { body: { stateToken } });
    expect(quiet.body).toMatchObject({
      state: 'STATUS_CHECK',
      stateToken,
      mfaChallengeData: { factorType: 'SMS' },
    });
    const loud = await server().call('POST', `${AUTH}/v2/SMS/send`, { body: { stateToken } });
    expect(loud.status).toBe(429);
    expect(await messagesTo(phone, 'sign-in-code')).toHaveLength(1);

    let offset = 0;
    for (let send = 2; send <= 5; send++) {
      offset += 31;
      later(offset);
      const again = await server().call('POST', `${AUTH}/v2/SMS/send`, { body: { stateToken } });
      expect(again.status, `send ${send}`).toBe(200);
    }
    expect(await messagesTo(phone, 'sign-in-code')).toHaveLength(5);
    later(offset + 31);
    const sixth = await server().call('POST', `${AUTH}/v2/SMS/send`, { body: { stateToken } });
    expect(sixth.status).toBe(429);
    expect(sixth.headers.get('retry-after')).toBeNull();
    expect(await messagesTo(phone, 'sign-in-code')).toHaveLength(5);

    // Only the newest code works.
    const newest = await lastCode(phone, 'sign-in-code');
    if (newest !== first) {
      const old = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
        body: { stateToken, smsData: { code: first } },
      });
      expect(errorCode(old.body)).toBe('VERIFICATION_FAILED');
    }
    const ok = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: { stateToken, smsData: { code: newest } },
    });
    expect(ok.body.state).toBe('SUCCESS');
  });

  it('a member cannot verify another member’s state token', async () => {
    const ada = await memberTokens(server());
    const bob = await memberTokens(server());
    const adaPhone = await enrolPhone(ada, 'sms');
    const bobPhone = await enrolPhone(bob, 'sms');
    const bobLogin = await login(server(), bob.email);
    const bobState = bobLogin.body.stateToken as string;
    const bobCode = await lastCode(bobPhone, 'sign-in-code');
    const adaLogin = await login(server(), ada.email);
    const adaCode = await lastCode(adaPhone, 'sign-in-code');

    // Signed in as Ada, even Bob's right code is refused, and resending is too.
    const asAda = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      token: ada.access_token,
      body: { stateToken: bobState, smsData: { code: bobCode } },
    });
    expect(errorCode(asAda.body)).toBe('VERIFICATION_FAILED');
    expect(asAda.body).not.toHaveProperty('sessionToken');
    const resend = await server().call('POST', `${AUTH}/v2/SMS/send`, {
      token: ada.access_token,
      body: { stateToken: bobState },
    });
    expect(errorCode(resend.body)).toBe('VERIFICATION_FAILED');
    const viaAuthVerify = await server().call('POST', `${VERIFICATION}/v1/auth/verify`, {
      token: ada.access_token,
      body: { stateToken: bobState, code: bobCode },
    });
    expect(errorCode(viaAuthVerify.body)).toBe('VERIFICATION_FAILED');
    // Ada's own code does not open Bob's step either.
    const adaCodeOnBob = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: { stateToken: bobState, smsData: { code: adaCode } },
    });
    if (adaCode !== bobCode) expect(errorCode(adaCodeOnBob.body)).toBe('VERIFICATION_FAILED');
    else expect(adaCodeOnBob.body.state).toBe('SUCCESS');
    // Each member's own step still works.
    const adaOk = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      token: ada.access_token,
      body: { stateToken: adaLogin.body.stateToken, smsData: { code: adaCode } },
    });
    expect(adaOk.body.state).toBe('SUCCESS');
    if (adaCode !== bobCode) {
      const bobOk = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
        token: bob.access_token,
        body: { stateToken: bobState, smsData: { code: bobCode } },
      });
      expect(bobOk.body.state).toBe('SUCCESS');
      expect((bobOk.body.identity as { id: string }).id).toBe(bob.memberId);
    }
  });

  it('remembers the device for 30 days when asked, for that member only', async () => {
    const ada = await memberTokens(server());
    const bob = await memberTokens(server());
    const adaPhone = await enrolPhone(ada, 'sms');
    await enrolPhone(bob, 'sms');
    const res = await login(server(), ada.email);
    const ok = await server().call('POST', `${AUTH}/v2/SMS/verify`, {
      body: {
        stateToken: res.body.stateToken,
        rememberThisDevice: true,
        smsData: { code: await lastCode(adaPhone, 'sign-in-code') },
      },
    });
    expect(ok.body.state).toBe('SUCCESS');
    const cookie = ok.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/^aisle_device=[A-Za-z0-9_-]+; Max-Age=2592000; Path=\/; HttpOnly; SameSite=Lax/);
    const device = cookie.split(';')[0]!;
    const withCookie = (email: string) =>
      server().call('POST', `${AUTH}/v2/login`, {
        body: { loginId: { email }, password: PASSWORD },
        headers: { cookie: `theme=dark; ${device}` },
      });
    expect((await withCookie(ada.email)).body).toMatchObject({
      state: 'SUCCESS',
      sessionToken: expect.any(String),
    });
    expect((await withCookie(bob.email)).body.state).toBe('STATUS_CHECK');
    expect((await login(server(), ada.email)).body.state).toBe('STATUS_CHECK');
    // A password change forgets remembered devices.
    await server().call('POST', `${AUTH}/v2/change-password`, {
      token: ada.access_token,
      body: { newPassword: PASSWORD },
    });
    expect((await withCookie(ada.email)).body.state).toBe('STATUS_CHECK');
  });
});

describe('hosted login page', () => {
  it('asks for the SMS code and can remember the device', async () => {
    const member = await memberTokens(server());
    const phone = await enrolPhone(member, 'sms');
    const params = authorizeParams(server(), pkce());
    const post = (fields: Record<string, string>) =>
      fetch(`${server().url}/oauth2/authorize`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, ...fields }).toString(),
      });
    const page = await post({ step: 'login', email: member.email, password: PASSWORD });
    const html = await page.text();
    expect(html).toContain('by text message to +44');
    expect(html).toContain('Remember this device');
    const stateToken = /name="stateToken" value="([^"]+)"/.exec(html)?.[1] ?? '';
    expect(html).toContain('name="factorType" value="SMS"');
    const done = await post({
      step: 'code',
      stateToken,
      factorType: 'SMS',
      verifying: '0',
      remember: '1',
      code: await lastCode(phone, 'sign-in-code'),
    });
    expect(done.status).toBe(303);
    expect(
      new URLSearchParams(new URL(done.headers.get('location')!).hash.slice(1)).get('code'),
    ).toBeTruthy();
    expect(done.headers.get('set-cookie')).toMatch(/^aisle_device=/);
  });
});
