import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { desc, isNull } from 'drizzle-orm';
import { type AppContext, perServer } from '../../../platform/context.ts';
import type { Db } from '../../../platform/db.ts';
import { KeptSecrets } from '../../../platform/kept-secrets.ts';
import { mediaSigningKeys } from './tables.ts';

/**
 * Signed media links: `/media/<id>/<filename>?expires=<unix seconds>&sig=<HMAC-SHA256, base64url>`. The MAC
 * covers the purpose, the media id and the expiry, so one link opens every rendition of one item (`&size=`
 * picks a thumbnail) and nothing else. Public links (catalogue images) last 7 to 8 days and change once a day
 * (the expiry is rounded up to a UTC midnight), so a page's image URLs stay cacheable all day; download links
 * (secure files) last minutes and are the only way to a secure file.
 */

/** `order`: the order links of order mails (an order id, no expiry); media serving never accepts them. */
export type LinkPurpose = 'public' | 'download' | 'order';
const TAG: Record<LinkPurpose, string> = { public: 'p', download: 'd', order: 'o' };

const DAY = 86_400;
export const PUBLIC_LINK_DAYS = 7;
export const DOWNLOAD_LINK_MINUTES = 15;
export const MAX_DOWNLOAD_LINK_MINUTES = 24 * 60;
const CACHE_LIMIT = 50_000;

/** Expiry (unix seconds) of public links made at `now`: the UTC midnight 7 to 8 days ahead. */
export function publicLinkExpiry(now: Date): number {
  const today = Math.floor(now.getTime() / 1000 / DAY) * DAY;
  return today + (PUBLIC_LINK_DAYS + 1) * DAY;
}

let signers = 0;

export class MediaSigner {
  /** Which signer this is in the process (a reload of the secrets makes a new one): part of `MediaLinks.version`. */
  readonly serial = ++signers;
  /** Public signatures of today's expiry, by id: a product page signs the same images over and over. */
  private readonly cache = new Map<string, string>();
  private cacheExpiry = 0;

  /** The first secret signs; all of them verify. */
  constructor(private readonly secrets: Buffer[]) {
    if (secrets.length === 0) throw new Error('MediaSigner needs a secret');
  }

  private mac(secret: Buffer, purpose: LinkPurpose, id: string, expires: number): string {
    return createHmac('sha256', secret)
      .update(`${TAG[purpose]}:${id.toLowerCase()}:${expires}`)
      .digest('base64url');
  }

  sign(purpose: LinkPurpose, id: string, expires: number): string {
    if (purpose !== 'public') return this.mac(this.secrets[0]!, purpose, id, expires);
    if (expires !== this.cacheExpiry || this.cache.size >= CACHE_LIMIT) {
      this.cache.clear();
      this.cacheExpiry = expires;
    }
    let sig = this.cache.get(id);
    if (sig === undefined) {
      sig = this.mac(this.secrets[0]!, purpose, id, expires);
      this.cache.set(id, sig);
    }
    return sig;
  }

  /** Whether `sig` is the MAC of this purpose, id and expiry under one of the secrets (constant time). */
  verify(purpose: LinkPurpose, id: string, expires: number, sig: string): boolean {
    const given = Buffer.from(sig);
    return this.secrets.some((secret) => {
      const expected = Buffer.from(this.mac(secret, purpose, id, expires));
      return expected.length === given.length && timingSafeEqual(expected, given);
    });
  }
}

export interface SignedLink {
  /** `expires=…&sig=…` */
  query: string;
  /** Unix seconds. */
  expires: number;
  /** ISO date of `expires`: the wire's `urlExpirationDate`. */
  expiresAt: string;
}

export function signLink(signer: MediaSigner, purpose: LinkPurpose, id: string, expires: number): SignedLink {
  return {
    query: `expires=${expires}&sig=${signer.sign(purpose, id, expires)}`,
    expires,
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

async function readSigner(db: Db): Promise<MediaSigner> {
  const active = () =>
    db
      .select()
      .from(mediaSigningKeys)
      .where(isNull(mediaSigningKeys.retiredDate))
      .orderBy(desc(mediaSigningKeys.createdDate), desc(mediaSigningKeys.kid));
  let keys = await active();
  if (keys.length === 0) {
    // A fixed first kid: processes starting together create one secret, not one each.
    await db
      .insert(mediaSigningKeys)
      .values({ kid: 'media-1', secret: randomBytes(32).toString('base64url') })
      .onConflictDoNothing();
    keys = await active();
  }
  return new MediaSigner(keys.map((k) => Buffer.from(k.secret, 'base64url')));
}

const secrets = perServer((ctx) => new KeptSecrets(() => readSigner(ctx.db)));

/** The signer of this server, loading (on the very first start: creating) its secret. */
export function mediaSigner(ctx: AppContext): Promise<MediaSigner> {
  return secrets.get(ctx).get();
}

/** Verifies a link, re-reading the secrets at most every 30 s when it fails (a secret added by another process). */
export async function verifyLink(
  ctx: AppContext,
  purposes: LinkPurpose[],
  id: string,
  expires: number,
  sig: string,
): Promise<boolean> {
  const check = (signer: MediaSigner) => purposes.some((p) => signer.verify(p, id, expires, sig));
  if (check(await mediaSigner(ctx))) return true;
  const reread = secrets.get(ctx).afterMiss();
  return reread ? check(await reread) : false;
}

/** How wire objects get their media URLs: the base URL and today's public signature of an id. */
export interface MediaLinks {
  baseUrl: string;
  /** The public signature of a media id; undefined when no secret is loaded (the URL then goes unsigned). */
  sign(id: string): SignedLink | undefined;
  /**
   * Names the links made: the same version, the same URL for an id (absent where that cannot be said, e.g.
   * download links that expire by the minute). Kept product texts depend on it (products/fragments.ts).
   */
  version?: string;
}

/** Unsigned links (tools without a server: seeds, scripts). */
export const unsignedLinks = (baseUrl: string): MediaLinks => ({
  baseUrl,
  sign: () => undefined,
  version: 'unsigned',
});

/**
 * The media links of a read, synchronous: the secret is loaded when the media routes register. Should a read
 * come first (a tool using the services without the routes), its URLs go unsigned and the load starts.
 */
export function mediaLinks(ctx: AppContext): MediaLinks {
  const signer = secrets.get(ctx).value;
  if (!signer) {
    mediaSigner(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, 'media signing key not loaded'));
    return unsignedLinks(ctx.config.publicUrl);
  }
  const expires = publicLinkExpiry(ctx.clock());
  const expiresAt = new Date(expires * 1000).toISOString();
  return {
    baseUrl: ctx.config.publicUrl,
    sign: (id) => ({
      query: `expires=${expires}&sig=${signer.sign('public', id, expires)}`,
      expires,
      expiresAt,
    }),
    version: `${signer.serial}:${expires}`,
  };
}

/** A short-lived download link to any media file (secure files have no other way in). */
export async function downloadLink(ctx: AppContext, id: string, minutes = DOWNLOAD_LINK_MINUTES) {
  const signer = await mediaSigner(ctx);
  const expires = Math.floor(ctx.clock().getTime() / 1000) + Math.round(minutes * 60);
  return signLink(signer, 'download', id, expires);
}
