import { sql } from 'drizzle-orm';
import type { AppContext } from '../platform/context.ts';
import { rows } from '../platform/db.ts';
import { type SitemapEntry, sitemapIndex, urlSet } from './sitemap-xml.ts';

/** sitemaps.org allows 50,000 URLs per file. */
export const MAX_URLS_PER_SITEMAP = 50_000;

/**
 * The catalogue's sitemaps, keyset-paged on the products' numeric id so a million products cost a million
 * index entries, never an offset: the index names each file by the first id it holds
 * (`/sitemaps/products-<id>.xml`), found in one pass over the id index; each file reads from its id on.
 */
export async function sitemapIndexXml(ctx: AppContext, origin: string, perFile: number): Promise<string> {
  const starts = await rows<{ start: string }>(
    ctx.db,
    sql`select numeric_id::text as start from (
          select numeric_id, row_number() over (order by numeric_id) as n from products where visible
        ) numbered where (n - 1) % ${perFile} = 0 order by numeric_id`,
  );
  return sitemapIndex([
    { loc: `${origin}/sitemaps/pages.xml` },
    ...starts.map((s) => ({ loc: `${origin}/sitemaps/products-${s.start}.xml` })),
  ]);
}

/** Up to `perFile` visible products from the numeric id `start` on. */
export async function productSitemapXml(
  ctx: AppContext,
  origin: string,
  start: bigint,
  perFile: number,
): Promise<string> {
  const products = await rows<{ slug: string; last_updated: Date | string }>(
    ctx.db,
    sql`select slug, last_updated from products where visible and numeric_id >= ${start.toString()}
        order by numeric_id limit ${perFile}`,
  );
  return urlSet(
    products.map((p) => ({
      loc: `${origin}/product-page/${encodeURIComponent(p.slug)}`,
      lastmod: new Date(p.last_updated),
    })),
  );
}

/** The home page, the shop and every visible collection. */
export async function pagesSitemapXml(ctx: AppContext, origin: string): Promise<string> {
  const collections = await rows<{ slug: string; last_updated: Date | string }>(
    ctx.db,
    sql`select slug, last_updated from collections where visible order by slug limit ${MAX_URLS_PER_SITEMAP - 2}`,
  );
  const entries: SitemapEntry[] = [
    { loc: `${origin}/` },
    { loc: `${origin}/shop` },
    ...collections.map((c) => ({
      loc: `${origin}/collections/${encodeURIComponent(c.slug)}`,
      lastmod: new Date(c.last_updated),
    })),
  ];
  return urlSet(entries);
}
