/**
 * `npm run bench:startup [-- --runs 5 --source --idle 5]`
 * Cold start and idle memory of the server on an existing database: PostgreSQL when DATABASE_URL is set, else
 * the embedded database under `data/bench-startup`. One start first migrates (and seeds the demo store) so
 * every measured start finds the database as a restart in production does; then each run spawns the server,
 * times the spawn to the first 200 of `GET /healthz` (polled every 5 ms), leaves it idle for `--idle` seconds
 * and reads the resident memory of the server and every process it started (the embedded database's), then
 * stops it with SIGTERM. Runs the compiled build (`npm run build -w packages/server` first) unless `--source`
 * (TypeScript through tsx, as the tests run), with the Node options of `npm start` (`BENCH_NODE_ARGS` for others).
 * Prints the figures and writes bench/results/startup.json.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { freePort } from './server-process.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    idle: { type: 'string', default: '5' },
    source: { type: 'boolean', default: false },
    'no-apps': { type: 'boolean', default: false },
    /** Another checkout's `packages/server/src/main.ts` with `--source` (to measure a before). */
    entry: { type: 'string', default: 'packages/server/src/main.ts' },
  },
});
const runs = Number(values.runs);
const databaseUrl = process.env.DATABASE_URL;
const compiled = 'packages/server/dist/main.js';
if (!values.source && !existsSync(compiled)) {
  console.error(`${compiled} is missing: run npm run build -w packages/server first (or pass --source)`);
  process.exit(1);
}
/** The Node options of `npm start` (package.json), which a measured start uses too. */
const START_NODE_ARGS =
  /node ((?:--\S+ )*)packages\/server\/dist\/main\.js/.exec(
    (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } }).scripts.start,
  )?.[1] ?? '';
const command = values.source ? ['--conditions=aisle-source', '--import', 'tsx', values.entry] : [compiled];

function start(port: number): ChildProcess {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'warn',
    ADMIN_API_KEY: process.env.ADMIN_API_KEY ?? 'aisle_sk_bench_admin_key_do_not_use_in_production',
    ...(databaseUrl ? {} : { DATA_DIR: 'data/bench-startup' }),
    ...(values['no-apps'] ? { STOREFRONT_DIR: '', ADMIN_DIR: '' } : {}),
  };
  // The options `npm start` gives Node, unless BENCH_NODE_ARGS names others (e.g. "" for Node's defaults).
  const nodeArgs = (process.env.BENCH_NODE_ARGS ?? START_NODE_ARGS).split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...nodeArgs, ...command], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return child;
}

async function firstOk(url: string, child: ChildProcess, deadlineMs: number): Promise<void> {
  const deadline = Date.now() + deadlineMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      await res.arrayBuffer();
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`no 200 from ${url} in ${deadlineMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/** The process and its descendants (the embedded database's process, when it has one). */
function tree(pid: number): number[] {
  const out = [pid];
  for (let i = 0; i < out.length; i++) {
    try {
      for (const task of readFileSync(`/proc/${out[i]}/task/${out[i]}/children`, 'utf8').split(/\s+/))
        if (task) out.push(Number(task));
    } catch {
      // gone
    }
  }
  return out;
}

/** CPU time (user + system) a process has used so far, in ms: what a start costs, whatever else runs. */
const cpuMs = (pid: number) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Math.round(((Number(fields[11]) + Number(fields[12])) * 1000) / 100);
};

const rssMiB = (pid: number) => {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
};

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  child.kill('SIGTERM');
  await once(child, 'exit');
}

// The first start migrates and seeds, as a fresh install does: it is not measured.
{
  const port = await freePort();
  const child = start(port);
  await firstOk(`http://127.0.0.1:${port}/healthz`, child, 300_000);
  await stop(child);
}

const load = loadavg()[0]!.toFixed(1);
const results: { startMs: number; startCpuMs: number; rssMiB: number; processes: number }[] = [];
for (let i = 0; i < runs; i++) {
  const port = await freePort();
  const t0 = performance.now();
  const child = start(port);
  await firstOk(`http://127.0.0.1:${port}/healthz`, child, 120_000);
  const startMs = Math.round(performance.now() - t0);
  const startCpuMs = tree(child.pid!).reduce((sum, pid) => sum + cpuMs(pid), 0);
  await new Promise((r) => setTimeout(r, Number(values.idle) * 1000));
  const pids = tree(child.pid!);
  const rss = Math.round(pids.reduce((sum, pid) => sum + rssMiB(pid), 0));
  await stop(child);
  results.push({ startMs, startCpuMs, rssMiB: rss, processes: pids.length });
  console.error(
    `run ${i + 1}: first 200 after ${startMs} ms (${startCpuMs} ms CPU), idle RSS ${rss} MiB (${pids.length} process(es))`,
  );
}

const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
const median = (xs: number[]) => sorted(xs)[Math.floor(xs.length / 2)]!;
const summary = {
  date: new Date().toISOString(),
  database: databaseUrl ? 'postgres' : 'embedded',
  build: values.source ? 'source (tsx)' : 'compiled',
  apps: !values['no-apps'],
  machine: `${cpus()[0]?.model ?? 'cpu'}, ${cpus().length} cores, Node ${process.version}, load ${load} before`,
  startMs: { min: sorted(results.map((r) => r.startMs))[0], median: median(results.map((r) => r.startMs)) },
  startCpuMs: { median: median(results.map((r) => r.startCpuMs)) },
  idleRssMiB: { median: median(results.map((r) => r.rssMiB)) },
  runs: results,
};
console.log(
  `${summary.database}, ${summary.build}: cold start to first 200 min ${summary.startMs.min} ms, median ${summary.startMs.median} ms (CPU ${summary.startCpuMs.median} ms); idle RSS median ${summary.idleRssMiB.median} MiB (${summary.machine})`,
);
writeFileSync('bench/results/startup.json', `${JSON.stringify(summary, null, 2)}\n`);
