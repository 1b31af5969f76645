import { type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rows } from '../src/platform/db.ts';
import { STARTUP_BYTES, vacuumEmbedded } from '../src/platform/embedded/vacuum.ts';
import { serverForFile } from './file-server.ts';

const { server } = serverForFile();
const ROWS = 2000;

const one = async <T>(query: SQL): Promise<T> => (await rows<T>(server().ctx.db, query))[0]!;

/** Rows of the outbox (a table every write churns), already delivered so nothing dispatches them. */
async function churnRows(): Promise<void> {
  await server().ctx.db.execute(
    sql`insert into outbox_events (entity, entity_id, type, payload, dispatched_at)
        select 'vacuum_test', g::text, 'updated', '{"n": 0}'::jsonb, now() from generate_series(1, ${ROWS}) g`,
  );
}

/** Every test row rewritten once: one dead row version each, as a cart save leaves. */
async function churn(): Promise<void> {
  await server().ctx.db.execute(
    sql`update outbox_events set payload = jsonb_build_object('n', (payload->>'n')::int + 1)
        where entity = 'vacuum_test'`,
  );
}

interface Stats {
  dead: number;
  vacuums: number;
  analyzes: number;
  lastVacuum: string | null;
  bytes: number;
}
async function outboxStats(): Promise<Stats> {
  // Statistics reach the views at most once a second unless a flush is asked for.
  await server().ctx.db.execute(sql`select pg_stat_force_next_flush()`);
  return one<Stats>(
    sql`select n_dead_tup::int as dead, vacuum_count::int as vacuums, analyze_count::int as analyzes,
          last_vacuum::text as "lastVacuum", pg_relation_size('outbox_events')::int as bytes
        from pg_stat_user_tables where relname = 'outbox_events'`,
  );
}

describe('embedded database maintenance (its autovacuum)', () => {
  it('reclaims dead rows and refreshes statistics on the embedded database, and does nothing on PostgreSQL', async () => {
    const { ctx } = server();
    await ctx.events.drain();
    await churnRows();
    await churn();
    await churn();
    expect((await outboxStats()).bytes).toBeGreaterThan(0);
    const done = await vacuumEmbedded(ctx);
    const after = await outboxStats();
    if (ctx.database.kind === 'postgres') {
      // PostgreSQL's own autovacuum looks after it: the job runs nothing (a manual vacuum would count here).
      expect(done).toEqual([]);
      expect(after.lastVacuum).toBeNull();
      expect(after.vacuums).toBe(0);
      return;
    }
    // Vacuum and analyze are separate calls (a request waits behind one of them at most).
    const outbox = done.filter((t) => t.table === 'outbox_events').map((t) => t.did);
    if (outbox.length) expect(outbox).toEqual(['vacuum', 'analyze']);
    // Whichever pass got there (this one, or the server's own: 5 s after its start, then every 20 s).
    expect(after.dead).toBeLessThan(50);
    expect(after.vacuums).toBeGreaterThan(0);
    expect(after.analyzes).toBeGreaterThan(0);
    expect(after.lastVacuum).not.toBeNull();

    // Rewrites after a vacuum reuse the space it freed: the table stops growing.
    const sizes: number[] = [];
    for (let cycle = 0; cycle < 4; cycle++) {
      await churn();
      await churn();
      await vacuumEmbedded(ctx);
      sizes.push((await outboxStats()).bytes);
    }
    expect(sizes.at(-1)).toBeLessThanOrEqual(sizes[0]!);
  });

  it('after a start (statistics lost), vacuums the large tables whatever the statistics say', async () => {
    const { ctx } = server();
    if (ctx.database.kind === 'postgres') {
      expect(await vacuumEmbedded(ctx, { largerThan: 0 })).toEqual([]);
      return;
    }
    await churn();
    expect((await outboxStats()).dead).toBeGreaterThanOrEqual(ROWS);
    // PGlite keeps its statistics in memory: a restart starts them at zero, as this does.
    await ctx.db.execute(sql`select pg_stat_reset()`);
    const reset = await outboxStats();
    expect(reset.dead).toBe(0);
    const bytes = reset.bytes;
    const done = await vacuumEmbedded(ctx, { largerThan: Math.min(bytes, STARTUP_BYTES) });
    expect(done.map((t) => t.table)).toContain('outbox_events');
    const after = await outboxStats();
    expect(after.vacuums).toBeGreaterThanOrEqual(1);
    // Small tables were left alone.
    expect(done.every((t) => t.table !== 'store_settings')).toBe(true);
  });

  it('gathers no statistics for document columns, which the planner never compares', async () => {
    const { ctx } = server();
    await churnRows();
    await ctx.db.execute(sql`analyze outbox_events`);
    const columns = await rows<{ column: string }>(
      ctx.db,
      sql`select attname as column from pg_stats where tablename = 'outbox_events' order by attname`,
    );
    const analyzed = columns.map((c) => c.column);
    // Keys and times are measured; the payloads (tens of kilobytes an order) are not sampled.
    expect(analyzed).toContain('entity');
    expect(analyzed).not.toContain('payload');
    expect(analyzed).not.toContain('actor');
    const targets = await rows<{ table: string; column: string; target: number }>(
      ctx.db,
      sql`select c.relname as table, a.attname as column, a.attstattarget::int as target
          from pg_attribute a join pg_class c on c.oid = a.attrelid
          where c.relname in ('checkouts', 'carts', 'orders', 'webhook_deliveries') and a.attnum > 0 and a.attstattarget = 0
          order by 1, 2`,
    );
    expect(targets.map((t) => `${t.table}.${t.column}`)).toEqual([
      'carts.info',
      'carts.line_items',
      'checkouts.cart',
      'checkouts.info',
      'checkouts.line_items',
      'checkouts.request',
      'orders.data',
      'webhook_deliveries.payload',
    ]);
  });
});
