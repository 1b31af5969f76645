import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { freePort, seedEmbeddedDataDir, type TestServer } from '../src/testing.ts';
import { uploadPng } from './media-helpers.ts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';

// The processes `npm start` and `npm run keys` run: the production build (`npm run build -w packages/server`),
// built once here beside the package (so the bundles find node_modules as `dist/` does) and started with plain
// `node` from a temporary folder — no tsx, no `aisle-source` condition, nothing resolved against the sources.
const packageDir = join(import.meta.dirname, '..');
const outdir = mkdtempSync(join(packageDir, '.compiled-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'aisle-main-'));
/** Every server started here, stopped after each test even when it failed half-way. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

let built: ReturnType<typeof spawnSync> | undefined;
beforeAll(() => {
  built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
    cwd: packageDir,
    encoding: 'utf8',
  });
}, 120_000);

/** The environment of a started process: the test's, without its database and Node options. */
function processEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { TEST_DATABASE_URL: _, DATABASE_URL: __, NODE_OPTIONS: ___, ...env } = process.env;
  return { ...env, DATA_DIR: dataDir, ...extra };
}

/** `node <build>/<entry>.js` with `env`, from the data folder. */
function run(entry: 'main' | 'keys', args: string[], env: Record<string, string>): ChildProcess {
  const child = spawn(process.execPath, [join(outdir, `${entry}.js`), ...args], {
    cwd: env.DATA_DIR ?? dataDir,
    env: processEnv(env),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  return child;
}

/**
 * A start that is expected to stop at once: it exits with code 1 and its stderr says each of `says`. Returns
 * what it printed to stderr.
 */
async function startRefused(env: Record<string, string>, ...says: string[]): Promise<string> {
  const child = run('main', [], env);
  let stderr = '';
  child.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  const [code] = await once(child, 'exit');
  expect(code).toBe(1);
  for (const text of says) expect(stderr).toContain(text);
  return stderr;
}

/** Live child processes of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z';
      } catch {
        return false;
      }
    });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (condition()) return;
  throw new Error('condition not met in time');
}

/** `npm run keys -- …` on the database of `env`: exit code and output. */
async function keys(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const child = run('keys', args, { LOG_LEVEL: 'warn', ...env });
  let out = '';
  child.stdout?.on('data', (c) => {
    out += String(c);
  });
  child.stderr?.on('data', (c) => {
    out += String(c);
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, out };
}

/** A fresh database for one test: a new embedded data dir, or a new database on TEST_DATABASE_URL. */
async function freshDatabase(): Promise<{ env: Record<string, string>; drop(): Promise<void> }> {
  const dir = mkdtempSync(join(tmpdir(), 'aisle-keys-'));
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    // Migrated already, as after a first start (the first test makes and migrates a data folder itself).
    await seedEmbeddedDataDir(dir);
    return {
      env: { DATA_DIR: dir, DATABASE_URL: '' },
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `aisle_keys_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    env: { DATA_DIR: dir, DATABASE_URL: target.toString() },
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Stops the child with `signal`: its exit code. */
const stopped = async (child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM') => {
  child.kill(signal);
  const [code] = await once(child, 'exit');
  return code as number | null;
};

/** `GET /v1/admin/whoami` with this key, on the server at `port`. */
const whoami = (port: number, key: string) =>
  fetch(`http://127.0.0.1:${port}/v1/admin/whoami`, { headers: { authorization: key } });

const status = async (port: number, key: string, method = 'GET', body?: unknown) =>
  (
    await fetch(`http://127.0.0.1:${port}/ecom/v1/store-settings`, {
      method,
      headers: { authorization: key, 'content-type': 'application/json' },
      ...(body ? { body: JSON.stringify(body) } : {}),
    })
  ).status;

async function start(port: number, extra: Record<string, string> = {}) {
  const child = run('main', [], {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    STOREFRONT_DIR: '',
    ADMIN_DIR: '',
    SEED_DEMO: 'false',
    ...extra,
  });
  let output = '';
  let errors = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
    errors += String(chunk);
  });
  // Up to two minutes: a loaded machine (CI runs both databases at once) migrates a fresh PGlite slowly.
  for (let i = 0; i < 800; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(5_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, output: () => output, errors: () => errors };
}

/**
 * The dependencies bundled into `main.js` (build.mjs) at work, each at what it reads or builds at run time: the
 * OpenAPI document (@fastify/swagger), the API reference and its files (@fastify/swagger-ui with
 * @fastify/static), process metrics read from /proc (prom-client), a multipart upload (@fastify/multipart) and
 * its thumbnail (sharp).
 */
async function expectBundledDependenciesWork(port: number, key: string) {
  const base = `http://127.0.0.1:${port}`;
  const openapi = await fetch(`${base}/openapi.json`);
  expect(openapi.status).toBe(200);
  const document = (await openapi.json()) as { info: { title: string }; paths: Record<string, unknown> };
  expect(document.info.title).toBe('Aisle platform API');
  expect(Object.keys(document.paths).length).toBeGreaterThan(100);
  const reference = await fetch(`${base}/api-reference/static/index.html`, { redirect: 'follow' });
  expect(reference.status).toBe(200);
  expect(await reference.text()).toContain('swagger');
  const css = await fetch(`${base}/api-reference/static/swagger-ui.css`);
  expect(css.status).toBe(200);
  expect(css.headers.get('content-type')).toContain('text/css');
  const metrics = await (await fetch(`${base}/metrics`)).text();
  expect(metrics).toMatch(/^process_resident_memory_bytes \d+/m);
  expect(metrics).toContain('http_requests_total');
  const file = await uploadPng({ url: base, adminKey: key } as TestServer, 'bundle.png');
  expect(file.thumbnails?.length).toBeGreaterThan(0);
  const thumbnail = await fetch(file.thumbnails![0]!.url);
  expect(thumbnail.status).toBe(200);
  expect(thumbnail.headers.get('content-type')).toMatch(/^image\//);
}

describe('npm start (the server process)', () => {
  it('builds one bundle per entry, with the migrations beside them', () => {
    expect(built?.stderr).toBe('');
    expect(built?.status).toBe(0);
    for (const entry of ['main', 'keys', 'seed', 'catalogue', 'media']) {
      expect(existsSync(join(outdir, `${entry}.js`))).toBe(true);
      // The workspace's packages are compiled in: a fresh clone has no built `@aisle/sdk` to import.
      expect(readFileSync(join(outdir, `${entry}.js`), 'utf8')).not.toMatch(/from ["']@aisle\//);
    }
    expect(existsSync(join(outdir, 'drizzle', 'meta', '_journal.json'))).toBe(true);
  });

  it('prints a generated admin key once, persists data, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    // A first start: it makes the embedded database and migrates it, from the compiled build alone.
    const first = await start(port);
    const health = await fetch(`http://127.0.0.1:${port}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'embedded' });
    // A route whose schemas are compiled on first use answers in the wire format.
    const bad = await fetch(`http://127.0.0.1:${port}/v2/collections/slug/%FF`);
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      details: { validationError: { fieldViolations: [{ field: 'path' }] } },
    });
    const key = /Admin API key \(shown once, keep it safe\): (aisle_sk_[\w-]+)/.exec(first.output())?.[1];
    expect(key).toBeDefined();
    expect((await whoami(port, key!)).status).toBe(200);
    await expectBundledDependenciesWork(port, key!);
    expect(await stopped(first.child)).toBe(0);
    expect(first.errors()).toBe('');

    // Second start on the same data: same key still valid, nothing printed again.
    const second = await start(port);
    expect(second.output()).not.toContain('Admin API key');
    expect((await whoami(port, key!)).status).toBe(200);
    expect(await stopped(second.child, 'SIGINT')).toBe(0);
  }, 300_000);

  // On PostgreSQL: the workers serve one port and one that dies is replaced. Embedded: refused, and why.
  it('WORKERS=2: a primary and two workers on one port, a dead worker replaced, all stopped by SIGTERM', async () => {
    if (!process.env.TEST_DATABASE_URL) {
      await startRefused(
        { WORKERS: '2', DATABASE_URL: '' },
        'Configuration error: WORKERS above 1 needs DATABASE_URL',
      );
      return;
    }
    const db = await freshDatabase();
    try {
      const port = await freePort();
      const server = await start(port, { ...db.env, WORKERS: '2' });
      const key = /Admin API key \(shown once, keep it safe\): (aisle_sk_[\w-]+)/.exec(server.output())?.[1];
      expect(key).toBeDefined();
      expect(server.output().match(/Admin API key/g)).toHaveLength(1);
      const workers = () => childrenOf(server.child.pid!);
      await waitFor(() => workers().length === 2);
      const [first] = workers();
      process.kill(first!, 'SIGKILL');
      // Once the primary has seen the death (it says so), it hands no more connections to the dead worker.
      await waitFor(() => server.output().includes('worker died; starting another'));
      await waitFor(() => workers().length === 2 && !workers().includes(first!));
      // Served again: six requests in a row answered. The replacement (and the other worker, when it was still
      // starting as its sibling died) may take a moment to listen: the port refuses while no worker does.
      const sixServed = async () => {
        for (let i = 0; i < 6; i++) {
          const res = await fetch(`http://127.0.0.1:${port}/v1/admin/whoami`, {
            headers: { authorization: key!, connection: 'close' },
            signal: AbortSignal.timeout(20_000),
          }).catch(() => undefined);
          if (res?.status !== 200) return false;
        }
        return true;
      };
      const deadline = Date.now() + 60_000;
      while (!(await sixServed())) {
        expect(Date.now(), 'the workers serve the port again').toBeLessThan(deadline);
        await new Promise((r) => setTimeout(r, 200));
      }
      const left = workers();
      expect(await stopped(server.child)).toBe(0);
      for (const pid of left) expect(alive(pid)).toBe(false);
    } finally {
      await db.drop();
    }
  }, 300_000);

  it('ADMIN_API_KEY: a key that cannot work stops the start and says what a key looks like', async () => {
    const stderr = await startRefused(
      { ADMIN_API_KEY: 'mysecret' },
      'Configuration error: ADMIN_API_KEY is not usable',
      '"aisle_sk_" followed by 32 to 200 letters',
    );
    expect(stderr).not.toContain('mysecret');
  }, 30_000);

  it('ADMIN_API_KEY: installed, replaced when it changes (the old one revoked), a revoked one refused', async () => {
    const db = await freshDatabase();
    try {
      const first = `aisle_sk_${randomBytes(32).toString('base64url')}`;
      const second = `aisle_sk_${randomBytes(32).toString('base64url')}`;
      const port = await freePort();
      const a = await start(port, { ...db.env, ADMIN_API_KEY: first });
      expect(a.output()).not.toContain('Admin API key (shown once');
      // No owner yet: the setup code is printed.
      expect(a.output()).toMatch(/setup code[\s\S]*: setup-[\w-]+/);
      expect(await status(port, first)).toBe(200);
      await stopped(a.child);

      const b = await start(port, { ...db.env, ADMIN_API_KEY: second });
      expect(b.output()).toContain('ADMIN_API_KEY differs from the stored bootstrap key');
      expect(b.output()).not.toContain(second);
      expect(await status(port, second)).toBe(200);
      expect(await status(port, first)).toBe(401);
      await stopped(b.child);

      // The same key again: kept, nothing said.
      const c = await start(port, { ...db.env, ADMIN_API_KEY: second });
      expect(c.output()).not.toContain('ADMIN_API_KEY differs');
      expect(await status(port, second)).toBe(200);
      await stopped(c.child);

      await startRefused(
        { ...db.env, PORT: String(port), ADMIN_API_KEY: first, LOG_LEVEL: 'warn' },
        'ADMIN_API_KEY is a key that was revoked',
      );
    } finally {
      await db.drop();
    }
  }, 300_000);

  it('npm run keys -- create | list | revoke manage the keys of the configured database', async () => {
    const db = await freshDatabase();
    try {
      const usage = await keys([], db.env);
      expect(usage.code).toBe(2);
      expect(usage.out).toContain('Usage: npm run keys');
      const made = await keys(['create', '--name', 'Warehouse', '--role', 'fulfilment'], db.env);
      expect(made.code).toBe(0);
      const warehouse = /The key \(shown once, keep it safe\): (aisle_sk_[\w-]+)/.exec(made.out)?.[1];
      expect(warehouse).toBeDefined();
      const other = /: (aisle_sk_[\w-]+)/.exec((await keys(['create'], db.env)).out)?.[1];
      expect(other).toBeDefined();
      const badRole = await keys(['create', '--role', 'king'], db.env);
      expect(badRole.code).toBe(1);
      expect(badRole.out).toContain('--role must be owner, manager or fulfilment');

      const revoked = await keys(['revoke', other!.slice(0, 14)], db.env);
      expect(revoked.code).toBe(0);
      expect((await keys(['revoke', 'aisle_sk_nothere'], db.env)).code).toBe(1);
      const list = await keys(['list'], db.env);
      expect(list.out).toContain('2 key(s)');
      expect(list.out).toMatch(new RegExp(`${warehouse!.slice(0, 14)}…\\s+fulfilment\\s+live\\s+Warehouse`));
      expect(list.out).toMatch(new RegExp(`${other!.slice(0, 14)}…\\s+owner\\s+revoked`));
      expect(list.out).not.toContain(warehouse);

      const port = await freePort();
      const server = await start(port, db.env);
      expect(await status(port, warehouse!)).toBe(200);
      expect(await status(port, warehouse!, 'PATCH', { storeSettings: {} })).toBe(403);
      expect(await status(port, other!)).toBe(401);
      await stopped(server.child);
    } finally {
      await db.drop();
    }
  }, 300_000);

  it('refuses to start with a bad setting and says which', async () => {
    await startRefused({ PORT: 'eighty' }, 'Configuration error: PORT');
  }, 30_000);
});
