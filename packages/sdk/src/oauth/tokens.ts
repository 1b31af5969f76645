import { isRecord } from '../core/values.ts';
import { TokenRole } from './constants.ts';

export interface AccessToken {
  value: string;
  /** Unix time in seconds: the time of issue plus the server's `expires_in`. */
  expiresAt: number;
}

export interface RefreshToken {
  value: string;
  role: TokenRole;
}

export interface Tokens {
  accessToken: AccessToken;
  refreshToken: RefreshToken;
}

/** No tokens at all (role `none`): the state after logout. */
export function emptyTokens(): Tokens {
  return { accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: TokenRole.NONE } };
}

/** Current Unix time in seconds. */
export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** `expiresAt < now` (SPEC §9); a token expiring this very second is still used. */
export function isTokenExpired(token: AccessToken): boolean {
  return token.expiresAt < nowInSeconds();
}

const ROLES: ReadonlySet<unknown> = new Set(Object.values(TokenRole));

/** Guards what comes back from storage, which may be stale, foreign or hand-edited. */
export function isTokens(value: unknown): value is Tokens {
  if (!isRecord(value) || !isRecord(value.accessToken) || !isRecord(value.refreshToken)) return false;
  const { accessToken, refreshToken } = value;
  return (
    typeof accessToken.value === 'string' &&
    typeof accessToken.expiresAt === 'number' &&
    Number.isFinite(accessToken.expiresAt) &&
    typeof refreshToken.value === 'string' &&
    ROLES.has(refreshToken.role)
  );
}

function parseTokens(text: string | null | undefined): Tokens | undefined {
  if (!text) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return isTokens(value) ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Where the strategy keeps its tokens. Synchronous so `getTokens()` stays synchronous. */
export interface TokenStorage {
  /** The stored tokens; undefined when there are none (or they are unreadable). */
  get(): Tokens | undefined;
  set(tokens: Tokens): void;
  /** Forget the tokens (logout); when missing, empty tokens are `set` instead. */
  clear?(): void;
}

/** Keeps tokens in this JavaScript realm only (the default). */
export function memoryTokenStorage(initial?: Tokens): TokenStorage {
  let tokens = initial;
  return {
    get: () => tokens,
    set: (next) => {
      tokens = next;
    },
    clear: () => {
      tokens = undefined;
    },
  };
}

/** The part of the Web Storage API the SDK uses (localStorage, sessionStorage or a fake). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** localStorage when the runtime has a usable one (browsers; not Node or sandboxed frames). */
export function globalLocalStorage(): KeyValueStorage | undefined {
  try {
    const storage = globalThis.localStorage;
    return storage && typeof storage.getItem === 'function' ? storage : undefined;
  } catch {
    // Accessing localStorage throws when storage is blocked (privacy settings, opaque origins).
    return undefined;
  }
}

export interface LocalStorageTokenStorageOptions {
  /** Default `aisle.tokens`. */
  key?: string;
  /** Default: the global localStorage, looked up on each use. */
  storage?: KeyValueStorage;
}

/**
 * Tokens as JSON under one localStorage key, shared by the tabs of an origin. Without a usable
 * localStorage (server-side rendering, blocked storage) it keeps them in memory instead.
 */
export function localStorageTokenStorage(options: LocalStorageTokenStorageOptions = {}): TokenStorage {
  const key = options.key ?? 'aisle.tokens';
  const fallback = memoryTokenStorage();
  const storage = (): KeyValueStorage | undefined => options.storage ?? globalLocalStorage();
  return {
    get: () => {
      const store = storage();
      return store ? parseTokens(store.getItem(key)) : fallback.get();
    },
    set: (tokens) => {
      const store = storage();
      if (store) store.setItem(key, JSON.stringify(tokens));
      else fallback.set(tokens);
    },
    clear: () => {
      const store = storage();
      if (store) store.removeItem(key);
      else fallback.clear?.();
    },
  };
}

export interface CookieAttributes {
  /** Default `/`. */
  path?: string;
  domain?: string;
  /** Seconds; default 30 days (renewed whenever the tokens change). */
  maxAge?: number;
  /** Default `Lax`. */
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
  /** Only for cookies written by the server; a browser cannot write HttpOnly cookies through document.cookie. */
  httpOnly?: boolean;
}

export const DEFAULT_TOKENS_COOKIE = 'aisle_tokens';
const DEFAULT_COOKIE_MAX_AGE = 60 * 60 * 24 * 30;

/** The tokens in a `Cookie` header (or `document.cookie`) string, if that cookie is there and valid. */
export function readTokensCookie(
  cookieHeader: string | null | undefined,
  name: string = DEFAULT_TOKENS_COOKIE,
): Tokens | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const index = part.indexOf('=');
    if (index < 0 || part.slice(0, index).trim() !== name) continue;
    try {
      return parseTokens(decodeURIComponent(part.slice(index + 1).trim()));
    } catch {
      // Malformed percent-encoding: not our cookie.
      return undefined;
    }
  }
  return undefined;
}

/** A `Set-Cookie` value holding the tokens; `null` deletes the cookie (`Max-Age=0`). */
export function serializeTokensCookie(
  tokens: Tokens | null,
  name: string = DEFAULT_TOKENS_COOKIE,
  attributes: CookieAttributes = {},
): string {
  const value = tokens ? encodeURIComponent(JSON.stringify(tokens)) : '';
  const parts = [`${name}=${value}`, `Path=${attributes.path ?? '/'}`];
  if (attributes.domain) parts.push(`Domain=${attributes.domain}`);
  parts.push(`Max-Age=${tokens ? (attributes.maxAge ?? DEFAULT_COOKIE_MAX_AGE) : 0}`);
  parts.push(`SameSite=${attributes.sameSite ?? 'Lax'}`);
  if (attributes.secure || attributes.sameSite === 'None') parts.push('Secure');
  if (attributes.httpOnly) parts.push('HttpOnly');
  return parts.join('; ');
}

export interface CookieTokenStorageOptions {
  /** The request's `Cookie` header (server-side rendering) or a function returning it, e.g. `() => document.cookie`. */
  cookie: string | null | undefined | (() => string | null | undefined);
  /** Receives a `Set-Cookie` value whenever the tokens change: append it to the response, or assign it to `document.cookie`. */
  setCookie: (setCookie: string) => void;
  /** Cookie name; default `aisle_tokens`. */
  name?: string;
  attributes?: CookieAttributes;
}

/**
 * Tokens in a cookie, for server-side rendering: reads them from the incoming `Cookie` header and hands every
 * change to `setCookie` as a `Set-Cookie` string. Within one request, tokens it has set win over the header.
 */
export function cookieTokenStorage(options: CookieTokenStorageOptions): TokenStorage {
  const name = options.name ?? DEFAULT_TOKENS_COOKIE;
  // undefined: nothing set yet, read the cookie; null: cleared.
  let written: Tokens | null | undefined;
  const header = (): string | null | undefined =>
    typeof options.cookie === 'function' ? options.cookie() : options.cookie;
  return {
    get: () => (written === undefined ? readTokensCookie(header(), name) : (written ?? undefined)),
    set: (tokens) => {
      written = tokens;
      options.setCookie(serializeTokensCookie(tokens, name, options.attributes));
    },
    clear: () => {
      written = null;
      options.setCookie(serializeTokensCookie(null, name, options.attributes));
    },
  };
}
