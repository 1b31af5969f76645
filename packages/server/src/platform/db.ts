import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { and, type Column, eq, gt, isNull, type Query, type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { type PgDatabase, PgDialect, type PgQueryResultHKT, type PgTable } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from '../db/schema.ts';
import type { EmbeddedClient } from './embedded/client.ts';
import { type Bytes, EMBEDDED_SHARED_BUFFERS_MB } from './embedded/protocol.ts';
import { transactionConflict } from './errors.ts';
import { closeEvicted, useStatement } from './pg-statements.ts';

export type Schema = typeof schema;
/** One type for both drivers; a transaction is also a `Db`. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'embedded' | 'postgres';
  close(): Promise<void>;
}

/**
 * The migrations: beside the compiled server (`dist/drizzle`, copied there by the build), else the package's
 * own folder, two levels above this source file.
 */
export const migrationsFolder =
  [new URL('./drizzle', import.meta.url), new URL('../../drizzle', import.meta.url)]
    .map((url) => fileURLToPath(url))
    .find((folder) => existsSync(join(folder, 'meta', '_journal.json'))) ??
  fileURLToPath(new URL('../../drizzle', import.meta.url));

// int8 and numeric stay strings (64-bit ids, money); timestamps are parsed by drizzle itself.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => v);

export interface OpenOptions {
  /** PostgreSQL connection string; absent → embedded PGlite. */
  url?: string | undefined;
  /** Folder for the embedded database; absent → in memory. */
  dataDir?: string | undefined;
  poolSize?: number;
  /** The embedded database's `shared_buffers` in MiB (`EMBEDDED_SHARED_BUFFERS_MB`); 16 when absent. */
  sharedBuffersMb?: number;
  /** Start an empty embedded database from this data-dir dump (tests start from a migrated template). */
  loadDataDir?: Bytes;
  /**
   * PGlite's compiled WebAssembly and its file-system bundle, to share between the embedded databases of one
   * process (tests open one per file) instead of compiling and reading them again for each.
   */
  pgliteRuntime?: { wasmModule: WebAssembly.Module; fsBundle: Bytes };
}

/**
 * How close searched words must be to a run of words of a product name for a typo to still find it
 * (`pg_trgm.word_similarity_threshold`, read by the `<%` operator; its default 0.6 misses "tshirt" for
 * "T-Shirt"). Set on every session, since per-database settings do not follow a database made from a template.
 */
export const WORD_SIMILARITY = 0.5;
const SESSION_SETTINGS = `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY}`;

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.url) {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 20,
      options: SESSION_SETTINGS,
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    await migrateNodePg(drizzleNodePg(pool, { schema }), { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  // The embedded database (PGlite's WebAssembly PostgreSQL) runs in a worker thread of its own
  // (`embedded/worker.ts`), started only when it is used.
  const [{ EmbeddedClient }, { drizzle: drizzlePglite }, { migrate: migratePglite }] = await Promise.all([
    import('./embedded/client.ts'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
  ]);
  const dataDir = options.dataDir ? join(options.dataDir, 'pglite') : undefined;
  // A data folder without a database yet, and no dump to start it from: PGlite makes one (initdb, in
  // WebAssembly) before the migrations run.
  const creating = dataDir !== undefined && !options.loadDataDir && !existsSync(join(dataDir, 'PG_VERSION'));
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = new EmbeddedClient({
    sharedBuffersMb: options.sharedBuffersMb ?? EMBEDDED_SHARED_BUFFERS_MB,
    ...(dataDir ? { dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    ...(options.pgliteRuntime
      ? { wasmModule: options.pgliteRuntime.wasmModule, fsBundle: options.pgliteRuntime.fsBundle }
      : {}),
  });
  try {
    await client.waitReady;
    await client.exec(`set pg_trgm.word_similarity_threshold = ${WORD_SIMILARITY}`);
    // drizzle's session calls only what the client implements (query, transaction; exec for the settings).
    const db = drizzlePglite(client as unknown as PGlite, { schema });
    await migratePglite(db, { migrationsFolder });
    if (creating) {
      // WebAssembly memory only grows: making the database and migrating it left the worker holding about
      // 500 MB more than serving needs (787 MiB resident against 260 after a restart). A new worker opens the
      // database just made.
      await client.close();
      return openDatabase(options);
    }
    return { db: db as unknown as Db, kind: 'embedded', close: () => client.close() };
  } catch (error) {
    await client.close().catch(() => {});
    throw error;
  }
}

/** A subscription to a notification channel (`LISTEN`); `close()` ends it. */
export interface Listener {
  close(): Promise<void>;
}

export interface ListenHandlers {
  /** A `NOTIFY` on the channel (from any process, delivered after the notifying transaction commits). */
  onNotify(payload: string): void;
  /** The subscription is live (again): notifications sent before this may have been missed. */
  onUp(): void;
  /** The subscription broke; it is retried until `close()`. Nothing is delivered meanwhile. */
  onDown(error: unknown): void;
}

const RELISTEN_MS = 1000;

/**
 * `LISTEN` on `channel`. PostgreSQL: one dedicated connection of the pool's settings, re-established after a
 * failure (`onDown`, then `onUp` once listening again). Embedded: the one session of the database's worker
 * thread (never down while it runs). Channel names are identifiers: `[a-z_]+`.
 */
export async function listen(db: Db, channel: string, handlers: ListenHandlers): Promise<Listener> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`bad channel name: ${channel}`);
  const client = (db as unknown as { $client: unknown }).$client;
  if (!(client instanceof pg.Pool)) {
    const unlisten = await (client as EmbeddedClient).listen(channel, handlers.onNotify);
    handlers.onUp();
    return { close: () => unlisten() };
  }
  const pool = client as pg.Pool;
  let closed = false;
  let current: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (): Promise<void> => {
    const conn = new pg.Client(pool.options);
    const fail = (error: unknown) => {
      if (current !== conn) return;
      current = undefined;
      conn.end().catch(() => {});
      handlers.onDown(error);
      if (!closed) retry = setTimeout(() => void connect().catch(() => {}), RELISTEN_MS);
    };
    current = conn;
    conn.on('error', fail);
    conn.on('end', () => fail(new Error('listening connection ended')));
    conn.on('notification', (message) => {
      if (message.channel === channel) handlers.onNotify(message.payload ?? '');
    });
    try {
      await conn.connect();
      await conn.query(`listen ${channel}`);
    } catch (error) {
      fail(error);
      throw error;
    }
    if (closed) return void conn.end().catch(() => {});
    handlers.onUp();
  };
  await connect().catch(() => {});
  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const conn = current;
      current = undefined;
      await conn?.end().catch(() => {});
    },
  };
}

/** Statement names by text: the server has a few hundred texts, each named again on every call otherwise. */
const statementNames = new Map<string, string>();
const STATEMENT_NAMES_KEPT = 2_000;

/** Names a statement by its SQL text, so PostgreSQL prepares it once per connection and reuses the plan. */
export function statementName(text: string): string {
  let name = statementNames.get(text);
  if (name === undefined) {
    name = `q_${createHash('sha1').update(text).digest('hex').slice(0, 20)}`;
    if (statementNames.size >= STATEMENT_NAMES_KEPT) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}

const dialect = new PgDialect();
// Dates stay text, as in drizzle's own sessions: map them with the columns' `mapFromDriverValue`.
const RAW_TYPES = new Set([
  pg.types.builtins.TIMESTAMPTZ,
  pg.types.builtins.TIMESTAMP,
  pg.types.builtins.DATE,
  pg.types.builtins.INTERVAL,
]);
const raw = (value: string) => value;
const pgTypes = {
  getTypeParser: (id: number, format?: 'text' | 'binary') =>
    RAW_TYPES.has(id) ? raw : pg.types.getTypeParser(id, format),
} as pg.CustomTypesConfig;
const pgliteParsers = Object.fromEntries([...RAW_TYPES].map((id) => [id, raw]));

/**
 * A table's columns for statements written in SQL and run with `preparedRows`: `selectList(alias)` names them
 * all, qualified by `alias`, and `fromRow(raw)` maps a row of that list as the driver returns it to the
 * table's row, as drizzle maps it (nulls kept, dates and the like through `mapFromDriverValue`).
 */
export function rawColumns<Row>(columns: Record<string, Column>) {
  const list = Object.entries(columns);
  return {
    selectList: (alias: string): SQL =>
      sql.raw(list.map(([, column]) => `${alias}."${column.name}"`).join(', ')),
    fromRow(raw: Record<string, unknown>): Row {
      const row: Record<string, unknown> = {};
      for (const [key, column] of list) {
        const value = raw[column.name];
        row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
      }
      return row as Row;
    },
  };
}

/**
 * Run `query` as a prepared statement named after its text (planned once per connection) and get the rows
 * as the driver returns them, keyed by the selected column names: json parsed, int8 and numeric as
 * strings (int8 may be a bigint on the embedded database), dates as text. On a `Db` or a transaction. For hot
 * paths whose statements drizzle's query builder would take longer to build than to run.
 */
export function preparedRows<T>(db: Db, query: SQL): Promise<T[]> {
  return preparedQueryRows<T>(db, dialect.sqlToQuery(query));
}

/** `preparedRows` of a statement already made into text and parameters (kept by a caller that repeats it). */
export async function preparedQueryRows<T>(db: Db, query: Query): Promise<T[]> {
  const { sql: text, params } = query;
  const client = (db as unknown as { session: { client: unknown } }).session.client;
  if (client instanceof pg.Pool) {
    // As `pool.query` does (an error releases the connection for good), with the connection ours alone while
    // it closes the statements pushed out of its bound (pg-statements.ts).
    const connection = await client.connect();
    let failed: Error | undefined;
    try {
      return await namedRows<T>(connection, query, true);
    } catch (error) {
      failed = error as Error;
      throw error;
    } finally {
      connection.release(failed);
    }
  }
  // A transaction's connection: its evicted statements are closed when the pool next lends it out.
  if (client instanceof pg.Client) return namedRows<T>(client, query, false);
  const embedded = client as Pick<EmbeddedClient, 'query'>;
  const result = await embedded.query<T>(text, params, { parsers: pgliteParsers });
  return result.rows;
}

/** `query` as the named statement of `connection`; `alone` when no other query can be queued on it. */
async function namedRows<T>(
  connection: pg.ClientBase,
  { sql: text, params }: Query,
  alone: boolean,
): Promise<T[]> {
  const name = statementName(text);
  useStatement(connection, name);
  if (alone) await closeEvicted(connection);
  const result = await connection.query({ name, text, values: params, types: pgTypes });
  return result.rows as T[];
}

/**
 * The row of `table` where `where` holds (the first one found), or undefined; with `lock: 'update'` it stays
 * locked until the transaction ends.
 */
export async function firstRow<T extends PgTable>(
  db: Db,
  table: T,
  where: SQL | undefined,
  lock?: 'update',
): Promise<T['$inferSelect'] | undefined> {
  const select = db
    .select()
    .from(table as PgTable)
    .where(where)
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? select.for(lock) : select);
  return row as T['$inferSelect'] | undefined;
}

/** A table whose rows carry a `revision` counter and an `updatedDate`. */
type RevisionedTable = PgTable & { id: Column; revision: Column; updatedDate: Column };

/**
 * Writes `changes` to the row `id` of `table` with the next revision and `updatedDate = now`; returns the row as
 * written, or undefined when there is none.
 */
export async function saveWithNextRevision<T extends RevisionedTable>(
  db: Db,
  table: T,
  id: string | number,
  changes: Partial<T['$inferInsert']>,
  now: Date,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .update(table as RevisionedTable)
    .set({ ...changes, revision: sql`${table.revision} + 1`, updatedDate: now })
    .where(eq(table.id, id))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

/** A table of one-time rows (tokens, challenges): spent once (`usedDate`), dead after `expiresDate`. */
type OneTimeTable = PgTable & { usedDate: Column; expiresDate: Column };

/** The rows of a one-time table meeting `match` that are live at `now`: not spent, not expired. */
export const liveAt = (table: OneTimeTable, now: Date, ...match: SQL[]) =>
  and(...match, isNull(table.usedDate), gt(table.expiresDate, now));

/** Spends the live row meeting `match` at `now`: the first caller gets it, everyone after undefined. */
export async function spendLive<T extends OneTimeTable>(
  db: Db,
  table: T,
  now: Date,
  ...match: SQL[]
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .update(table as OneTimeTable)
    .set({ usedDate: now })
    .where(liveAt(table, now, ...match))
    .returning();
  return row as T['$inferSelect'] | undefined;
}

/** Spends at `now` every row meeting `match` not spent yet, expired or not: a holder's pending tokens ended. */
export async function spendUnspent(
  db: Db,
  table: OneTimeTable,
  now: Date,
  ...match: Array<SQL | undefined>
): Promise<void> {
  await db
    .update(table)
    .set({ usedDate: now })
    .where(and(...match, isNull(table.usedDate)));
}

/** Run a raw query and get its rows, the same on both drivers. */
export async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Deletes the rows of `table` that match `where`, `batch` per statement in `orderBy` order, skipping rows
 * another transaction holds (so any process may run it, and no statement holds many locks or runs long).
 * Returns how many went. For housekeeping jobs.
 */
export async function deleteInBatches(
  db: Db,
  table: SQL,
  where: SQL,
  orderBy: SQL,
  batch = 5_000,
): Promise<number> {
  let total = 0;
  for (;;) {
    const [row] = await rows<{ n: number }>(
      db,
      sql`with gone as (
          delete from ${table} where id in (
            select id from ${table} where ${where} order by ${orderBy} limit ${batch} for update skip locked)
          returning 1)
        select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < batch) return total;
  }
}

// ---- transactions run again after a concurrency abort

/** SQLSTATEs of a transaction PostgreSQL aborted only for running beside others: deadlock, serialization. */
const RETRYABLE_STATES = new Set(['40P01', '40001']);
/** Runs of one transaction in all, the first included. */
export const TRANSACTION_ATTEMPTS = 4;
const BACKOFF_MS = 15;

/** Whether an error (or one of its causes) is a deadlock (40P01) or serialization failure (40001). */
export function isRetryableConflict(error: unknown): boolean {
  for (let e: unknown = error; e instanceof Error; e = e.cause)
    if (RETRYABLE_STATES.has((e as { code?: unknown }).code as string)) return true;
  return false;
}

const doneOutside = new WeakSet<object>();

/**
 * Says that the transaction `tx` is about to do something outside the database that running its body again
 * would repeat (a payment provider call, a mail, a file write): from now on it is never run again, whatever
 * PostgreSQL answers.
 */
export function markExternalEffect(tx: Db): void {
  doneOutside.add(tx);
}

/**
 * `db.transaction(fn)`, run again from the start in a new transaction when PostgreSQL aborts it for a deadlock
 * or a serialization failure: up to `TRANSACTION_ATTEMPTS` runs in all, after a short jittered pause each, and
 * never once `fn` has called `markExternalEffect`. So `fn` must be re-runnable: whatever it does goes through
 * `tx` (and is rolled back with it) or is computed afresh; state outside it is only read. An abort that is not
 * run again reaches the caller as `transactionConflict()` (503, retryable), and the log gets the database's
 * error (as an error when an external effect was lost with it).
 */
export async function runTransaction<T>(
  db: Db,
  log: Record<'warn' | 'error', (object: object, message: string) => void>,
  fn: (tx: Db) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let current: Db | undefined;
    try {
      return await db.transaction((tx) => {
        current = tx as unknown as Db;
        return fn(current);
      });
    } catch (error) {
      if (!isRetryableConflict(error)) throw error;
      if (current && doneOutside.has(current)) {
        log.error({ err: error }, 'transaction aborted by concurrent writes after an external effect');
        throw transactionConflict();
      }
      if (attempt >= TRANSACTION_ATTEMPTS) {
        log.warn({ err: error, attempts: attempt }, 'transaction aborted by concurrent writes, every run');
        throw transactionConflict();
      }
      // Full jitter: the transactions that collided do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, Math.random() * BACKOFF_MS * 2 ** attempt));
    }
  }
}
