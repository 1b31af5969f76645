/**
 * `npm run bench [-- --seconds 10 --connections 10 --products 100000 --orders 100000 --only name,name]`
 * Starts the real server (PostgreSQL when DATABASE_URL is set, else embedded), seeds when asked, loads each
 * scenario with autocannon on 127.0.0.1 for a bounded time, writes bench/results/latest.{json,md} and the
 * figures section of docs/BENCHMARKS.md.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { parseArgs } from 'node:util';
import { cpuBetween, sampleCpu } from './cpu.ts';
import { replaceBenchmarksSection } from './docs-section.ts';
import { measure, type Result, type Scenario } from './measure.ts';
import { cartScenarios } from './scenarios/cart.ts';
import { catalogueScenarios } from './scenarios/catalogue.ts';
import { checkoutScenarios } from './scenarios/checkout.ts';
import { identityScenarios } from './scenarios/identity.ts';
import { orderScenarios } from './scenarios/orders.ts';
import { platformScenarios } from './scenarios/platform.ts';
import { storefrontScenarios } from './scenarios/storefront.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';

const { values } = parseArgs({
  options: {
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '10' },
    products: { type: 'string' },
    orders: { type: 'string' },
    only: { type: 'string' },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const databaseUrl = process.env.DATABASE_URL;
const env: Record<string, string> = databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: 'data/bench' };
const adminKey = process.env.ADMIN_API_KEY ?? 'aisle_sk_bench_admin_key_do_not_use_in_production';
env.ADMIN_API_KEY = adminKey;

if (values.products || values.orders) {
  console.error(`seeding ${values.products ?? 0} products, ${values.orders ?? 0} orders…`);
  const seeded = spawnSync(
    process.execPath,
    [
      '--conditions=aisle-source',
      '--import',
      'tsx',
      'packages/server/src/seed/cli.ts',
      ...(values.products ? ['--products', values.products] : []),
      ...(values.orders ? ['--orders', values.orders] : []),
    ],
    { env: { ...process.env, ...env }, stdio: 'inherit' },
  );
  if (seeded.status !== 0) process.exit(seeded.status ?? 1);
}

// Dead rows left by earlier runs skew every figure where autovacuum is off (as on the development machine).
if (databaseUrl) {
  try {
    execFileSync('psql', [databaseUrl, '-qc', 'vacuum (analyze)'], { stdio: 'ignore' });
  } catch {
    console.error('vacuum before the run failed; figures may include dead-row costs');
  }
}

// Other work on the machine skews every figure: the report states the load average before the run.
const loadBefore = loadavg()[0]!.toFixed(1);
const round3 = (n: number) => Math.round(n * 1000) / 1000;
// The server-rendered storefront is measured when it is built (`npm run build -w apps/storefront`).
const storefrontDir = 'apps/storefront/dist';
const storefrontBuilt = existsSync(`${storefrontDir}/server/entry-server.js`);
if (storefrontBuilt) env.STOREFRONT_DIR = storefrontDir;
else console.error('storefront not built: its scenarios are skipped (npm run build -w apps/storefront)');
const only = values.only?.split(',');
const results: Result[] = [];

/** Measures each scenario (after a short warm-up, so JIT and caches are not measured) on a running server. */
async function measureAll(server: ServerProcess, scenarios: Scenario[]): Promise<void> {
  for (const scenario of scenarios) {
    if (only && !only.includes(scenario.name) && scenario.name !== 'bare route') continue;
    await scenario.prepare?.();
    await measure(server.url, scenario, 2, connections);
    const before = sampleCpu(server.child.pid, Boolean(databaseUrl));
    const result = await measure(server.url, scenario, seconds, connections);
    const after = sampleCpu(server.child.pid, Boolean(databaseUrl));
    if (result.requests > 0) {
      const spent = cpuBetween(before, after);
      result.serverCpuMsPerRequest = round3(spent.serverMs / result.requests);
      if (databaseUrl) result.postgresCpuMsPerRequest = round3(spent.postgresMs / result.requests);
    }
    await scenario.finish?.();
    results.push(result);
    console.error(
      `${scenario.name.padEnd(32)} ${String(result.requestsPerSecond).padStart(7)} req/s  p99 ${result.latencyP99Ms} ms  cpu/req server ${result.serverCpuMsPerRequest} ms, postgres ${result.postgresCpuMsPerRequest ?? '-'} ms  errors ${result.errors} non2xx ${result.non2xx}`,
    );
  }
}

