/**
 * `npm run bench:peers [-- --seconds 10 --connections 10 --products 2000 --fresh]`
 *
 * Aisle and Vendure 3.7 side by side (issue #17): the same machine, the same PostgreSQL server, the same
 * autocannon harness (bench/measure.ts) and the same catalogue (`npm run seed -- --products N`, copied into
 * Vendure by its own `populate()`). Each pair of scenarios runs interleaved, Aisle, Vendure, Aisle, Vendure,
 * and the better of each side's two runs is reported, with Aisle's bare route of the same run as the ceiling.
 *
 * Databases on DATABASE_URL's server (default postgres://postgres@127.0.0.1:5432/postgres): `aisle_peers` (the
 * demo store plus N seeded products) and `vendure_bench`, each made once and reused (`--fresh` makes both again).
 * Vendure must be installed first: `npm --prefix bench/peers/vendure install`.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { CONSISTENT_HEADER, createClient, products as productsModule } from '../packages/sdk/src/index.ts';
import { cpuBetween, sampleCpu } from './cpu.ts';
import { measure, type Result, type Scenario } from './measure.ts';
import {
  checkVendure,
  exportCatalogue,
  populateVendure,
  query,
  startVendure,
  VENDURE_DIR,
  vendurePopulated,
  vendureScenarios,
  vendureVariants,
  vendureVersion,
} from './peer-vendure.ts';
import { post, STORE_APP_ID } from './scenarios/cart.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    products: { type: 'string', default: '2000' },
    fresh: { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const adminKey = 'aisle_sk_bench_admin_key_do_not_use_in_production';

const version = vendureVersion();
if (!version) {
  console.error(`Vendure is not installed: npm --prefix ${VENDURE_DIR} install`);
  process.exit(1);
}

const databaseUrl = (name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
};
const aisleUrl = databaseUrl('aisle_peers');
const vendureUrl = databaseUrl('vendure_bench');

async function recreate(name: string): Promise<void> {
  await query(base, `drop database if exists ${name} with (force)`);
  await query(base, `create database ${name}`);
}

async function seededProducts(): Promise<number> {
  try {
    const [row] = await query<{ n: string }>(
      aisleUrl,
      "select count(*) as n from products where sku like 'BULK-%'",
    );
    return Number(row?.n);
  } catch {
    return 0;
  }
}

function seed(args: string[]): void {
  const run = spawnSync(
    process.execPath,
    ['--conditions=aisle-source', '--import', 'tsx', 'packages/server/src/seed/cli.ts', ...args],
    { env: { ...process.env, DATABASE_URL: aisleUrl }, stdio: 'inherit' },
  );
  if (run.status !== 0) throw new Error(`seeding Aisle failed (exit ${run.status})`);
}

// The databases: Aisle's demo store and N products, then the same products in Vendure.
const products = Number(values.products);
let fresh = values.fresh;
if (fresh || (await seededProducts()) !== products) {
  console.error(`Aisle: the demo store and ${products} products into aisle_peers…`);
  await recreate('aisle_peers');
  seed([]);
  seed(['--products', String(products)]);
  fresh = true;
}
if (fresh || !(await vendurePopulated(vendureUrl))) {
  const dir = `${VENDURE_DIR}/data`;
  const exported = await exportCatalogue(aisleUrl, dir);
  console.error(`Vendure: ${exported.products} products into vendure_bench with populate()…`);
  await recreate('vendure_bench');
  populateVendure(vendureUrl, dir);
}
for (const url of [aisleUrl, vendureUrl]) await query(url, 'vacuum (analyze)');

// ---------------------------------------------------------------------------------------------------------
// The requests
// ---------------------------------------------------------------------------------------------------------

interface Pick {
  productId: string;
  variantId: string;
  sku: string;
}

/** The largest seeded collection, and three products of it with untracked stock (adds never run out). */
async function picks(): Promise<{ collection: { id: string; slug: string; name: string }; items: Pick[] }> {
  const [collection] = await query<{ id: string; slug: string; name: string }>(
    aisleUrl,
    `select c.id, c.slug, c.name from collections c
     where exists (select 1 from product_collections pc join products p on p.id = pc.product_id
                   where pc.collection_id = c.id and p.sku like 'BULK-%')
     order by c.product_count desc, c.name limit 1`,
  );
  if (!collection) throw new Error('no seeded collection');
  const items = await query<Pick>(
    aisleUrl,
    `select p.id as "productId", v.id as "variantId", v.sku from products p
       join product_variants v on v.product_id = p.id and v.position = 0
       join inventory_items i on i.variant_id = v.id
     where p.sku like 'BULK-%' and p.visible and p.product_type = 'physical' and not i.track_quantity
       and $1 = any(p.collection_ids)
     order by p.created_date limit 3`,
    [collection.id],
  );
  return { collection, items };
}

/**
 * The storefront's collection page sorted by price (apps/storefront, `loadListing` with `sort=price-asc`), 20 a
 * page: the SDK's products query `hasSome(collectionIds)`, ascending `discountedPrice`, offset page, asked of the
 * database (`X-Aisle-Consistent`). The requests are the ones the SDK sends, pages 1–4.
 */
