import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { AppContext } from '../platform/context.ts';
import type { Encoding } from './encoding.ts';

/** What a page's HTML shows comes from these (the catalogue, and the store's currency and locale). */
export const PAGE_ENTITIES = [
  'product',
  'inventory_item',
  'collection',
  'brand',
  'ribbon',
  'customization',
  'info_section',
  'store_settings',
];
/** No page is kept longer than this, even without a change event (a seed run beside the server). */
export const HTML_CACHE_MS = 60_000;

export interface CachedPage {
  etag: string;
  bodies: Record<Encoding, Buffer>;
  at: number;
}

/** The page's bytes with their compressed copies (made once, sent many times) and a strong ETag. */
export function preparePage(html: Buffer, at: number): CachedPage {
  return {
    etag: `"${createHash('sha256').update(html).digest('base64url').slice(0, 27)}"`,
    bodies: {
      identity: html,
      br: brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
      gzip: gzipSync(html, { level: 9 }),
    },
    at,
  };
}

/**
 * Anonymous shoppers' catalogue pages (home, shop, collections, products), as sent, per process: a product
 * page is served from memory most of the time. Like the catalogue read cache, everything is dropped when a
 * catalogue event (or a store settings change) commits — in this process at once, in the others through
 * LISTEN/NOTIFY — nothing is kept while those notifications are down, and a render that started before a
 * change is not kept. Bounded by entries and bytes; the oldest leave first.
 */
export class HtmlCache {
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private generation = 0;
  hits = 0;
  misses = 0;

  constructor(
    private readonly events: AppContext['events'],
    private readonly maxEntries: number,
    private readonly maxBytes: number,
    private readonly now: () => number = Date.now,
  ) {
    events.watch(PAGE_ENTITIES, () => this.clear());
  }

  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
    this.bytes = 0;
  }

  private weight(page: CachedPage): number {
    return page.bodies.identity.length + page.bodies.br.length + page.bodies.gzip.length;
  }

  get(key: string): CachedPage | undefined {
    if (this.maxEntries === 0 || !this.events.changesLive) return undefined;
    const page = this.entries.get(key);
    if (page && this.now() - page.at < HTML_CACHE_MS) {
      this.hits++;
      return page;
    }
    if (page) this.remove(key, page);
    this.misses++;
    return undefined;
  }

  /** A mark to pass to `set`: a page rendered across a change is not kept. */
  begin(): number {
    return this.generation;
  }

  set(key: string, page: CachedPage, mark: number): void {
    if (this.maxEntries === 0 || !this.events.changesLive || mark !== this.generation) return;
    const weight = this.weight(page);
    if (weight > this.maxBytes / 8) return;
    const old = this.entries.get(key);
    if (old) this.remove(key, old);
    for (const [k, entry] of this.entries) {
      if (this.entries.size < this.maxEntries && this.bytes + weight <= this.maxBytes) break;
      this.remove(k, entry);
    }
    this.entries.set(key, page);
    this.bytes += weight;
  }

  private remove(key: string, page: CachedPage): void {
    this.entries.delete(key);
    this.bytes -= this.weight(page);
  }
}
