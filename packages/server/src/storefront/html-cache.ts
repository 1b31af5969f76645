import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { CATALOGUE_READ_ENTITIES } from '../modules/catalogue/shared/read-cache.ts';
import { ChangeCache } from '../platform/change-cache.ts';
import type { AppContext } from '../platform/context.ts';
import type { Encoding } from './encoding.ts';

/** What a page's HTML shows comes from these (the catalogue, and the store's currency and locale). */
export const PAGE_ENTITIES = [...CATALOGUE_READ_ENTITIES, 'store_settings'];
/** No page is kept longer than this, even without a change event (a seed run beside the server). */
export const HTML_CACHE_MS = 60_000;

const compressors: Record<Exclude<Encoding, 'identity'>, (html: Buffer) => Promise<Buffer>> = {
  // Quality 5: a 70 kB product page in about 3 ms, 1.5 % larger than quality 9, which took 0.1–1 s (and both
  // encodings were made for every page, whether asked for or not).
  br: (html) =>
    promisify(brotliCompress)(html, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    }),
  gzip: (html) => promisify(gzip)(html, { level: 6 }),
};

export interface CachedPage {
  etag: string;
  identity: Buffer;
  /** The compressed copies made so far: each on the first request that asks for it, then kept with the page. */
  encoded: Partial<Record<Encoding, Promise<Buffer>>>;
  at: number;
}

/** The page's bytes and a strong ETag; compressed copies are made when first asked for (`bodyOf`). */
export function preparePage(html: Buffer, at: number): CachedPage {
  return {
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    identity: html,
    encoded: {},
    at,
  };
}

/** The page in an encoding: compressed off the event loop on the first ask, the same bytes after that. */
export function bodyOf(page: CachedPage, encoding: Encoding): Promise<Buffer> {
  if (encoding === 'identity') return Promise.resolve(page.identity);
  page.encoded[encoding] ??= compressors[encoding](page.identity);
  return page.encoded[encoding];
}

/**
 * Anonymous shoppers' catalogue pages (home, shop, collections, products), as sent, per process: a product
 * page is served from memory most of the time. Like the catalogue read cache, everything is dropped when a
 * catalogue event (or a store settings change) commits — in this process at once, in the others through
 * LISTEN/NOTIFY — nothing is kept while those notifications are down, and a render that started before a
 * change is not kept (`ChangeCache`). Bounded by entries and bytes; expired pages leave first, then the oldest.
 */
export class HtmlCache extends ChangeCache<CachedPage> {
  constructor(
    events: AppContext['events'],
    maxEntries: number,
    maxBytes: number,
    now: () => number = Date.now,
  ) {
    super(events, PAGE_ENTITIES, maxEntries, maxBytes, HTML_CACHE_MS, now);
  }

  /** The page with room for its compressed copies (each under a third of the HTML). */
  protected weight(page: CachedPage): number {
    return Math.ceil(page.identity.length * 1.67);
  }

  get(key: string): CachedPage | undefined {
    if (!this.keeping) return undefined;
    const page = this.fresh(key);
    if (page) return page;
    const stale = this.entries.get(key);
    if (stale) this.remove(key, stale);
    this.misses++;
    return undefined;
  }

  set(key: string, page: CachedPage, mark: number): void {
    this.keep(key, page, mark);
  }
}
