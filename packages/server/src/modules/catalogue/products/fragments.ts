import { perServer } from '../../../platform/context.ts';
import { LruMap } from '../../../platform/lru.ts';
import type { WireOptions } from '../shared/wire.ts';

/**
 * Products as the wire sends them (their JSON text), per process, by row version: a page of products read from
 * the database (a shopper's cache miss, `X-Aisle-Consistent`, an admin's list) asks PostgreSQL only for the ids
 * and row versions (`xmin`) of its page, and writes the products it has kept instead of converting and
 * serializing each one again (docs/DECISIONS.md, "Product fragments").
 *
 * A product's wire text is a function of its `products` row and of the options it is written with (base URL,
 * currency and locale, today's media signatures, merchant or shopper). The row's `xmin` changes with every
 * committed update of the row, so a kept text can never be served for a changed row; a change of the options
 * drops every text (`context`). Nothing is dropped by events: old versions leave as the byte budget fills, the
 * least recently used first.
 */
export class ProductFragments {
  /**
   * UTF-8 bytes, not strings: a serializer's string is a rope of many pieces, and joining twenty of them walked
   * every piece on every page (a sixth of the page's CPU); bytes are copied once, and need no encoding to send.
   */
  private readonly texts: LruMap<Buffer>;
  private context: string | undefined;

  constructor(maxBytes: number) {
    this.texts = new LruMap<Buffer>(maxBytes, (text) => text.length);
  }

  get size(): number {
    return this.texts.size;
  }

  get hits(): number {
    return this.texts.hits;
  }

  get misses(): number {
    return this.texts.misses;
  }

  /** The kept text of product `id` at row version `version` written in `context`, if any. */
  get(context: string, id: string, version: string): Buffer | undefined {
    return context === this.context ? this.texts.get(`${id}:${version}`) : undefined;
  }

  set(context: string, id: string, version: string, text: Buffer): void {
    if (context !== this.context) {
      this.texts.clear();
      this.context = context;
    }
    this.texts.set(`${id}:${version}`, text);
  }
}

/** Per server: as many bytes of text as the catalogue read cache may keep (none when that cache is off). */
export const productFragments = perServer(
  (ctx) =>
    new ProductFragments(ctx.config.catalogueCacheSize > 0 ? ctx.config.catalogueCacheMb * 1024 * 1024 : 0),
);

/**
 * What a product's text depends on besides its row; undefined when the media links cannot say which
 * signatures they make (texts are then made, not kept).
 */
export function fragmentContext(opts: WireOptions): string | undefined {
  const links = opts.media ? opts.media.version : 'unsigned';
  if (links === undefined) return undefined;
  return [opts.merchant ? 'merchant' : 'shopper', opts.baseUrl, opts.currency, opts.locale ?? '', links].join(
    '\u0000',
  );
}
