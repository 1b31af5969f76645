import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { once } from 'node:events';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { ensureDemoClient } from './modules/oauth/clients.ts';
import { createApiKey } from './platform/auth.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { type Database, migrationsFolder, openDatabase } from './platform/db.ts';
import { EMBEDDED_SHARED_BUFFERS_MB } from './platform/embedded/protocol.ts';
import { createLogger } from './platform/logger.ts';
import { createServer, type Server } from './server.ts';

let fingerprint: string | undefined;

/** Names and contents of the migration files, hashed: a template is reused only for the same migrations. */
function migrationsFingerprint(): string {
  if (fingerprint) return fingerprint;
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(migrationsFolder);
  fingerprint = hash.digest('hex').slice(0, 16);
  return fingerprint;
}

/** `bytes` in shared memory: the worker thread of each test database reads the one copy. */
function shared(bytes: Uint8Array): Uint8Array {
  const copy = new Uint8Array(new SharedArrayBuffer(bytes.byteLength));
  copy.set(bytes);
  return copy;
}

let runtime: Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array }> | undefined;

/** PGlite's WebAssembly, compiled once per process, and its file-system bundle, read once. */
function pgliteRuntime(): Promise<{ wasmModule: WebAssembly.Module; fsBundle: Uint8Array }> {
  runtime ??= (async () => {
    const dist = (name: string) =>
      join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), name);
    return {
      wasmModule: await WebAssembly.compile(readFileSync(dist('pglite.wasm'))),
      fsBundle: shared(readFileSync(dist('pglite.data'))),
    };
  })();
  return runtime;
}

let template: Promise<Uint8Array> | undefined;

/**
 * A migrated, empty embedded database as a data-dir dump, cached on disk per migration set and in memory per
 * process (shared memory, read by every test database's worker). Not compressed: a test file's database starts
 * from it faster than from a gzipped one.
 */
function migratedTemplate(): Promise<Uint8Array> {
  template ??= readOrMakeTemplate();
  return template;
}

/**
 * The dump is made small and quick to start from: without the `template0` and `template1` databases (nothing
 * creates a database in an embedded one; they are a third of the folder each), and after a checkpoint, so a
 * database started from it has no log to replay. 29 MB instead of 44: every test database unpacks it.
 */
async function readOrMakeTemplate(): Promise<Uint8Array> {
  const file = join(tmpdir(), `aisle-pglite-template-v2-${migrationsFingerprint()}.tar`);
  if (existsSync(file)) return shared(readFileSync(file));
  const database = await openDatabase({ pgliteRuntime: await pgliteRuntime() });
  await database.db.execute(
    sql`update pg_database set datistemplate = false where datname in ('template0', 'template1')`,
  );
  await database.db.execute(sql`drop database template0`);
  await database.db.execute(sql`drop database template1`);
  await database.db.execute(sql`checkpoint`);
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = new Uint8Array(await (await client.dumpDataDir('none')).arrayBuffer());
  await database.close();
  // Written aside and renamed: parallel test files never read a half-written template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, dump);
  renameSync(partial, file);
  return shared(dump);
}

/**
 * Fills an empty `DATA_DIR` with the migrated template (what a first start would make, without the minutes a
 * loaded machine takes to create and migrate it), for tests that start the server process on it.
 */
export async function seedEmbeddedDataDir(dataDir: string): Promise<void> {
  const database = await openDatabase({
    dataDir,
    loadDataDir: await migratedTemplate(),
    pgliteRuntime: await pgliteRuntime(),
  });
  await database.close();
}

/** What an embedded test database starts from: the migrated template and the process's shared WebAssembly. */
export async function embeddedTestStart(): Promise<{
  loadDataDir: Uint8Array;
  wasmModule: WebAssembly.Module;
  fsBundle: Uint8Array;
  sharedBuffersMb: number;
}> {
  const [loadDataDir, runtime] = await Promise.all([migratedTemplate(), pgliteRuntime()]);
  return { loadDataDir, ...runtime, sharedBuffersMb: EMBEDDED_SHARED_BUFFERS_MB };
}

/** `url` with another database name. */
function onDatabase(url: string, name: string): string {
  const target = new URL(url);
  target.pathname = `/${name}`;
  return target.toString();
}

