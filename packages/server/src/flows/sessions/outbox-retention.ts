import { sql } from 'drizzle-orm';
import type { AppContext } from '../../platform/context.ts';
import { deleteInBatches } from '../../platform/db.ts';
import { hourly } from '../../platform/hourly.ts';

/**
 * Delivered outbox events are history once every subscriber had them: rows dispatched (or given up on) and
 * older than `OUTBOX_RETENTION_DAYS` are deleted, oldest first, in batches. Pending rows are never touched.
 * Any process may run it: rows another process is deleting are skipped. Returns how many rows went.
 */
export async function purgeDeliveredEvents(ctx: AppContext, now = ctx.clock()): Promise<number> {
  const cutoff = new Date(now.getTime() - ctx.config.outboxRetentionDays * 86_400_000);
  return deleteInBatches(
    ctx.db,
    sql`outbox_events`,
    sql`dispatched_at is not null and occurred_at < ${cutoff}`,
    sql`id`,
  );
}

/** Hourly, in every process. */
export const outboxRetention = hourly('purging delivered outbox events', (ctx) => purgeDeliveredEvents(ctx));
