import type { Module } from './app.ts';
import type { AppContext } from './context.ts';
import type { Db } from './db.ts';
import type { EventInput } from './events.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A background module: `job` runs every `ms` in every process while the server is up, and the timer stops
 * when the server closes. A failure is logged as `<what> failed` and the job runs again at the next tick.
 */
export function every(ms: number, what: string, job: (ctx: AppContext) => unknown): Module {
  return (app, ctx) => {
    const timer = setInterval(() => {
      Promise.resolve()
        .then(() => job(ctx))
        .catch((error: unknown) => ctx.log.warn({ err: error }, `${what} failed`));
    }, ms);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
}

/**
 * A housekeeping module: `job` runs hourly in every process (the jobs skip rows another process holds, so
 * running everywhere is safe).
 */
export const hourly = (what: string, job: (ctx: AppContext) => Promise<unknown>): Module =>
  every(HOUR_MS, what, job);

/**
 * Housekeeping's deletes: `deleteBatch` deletes at most `limit` rows untouched since `before` (`days` ago) and
 * answers their events, recorded in the same transaction; batches run until one comes back short. Answers how
 * many rows went.
 */
export async function purgeInBatches(
  ctx: AppContext,
  days: number,
  deleteBatch: (tx: Db, before: Date, limit: number) => Promise<EventInput[]>,
  limit = 500,
): Promise<number> {
  const before = new Date(ctx.clock().getTime() - days * 24 * 3600 * 1000);
  let total = 0;
  for (;;) {
    const deleted = await ctx.events.transaction(async (tx) => {
      const events = await deleteBatch(tx, before, limit);
      await ctx.events.record(tx, events);
      return events.length;
    });
    total += deleted;
    if (deleted < limit) return total;
  }
}
