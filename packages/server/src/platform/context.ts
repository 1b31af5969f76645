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
