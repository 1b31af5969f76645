import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { type Db, firstRow } from '../../platform/db.ts';
import { conflict, invalid, notFound } from '../../platform/errors.ts';
import { oauthClients } from './tables.ts';

export const DEMO_CLIENT_ID = 'demo-storefront';
/** How long a process trusts its cached list of client origins (CORS runs on every request). */
const ORIGIN_CACHE_MS = 10_000;

export interface OAuthClient {
  id: string;
  name: string;
  redirectUris: string[];
  allowedOrigins: string[];
  rotateRefreshTokens: boolean;
  followsPublicUrl: boolean;
  createdDate: Date;
  updatedDate: Date;
}

/** Backslashes, control characters and whitespace: parsers disagree on what they mean in a URL. */
const AMBIGUOUS = /[\\\s\p{Cc}]/u;

/**
 * `url` as every parser reads it, or undefined: an absolute http(s) URL with no backslash, control character or
 * whitespace (WHATWG reads `http://store\@evil.example/` as the store, RFC 3986 parsers as evil.example) and no
 * credentials. Callers send on `href`, the normalised form, never the text they were given.
 */
export function unambiguousUrl(url: string): URL | undefined {
  if (AMBIGUOUS.test(url)) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') return undefined;
  if (parsed.username || parsed.password) return undefined;
  return parsed;
}

export function originOf(url: string): string | undefined {
  return unambiguousUrl(url)?.origin;
}

/** The storefront served by this server, plus any `CORS_ORIGINS` (e.g. a Vite dev server). */
export function demoClientUrls(ctx: AppContext): { redirectUris: string[]; allowedOrigins: string[] } {
  const origins = [ctx.config.publicUrl, ...ctx.config.corsOrigins]
    .map(originOf)
    .filter((o): o is string => o !== undefined);
  const unique = [...new Set(origins)];
  const redirectUris = [`${ctx.config.publicUrl}/callback`, ...unique.map((o) => `${o}/callback`)];
  return { redirectUris: [...new Set(redirectUris)], allowedOrigins: unique };
}

/** Install the demo storefront client, or bring its URLs in line with the current `PUBLIC_URL`. */
export async function ensureDemoClient(ctx: AppContext): Promise<void> {
  const urls = demoClientUrls(ctx);
  await ctx.db
    .insert(oauthClients)
    .values({ id: DEMO_CLIENT_ID, name: 'Demo storefront', followsPublicUrl: true, ...urls })
    .onConflictDoUpdate({
      target: oauthClients.id,
      set: { ...urls, updatedDate: ctx.clock() },
      setWhere: sql`${oauthClients.followsPublicUrl} = true`,
    });
  invalidateOrigins(ctx);
}

export async function findClient(db: Db, id: string): Promise<OAuthClient | undefined> {
  return firstRow(db, oauthClients, eq(oauthClients.id, id));
}

export async function listClients(db: Db): Promise<OAuthClient[]> {
  return db.select().from(oauthClients).orderBy(oauthClients.createdDate);
}

/** OAuth redirect URIs match exactly (RFC 6749 §3.1.2.2, no prefix or wildcard matching). */
export function allowsRedirectUri(client: OAuthClient, uri: string): boolean {
  return client.redirectUris.includes(uri);
}

/**
 * Where hosted flows may send a browser back to (post-flow callbacks, logout, recovery links, checkout
 * completion): an exact redirect URI of the client, or any URL on one of its allowed origins or the store's own
 * origin. Answers the normalised URL to send (`unambiguousUrl`), or undefined when it is not allowed. Every
 * redirect target a client names goes through here.
 */
export function returnUrl(ctx: AppContext, client: OAuthClient | undefined, url: string): string | undefined {
  const parsed = unambiguousUrl(url);
  if (!parsed) return undefined;
  if (parsed.origin === originOf(ctx.config.publicUrl)) return parsed.href;
  if (!client) return undefined;
  return client.redirectUris.includes(url) || client.allowedOrigins.includes(parsed.origin)
    ? parsed.href
    : undefined;
}

