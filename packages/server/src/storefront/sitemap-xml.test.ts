import { describe, expect, it } from 'vitest';
import { robotsTxt, sitemapIndex, urlSet } from './sitemap-xml.ts';

describe('sitemap XML', () => {
  it('lists URLs with their last change, escaped', () => {
    expect(
      urlSet([
        { loc: 'https://s.example/a?x=1&y=<2>', lastmod: new Date('2025-01-02T03:04:05Z') },
        { loc: 'https://s.example/' },
      ]),
    ).toBe(
      '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' +
        '<url><loc>https://s.example/a?x=1&amp;y=&lt;2&gt;</loc><lastmod>2025-01-02T03:04:05.000Z</lastmod></url>' +
        '<url><loc>https://s.example/</loc></url></urlset>\n',
    );
  });

  it('makes an index of sitemaps', () => {
    expect(sitemapIndex([{ loc: 'https://s.example/sitemaps/pages.xml' }])).toContain(
      '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://s.example/sitemaps/pages.xml</loc></sitemap></sitemapindex>',
    );
  });

  it('points robots at the sitemap and keeps shoppers’ pages out', () => {
    const robots = robotsTxt('https://s.example');
    expect(robots).toContain('Sitemap: https://s.example/sitemap.xml');
    expect(robots).toMatch(/^Disallow: \/account$/m);
    expect(robots).toMatch(/^Disallow: \/checkout\/$/m);
    expect(robots).not.toMatch(/^Disallow: \/product-page/m);
  });
});
