import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { ensureDemoClient } from './modules/oauth/clients.ts';
import { createApiKey } from './platform/auth.ts';
import { type Config, loadConfig } from './platform/config.ts';
import { type Database, migrationsFolder, openDatabase } from './platform/db.ts';
import { createLogger } from './platform/logger.ts';
import { createServer, type Server } from './server.ts';

/** A migrated, empty embedded database as a data-dir dump, cached on disk per migration set. */
async function migratedTemplate(): Promise<Blob> {
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
  const file = join(tmpdir(), `aisle-pglite-template-${hash.digest('hex').slice(0, 16)}.tgz`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const database = await openDatabase({});
  const client = (database.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('gzip');
  await database.close();
  // Written aside and renamed: parallel test files never read a half-written template.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default,
 * a new database on the `TEST_DATABASE_URL` server when that is set. Dropped on close.
 */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return openDatabase({ loadDataDir: await migratedTemplate() });
  const name = `aisle_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const target = new URL(url);
  target.pathname = `/${name}`;
  const database = await openDatabase({ url: target.toString(), poolSize: 10 });
  return {
    ...database,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      try {
        // pool.end() resolves before its connections have closed: let them go rather than kill them
        // (a killed one reports an unhandled 57P01 error to the test run).
        for (let i = 0; i < 100; i++) {
          const open = await dropper.query<{ n: number }>(
            'select count(*)::int as n from pg_stat_activity where datname = $1',
            [name],
          );
          if ((open.rows[0]?.n ?? 0) === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
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
      SEED_DEMO: 'false',
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