async function aisleCollectionPage(url: string, collectionId: string) {
  const sent: string[] = [];
  const client = createClient({
    modules: { products: productsModule },
    baseUrl: url,
    headers: { [CONSISTENT_HEADER]: '1' },
    fetch: (input, init) => {
      sent.push(String(input));
      return fetch(input, init);
    },
  });
  let firstPage: string[] = [];
  let total = 0;
  for (const skip of [0, 20, 40, 60]) {
    const page = await client.products
      .queryProducts()
      .hasSome('collectionIds', [collectionId])
      .ascending('discountedPrice')
      .limit(20)
      .skip(skip)
      .find();
    if (page.items.length !== 20)
      throw new Error(`Aisle's collection page had ${page.items.length} products`);
    if (skip === 0) {
      firstPage = page.items.map((p) => p.slug ?? '');
      total = page.totalCount ?? 0;
    }
  }
  const paths = sent.map((s) => s.slice(url.length));
  if (paths.some((p) => !p.startsWith('/stores-reader/v1/products/query-platformized?')))
    throw new Error(`the SDK sent ${paths.join(', ')}`);
  const scenario: Scenario = {
    name: 'aisle collection page',
    description:
      'GET* query-platformized: collectionIds hasSome, discountedPrice ascending, 20 a page, pages 1–4',
    path: paths[0]!,
    paths,
    headers: { [CONSISTENT_HEADER.toLowerCase()]: '1' },
  };
  return { scenario, firstPage, total };
}

const line = (p: Pick) => ({
  quantity: 1,
  catalogReference: { catalogItemId: p.productId, appId: STORE_APP_ID, options: { variantId: p.variantId } },
});

/** A visitor with a cart of these items (one each), as bench/scenarios/cart.ts makes them; their token. */
async function aisleCart(url: string, items: Pick[]): Promise<string> {
  const token = await post(url, '/oauth2/token', {
    grantType: 'anonymous',
    clientId: 'demo-storefront',
  });
  const visitor = String(token.body.access_token);
  const added = await post(
    url,
    '/ecom/v1/carts/current/add-to-cart',
    { lineItems: items.map(line) },
    visitor,
  );
  if (added.status !== 200)
    throw new Error(`add-to-cart answered ${added.status} ${JSON.stringify(added.body)}`);
  return visitor;
}

async function aisleScenarios(url: string, collectionId: string, items: Pick[]) {
  const page = await aisleCollectionPage(url, collectionId);
  const readers = await Promise.all(Array.from({ length: 50 }, () => aisleCart(url, items)));
  const adders = await Promise.all(Array.from({ length: 50 }, () => aisleCart(url, items)));
  return {
    ...page,
    currentCart: {
      name: 'aisle current cart',
      description: "GET /ecom/v1/carts/current (the SDK's getCurrentCart), 3 lines, 50 visitors in rotation",
      path: '/ecom/v1/carts/current',
      tokens: readers,
    } satisfies Scenario,
    addToCart: {
      name: 'aisle add to cart',
      description: 'POST add-to-cart of one of its 3 items again (merges the quantity), 50 other visitors',
      method: 'POST',
      path: '/ecom/v1/carts/current/add-to-cart',
      body: { lineItems: [line(items[0]!)] },
      tokens: adders,
    } satisfies Scenario,
    bare: {
      name: 'aisle bare route',
      description: 'GET /ping: routing, hooks, JSON; no database',
      path: '/ping',
    },
  };
}

