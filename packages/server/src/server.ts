import type { FastifyBaseLogger } from 'fastify';
import { modules } from './modules/index.ts';
import { type App, buildApp } from './platform/app.ts';
import { apiKeyAuthenticator } from './platform/auth.ts';
import type { Config } from './platform/config.ts';
import type { AppContext } from './platform/context.ts';
import type { Database } from './platform/db.ts';
import { Events } from './platform/events.ts';
import { createLogger } from './platform/logger.ts';
import { accessTokenAuthenticator } from './modules/oauth/authenticator.ts';
import { clientOriginChecker } from './modules/oauth/clients.ts';
import { staffSessionAuthenticator } from './modules/staff/authenticator.ts';

export interface Server {
  app: App;
  ctx: AppContext;
  /** Stop taking requests, finish in-flight ones and pending events; the database stays open. */
  close(): Promise<void>;
}

export async function createServer(
  config: Config,
  database: Database,
  log?: FastifyBaseLogger,
): Promise<Server> {
  const logger = log ?? (createLogger(config.logLevel) as unknown as FastifyBaseLogger);
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    events: new Events(database.db, logger),
    log: logger,
    clock: () => new Date(),
    authenticators: [],
    originCheckers: [],
  };
  ctx.authenticators.push(apiKeyAuthenticator(ctx.db));
  ctx.authenticators.push(staffSessionAuthenticator(ctx));
  ctx.authenticators.push(accessTokenAuthenticator(ctx));
  ctx.originCheckers.push(clientOriginChecker(ctx));
  const app = await buildApp(ctx, modules);
  await app.ready();
  ctx.events.start();
  return {
    app,
    ctx,
    async close() {
      await app.close();
      await ctx.events.stop();
    },
  };
}
