import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext, perServer } from '../../../platform/context.ts';
import { ChangeCache } from '../../../platform/change-cache.ts';
import { announceChanges } from '../../../platform/events.ts';

/**
 * Shoppers' catalogue reads, kept per process as the bytes sent: a product by id, `query-platformized`
 * pages (the storefront's product page is a `slug $eq` query) and collection pages (every storefront page's
 * header). Every shopper (anonymous, visitor, member) gets the same answer for the same request, so one entry
 * serves them all; admins always read the database.
 *
 * Correctness rests on events, as the capped counts do: every catalogue write records an event of one of
 * `CATALOGUE_READ_ENTITIES` in its transaction, and when one commits the whole cache is dropped — at once in
 * the writing process, through LISTEN/NOTIFY (milliseconds) in the others. Nothing is kept while those
 * notifications are down; a read that started before a change is not kept; no entry is older than
 * `CATALOGUE_CACHE_MS` even for a write that recorded no event (a seed run beside the server). A request
 * carrying `X-Aisle-Consistent` (the wire's read-your-writes token) always reads the database.
 */
export const CATALOGUE_READ_ENTITIES = [
  'product',
  'inventory_item',
  'collection',
  'brand',
  'ribbon',
  'customization',
  'info_section',
];
// At load, so that every process notifies the others of these changes, reader or not.
announceChanges(CATALOGUE_READ_ENTITIES);
/** An entry, and a capped count, is kept at most this long. */
export const CATALOGUE_CACHE_MS = 5_000;

interface Entry {
  body: Buffer;
  at: number;
}

/**
 * Bounds: at most `maxEntries` answers and `maxBytes` of them (a page of 100 products with variants is a few
 * hundred KB, so a count alone would let a crawler of distinct pages fill gigabytes). An answer larger than an
 * eighth of the byte budget is sent but not kept. Entries past their 5 s leave first, then the oldest.
 */
export class CatalogueReadCache extends ChangeCache<Entry> {
  /** Loads under way, so a burst of misses for one key reads the database once. */
  private readonly loading = new Map<string, Promise<Buffer>>();

  constructor(
    events: AppContext['events'],
    maxEntries: number,
    maxBytes: number = Number.POSITIVE_INFINITY,
    now: () => number = Date.now,
  ) {
    super(events, CATALOGUE_READ_ENTITIES, maxEntries, maxBytes, CATALOGUE_CACHE_MS, now);
  }

  protected weight(entry: Entry): number {
    return entry.body.length;
  }

  override clear(): void {
    super.clear();
    this.loading.clear();
  }

  /**
   * The serialized answer for `key`: kept, or made by `load` (which returns the bytes to send) and kept when
   * nothing changed meanwhile. Errors are never kept.
   */
  async read(key: string, load: () => Promise<Buffer>): Promise<Buffer> {
    if (!this.keeping) return load();
    const hit = this.fresh(key);
    if (hit) return hit.body;
    const pending = this.loading.get(key);
    if (pending) return pending;
    this.misses++;
    const mark = this.begin();
    const at = this.now();
    const promise = load();
    this.loading.set(key, promise);
    try {
      const body = await promise;
      this.keep(key, { body, at }, mark);
      return body;
    } finally {
      if (this.loading.get(key) === promise) this.loading.delete(key);
    }
  }
}

const caches = perServer(
  (ctx) =>
    new CatalogueReadCache(
      ctx.events,
      ctx.config.catalogueCacheSize,
      ctx.config.catalogueCacheMb * 1024 * 1024,
    ),
  (ctx) => ctx.events,
);

export function catalogueReadCache(ctx: AppContext): CatalogueReadCache {
  return caches.get(ctx);
}

/** Whether this request may be answered from the cache: a shopper's, not asking to read its own writes. */
export function cacheable(request: FastifyRequest): boolean {
  return request.caller.kind !== 'admin' && request.headers['x-aisle-consistent'] === undefined;
}

/**
 * Answer a shopper's read from the cache, or make it with `load` and the route's own response serializer
 * (so a kept answer is byte for byte what the route would send).
 */
export function sendCached(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
  load: () => Promise<unknown>,
): Promise<FastifyReply> {
  return sendCachedText(ctx, reply, key, async () => reply.serialize(await load()) as string | Uint8Array);
}

/** `sendCached` for a route that writes its answer's JSON text itself. */
export async function sendCachedText(
  ctx: AppContext,
  reply: FastifyReply,
  key: string,
  load: () => Promise<string | Uint8Array>,
): Promise<FastifyReply> {
  const body = await catalogueReadCache(ctx).read(key, async () => {
    const text = await load();
    return Buffer.isBuffer(text) ? text : Buffer.from(text);
  });
  return reply.type(JSON_TYPE).send(body);
}

const JSON_TYPE = 'application/json; charset=utf-8';

/** Send JSON the route wrote itself (Fastify sends a string or bytes as they are, the response schema unused). */
export const sendJsonText = (reply: FastifyReply, text: string | Uint8Array): FastifyReply =>
  reply.type(JSON_TYPE).send(text);
