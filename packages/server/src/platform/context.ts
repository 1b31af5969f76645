import type { FastifyBaseLogger } from 'fastify';
import type { Authenticator } from './auth.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db.ts';
import type { Events } from './events.ts';

/** What services receive: passed explicitly, never looked up by name. */
export interface AppContext {
  config: Config;
  db: Db;
  database: Database;
  events: Events;
  log: FastifyBaseLogger;
  clock: () => Date;
  /** Tried in order to turn an `Authorization` credential into a caller; modules add theirs. */
  authenticators: Authenticator[];
  /** Extra CORS origins (e.g. of OAuth clients); checked after `config.corsOrigins`. */
  originCheckers: Array<(origin: string) => Promise<boolean> | boolean>;
}

/**
 * State a module keeps per server, made on first use: a process may run several servers (test files), so it
 * is keyed by the server's context, or by `key` of it (`(ctx) => ctx.events`: shared by the context's copies).
 * `set` puts another value in its place (a real provider, a test double).
 */
export function perServer<T>(make: (ctx: AppContext) => T, key: (ctx: AppContext) => object = (ctx) => ctx) {
  const values = new WeakMap<object, T>();
  return {
    get(ctx: AppContext): T {
      let value = values.get(key(ctx));
      if (value === undefined) {
        value = make(ctx);
        values.set(key(ctx), value);
      }
      return value;
    },
    set(ctx: AppContext, value: T): void {
      values.set(key(ctx), value);
    },
  };
}
