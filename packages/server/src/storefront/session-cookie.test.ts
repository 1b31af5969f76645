import { describe, expect, it } from 'vitest';
import { encodeSession, parseSession, readCookies, sessionCookie } from './session-cookie.ts';

const session = { accessToken: 'at', expiresAt: 1_900_000_000, refreshToken: 'rt', role: 'member' } as const;

describe('session cookie', () => {
  it('reads cookies from a header, the last of a name winning', () => {
    expect([...readCookies('a=1; b=x=y;c=; a=2')]).toEqual([
      ['a', '2'],
      ['b', 'x=y'],
      ['c', ''],
    ]);
    expect(readCookies(undefined).size).toBe(0);
  });

  it('round-trips the tokens', () => {
    expect(parseSession(encodeSession(session))).toEqual(session);
  });

  it.each([
    ['nothing', undefined],
    ['not base64 JSON', 'not-json'],
    ['a wrong role', Buffer.from(JSON.stringify({ a: 'x', e: 1, r: 'y', m: 'admin' })).toString('base64url')],
    [
      'an empty token',
      Buffer.from(JSON.stringify({ a: '', e: 1, r: 'y', m: 'visitor' })).toString('base64url'),
    ],
    [
      'a string expiry',
      Buffer.from(JSON.stringify({ a: 'x', e: '1', r: 'y', m: 'visitor' })).toString('base64url'),
    ],
  ])('reads %s as no session', (_name, value) => {
    expect(parseSession(value)).toBeUndefined();
  });

  it('is HttpOnly and SameSite=Lax, Secure only over https, with a readable flag beside it, and can be ended', () => {
    const [plain, flag] = sessionCookie(session, { secure: false, maxAgeSeconds: 60 });
    expect(plain).toMatch(/^aisle_session=[\w-]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(flag).toBe('aisle_has_session=1; Max-Age=60; Path=/; SameSite=Lax');
    for (const cookie of sessionCookie(session, { secure: true, maxAgeSeconds: 60 }))
      expect(cookie).toMatch(/; Secure$/);
    expect(sessionCookie(undefined, { secure: false, maxAgeSeconds: 60 })).toEqual([
      'aisle_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax',
      'aisle_has_session=; Max-Age=0; Path=/; SameSite=Lax',
    ]);
  });
});
