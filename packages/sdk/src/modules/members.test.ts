import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
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
  const sent = (index = 0) => ({
    method: calls[index]?.method,
    path: parseUrl(calls[index]?.url ?? '').path,
    body: calls[index]?.body === undefined ? undefined : JSON.parse(calls[index]?.body ?? ''),
  });
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
});