export interface ClientInput {
  id?: string | undefined;
  name?: string | undefined;
  redirectUris?: string[] | undefined;
  allowedOrigins?: string[] | undefined;
  rotateRefreshTokens?: boolean | undefined;
}

function checkUrls(input: ClientInput): void {
  for (const [i, uri] of (input.redirectUris ?? []).entries()) {
    if (!originOf(uri) || uri.includes('#'))
      throw invalid(`redirectUris[${i}]`, 'must be an absolute http(s) URL without a fragment', 'FORMAT');
  }
  for (const [i, origin] of (input.allowedOrigins ?? []).entries()) {
    if (originOf(origin) !== origin)
      throw invalid(`allowedOrigins[${i}]`, 'must be an origin such as https://shop.example', 'FORMAT');
  }
}

export async function createClient(ctx: AppContext, input: ClientInput): Promise<OAuthClient> {
  checkUrls(input);
  const id = input.id ?? `client-${crypto.randomUUID()}`;
  const [row] = await ctx.db
    .insert(oauthClients)
    .values({
      id,
      name: input.name ?? id,
      redirectUris: input.redirectUris ?? [],
      allowedOrigins: input.allowedOrigins ?? [],
      rotateRefreshTokens: input.rotateRefreshTokens ?? true,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw conflict('CLIENT_EXISTS', `An OAuth client with id "${id}" exists`);
  invalidateOrigins(ctx);
  return row;
}

export async function updateClient(ctx: AppContext, id: string, input: ClientInput): Promise<OAuthClient> {
  checkUrls(input);
  const [row] = await ctx.db
    .update(oauthClients)
    .set({
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.redirectUris !== undefined ? { redirectUris: input.redirectUris } : {}),
      ...(input.allowedOrigins !== undefined ? { allowedOrigins: input.allowedOrigins } : {}),
      ...(input.rotateRefreshTokens !== undefined ? { rotateRefreshTokens: input.rotateRefreshTokens } : {}),
      // An edited client no longer follows PUBLIC_URL: the merchant's URLs win.
      followsPublicUrl: false,
      updatedDate: ctx.clock(),
    })
    .where(eq(oauthClients.id, id))
    .returning();
  if (!row) throw notFound('CLIENT_NOT_FOUND', `No OAuth client "${id}"`);
  invalidateOrigins(ctx);
  return row;
}

export async function deleteClient(ctx: AppContext, id: string): Promise<void> {
  const deleted = await ctx.db.delete(oauthClients).where(eq(oauthClients.id, id)).returning();
  if (deleted.length === 0) throw notFound('CLIENT_NOT_FOUND', `No OAuth client "${id}"`);
  invalidateOrigins(ctx);
}

interface OriginCache {
  origins: Set<string>;
  loadedAt: number;
}
const originCaches = new WeakMap<AppContext, Promise<OriginCache>>();

function invalidateOrigins(ctx: AppContext): void {
  originCaches.delete(ctx);
}

/** CORS: is this origin allowed by some OAuth client? Cached briefly per process. */
export function clientOriginChecker(ctx: AppContext): (origin: string) => Promise<boolean> {
  return async (origin) => {
    let cache = originCaches.get(ctx);
    const fresh = cache ? (await cache).loadedAt > Date.now() - ORIGIN_CACHE_MS : false;
    if (!cache || !fresh) {
      cache = ctx.db
        .select({ allowedOrigins: oauthClients.allowedOrigins })
        .from(oauthClients)
        .then((rows) => ({ origins: new Set(rows.flatMap((r) => r.allowedOrigins)), loadedAt: Date.now() }));
      cache.catch(() => originCaches.delete(ctx));
      originCaches.set(ctx, cache);
    }
    return (await cache).origins.has(origin);
  };
}
