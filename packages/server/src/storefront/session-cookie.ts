/**
 * The shopper's session in one cookie: their visitor or member tokens, HttpOnly (page scripts never read
 * the refresh token), `SameSite=Lax` (not sent with other sites' requests, so they cannot act as the
 * shopper), `Secure` when the store is served over https.
 */

export const SESSION_COOKIE = 'aisle_session';
/**
 * Beside it, readable by the page: only that a session exists (no secret), so a new visitor's page does not
 * ask for a cart that cannot exist yet.
 */
export const SESSION_FLAG_COOKIE = 'aisle_has_session';

export type SessionRole = 'visitor' | 'member';

export interface SessionTokens {
  accessToken: string;
  /** Unix seconds. */
  expiresAt: number;
  refreshToken: string;
  role: SessionRole;
}

/** Cookie values from a `Cookie` header (the last one of a name wins). */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i <= 0) continue;
    const name = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (name) cookies.set(name, value);
  }
  return cookies;
}

const isRole = (value: unknown): value is SessionRole => value === 'visitor' || value === 'member';

/** The session in a cookie value, or undefined when there is none or it is unreadable. */
export function parseSession(value: string | undefined): SessionTokens | undefined {
  if (!value) return undefined;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(value, 'base64url').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { a, e, r, m } = parsed as Record<string, unknown>;
    if (typeof a !== 'string' || typeof r !== 'string' || typeof e !== 'number' || !isRole(m))
      return undefined;
    if (!a || !r || !Number.isFinite(e)) return undefined;
    return { accessToken: a, expiresAt: e, refreshToken: r, role: m };
  } catch {
    return undefined;
  }
}

export const encodeSession = (s: SessionTokens): string =>
  Buffer.from(JSON.stringify({ a: s.accessToken, e: s.expiresAt, r: s.refreshToken, m: s.role })).toString(
    'base64url',
  );

/** `Set-Cookie`s for the session (kept as long as the refresh token lives) and its flag, or ones that end them. */
export function sessionCookie(
  session: SessionTokens | undefined,
  options: { secure: boolean; maxAgeSeconds: number },
): string[] {
  const common = ['Path=/', 'SameSite=Lax', ...(options.secure ? ['Secure'] : [])];
  const age = `Max-Age=${session ? options.maxAgeSeconds : 0}`;
  return [
    [
      `${SESSION_COOKIE}=${session ? encodeSession(session) : ''}`,
      age,
      'Path=/',
      'HttpOnly',
      ...common.slice(1),
    ].join('; '),
    [`${SESSION_FLAG_COOKIE}=${session ? '1' : ''}`, age, ...common].join('; '),
  ];
}
