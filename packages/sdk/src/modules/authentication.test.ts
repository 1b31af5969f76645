import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, sentOf } from '../testing/fake-fetch.ts';
import { AUTHENTICATION_PATH, authentication } from './authentication.ts';

const ISO = '2024-03-01T12:00:00.000Z';

function client(reply: unknown = {}) {
  const { fetch, calls } = fakeFetch(() => json(reply));
  const aisle = createClient({ modules: { authentication }, fetch, baseUrl: 'https://shop.test' });
  const sent = (index = 0) => ({ ...sentOf(calls[index]), headers: calls[index]?.headers });
  return { aisle, sent };
}

describe('authentication module', () => {
  it('register POSTs the wire body and converts the identity in the StateMachine', async () => {
    const { aisle, sent } = client({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: 'st',
      identity: { id: 'm1', createdDate: ISO, updatedDate: ISO, identityProfile: { customFields: [] } },
    });
    const request = {
      loginId: { email: 'ann@example.com' },
      password: 'pw',
      profile: {
        firstName: 'Ann',
        customFields: [{ name: 'since', value: { dateValue: new Date(ISO) } }],
        addresses: [{ address: { country: 'DE', city: 'Berlin' }, tag: 'HOME' }],
      },
      captchaTokens: [{ InvisibleRecaptcha: 'c:1' }],
      clientMetaData: { source: 'test' },
    };
    const result = await aisle.authentication.register(request);
    expect(sent()).toMatchObject({ method: 'POST', path: `${AUTHENTICATION_PATH}/v2/register` });
    // Request dates go out as ISO strings.
    expect(sent().body).toEqual({
      ...request,
      profile: { ...request.profile, customFields: [{ name: 'since', value: { dateValue: ISO } }] },
    });
    expect(result.state).toBe('REQUIRE_EMAIL_VERIFICATION');
    expect(result.identity?.createdDate).toEqual(new Date(ISO));
    expect(result.identity?.updatedDate).toEqual(new Date(ISO));
  });

  it('login POSTs loginId, password and stateToken', async () => {
    const { aisle, sent } = client({ state: 'SUCCESS', sessionToken: 's' });
    expect(
      await aisle.authentication.login({ loginId: { email: 'a@b.co' }, password: 'pw', stateToken: 't' }),
    ).toEqual({ state: 'SUCCESS', sessionToken: 's' });
    expect(sent()).toMatchObject({
      path: '/_api/iam/authentication/v2/login',
      body: { loginId: { email: 'a@b.co' }, password: 'pw', stateToken: 't' },
    });
  });

  it('changePassword POSTs newPassword and resolves to nothing', async () => {
    const { aisle, sent } = client({});
    expect(await aisle.authentication.changePassword('n3w')).toBeUndefined();
    expect(sent()).toMatchObject({
      path: '/_api/iam/authentication/v2/change-password',
      body: { newPassword: 'n3w' },
    });
  });

  it('signOn POSTs its request with optional headers and converts the identity', async () => {
    const { aisle, sent } = client({ sessionToken: 'st', identity: { id: 'm', createdDate: ISO } });
    const result = await aisle.authentication.signOn(
      { loginId: { email: 'a@b.co' }, verifyEmail: true, mergeExistingContact: false },
      { Authorization: 'token,key' },
    );
    expect(result).toEqual({ sessionToken: 'st', identity: { id: 'm', createdDate: new Date(ISO) } });
    expect(sent()).toMatchObject({
      path: '/_api/iam/authentication/v2/sign-on',
      body: { loginId: { email: 'a@b.co' }, verifyEmail: true, mergeExistingContact: false },
    });
    expect(sent().headers?.get('Authorization')).toBe('token,key');
  });

  it('validateEmail POSTs the address', async () => {
    const { aisle, sent } = client({ valid: false, formatInvalid: true });
    expect(await aisle.authentication.validateEmail('x')).toEqual({ valid: false, formatInvalid: true });
    expect(sent()).toMatchObject({
      path: '/_api/iam/authentication/v2/validate-email',
      body: { email: 'x' },
    });
  });

  it('verify POSTs to the factor’s path with the factor type in the body', async () => {
    const { aisle, sent } = client({ state: 'SUCCESS', sessionToken: 's' });
    await aisle.authentication.verify('TOTP', {
      stateToken: 'st',
      totpData: { code: '123456' },
      rememberThisDevice: true,
    });
    expect(sent()).toMatchObject({
      path: '/_api/iam/authentication/v2/TOTP/verify',
      body: { stateToken: 'st', totpData: { code: '123456' }, rememberThisDevice: true, factorType: 'TOTP' },
    });
  });

  it('sendFactorCode POSTs the state token to the factor’s send path', async () => {
    const { aisle, sent } = client({
      state: 'STATUS_CHECK',
      stateToken: 'st',
      mfaChallengeData: {
        factorType: 'CALL',
        availableFactors: [{ factorType: 'SMS' }, { factorType: 'CALL' }],
      },
    });
    const response = await aisle.authentication.sendFactorCode('CALL', { stateToken: 'st' });
    expect(sent()).toMatchObject({
      method: 'POST',
      path: '/_api/iam/authentication/v2/CALL/send',
      body: { stateToken: 'st', factorType: 'CALL' },
    });
    expect(response.mfaChallengeData?.factorType).toBe('CALL');
  });

  it('getLogoutUrl builds the navigable logout URL on the base URL', () => {
    const { aisle } = client();
    expect(
      aisle.authentication.getLogoutUrl({
        postLogoutRedirectUri: 'https://shop.test/?a=1',
        clientId: 'demo-storefront',
      }),
    ).toBe(
      'https://shop.test/_api/iam/authentication/v1/logout?postLogoutRedirectUri=https%3A%2F%2Fshop.test%2F%3Fa%3D1&clientId=demo-storefront',
    );
  });
});
