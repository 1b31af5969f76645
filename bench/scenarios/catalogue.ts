import type { Scenario } from '../measure.ts';

interface ProductsPage {
  products?: Array<{ id: string; slug: string }>;
}

interface CollectionsPage {
  collections?: Array<{ id: string; numberOfProducts?: number }>;
}

/**
 * What the storefront's collection page sorted by price asks (`loadListing` of apps/storefront: the collection
 * as `collectionIds $hasSome`, `discountedPrice` ascending or descending, an offset page), for the 20 largest
 * collections, ascending and descending in turn, at a page of 20.
 */
async function collectionPagePaths(url: string): Promise<string[]> {
  const res = await fetch(`${url}/v2/collections/query`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      query: { sort: [{ fieldName: 'numberOfProducts', order: 'DESC' }], paging: { limit: 20 } },
    }),
  });
  if (!res.ok) return [];
  const collections = ((await res.json()) as CollectionsPage).collections ?? [];
  return collections.map((c, k) => {
    const request = {
      query: {
        filter: { collectionIds: { $hasSome: [c.id] } },
        sort: [{ fieldName: 'discountedPrice', order: k % 2 ? 'DESC' : 'ASC' }],
        paging: { limit: 20, offset: 0 },
      },
    };
    return `/stores-reader/v1/products/query-platformized?${encode(request)}`;
  });
}

const encode = (request: unknown) => `.r=${Buffer.from(JSON.stringify(request)).toString('base64url')}`;

/** Product reads; ids are discovered from the running server so the scenarios fit any catalogue. */
export async function catalogueScenarios(url: string, _adminKey: string): Promise<Scenario[]> {
  const res = await fetch(`${url}/stores-reader/v1/products/query-platformized`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: { paging: { limit: 100, offset: 0 } } }),
  });
  if (!res.ok) {
    console.error(`catalogue scenarios skipped: product query answered ${res.status}`);
    return [];
  }
  const page = (await res.json()) as ProductsPage;
  const products = page.products ?? [];
  if (products.length === 0) return [];
  const bySlug = (slug: string) =>
    encode({ query: { filter: { slug: { $eq: slug } }, paging: { limit: 1 } }, includeVariants: true });
  const queries = [0, 20, 40, 60].map((offset, k) =>
    encode({
      query: {
        filter: { price: { $gte: 5 + k }, visible: true },
        sort: [{ fieldName: 'price', order: k % 2 ? 'DESC' : 'ASC' }],
        paging: { limit: 20, offset },
      },
    }),
  );
  const hot: Scenario[] = [
    {
      name: 'get product by id',
      description: 'GET /stores-reader/v1/products/{id}, 100 ids in rotation',
      path: `/stores-reader/v1/products/${products[0]!.id}`,
      paths: products.map((p) => `/stores-reader/v1/products/${p.id}`),
    },
    {
      name: 'get product by slug',
      description:
        'GET* query-platformized {slug $eq, limit 1, includeVariants}: the storefront product page, 100 slugs in rotation',
      path: `/stores-reader/v1/products/query-platformized?${bySlug(products[0]!.slug)}`,
      paths: products.map((p) => `/stores-reader/v1/products/query-platformized?${bySlug(p.slug)}`),
    },
    {
      name: 'product query page of 20',
      description: 'GET* query-platformized: price filter, price sort, offset page of 20',
      path: `/stores-reader/v1/products/query-platformized?${queries[0]}`,
      paths: queries.map((q) => `/stores-reader/v1/products/query-platformized?${q}`),
    },
  ];
  const collectionPages = await collectionPagePaths(url);
  if (collectionPages.length > 0)
    hot.push({
      name: 'collection page of 20 by price',
      description:
        'GET* query-platformized {collectionIds $hasSome [one], discountedPrice sort}: the storefront collection page sorted by price, 20 collections (asc/desc in turn)',
      path: collectionPages[0]!,
      paths: collectionPages,
    });
  // The same requests past the shoppers' read cache: `X-Aisle-Consistent` asks for a database read.
  const database = hot.map((s) => ({
    ...s,
    name: `${s.name} (database)`,
    description: `${s.description}; X-Aisle-Consistent, so read from the database every time`,
    headers: { 'x-aisle-consistent': '1' },
  }));
  return [...hot, ...database];
}