const server = await startServerProcess(env);
try {
  await measureAll(server, [
    ...(await platformScenarios()),
    ...(await catalogueScenarios(server.url, adminKey)),
    ...(await orderScenarios(server.url, adminKey)),
    ...(storefrontBuilt ? await storefrontScenarios(server.url, true) : []),
    ...(await identityScenarios(server.url)),
    ...(await cartScenarios(server.url, adminKey)),
    ...checkoutScenarios(server.url, adminKey),
  ]);
} finally {
  await server.stop();
}
// Pages rendered on every request: a second server on the same database, without the HTML cache.
if (storefrontBuilt && (!only || only.includes('storefront product page (rendered)'))) {
  const uncached = await startServerProcess({ ...env, HTML_CACHE_SIZE: '0' });
  try {
    await measureAll(uncached, await storefrontScenarios(uncached.url, false));
  } finally {
    await uncached.stop();
  }
}

const ceiling = results.find((r) => r.name === 'bare route')?.requestsPerSecond ?? 0;
for (const r of results)
  r.ratioToCeiling = ceiling ? Math.round((r.requestsPerSecond / ceiling) * 100) / 100 : 0;

const cpu = cpus()[0]?.model ?? 'unknown cpu';
const machine = `${cpu}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
let pgVersion = 'embedded PGlite';
if (databaseUrl) {
  try {
    pgVersion = execFileSync('psql', [databaseUrl, '-Atc', 'show server_version'], {
      encoding: 'utf8',
    }).trim();
    pgVersion = `PostgreSQL ${pgVersion}`;
  } catch {
    pgVersion = 'PostgreSQL';
  }
}
let catalogue = values.products ? `${values.products} seeded` : 'demo';
if (databaseUrl) {
  try {
    const n = execFileSync('psql', [databaseUrl, '-Atc', 'select count(*) from products'], {
      encoding: 'utf8',
    }).trim();
    catalogue = `${Number(n).toLocaleString('en')} products`;
  } catch {
    // keep the label
  }
}
const date = new Date().toISOString();
const report = {
  date,
  machine,
  database: pgVersion,
  seconds,
  connections,
  workers: process.env.WORKERS ?? '1',
  loadAverageBefore: Number(loadBefore),
  products: values.products ?? 'demo',
  results,
};
writeFileSync('bench/results/latest.json', `${JSON.stringify(report, null, 2)}\n`);

const table = [
  `Run ${date} · ${machine} · ${pgVersion} · server workers: ${process.env.WORKERS ?? '1'} · ${connections} connections · ${seconds} s per scenario · catalogue: ${catalogue} · load average before: ${loadBefore}`,
  '',
  '| scenario | req/s | × ceiling | p50 ms | p99 ms | max ms | server CPU ms/req | PostgreSQL CPU ms/req | errors | non-2xx |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
  ...results.map(
    (r) =>
      `| ${r.name} | ${r.requestsPerSecond} | ${r.ratioToCeiling?.toFixed(2)} | ${r.latencyP50Ms} | ${r.latencyP99Ms} | ${r.latencyMaxMs} | ${r.serverCpuMsPerRequest ?? '–'} | ${r.postgresCpuMsPerRequest ?? '–'} | ${r.errors} | ${r.non2xx} |`,
  ),
].join('\n');
writeFileSync('bench/results/latest.md', `${table}\n`);

// Keep the narrative of docs/BENCHMARKS.md; replace only the latest-run section.
replaceBenchmarksSection('bench:latest', table);
console.log(table);
