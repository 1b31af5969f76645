/** sitemaps.org XML (pure): a sitemap index and a URL set. */

const escapeXml = (text: string) =>
  text.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c,
  );

export interface SitemapEntry {
  loc: string;
  lastmod?: Date | undefined;
}

const entry = (tag: 'url' | 'sitemap', e: SitemapEntry) =>
  `<${tag}><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</${tag}>`;

export const urlSet = (entries: SitemapEntry[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries
    .map((e) => entry('url', e))
    .join('')}</urlset>\n`;

export const sitemapIndex = (entries: SitemapEntry[]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${entries
    .map((e) => entry('sitemap', e))
    .join('')}</sitemapindex>\n`;

/** Search engines may crawl the catalogue; shoppers' own pages are theirs. */
export const robotsTxt = (origin: string): string =>
  [
    'User-agent: *',
    'Allow: /',
    'Disallow: /account',
    'Disallow: /checkout/',
    'Disallow: /orders/',
    'Disallow: /login',
    'Disallow: /register',
    'Disallow: /callback',
    'Disallow: /forgot-password',
    'Disallow: /reset-password',
    'Disallow: /shop?q=',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
