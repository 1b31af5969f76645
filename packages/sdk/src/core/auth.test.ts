import { describe, expect, it } from 'vitest';
import { ApiKeyStrategy, StaticTokenStrategy } from './auth.ts';

describe('auth strategies', () => {
  it.each([
    [ApiKeyStrategy({ apiKey: 'key-1' }), { Authorization: 'key-1' }],
    [
      ApiKeyStrategy({ apiKey: 'key-2', siteId: 'site', accountId: 'acct' }),
      { Authorization: 'key-2', 'aisle-site-id': 'site', 'aisle-account-id': 'acct' },
    ],
    [StaticTokenStrategy({ token: 'tok' }), { Authorization: 'tok' }],
    [StaticTokenStrategy({ token: '' }), { Authorization: '' }],
  ])('sends the raw token, no Bearer prefix (%#)', async (strategy, headers) => {
    expect(await strategy.getAuthHeaders()).toEqual(headers);
  });

  it('hands out a copy, so a caller cannot change later calls', async () => {
    const strategy = ApiKeyStrategy({ apiKey: 'k' });
    const first = await strategy.getAuthHeaders();
    first.Authorization = 'changed';
    expect(await strategy.getAuthHeaders()).toEqual({ Authorization: 'k' });
  });
});
