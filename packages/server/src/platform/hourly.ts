import type { Module } from './app.ts';
import type { AppContext } from './context.ts';

const EVERY_MS = 60 * 60 * 1000;

/**
 * A housekeeping module: `job` runs hourly in every process while the server is up (the jobs skip rows
 * another process holds, so running everywhere is safe). A failure is logged as `<what> failed` and retried
 * at the next hour.
 */
export function hourly(what: string, job: (ctx: AppContext) => Promise<unknown>): Module {
  return (app, ctx) => {
    const timer = setInterval(() => {
      job(ctx).catch((error: unknown) => ctx.log.warn({ err: error }, `${what} failed`));
    }, EVERY_MS);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  };
}
