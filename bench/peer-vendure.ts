/**
 * Vendure 3.7 beside Aisle for `npm run bench:peers` (bench/peers.ts): its database filled from Aisle's seeded
 * catalogue, its server as a child process, and the Shop API requests a storefront sends for a collection page,
 * the cart and add-to-cart. Vendure itself lives in bench/peers/vendure (our config and scripts only; installed
 * by `npm --prefix bench/peers/vendure install`, never by the root `npm ci`).
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import type { Scenario } from './measure.ts';
import { freePort, type ServerProcess } from './server-process.ts';

export const VENDURE_DIR = 'bench/peers/vendure';

/** The installed @vendure/core version, or undefined when bench/peers/vendure is not installed. */
export function vendureVersion(): string | undefined {
  const manifest = join(VENDURE_DIR, 'node_modules/@vendure/core/package.json');
  if (!existsSync(manifest)) return undefined;
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

/** The rows of one statement on `url` (a connection of its own). */
export async function query<T extends object>(
  url: string,
  text: string,
  values: unknown[] = [],
): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** True when Vendure's database holds products (a populated Vendure from an earlier run). */
export async function vendurePopulated(url: string): Promise<boolean> {
  try {
    const [row] = await query<{ n: string }>(url, 'select count(*) as n from product');
    return Number(row?.n) > 0;
  } catch {
    return false;
  }
}

interface CatalogueRow {
  name: string;
  slug: string;
  description: string;
  sku: string;
  price: string;
  size: string;
  track: boolean | null;
  quantity: number | null;
  collections: string[];
}

/** A CSV field: quoted, inner quotes doubled. */
const field = (value: string) => `"${value.replaceAll('"', '""')}"`;

/**
 * Aisle's seeded catalogue (the `npm run seed -- --products N` products, `BULK-` SKUs, visible ones: what a
 * shopper sees) in Vendure's import format: the same names, slugs, descriptions, SKUs, two Size variants each,
 * the price a shopper pays (Aisle's discounted price, so both sort a collection the same way), stock tracking
 * and quantities, and each collection as a `collection` facet value its Vendure collection filters on.
 */
export async function exportCatalogue(aisleUrl: string, dir: string): Promise<{ products: number }> {
  const rows = await query<CatalogueRow>(
    aisleUrl,
    `select p.name, p.slug, p.description, v.sku, v.discounted_price::text as price, v.choices->>'Size' as size,
       i.track_quantity as track, i.quantity,
       array(select c.name from product_collections pc join collections c on c.id = pc.collection_id
             where pc.product_id = p.id order by c.name) as collections
     from products p join product_variants v on v.product_id = p.id
       left join inventory_items i on i.variant_id = v.id
     where p.sku like 'BULK-%' and p.visible
     order by p.created_date, p.id, v.position`,
  );
  const collections = await query<{ name: string; slug: string }>(
    aisleUrl,
    `select c.name, c.slug from collections c
     where exists (select 1 from product_collections pc join products p on p.id = pc.product_id
                   where pc.collection_id = c.id and p.sku like 'BULK-%')
     order by c.name`,
  );
  const header = [
    'name',
    'slug',
    'description',
    'assets',
    'facets',
    'optionGroups',
    'optionValues',
    'sku',
    'price',
    'taxCategory',
    'stockOnHand',
    'trackInventory',
    'variantAssets',
    'variantFacets',
  ];
  const lines = [header.join(',')];
  let products = 0;
  let last = '';
  for (const r of rows) {
    const first = r.slug !== last;
    last = r.slug;
    if (first) products++;
    const product = first
      ? [r.name, r.slug, r.description, '', r.collections.map((c) => `collection:${c}`).join('|'), 'Size']
      : ['', '', '', '', '', ''];
    const stock = r.track ? String(r.quantity ?? 0) : '0';
    lines.push(
      [...product, r.size, r.sku, r.price, 'standard', stock, r.track ? 'true' : 'false', '', '']
        .map(field)
        .join(','),
    );
  }
  const initialData = {
    defaultLanguage: 'en',
    defaultZone: 'Americas',
    countries: [{ code: 'US', name: 'United States', zone: 'Americas' }],
    taxRates: [{ name: 'Standard Tax', percentage: 0 }],
    shippingMethods: [{ name: 'Standard Shipping', price: 500 }],
    paymentMethods: [],
    collections: collections.map((c) => ({
      name: c.name,
      slug: c.slug,
      filters: [
        {
          code: 'facet-value-filter',
          args: { facetValueNames: [`collection:${c.name}`], containsAny: false },
        },
      ],
    })),
  };
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'products.csv'), `${lines.join('\n')}\n`);
  writeFileSync(join(dir, 'initial-data.json'), `${JSON.stringify(initialData, null, 2)}\n`);
  return { products };
}

