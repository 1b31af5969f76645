import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { rows } from '../../platform/db.ts';
import { hourly } from '../../platform/hourly.ts';

/** Rows deleted per statement, so one purge never holds many locks or a long transaction. */
const BATCH = 5_000;

/**
 * Delivered outbox events are history once every subscriber had them: rows dispatched (or given up on) and
 * older than `OUTBOX_RETENTION_DAYS` are deleted, oldest first, in batches. Pending rows are never touched.
 * Any process may run it: rows another process is deleting are skipped. Returns how many rows went.
 */
export async function purgeDeliveredEvents(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.outboxRetentionDays * 86_400_000);
  let total = 0;
  for (;;) {
    const [row] = await rows<{ n: number }>(
      ctx.db,
      sql`with gone as (
          delete from outbox_events where id in (
            select id from outbox_events
            where dispatched_at is not null and occurred_at < ${cutoff}
            order by id limit ${BATCH} for update skip locked)
          returning 1)
        select count(*)::int as n from gone`,
    );
    const n = row?.n ?? 0;
    total += n;
    if (n < BATCH) return total;
  }
}

/** Hourly, in every process. */
export const outboxRetention = hourly('purging delivered outbox events', (ctx) => purgeDeliveredEvents(ctx));
