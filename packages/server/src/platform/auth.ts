import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from './db.ts';
import { forbidden, unauthenticated } from './errors.ts';
import { allows, type Permission, roleOf, type StaffRole } from './permissions.ts';
import { apiKeys } from './tables.ts';

/** Who may call a route. Every route declares one (checked at start-up). */
export type Access = 'public' | 'visitor' | 'member' | 'admin';

export type Caller =
  | { kind: 'anonymous' }
  | { kind: 'visitor'; visitorId: string; clientId: string }
  | { kind: 'member'; memberId: string; visitorId?: string; clientId: string }
  | { kind: 'app'; appId: string }
  | AdminCaller;

/**
 * The merchant's side: an API key (`keyId`, the bootstrap key or one made for an integration) or a signed-in
 * staff member (`staffId`), with the role whose permissions it has (`platform/permissions.ts`).
 */
export interface AdminCaller {
  kind: 'admin';
  role: StaffRole;
  keyId?: string;
  staffId?: string;
  /** The key's name or the staff member's e-mail (the audit log's "who"). */
  label: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * What an admin caller's role must allow. Admin routes without one get their area's default
     * (`defaultPermission`), and start-up fails for an admin route of no known area.
     */
    permission?: Permission;
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

export const API_KEY_PREFIX = 'aisle_sk_';
const API_KEY_FORMAT = /^aisle_sk_[A-Za-z0-9_-]{32,200}$/;
/** What an admin API key must look like, said to an operator whose key does not. */
export const API_KEY_RULE =
  'an admin API key is "aisle_sk_" followed by 32 to 200 letters, digits, "-" or "_" (e.g. the output of `npm run keys -- generate`)';

export function isApiKeyFormat(key: string): boolean {
  return API_KEY_FORMAT.test(key);
}

/** Whether two secrets (or their hashes) are equal, in time that does not depend on where they differ. */
export function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

export function generateApiKey(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export interface NewApiKey {
  name: string;
  role?: StaffRole;
  /** The key `ADMIN_API_KEY` installs (or the generated first one); replaced when that setting changes. */
  bootstrap?: boolean;
  createdBy?: string;
}

export async function createApiKey(
  db: Db,
  input: string | NewApiKey,
  key = generateApiKey(),
): Promise<{ id: string; key: string }> {
  const spec = typeof input === 'string' ? { name: input } : input;
  const [row] = await db
    .insert(apiKeys)
    .values({
      name: spec.name,
      keyHash: hashSecret(key),
      prefix: key.slice(0, 14),
      role: spec.role ?? 'OWNER',
      bootstrap: spec.bootstrap ?? false,
      createdBy: spec.createdBy ?? null,
    })
    .returning({ id: apiKeys.id });
  return { id: row!.id, key };
}

export function apiKeyAuthenticator(db: Db): Authenticator {
  return async (credential) => {
    if (!credential.startsWith(API_KEY_PREFIX)) return null;
    const [row] = await db
      .select({ id: apiKeys.id, name: apiKeys.name, role: apiKeys.role })
      .from(apiKeys)
      .where(and(eq(apiKeys.keyHash, hashSecret(credential)), isNull(apiKeys.revokedDate)))
      .limit(1);
    return row ? { kind: 'admin', role: roleOf(row.role), keyId: row.id, label: row.name } : null;
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

/**
 * Whether the caller is an admin whose role allows `permission`: for routes open to shoppers too that show
 * an admin more (the merchant's view of checkout or tip settings needs `settings.read`).
 */
export const adminMay = (caller: Caller, permission: Permission): boolean =>
  caller.kind === 'admin' && allows(caller.role, permission);

/** The route's access, then, for an admin caller, its role against the route's permission. */
export function checkAccess(access: Access, request: FastifyRequest): void {
  checkLevel(access, request);
  const caller = request.caller;
  const permission = request.routeOptions.config.permission;
  if (caller.kind === 'admin' && permission && !allows(caller.role, permission))
    throw forbidden(`Your role (${caller.role.toLowerCase()}) does not allow this (${permission})`, {
      permission,
      role: caller.role,
    });
}

function checkLevel(access: Access, request: FastifyRequest): void {
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