/** Vendure's `populate()` from the exported files, in its own process (bench/peers/vendure/populate.mjs). */
export function populateVendure(vendureUrl: string, dir: string): void {
  const run = spawnSync(process.execPath, [join(VENDURE_DIR, 'populate.mjs'), dir], {
    env: { ...process.env, VENDURE_DATABASE_URL: vendureUrl },
    stdio: 'inherit',
  });
  if (run.status !== 0) throw new Error(`populating Vendure failed (exit ${run.status})`);
}

/** Vendure's server (bench/peers/vendure/server.mjs) on a free port, once it says it is ready. */
export async function startVendure(vendureUrl: string): Promise<ServerProcess> {
  const port = await freePort();
  const child: ChildProcess = spawn(process.execPath, [join(VENDURE_DIR, 'server.mjs')], {
    // Production mode, as Vendure is deployed (Nest and Apollo skip development-only work).
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), VENDURE_DATABASE_URL: vendureUrl },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('vendure ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`Vendure exited with ${code}`)));
  });
  const timeout = new Promise<never>((_, reject) =>
    setTimeout(() => reject(new Error('Vendure did not start in 180 s')), 180_000).unref(),
  );
  await Promise.race([ready, timeout]);
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}

const SHOP_API = '/shop-api';

/** The cart fields a cart page shows (as Vendure's storefront starters ask for them). */
const ORDER_FIELDS = `fragment Cart on Order {
  id code state active currencyCode totalQuantity subTotal subTotalWithTax shippingWithTax totalWithTax
  couponCodes discounts { description amountWithTax }
  lines { id quantity unitPriceWithTax linePriceWithTax discountedLinePriceWithTax featuredAsset { id preview }
    productVariant { id name sku price product { id name slug } } }
  shippingLines { priceWithTax shippingMethod { id name } }
}`;
const ACTIVE_ORDER = `query ActiveOrder { activeOrder { ...Cart } }\n${ORDER_FIELDS}`;
const ADD_ITEM = `mutation AddItem($productVariantId: ID!, $quantity: Int!) {
  addItemToOrder(productVariantId: $productVariantId, quantity: $quantity) {
    __typename ...Cart ... on ErrorResult { errorCode message }
  }
}\n${ORDER_FIELDS}`;
/** A collection page's products: what a product card shows, and the total for the pager. */
const SEARCH = `query CollectionPage($input: SearchInput!) {
  search(input: $input) {
    totalItems
    items { productId productName slug currencyCode productAsset { id preview }
      priceWithTax { ... on PriceRange { min max } ... on SinglePrice { value } } }
  }
}`;

interface GraphQlAnswer<T> {
  data?: T;
  errors?: unknown[];
  token?: string | null;
}

async function shop<T>(url: string, body: object, token?: string): Promise<GraphQlAnswer<T>> {
  const res = await fetch(url + SHOP_API, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`Vendure answered ${res.status}: ${await res.text()}`);
  return { ...((await res.json()) as GraphQlAnswer<T>), token: res.headers.get('vendure-auth-token') };
}

interface AddAnswer {
  addItemToOrder: { __typename: string; totalQuantity?: number; lines?: unknown[]; message?: string };
}

/** A shopper's session with an active order of these variants (one each); its bearer token. */
async function orderOf(url: string, variantIds: string[]): Promise<string> {
  let token: string | undefined;
  for (const productVariantId of variantIds) {
    const answer = await shop<AddAnswer>(
      url,
      { query: ADD_ITEM, variables: { productVariantId, quantity: 1 } },
      token,
    );
    const added = answer.data?.addItemToOrder;
    if (added?.__typename !== 'Order')
      throw new Error(`Vendure addItemToOrder: ${JSON.stringify(answer.errors ?? added)}`);
    token = answer.token ?? token;
  }
  if (!token) throw new Error('Vendure sent no vendure-auth-token');
  return token;
}