/** One answer of an Aisle scenario, checked: 200, and a 3-line cart where it reads or writes one. */
async function checkAisle(url: string, scenario: Scenario): Promise<void> {
  const token = scenario.tokens?.[0];
  const res = await fetch(url + (Array.isArray(scenario.paths) ? scenario.paths[0] : scenario.path), {
    method: scenario.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...scenario.headers,
      ...(token ? { authorization: token } : {}),
    },
    ...(scenario.body === undefined ? {} : { body: JSON.stringify(scenario.body) }),
  });
  const body = (await res.json()) as { cart?: { lineItems?: unknown[] } };
  if (res.status !== 200 || (body.cart && body.cart.lineItems?.length !== 3))
    throw new Error(`${scenario.name} answered ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
}

// ---------------------------------------------------------------------------------------------------------
// The run
// ---------------------------------------------------------------------------------------------------------

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** One measured run (after a 2 s warm-up), with the CPU the server and PostgreSQL spent per request. */
async function run(server: ServerProcess, scenario: Scenario): Promise<Result> {
  await measure(server.url, scenario, 2, connections);
  const before = sampleCpu(server.child.pid, true);
  const result = await measure(server.url, scenario, seconds, connections);
  const after = sampleCpu(server.child.pid, true);
  if (result.requests > 0) {
    const spent = cpuBetween(before, after);
    result.serverCpuMsPerRequest = round3(spent.serverMs / result.requests);
    result.postgresCpuMsPerRequest = round3(spent.postgresMs / result.requests);
  }
  console.error(
    `${scenario.name.padEnd(28)} ${String(result.requestsPerSecond).padStart(6)} req/s  p99 ${result.latencyP99Ms} ms  cpu/req server ${result.serverCpuMsPerRequest} ms, postgres ${result.postgresCpuMsPerRequest} ms  errors ${result.errors} non2xx ${result.non2xx}`,
  );
  return result;
}

interface Pair {
  name: string;
  goal?: number;
  aisle: Scenario;
  vendure: Scenario;
}

interface Compared {
  name: string;
  goal?: number;
  aisle: Result[];
  vendure: Result[];
}

const best = (results: Result[]) =>
  results.reduce((a, b) => (b.requestsPerSecond > a.requestsPerSecond ? b : a));

const loadBefore = loadavg().map((n) => n.toFixed(2));
const { collection, items } = await picks();
if (items.length !== 3) throw new Error('fewer than 3 untracked products in the collection');
const vendure = await startVendure(vendureUrl);
const aisle = await startServerProcess({ DATABASE_URL: aisleUrl, ADMIN_API_KEY: adminKey }).catch(
  async (error: unknown) => {
    await vendure.stop();
    throw error;
  },
);
const compared: Compared[] = [];
let sameFirstPage = false;
try {
  const a = await aisleScenarios(aisle.url, collection.id, items);
  const v = await vendureScenarios(
    vendure.url,
    collection.slug,
    await vendureVariants(
      vendureUrl,
      items.map((i) => i.sku),
    ),
  );
  sameFirstPage = a.firstPage.join() === v.firstPage.join();
  console.error(
    `collection "${collection.name}": Aisle ${a.total} products, Vendure ${v.totalItems}; first page ${sameFirstPage ? 'the same products in the same order' : `differs:\n  ${a.firstPage.join(' ')}\n  ${v.firstPage.join(' ')}`}`,
  );
  const pairs: Pair[] = [
    {
      name: 'collection page of 20 by price (database)',
      goal: 20,
      aisle: a.scenario,
      vendure: v.collectionPage,
    },
    { name: 'get current cart (3 lines)', goal: 20, aisle: a.currentCart, vendure: v.currentCart },
    { name: 'add to cart (existing cart)', aisle: a.addToCart, vendure: v.addToCart },
    { name: 'bare route (ceiling)', aisle: a.bare, vendure: v.minimal },
  ];
  for (const pair of pairs) {
    const done: Compared = { name: pair.name, goal: pair.goal, aisle: [], vendure: [] };
    for (let round = 0; round < 2; round++) {
      await checkAisle(aisle.url, pair.aisle);
      done.aisle.push(await run(aisle, pair.aisle));
      await checkVendure(vendure.url, pair.vendure);
      done.vendure.push(await run(vendure, pair.vendure));
    }
    await checkAisle(aisle.url, pair.aisle);
    await checkVendure(vendure.url, pair.vendure);
    compared.push(done);
  }
} finally {
  await aisle.stop();
  await vendure.stop();
}

const [pgVersion] = await query<{ server_version: string }>(base, 'show server_version');
const machine = `${cpus()[0]?.model ?? 'unknown cpu'}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
const cpu = (r: Result) => `${r.serverCpuMsPerRequest} + ${r.postgresCpuMsPerRequest}`;
const table = [
  `Run ${new Date().toISOString()} · ${machine} · PostgreSQL ${pgVersion?.server_version} · Vendure ${version} · ${connections} connections · ${seconds} s per run, best of 2 interleaved runs · catalogue: the demo store and ${products} seeded products (Vendure: the ${products} seeded products) · collection "${collection.name}" · load average before: ${loadBefore.join(' ')}, after: ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}`,
  '',
  '| scenario | Aisle req/s | Aisle p99 ms | Aisle CPU ms/req (server + PostgreSQL) | Vendure req/s | Vendure p99 ms | Vendure CPU ms/req (server + PostgreSQL) | Aisle ÷ Vendure req/s | Vendure ÷ Aisle CPU/req | goal |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...compared.map((c) => {
    const [x, y] = [best(c.aisle), best(c.vendure)];
    const ratio = y.requestsPerSecond ? (x.requestsPerSecond / y.requestsPerSecond).toFixed(1) : '–';
    const spent = (r: Result) => (r.serverCpuMsPerRequest ?? 0) + (r.postgresCpuMsPerRequest ?? 0);
    const cpuRatio = spent(x) ? (spent(y) / spent(x)).toFixed(1) : '–';
    return `| ${c.name} | ${x.requestsPerSecond} | ${x.latencyP99Ms} | ${cpu(x)} | ${y.requestsPerSecond} | ${y.latencyP99Ms} | ${cpu(y)} | ${ratio}× | ${cpuRatio}× | ${c.goal ? `≥ ${c.goal}×` : '–'} |`;
  }),
].join('\n');
writeFileSync(
  'bench/results/peers.json',
  `${JSON.stringify({ vendure: version, collection, sameFirstPage, loadBefore, compared }, null, 2)}\n`,
);
console.log(table);
