import { randomUUID } from 'node:crypto';
import { asc } from 'drizzle-orm';
import {
  type CryptoKey,
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  importPKCS8,
  type JWK,
  jwtVerify,
  SignJWT,
} from 'jose';
import { type AppContext, perServer } from '../../platform/context.ts';
import { KeptSecrets } from '../../platform/kept-secrets.ts';
import { oauthSigningKeys } from './tables.ts';

const ALG = 'ES256';
const TYP = 'at+jwt';
export const ISSUER = 'aisle';
/** Verified access tokens kept per process (see `KeyStore.verify`). */
const VERIFIED_CACHE_SIZE = 10_000;

/** What an access token says about its bearer. */
export interface AccessClaims {
  subjectType: 'visitor' | 'member';
  /** Member id or visitor id. */
  subject: string;
  visitorId?: string;
  clientId: string;
  /** The refresh-token family (one sign-in); lets a logout end exactly this session. */
  familyId: string;
  iat: number;
  exp: number;
}

interface Loaded {
  signing: { kid: string; key: CryptoKey };
  verifying: Map<string, CryptoKey>;
  publicJwks: JWK[];
}

function publicPart(jwk: JWK): JWK {
  const { d: _d, ...rest } = jwk;
  return rest;
}

/**
 * The signing keys of one database, loaded once per process and kept in memory: verification never touches
 * the database. The first process to start generates the key; every process then signs with the oldest
 * active key, so they agree.
 */
export class KeyStore {
  /** Signing uses the last keys read (`value`), so it never waits on the database inside a transaction. */
  private readonly keys = new KeptSecrets(() => this.read());

  constructor(private readonly ctx: AppContext) {}

  private async read(): Promise<Loaded> {
    const db = this.ctx.db;
    let rows = await db
      .select()
      .from(oauthSigningKeys)
      .orderBy(asc(oauthSigningKeys.createdDate), asc(oauthSigningKeys.kid));
    const active = () => rows.filter((r) => r.retiredDate === null);
    if (active().length === 0 && !this.ctx.config.oauthSigningKey) {
      const { privateKey } = await generateKeyPair(ALG, { extractable: true });
      const privateJwk = await exportJWK(privateKey);
      const kid = await calculateJwkThumbprint(publicPart(privateJwk));
      await db
        .insert(oauthSigningKeys)
        .values({
          kid,
          alg: ALG,
          privateJwk: { ...privateJwk },
          publicJwk: { ...publicPart(privateJwk), kid },
        })
        .onConflictDoNothing();
      rows = await db
        .select()
        .from(oauthSigningKeys)
        .orderBy(asc(oauthSigningKeys.createdDate), asc(oauthSigningKeys.kid));
    }
    const verifying = new Map<string, CryptoKey>();
    const publicJwks: JWK[] = [];
    for (const row of rows) {
      const publicJwk = { ...row.publicJwk, kid: row.kid, alg: row.alg, use: 'sig' } as JWK;
      verifying.set(row.kid, (await importJWK(publicJwk, row.alg)) as CryptoKey);
      if (row.retiredDate === null) publicJwks.push(publicJwk);
    }
    let signing: Loaded['signing'];
    if (this.ctx.config.oauthSigningKey) {
      const key = await importPKCS8(this.ctx.config.oauthSigningKey, ALG, { extractable: true });
      const jwk = publicPart(await exportJWK(key));
      const kid = await calculateJwkThumbprint(jwk);
      const publicJwk = { ...jwk, kid, alg: ALG, use: 'sig' } as JWK;
      verifying.set(kid, (await importJWK(publicJwk, ALG)) as CryptoKey);
      publicJwks.unshift(publicJwk);
      signing = { kid, key };
    } else {
      const row = active()[0];
      if (!row) throw new Error('No active OAuth signing key');
      signing = { kid: row.kid, key: (await importJWK(row.privateJwk as JWK, row.alg)) as CryptoKey };
    }
    return { signing, verifying, publicJwks };
  }

  /** Load (or on first start, create) the keys. Call before a transaction that signs: PGlite has one connection. */
  async ready(): Promise<void> {
    await this.keys.get();
  }

  async sign(claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number): Promise<string> {
    const { signing } = this.keys.value ?? (await this.keys.get());
    const now = Math.floor(this.ctx.clock().getTime() / 1000);
    const payload: Record<string, string> = {
      sty: claims.subjectType,
      cid: claims.clientId,
      fid: claims.familyId,
    };
    if (claims.visitorId) payload.vid = claims.visitorId;
    return new SignJWT(payload)
      .setProtectedHeader({ alg: ALG, kid: signing.kid, typ: TYP })
      .setIssuer(ISSUER)
      .setSubject(claims.subject)
      .setJti(randomUUID())
      .setIssuedAt(now)
      .setExpirationTime(now + ttlSeconds)
      .sign(signing.key);
  }

  /**
   * Tokens already verified, with their claims: a shopper sends the same token with every call, and an
   * ES256 verification costs more CPU than a whole catalogue read. A hit is still checked for expiry.
   */
  private readonly verified = new Map<string, AccessClaims>();

  /** The claims of a valid, unexpired access token, or null. */
  async verify(token: string): Promise<AccessClaims | null> {
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp > Math.floor(this.ctx.clock().getTime() / 1000)) return hit;
      this.verified.delete(token);
    }
    const claims = await this.verifySignature(token);
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.clear();
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string): Promise<AccessClaims | null> {
    let loaded = await this.keys.get();
    const kid = kidOf(token);
    if (kid === undefined) return null;
    if (!loaded.verifying.has(kid)) loaded = (await this.keys.afterMiss()) ?? loaded;
    const key = loaded.verifying.get(kid);
    if (!key) return null;
    try {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALG],
        typ: TYP,
        issuer: ISSUER,
        currentDate: this.ctx.clock(),
        requiredClaims: ['sub', 'exp', 'iat'],
      });
      const { sty, cid, fid, vid, sub, iat, exp } = payload as Record<string, unknown>;
      if ((sty !== 'visitor' && sty !== 'member') || typeof cid !== 'string' || typeof fid !== 'string')
        return null;
      return {
        subjectType: sty,
        subject: String(sub),
        clientId: cid,
        familyId: fid,
        ...(typeof vid === 'string' ? { visitorId: vid } : {}),
        iat: Number(iat),
        exp: Number(exp),
      };
    } catch {
      return null;
    }
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    const { publicJwks } = await this.keys.get();
    return { keys: publicJwks };
  }

  /** Forget the cached keys (tests, key rotation). */
  reset(): void {
    this.keys.forget();
    this.verified.clear();
  }
}

function kidOf(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0) return undefined;
  try {
    const header = JSON.parse(Buffer.from(token.slice(0, dot), 'base64url').toString('utf8')) as unknown;
    if (typeof header !== 'object' || header === null) return undefined;
    const kid = (header as { kid?: unknown }).kid;
    return typeof kid === 'string' ? kid : undefined;
  } catch {
    return undefined;
  }
}

const stores = perServer((ctx) => new KeyStore(ctx));

/** The key store of this server (one per context). */
export function keyStore(ctx: AppContext): KeyStore {
  return stores.get(ctx);
}
