/**
 * The embedded database's autovacuum. PGlite runs PostgreSQL in single-user mode, which has no autovacuum
 * launcher: without this job the dead row versions of every update and delete (a cart saved on each add, the
 * outbox's inserts, marks and retention deletes, webhook deliveries, sign-in tokens) are never reclaimed and
 * the planner's statistics never refreshed, so tables only grow and reads slow down (docs/BENCHMARKS.md,
 * "Embedded database off the event loop"). PostgreSQL does this itself: on it the job does nothing.
 *
 * What it does is what autovacuum would, with autovacuum's default thresholds: every `CHECK_MS` it reads the
 * cumulative statistics (`pg_stat_user_tables`) and runs `VACUUM` on each table with more dead rows than 50 +
 * 20 % of its rows, or more rows inserted since its last vacuum than 1,000 + 20 % (so the visibility map stays
 * current), and `ANALYZE` on each table changed by more than 50 + 10 % since its last analyze, each decided on
 * its own. Unlike autovacuum, that work holds the one database thread, so it is cut small: every 20 s rather
 * than autovacuum's minute (fewer dead rows a pass), vacuum and analyze as separate calls, and no statistics
 * for the document columns (migration 0030), whose sampling made an analyze of the outbox or the checkouts take
 * 140-200 ms (docs/BENCHMARKS.md, "Session 21").
 * PGlite keeps those statistics in memory only (a restart starts them at zero), so the first pass after a
 * start (`STARTUP_DELAY_MS` after it) also vacuums every table of at least `STARTUP_BYTES`, whatever the
 * statistics say.
 *
 * One table per call into the database, outside any transaction (VACUUM cannot run in one): the worker runs
 * calls in turn, so a request waits at most for one table's vacuum, never for the whole pass.
 */
import type { Module } from '../app.ts';
import type { AppContext } from '../context.ts';
import { every } from '../hourly.ts';
import type { EmbeddedClient } from './client.ts';

/** How often the statistics are read (autovacuum's `autovacuum_naptime` is 60 s; shorter passes hold requests less). */
export const CHECK_MS = 20_000;
/** The first pass runs this long after the server is ready (the start's own work done). */
export const STARTUP_DELAY_MS = 5_000;
/** The first pass after a start vacuums every table at least this large (its statistics were lost). */
export const STARTUP_BYTES = 1024 * 1024;
// autovacuum's defaults: autovacuum_vacuum_threshold / _scale_factor, _vacuum_insert_*, _analyze_*.
const VACUUM_BASE = 50;
const VACUUM_SCALE = 0.2;
const INSERT_BASE = 1000;
const INSERT_SCALE = 0.2;
const ANALYZE_BASE = 50;
const ANALYZE_SCALE = 0.1;

/** A table's name (`ident` quoted as an identifier) and its counts, as read from the statistics. */
type TableStats = { ident: string; table: string } & Record<
  'dead' | 'insertedSinceVacuum' | 'changedSinceAnalyze' | 'rows' | 'bytes',
  number
>;

/** What a pass did to one table. */
export interface Maintained {
  table: string;
  did: 'vacuum' | 'analyze';
  /** Dead rows the statistics counted before. */
  dead: number;
  ms: number;
}

export interface VacuumOptions {
  /** Also vacuum every table of at least this many bytes, whatever its statistics say (after a start). */
  largerThan?: number;
}

function clientOf(ctx: AppContext): EmbeddedClient {
  return (ctx.db as unknown as { $client: EmbeddedClient }).$client;
}

async function readStats(client: EmbeddedClient, largerThan: number | undefined): Promise<TableStats[]> {
  // Statistics are flushed at most once a second: make the next read see this session's latest counts.
  await client.exec('select pg_stat_force_next_flush()');
  const sizes = largerThan === undefined ? '0' : 'pg_table_size(s.relid)';
  const [result] = await client.exec(
    `select quote_ident(s.relname) as ident, s.relname as "table", s.n_dead_tup::float8 as dead,
       s.n_ins_since_vacuum::float8 as "insertedSinceVacuum", s.n_mod_since_analyze::float8 as "changedSinceAnalyze",
       greatest(c.reltuples, 0)::float8 as rows, ${sizes}::float8 as bytes
     from pg_stat_user_tables s join pg_class c on c.oid = s.relid
     where s.schemaname = 'public'
     order by s.n_dead_tup desc, s.relname`,
  );
  return (result?.rows ?? []) as TableStats[];
}

