import type { Module } from './app.ts';
import type { AppContext } from './context.ts';

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
