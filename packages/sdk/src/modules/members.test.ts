import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, sentOf } from '../testing/fake-fetch.ts';
import { CURRENT_MEMBER_PATH, members, UPDATE_CURRENT_MEMBER_PATH } from './members.ts';

const ISO = '2024-03-01T12:00:00.000Z';
const wireMember = {
  id: 'm1',
  createdDate: ISO,
  updatedDate: ISO,
  email: { address: 'ann@example.com', isVerified: true },
  identityProfile: { firstName: 'Ann', customFields: [{ name: 'since', value: { dateValue: ISO } }] },
};

function client(reply: unknown = { member: wireMember }) {
  const { fetch, calls } = fakeFetch(() => json(reply));
  const aisle = createClient({ modules: { members }, fetch });
  const sent = (index = 0) => sentOf(calls[index]);
  return { aisle, sent };
}

describe('members module', () => {
  it('getCurrentMember GETs the member path and converts the identity', async () => {
    const { aisle, sent } = client();
    const member = await aisle.members.getCurrentMember();
    expect(sent()).toEqual({ method: 'GET', path: CURRENT_MEMBER_PATH, body: undefined });
    expect(member.createdDate).toEqual(new Date(ISO));
    expect(member.identityProfile?.customFields?.[0]?.value.dateValue).toEqual(new Date(ISO));
    expect(member.email).toEqual({ address: 'ann@example.com', isVerified: true });
  });

  it('updateCurrentMember PATCHes {profile} and returns the converted member', async () => {
    const { aisle, sent } = client();
    const member = await aisle.members.updateCurrentMember({
      lastName: 'Lee',
      customFields: [{ name: 'since', value: { dateValue: new Date(ISO) } }],
    });
    expect(sent()).toEqual({
      method: 'PATCH',
      path: UPDATE_CURRENT_MEMBER_PATH,
      body: { profile: { lastName: 'Lee', customFields: [{ name: 'since', value: { dateValue: ISO } }] } },
    });
    expect(member.updatedDate).toEqual(new Date(ISO));
  });

  it('manages second factors', async () => {
    const enrolment = {
      factorId: 'f',
      secret: 'ABC',
      otpauthUri: 'otpauth://totp/x',
      qrCodeDataUrl: 'data:',
    };
    const start = client({ enrolment });
    expect(await start.aisle.members.startTotpEnrolment()).toEqual(enrolment);
    expect(start.sent()).toEqual({ method: 'POST', path: '/members/v1/members/me/factors/totp', body: {} });

    const { aisle, sent } = client();
    expect((await aisle.members.activateTotp('123456')).id).toBe('m1');
    expect(sent(0)).toEqual({
      method: 'POST',
      path: '/members/v1/members/me/factors/totp/activate',
      body: { code: '123456' },
    });
    await aisle.members.enableEmailFactor();
    expect(sent(1)).toEqual({ method: 'POST', path: '/members/v1/members/me/factors/email', body: {} });
    await aisle.members.removeFactor('TOTP');
    expect(sent(2)).toMatchObject({ method: 'DELETE', path: '/members/v1/members/me/factors/TOTP' });
  });

  it('enrols phones for SMS and CALL codes, lists and removes factors', async () => {
    const enrolment = { factorId: 'f', factorType: 'SMS', hint: '+44********56', resendAfterSeconds: 30 };
    const sms = client({ enrolment });
    expect(await sms.aisle.members.startPhoneEnrolment('SMS', '+44 7911 123456')).toEqual(enrolment);
    expect(sms.sent()).toEqual({
      method: 'POST',
      path: '/members/v1/members/me/factors/sms',
      body: { phone: '+44 7911 123456' },
    });
    expect(await sms.aisle.members.resendPhoneEnrolmentCode('SMS')).toEqual(enrolment);
    expect(sms.sent(1)).toEqual({
      method: 'POST',
      path: '/members/v1/members/me/factors/sms/resend',
      body: {},
    });

    const call = client();
    expect((await call.aisle.members.activatePhoneFactor('CALL', '654321')).id).toBe('m1');
    expect(call.sent()).toEqual({
      method: 'POST',
      path: '/members/v1/members/me/factors/call/activate',
      body: { code: '654321' },
    });
    await call.aisle.members.removeFactor('CALL');
    expect(call.sent(1)).toMatchObject({ method: 'DELETE', path: '/members/v1/members/me/factors/CALL' });

    const list = client({
      factors: [
        { factorId: 'p', type: 'PASSWORD', status: 'ACTIVE' },
        { factorId: 'f', type: 'SMS', status: 'ACTIVE', hint: '+44********56', createdDate: ISO },
      ],
    });
    expect(await list.aisle.members.listFactors()).toEqual([
      { factorId: 'p', type: 'PASSWORD', status: 'ACTIVE' },
      { factorId: 'f', type: 'SMS', status: 'ACTIVE', hint: '+44********56', createdDate: new Date(ISO) },
    ]);
    expect(list.sent()).toEqual({ method: 'GET', path: '/members/v1/members/me/factors', body: undefined });
    expect(await client({}).aisle.members.listFactors()).toEqual([]);
  });
});