/**
 * What autovacuum would do to the table now, each decided on its own threshold, as autovacuum decides them: a
 * vacuum, an analyze, both or nothing.
 */
function due(t: TableStats, largerThan: number | undefined): Array<Maintained['did']> {
  const vacuum =
    t.dead > VACUUM_BASE + VACUUM_SCALE * t.rows ||
    t.insertedSinceVacuum > INSERT_BASE + INSERT_SCALE * t.rows ||
    (largerThan !== undefined && t.bytes >= largerThan);
  const did: Array<Maintained['did']> = [];
  if (vacuum) did.push('vacuum');
  if (t.changedSinceAnalyze > ANALYZE_BASE + ANALYZE_SCALE * t.rows) did.push('analyze');
  return did;
}

/**
 * One pass of the embedded database's autovacuum (above): the tables it vacuumed or analyzed, most dead rows
 * first, each with its time. On PostgreSQL nothing is done (its own autovacuum does it) and the list is empty.
 */
export async function vacuumEmbedded(ctx: AppContext, options: VacuumOptions = {}): Promise<Maintained[]> {
  if (ctx.database.kind !== 'embedded') return [];
  const client = clientOf(ctx);
  const done: Maintained[] = [];
  for (const t of await readStats(client, options.largerThan)) {
    // Each its own call, so a request waits behind one of them at most, not behind both.
    for (const did of due(t, options.largerThan)) {
      const started = performance.now();
      await client.exec(`${did} ${t.ident}`);
      const ms = Math.round(performance.now() - started);
      ctx.log.debug({ table: t.table, dead: t.dead, ms }, `embedded database: ${did} ${t.table}`);
      done.push({ table: t.table, did, dead: t.dead, ms });
    }
  }
  return done;
}

/** A pass's summary line: info when it took a while (requests waited), else debug. */
function report(ctx: AppContext, done: Maintained[], first: boolean): void {
  if (done.length === 0) return;
  const ms = done.reduce((sum, t) => sum + t.ms, 0);
  const tables = done.map((t) => `${t.table} (${t.did}, ${t.dead} dead, ${t.ms} ms)`).join(', ');
  const level = first || ms >= 1000 ? 'info' : 'debug';
  ctx.log[level]({ ms, tables: done.length }, `embedded database maintained in ${ms} ms: ${tables}`);
}

/**
 * `STARTUP_DELAY_MS` after the server is ready (with the start's size rule, until a pass succeeds), then every
 * `CHECK_MS`, in the process that owns the embedded database; a pass still running when the next is due is
 * not overlapped. Nothing on PostgreSQL.
 */
export const embeddedVacuum: Module = async (app, ctx) => {
  if (ctx.database.kind !== 'embedded') return;
  let first = true;
  let running: Promise<void> | undefined;
  const pass = async () => {
    if (running) return;
    running = (async () => {
      const done = await vacuumEmbedded(ctx, first ? { largerThan: STARTUP_BYTES } : {});
      report(ctx, done, first);
      first = false;
    })().finally(() => {
      running = undefined;
    });
    await running;
  };
  let soon: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    soon = setTimeout(() => {
      pass().catch((error: unknown) =>
        ctx.log.warn({ err: error }, 'vacuuming the embedded database failed'),
      );
    }, STARTUP_DELAY_MS);
    soon.unref();
  });
  // A pass under way finishes before the database closes (its failure is the pass's to log, not the close's).
  app.addHook('onClose', async () => {
    clearTimeout(soon);
    await running?.catch(() => {});
  });
  await every(CHECK_MS, 'vacuuming the embedded database', pass)(app, ctx);
};
