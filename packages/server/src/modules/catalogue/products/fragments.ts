import { perServer } from '../../../platform/context.ts';
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
  private readonly texts = new Map<string, Buffer>();
  private context: string | undefined;
  private bytes = 0;
  hits = 0;
  misses = 0;

  constructor(private readonly maxBytes: number) {}

  get size(): number {
    return this.texts.size;
  }

  /** The kept text of product `id` at row version `version` written in `context`, if any. */
  get(context: string, id: string, version: string): Buffer | undefined {
    if (context !== this.context) return undefined;
    const key = `${id}:${version}`;
    const text = this.texts.get(key);
    if (text === undefined) {
      this.misses++;
      return undefined;
    }
    // Most recently used last: eviction takes the first.
    this.texts.delete(key);
    this.texts.set(key, text);
    this.hits++;
    return text;
  }

  set(context: string, id: string, version: string, text: Buffer): void {
    if (text.length > this.maxBytes / 8) return;
    if (context !== this.context) {
      this.texts.clear();
      this.bytes = 0;
      this.context = context;
    }
    const key = `${id}:${version}`;
    const old = this.texts.get(key);
    if (old !== undefined) this.bytes -= old.length;
    this.texts.set(key, text);
    this.bytes += text.length;
    for (const [k, t] of this.texts) {
      if (this.bytes <= this.maxBytes) break;
      this.texts.delete(k);
      this.bytes -= t.length;
    }
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
