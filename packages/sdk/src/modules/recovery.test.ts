import { describe, expect, it } from 'vitest';
import { createClient } from '../core/client.ts';
import { fakeFetch, json, parseUrl } from '../testing/fake-fetch.ts';
import { recovery } from './recovery.ts';

describe('recovery module', () => {
  it('sendRecoveryEmail POSTs email, language and redirect, and resolves to nothing', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const aisle = createClient({ modules: { recovery }, fetch });
    const request = {
      email: 'a@b.co',
      language: 'de',
      redirect: { url: 'https://shop.test/reset', clientId: 'demo-storefront' },
    };
    expect(await aisle.recovery.sendRecoveryEmail(request)).toBeUndefined();
    expect(parseUrl(calls[0]?.url ?? '').path).toBe('/_api/iam/recovery/v1/send-email');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(request);
  });

  it('sendActivationEmail POSTs the identity and e-mail options', async () => {
    const { fetch, calls } = fakeFetch(() => json({}));
    const aisle = createClient({ modules: { recovery }, fetch });
    const request = {
      identityId: 'm1',
      emailOptions: { language: 'en', redirect: { url: 'https://shop.test/a' } },
    };
    expect(await aisle.recovery.sendActivationEmail(request)).toBeUndefined();
    expect(parseUrl(calls[0]?.url ?? '').path).toBe('/_api/iam/recovery/v1/activation-email');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual(request);
  });

  it('recover POSTs the token and the new password and returns the converted StateMachine', async () => {
    const { fetch, calls } = fakeFetch(() =>
      json({ state: 'SUCCESS', sessionToken: 's', identity: { updatedDate: '2024-01-01T00:00:00.000Z' } }),
    );
    const aisle = createClient({ modules: { recovery }, fetch });
    const result = await aisle.recovery.recover({ recoveryToken: 'rt', password: 'new-pw' });
    expect(parseUrl(calls[0]?.url ?? '').path).toBe('/_api/iam/recovery/v1/recover');
    expect(JSON.parse(calls[0]?.body ?? '')).toEqual({ recoveryToken: 'rt', password: 'new-pw' });
    expect(result).toEqual({
      state: 'SUCCESS',
      sessionToken: 's',
      identity: { updatedDate: new Date('2024-01-01T00:00:00.000Z') },
    });
  });
});
