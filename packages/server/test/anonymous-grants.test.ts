import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { serverForFile } from './file-server.ts';
import { CLIENT_ID } from './identity-helpers.ts';

/**
 * Anonymous token grants are limited per client address (`ANONYMOUS_GRANTS_PER_MINUTE`): each one stores a new
 * visitor and a refresh token, so a client asking without end would fill the database. The test clients all
 * connect from 127.0.0.1: the server trusts `X-Forwarded-For` here so that each test can speak for an address.
 */
const { server } = serverForFile({ config: { anonymousGrantsPerMinute: 3, trustProxy: true } });

const grant = (ip: string, body: Record<string, unknown> = { grantType: 'anonymous', clientId: CLIENT_ID }) =>
  server().call('POST', '/oauth2/token', { body, headers: { 'x-forwarded-for': ip } });

const visitorCount = async () =>
  Number((await rows<{ n: string }>(server().ctx.db, sql`select count(*) as n from visitors`))[0]!.n);

describe('anonymous grants per client address', () => {
  it('answers 429 with Retry-After after the limit, storing no visitor for the refused grant', async () => {
    const before = await visitorCount();
    const granted = [];
    for (let i = 0; i < 3; i++) {
      const res = await grant('203.0.113.7');
      expect(res.status).toBe(200);
      granted.push(res.body.refresh_token as string);
    }
    const refused = await grant('203.0.113.7');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(Number(refused.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('Too many requests'),
      details: {
        applicationError: { code: 'THROTTLED_FEATURE', data: { retryAfterSeconds: expect.any(Number) } },
      },
    });
    expect(await visitorCount()).toBe(before + 3);

    // Renewing a visitor's tokens is not a new visitor: not counted, not refused.
    const renewed = await grant('203.0.113.7', {
      grantType: 'refresh_token',
      refreshToken: granted[0],
      clientId: CLIENT_ID,
    });
    expect(renewed.status).toBe(200);
    expect(await visitorCount()).toBe(before + 3);
  });

  it('counts each address on its own', async () => {
    for (let i = 0; i < 3; i++) expect((await grant('198.51.100.20')).status).toBe(200);
    expect((await grant('198.51.100.20')).status).toBe(429);
    expect((await grant('198.51.100.21')).status).toBe(200);
  });
});
