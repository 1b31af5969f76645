import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, loadConfig } from '../platform/config.ts';
import type { AppContext } from '../platform/context.ts';
import { openDatabase } from '../platform/db.ts';
import { Events } from '../platform/events.ts';
import { createLogger } from '../platform/logger.ts';

/** What the command-line tools (`npm run seed`, `npm run catalogue`) share: the database and a progress bar. */

/** A progress bar on stderr: redrawn in place on a terminal, a line per percent otherwise. */
export function progressBar(started: number, unit = 'products') {
  const tty = process.stderr.isTTY;
  let last = -1;
  return (done: number, total: number) => {
    const ratio = total ? done / total : 1;
    const percent = Math.floor(ratio * 100);
    if (!tty && percent === last) return;
    last = percent;
    const width = 30;
    const filled = Math.round(ratio * width);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const line = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${String(percent).padStart(3)}%  ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')} ${unit}  ${seconds}s`;
    process.stderr.write(tty ? `\r${line}${done === total ? '\n' : ''}` : `${line}\n`);
  };
}

export interface Tool {
  ctx: AppContext;
  /** Where the data lives, for messages. */
  where: string;
  close(): Promise<void>;
}

/**
 * The database from the environment, as the server opens it: DATABASE_URL (PostgreSQL) or the embedded
 * database under DATA_DIR. Outbox events written by a tool are delivered by the server when it runs.
 */
export async function openTool(): Promise<Tool> {
  const config = loadConfig();
  const log = createLogger(
    config.logLevel === 'info' ? 'warn' : config.logLevel,
  ) as unknown as FastifyBaseLogger;
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffersMb: config.embeddedSharedBuffersMb,
  });
  // Record-only: outbox events written here are delivered by the server when it runs, not by this tool.
  const events = new Events(database.db, log);
  await events.stop();
  const ctx: AppContext = {
    config,
    db: database.db,
    database,
    events,
    log,
    clock: () => new Date(),
    authenticators: [],
    originCheckers: [],
  };
  const where = database.kind === 'postgres' ? 'PostgreSQL' : `the embedded database in ${config.dataDir}`;
  return { ctx, where, close: () => database.close() };
}

/** Runs a tool's main function (a number it returns is the exit status); errors: a line for configuration, else the stack; exit 1. */
export function runTool(main: () => Promise<unknown>): void {
  main()
    .then((code) => {
      if (typeof code === 'number' && code !== 0) process.exitCode = code;
    })
    .catch((error: unknown) => {
      if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
      else console.error(error);
      process.exit(1);
    });
}