/** A statement on the `TEST_DATABASE_URL` database, on a connection of its own. */
async function withAdmin<T>(url: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * Wait until nobody is connected to database `name`. pool.end() resolves before its connections have closed:
 * let them go rather than kill them (a killed one reports an unhandled 57P01 error to the test run).
 */
async function untilUnused(admin: pg.Client, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    const open = await admin.query<{ n: number }>(
      'select count(*)::int as n from pg_stat_activity where datname = $1',
      [name],
    );
    if ((open.rows[0]?.n ?? 0) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let postgresTemplate: Promise<string> | undefined;

/**
 * A migrated, empty database on the `TEST_DATABASE_URL` server to copy test databases from (`create database
 * … template`), kept on the server per migration set. Built under a unique name and renamed when complete,
 * so a copy never starts from a half-migrated template; when two runs race, the first rename wins.
 */
function migratedPostgresTemplate(url: string): Promise<string> {
  postgresTemplate ??= withAdmin(url, async (admin) => {
    const name = `aisle_template_${migrationsFingerprint()}`;
    const exists = async () =>
      ((await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
    if (await exists()) return name;
    const building = `${name}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await admin.query(`create database ${building}`);
    try {
      const database = await openDatabase({ url: onDatabase(url, building), poolSize: 1 });
      await database.close();
      await untilUnused(admin, building);
      await admin.query(`alter database ${building} rename to ${name}`);
    } catch (error) {
      await admin.query(`drop database if exists ${building} with (force)`);
      if (!(await exists())) throw error;
    }
    return name;
  });
  return postgresTemplate;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, a new database on the
 * `TEST_DATABASE_URL` server when that is set. Both start from a migrated template. Dropped on close.
 */
/** A TCP port free on 127.0.0.1 right now, for a server process a test starts. */
export async function freePort(): Promise<number> {
  const probe = createNetServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address() as AddressInfo;
  probe.close();
  return address.port;
}

export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    return openDatabase({ loadDataDir: await migratedTemplate(), pgliteRuntime: await pgliteRuntime() });
  const template = await migratedPostgresTemplate(url);
  const name = `aisle_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await withAdmin(url, (admin) => admin.query(`create database ${name} template ${template}`));
  // Migrating finds every migration applied.
  const database = await openDatabase({ url: onDatabase(url, name), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      await withAdmin(url, async (admin) => {
        await untilUnused(admin, name);
        await admin.query(`drop database if exists ${name} with (force)`);
      });
    },
  };
}

export interface TestServer extends Server {
  /** Base URL of the listening server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  /** An admin API key valid on this server. */
  adminKey: string;
  database: Database;
  /** JSON request helper: returns status, headers and parsed body. */
  call(
    method: string,
    path: string,
    options?: { body?: unknown; token?: string; headers?: Record<string, string> },
  ): Promise<{ status: number; headers: Headers; body: Record<string, unknown> }>;
  stop(): Promise<void>;
}

export interface TestServerOptions {
  config?: Partial<Config>;
  /** Seed hook run after start-up (e.g. the demo store). */
  seed?: (server: Server) => Promise<void>;
}

/** A real server on a real database, listening on a random port of 127.0.0.1. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const database = await openTestDatabase();
  const config: Config = {
    ...loadConfig({
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      STOREFRONT_DIR: '',
      ADMIN_DIR: '',
      SEED_DEMO: 'false',
      // Test passwords guard nothing: the cheapest argon2id instead of 19 MiB × 2 passes per hash and check.
      PASSWORD_HASH_MEMORY_KIB: '8',
      PASSWORD_HASH_PASSES: '1',
      // Every test client is 127.0.0.1: suites make hundreds of visitors a minute (the limit has its own test).
      ANONYMOUS_GRANTS_PER_MINUTE: '0',
    }),
    ...options.config,
  };
  const server = await createServer(
    config,
    database,
    createLogger(config.logLevel) as unknown as Server['ctx']['log'],
  );
  const { key } = await createApiKey(server.ctx.db, 'test admin');
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.app.server.address() as AddressInfo;
  const url = `http://127.0.0.1:${port}`;
  server.ctx.config.publicUrl = url;
  // The demo storefront's OAuth client, for this server's URL (as bootstrap does at start).
  await ensureDemoClient(server.ctx);
  if (options.seed) await options.seed(server);
  return {
    ...server,
    url,
    adminKey: key,
    database,
    async call(method, path, { body, token, headers } = {}) {
      const response = await fetch(url + path, {
        method,
        headers: {
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(token ? { authorization: token } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: Record<string, unknown> = {};
      try {
        parsed = text ? (JSON.parse(text) as Record<string, unknown>) : {};
      } catch {
        parsed = { text };
      }
      return { status: response.status, headers: response.headers, body: parsed };
    },
    async stop() {
      await server.close();
      await database.close();
    },
  };
}
