import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { apiKeys } from './tables.ts';

/** Who may call a route. Every route declares one (checked at start-up). */
export type Access = 'public' | 'visitor' | 'member' | 'admin';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; clientId: string }
  | { kind: 'member'; memberId: string; visitorId?: string; clientId: string }
  | { kind: 'app'; appId: string }
  | { kind: 'admin'; keyId: string };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller;
  }
}

/** Turns one credential into a caller, or null when it is not of its kind. */
export type Authenticator = (credential: string) => Promise<Caller | null>;

export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

export function generateApiKey(): string {
  return `aisle_sk_${randomBytes(32).toString('base64url')}`;
}

export async function createApiKey(
  db: Db,
  name: string,
  key = generateApiKey(),
): Promise<{ id: string; key: string }> {
  const [row] = await db
    .insert(apiKeys)
    .values({ name, keyHash: hashSecret(key), prefix: key.slice(0, 14) })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

export function apiKeyAuthenticator(db: Db): Authenticator {
  return async (credential) => {
    if (!credential.startsWith('aisle_sk_')) return null;
    const [row] = await db
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hashSecret(credential)), isNull(apiKeys.revokedDate)))
      .limit(1);
    return row ? { kind: 'admin', keyId: row.id } : null;
  };
}

/** `Authorization` is the raw token (wire/README §2); tolerate `Bearer`, and `token,apiKey` pairs. */
export function credentials(header: string | undefined): string[] {
  if (!header) return [];
  return header
    .replace(/^Bearer\s+/i, '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export async function resolveCaller(
  authenticators: Authenticator[],
  header: string | undefined,
): Promise<Caller> {
  const list = credentials(header);
  let best: Caller = { kind: 'anonymous' };
  let sawCredential = false;
  for (const credential of list) {
    sawCredential = true;
    for (const authenticate of authenticators) {
      const caller = await authenticate(credential);
      if (!caller) continue;
      // An admin key outranks a visitor token sent beside it.
      if (best.kind === 'anonymous' || caller.kind === 'admin') best = caller;
      break;
    }
  }
  if (sawCredential && best.kind === 'anonymous')
    throw unauthenticated('The access token or API key is invalid or expired');
  return best;
}

const RANK: Record<Caller['kind'], number> = { anonymous: 0, visitor: 1, member: 2, app: 3, admin: 4 };

export function checkAccess(access: Access, request: FastifyRequest): void {
  const caller = request.caller;
  if (access === 'public') return;
  if (caller.kind === 'anonymous') throw unauthenticated();
  if (access === 'visitor') return;
  if (access === 'member') {
    if (caller.kind === 'visitor') throw forbidden('Sign in as a member to call this');
    return;
  }
  if (RANK[caller.kind] < RANK.admin) throw forbidden('Admin credentials are required');
}
