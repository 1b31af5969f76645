import type { Scenario } from '../measure.ts';

/**
 * The server-rendered storefront: product pages as an anonymous shopper's browser asks for them (HTML, brotli),
 * 100 products in rotation. `cached` names the scenario for a server with the HTML cache (served from memory
 * after the first render of each page) or without it (`HTML_CACHE_SIZE=0`: every request renders the page through
 * the SDK's in-process calls and compresses it).
 */
export async function storefrontScenarios(url: string, cached: boolean): Promise<Scenario[]> {
  const res = await fetch(`${url}/stores-reader/v1/products/query-platformized`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { filter: { visible: true }, paging: { limit: 100, offset: 0 } } }),
  });
  const slugs = res.ok
    ? (((await res.json()) as { products?: Array<{ slug: string }> }).products ?? []).map((p) => p.slug)
    : [];
  if (slugs.length === 0) {
    console.error('storefront scenarios skipped: no visible products');
    return [];
  }
  const paths = slugs.map((slug) => `/product-page/${encodeURIComponent(slug)}`);
  return [
    {
      name: cached ? 'storefront product page (HTML cache)' : 'storefront product page (rendered)',
      description: cached
        ? 'GET /product-page/{slug} as HTML (br), 100 products in rotation, from the HTML cache'
        : 'GET /product-page/{slug} as HTML (br), 100 products in rotation, rendered each time (HTML_CACHE_SIZE=0)',
      path: paths[0]!,
      paths,
      headers: { accept: 'text/html', 'accept-encoding': 'br' },
      // With the cache, every page is rendered (and compressed) once before the measurement.
      ...(cached
        ? {
            prepare: async () => {
              for (const path of paths)
                await fetch(url + path, { headers: { accept: 'text/html', 'accept-encoding': 'br' } });
            },
          }
        : {}),
    },
  ];
}