/** Vendure's variant ids of these SKUs (the same SKUs as Aisle's). */
export async function vendureVariants(vendureUrl: string, skus: string[]): Promise<string[]> {
  const found = await query<{ id: number; sku: string }>(
    vendureUrl,
    'select id, sku from product_variant where sku = any($1) and "deletedAt" is null',
    [skus],
  );
  return skus.map((sku) => {
    const row = found.find((r) => r.sku === sku);
    if (!row) throw new Error(`Vendure has no variant ${sku}`);
    return String(row.id);
  });
}

const post = (body: object) => ({ method: 'POST' as const, path: SHOP_API, body });

/** One Vendure Shop API scenario per comparison, with a check of one answer before and after measuring. */
export interface VendureScenarios {
  collectionPage: Scenario;
  currentCart: Scenario;
  addToCart: Scenario;
  minimal: Scenario;
  /** The first page's product slugs, in order (to compare with Aisle's page). */
  firstPage: string[];
  totalItems: number;
}

/**
 * The Vendure requests: `search` of a collection by slug sorted by price (`groupByProduct`, 20 a page, pages 1–4
 * in rotation, as Aisle's), `activeOrder` of 50 sessions with 3 lines, `addItemToOrder` of one of their items
 * again on 50 other sessions' 3-line orders.
 */
export async function vendureScenarios(
  url: string,
  collectionSlug: string,
  variantIds: string[],
): Promise<VendureScenarios> {
  const page = (skip: number) => ({
    query: SEARCH,
    variables: { input: { collectionSlug, sort: { price: 'ASC' }, take: 20, skip, groupByProduct: true } },
  });
  const first = await shop<{ search: { totalItems: number; items: Array<{ slug: string }> } }>(url, page(0));
  const items = first.data?.search.items ?? [];
  if (items.length !== 20) throw new Error(`Vendure's collection page: ${JSON.stringify(first)}`);
  const readers = await Promise.all(Array.from({ length: 50 }, () => orderOf(url, variantIds)));
  const adders = await Promise.all(Array.from({ length: 50 }, () => orderOf(url, variantIds)));
  let n = 0;
  const pages = [0, 20, 40, 60].map(page);
  const readerTokens = readers.map((t) => `Bearer ${t}`);
  return {
    firstPage: items.map((i) => i.slug),
    totalItems: first.data?.search.totalItems ?? 0,
    collectionPage: {
      name: 'vendure search',
      description: 'Shop API search(collectionSlug, sort price ASC, take 20, groupByProduct), pages 1–4',
      ...post(pages[0]!),
      next: () => ({ body: pages[n++ % pages.length] }),
    },
    currentCart: {
      name: 'vendure activeOrder',
      description: 'Shop API activeOrder (3 lines), 50 sessions in rotation',
      ...post({ query: ACTIVE_ORDER }),
      tokens: readerTokens,
    },
    addToCart: {
      name: 'vendure addItemToOrder',
      description: 'Shop API addItemToOrder(one of its 3 variants, 1) on an existing order, 50 sessions',
      ...post({ query: ADD_ITEM, variables: { productVariantId: variantIds[0], quantity: 1 } }),
      tokens: adders.map((t) => `Bearer ${t}`),
    },
    minimal: {
      name: 'vendure { __typename }',
      description: 'Shop API { __typename }: routing, GraphQL parse and execute; no database',
      ...post({ query: '{ __typename }' }),
    },
  };
}

/** One answer of a Vendure scenario, checked: a GraphQL answer without errors or error results. */
export async function checkVendure(url: string, scenario: Scenario): Promise<void> {
  const token = scenario.tokens?.[0]?.replace(/^Bearer /, '');
  const answer = await shop<Record<string, { __typename?: string; lines?: unknown[] } | null>>(
    url,
    scenario.body as object,
    token,
  );
  const value = answer.data ? Object.values(answer.data)[0] : undefined;
  const bad =
    answer.errors ||
    value === null ||
    value?.__typename?.endsWith('Error') ||
    (value?.lines && value.lines.length !== 3);
  if (bad) throw new Error(`${scenario.name} answered ${JSON.stringify(answer).slice(0, 500)}`);
}
