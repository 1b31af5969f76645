import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryKeyValueStorage } from '../testing/fake-browser.ts';
import {
  cookieTokenStorage,
  emptyTokens,
  isTokenExpired,
  isTokens,
  localStorageTokenStorage,
  memoryTokenStorage,
  readTokensCookie,
  serializeTokensCookie,
  type TokenStorage,
  type Tokens,
} from './tokens.ts';

const tokens: Tokens = {
  accessToken: { value: 'access;=1', expiresAt: 1_700_000_000 },
  refreshToken: { value: 'refresh', role: 'visitor' },
};

/** Clears `storage`, which then reads nothing. */
function expectClears(storage: TokenStorage): void {
  storage.clear?.();
  expect(storage.get()).toBeUndefined();
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('token helpers', () => {
  it('empty tokens have role none', () => {
    expect(emptyTokens()).toEqual({
      accessToken: { value: '', expiresAt: 0 },
      refreshToken: { value: '', role: 'none' },
    });
  });

  it('a token is expired only when expiresAt < now (seconds)', () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_500);
    expect(isTokenExpired({ value: 'a', expiresAt: 1_700_000_000 })).toBe(false);
    expect(isTokenExpired({ value: 'a', expiresAt: 1_699_999_999 })).toBe(true);
  });

  it.each([
    [tokens, true],
    [{ ...tokens, refreshToken: { value: 'r', role: 'admin' } }, false],
    [{ ...tokens, accessToken: { value: 'a', expiresAt: '1' } }, false],
    [{ accessToken: tokens.accessToken }, false],
    [null, false],
    ['tokens', false],
  ])('isTokens(%j) is %s', (value, expected) => {
    expect(isTokens(value)).toBe(expected);
  });
});

describe('memoryTokenStorage', () => {
  it('keeps, replaces and clears tokens', () => {
    const storage = memoryTokenStorage(tokens);
    expect(storage.get()).toEqual(tokens);
    const next = { ...tokens, refreshToken: { value: 'r2', role: 'member' as const } };
    storage.set(next);
    expect(storage.get()).toBe(next);
    expectClears(storage);
  });
});

describe('localStorageTokenStorage', () => {
  it('stores JSON under its key and removes it on clear', () => {
    const backing = new MemoryKeyValueStorage();
    const storage = localStorageTokenStorage({ storage: backing, key: 'shop.tokens' });
    expect(storage.get()).toBeUndefined();
    storage.set(tokens);
    expect(JSON.parse(backing.getItem('shop.tokens') ?? '')).toEqual(tokens);
    expect(storage.get()).toEqual(tokens);
    storage.clear?.();
    expect(backing.items.size).toBe(0);
  });

  it('reads what another tab wrote and ignores unreadable values', () => {
    const backing = new MemoryKeyValueStorage();
    const storage = localStorageTokenStorage({ storage: backing });
    backing.setItem('aisle.tokens', JSON.stringify(tokens));
    expect(storage.get()).toEqual(tokens);
    backing.setItem('aisle.tokens', '{not json');
    expect(storage.get()).toBeUndefined();
    backing.setItem('aisle.tokens', JSON.stringify({ accessToken: 'x' }));
    expect(storage.get()).toBeUndefined();
  });

  it('uses the global localStorage when there is one', () => {
    const backing = new MemoryKeyValueStorage();
    vi.stubGlobal('localStorage', backing);
    localStorageTokenStorage().set(tokens);
    expect(backing.getItem('aisle.tokens')).toBe(JSON.stringify(tokens));
  });

  it('keeps tokens in memory where there is no localStorage (Node, SSR)', () => {
    expect(globalThis.localStorage).toBeUndefined();
    const storage = localStorageTokenStorage();
    storage.set(tokens);
    expect(storage.get()).toEqual(tokens);
    expectClears(storage);
  });
});

describe('cookies', () => {
  it('serialises tokens into a Set-Cookie value and reads them back from a Cookie header', () => {
    const setCookie = serializeTokensCookie(tokens);
    expect(setCookie).toMatch(/^aisle_tokens=[^;\s]+; Path=\/; Max-Age=2592000; SameSite=Lax$/);
    const pair = setCookie.split(';')[0];
    expect(readTokensCookie(`theme=dark; ${pair}; other=1`)).toEqual(tokens);
  });

  it('writes the attributes it is given, and a deletion for null', () => {
    expect(
      serializeTokensCookie(tokens, 'sid', {
        path: '/shop',
        domain: 'example.com',
        maxAge: 60,
        sameSite: 'None',
        httpOnly: true,
      }),
    ).toMatch(/^sid=\S+; Path=\/shop; Domain=example\.com; Max-Age=60; SameSite=None; Secure; HttpOnly$/);
    expect(serializeTokensCookie(null)).toBe('aisle_tokens=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it.each([
    [undefined],
    [''],
    ['aisle_tokens=%E0%A4%A'],
    ['aisle_tokens=%7Bnot-json'],
    ['other_aisle_tokens=x'],
  ])('reads nothing from %j', (header) => {
    expect(readTokensCookie(header)).toBeUndefined();
  });

  it('cookieTokenStorage reads the request cookie and reports every change as Set-Cookie', () => {
    const written: string[] = [];
    const header = `aisle_tokens=${encodeURIComponent(JSON.stringify(tokens))}`;
    const storage = cookieTokenStorage({ cookie: header, setCookie: (value) => written.push(value) });
    expect(storage.get()).toEqual(tokens);

    const next: Tokens = { ...tokens, accessToken: { value: 'new', expiresAt: 1 } };
    storage.set(next);
    // Later reads in the same request see the new tokens, not the stale request header.
    expect(storage.get()).toEqual(next);
    expect(readTokensCookie(written[0]?.split(';')[0])).toEqual(next);

    expectClears(storage);
    expect(written[1]).toBe('aisle_tokens=; Path=/; Max-Age=0; SameSite=Lax');
  });

  it('cookieTokenStorage reads through a function (document.cookie in a browser)', () => {
    let jar = '';
    const storage = cookieTokenStorage({ cookie: () => jar, setCookie: () => {}, name: 't' });
    expect(storage.get()).toBeUndefined();
    jar = `t=${encodeURIComponent(JSON.stringify(tokens))}`;
    expect(storage.get()).toEqual(tokens);
  });
});
