import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { verification } from './verification.ts';

function client(reply: unknown) {
  const { fetch, calls } = fakeFetch(() => json(reply));
  const aisle = createClient({ modules: { verification }, fetch });
  const sent = () => ({ path: parseUrl(calls[0]?.url ?? '').path, body: JSON.parse(calls[0]?.body ?? '') });
  return { aisle, sent };
}

describe('verification module', () => {
  it('start POSTs the identity with target EMAIL by default', async () => {
    const { aisle, sent } = client({ verificationId: 'v1' });
    expect(await aisle.verification.start({ identityId: 'm1' })).toEqual({ verificationId: 'v1' });
    expect(sent()).toEqual({
      path: '/_api/iam/verification/v1/start',
      body: { target: 'EMAIL', identityId: 'm1' },
    });
  });

  it('verifyDuringAuthentication POSTs code and stateToken and returns the StateMachine', async () => {
    const { aisle, sent } = client({
      state: 'SUCCESS',
      sessionToken: 's',
      identity: { createdDate: '2024-01-01T00:00:00Z' },
    });
    const result = await aisle.verification.verifyDuringAuthentication({ code: '123456', stateToken: 'st' });
    expect(sent()).toEqual({
      path: '/_api/iam/verification/v1/auth/verify',
      body: { code: '123456', stateToken: 'st' },
    });
    expect(result.identity?.createdDate).toEqual(new Date('2024-01-01T00:00:00Z'));
  });

  it('resendDuringAuthentication POSTs the stateToken', async () => {
    const { aisle, sent } = client({ state: 'REQUIRE_EMAIL_VERIFICATION', stateToken: 'st' });
    expect(await aisle.verification.resendDuringAuthentication('st')).toEqual({
      state: 'REQUIRE_EMAIL_VERIFICATION',
      stateToken: 'st',
    });
    expect(sent()).toEqual({ path: '/_api/iam/verification/v1/auth/resend', body: { stateToken: 'st' } });
  });
});
