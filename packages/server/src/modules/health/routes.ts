import { sql } from 'drizzle-orm';
import type { Module } from '../../platform/app.ts';
import { admin, open } from '../../platform/routing.ts';

export const healthRoutes: Module = (app, ctx) => {
  app.get(
    '/healthz',
    { config: open, schema: { tags: ['platform'], summary: 'Liveness and database check' } },
    async () => {
      await ctx.db.execute(sql`select 1`);
      return { status: 'ok', database: ctx.database.kind };
    },
  );
  // The bare route: no database, no auth work; the ceiling the benchmarks compare against.
  app.get('/ping', { config: open, schema: { hide: true } }, async () => ({ pong: true }));
};

export const whoamiRoutes: Module = (app) => {
  app.get(
    '/v1/admin/whoami',
    {
      config: admin,
      schema: { tags: ['platform'], summary: 'The admin caller behind the credential' },
    },
    async (request) => ({ caller: request.caller }),
  );
};
