import cluster from 'node:cluster';
import type { FastifyBaseLogger } from 'fastify';
import { bootstrap } from './bootstrap.ts';
import { type Config, ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createLogger } from './platform/logger.ts';
import { createServer } from './server.ts';

type Log = ReturnType<typeof createLogger>;

/** Stop on SIGTERM/SIGINT with `stop`, or exit 1 if it takes more than 10 s. */
function onShutdown(log: Log, stop: () => Promise<void>): void {
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await stop();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

/** Migrate, run the first-start work (admin key, demo store) unless a primary did, and serve. */
async function serve(config: Config, log: Log, options: { firstStart: boolean }): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffersMb: config.embeddedSharedBuffersMb,
  });
  const server = await createServer(config, database, log as unknown as FastifyBaseLogger);
  if (options.firstStart) await bootstrap(server.ctx);
  await server.app.listen({ port: config.port, host: config.host });
  const worker = cluster.isWorker ? ` (worker ${cluster.worker?.id})` : '';
  log.info(`Aisle is serving ${config.publicUrl} (${database.kind} database)${worker}`);
  onShutdown(log, async () => {
    await server.close();
    await database.close();
  });
}

/**
 * `WORKERS` > 1: this process migrates and does the first-start work once, then forks the workers, which share
 * the port (node:cluster hands connections round-robin), and starts a new one when one dies.
 */
async function primary(config: Config, log: Log): Promise<void> {
  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: config.dataDir,
    sharedBuffersMb: config.embeddedSharedBuffersMb,
  });
  const setup = await createServer(config, database, log as unknown as FastifyBaseLogger);
  await bootstrap(setup.ctx);
  await setup.close();
  await database.close();

  let stopping = false;
  for (let i = 0; i < config.workers; i++) cluster.fork();
  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    log.error({ worker: worker.id, code, signal }, 'worker died; starting another');
    setTimeout(() => cluster.fork(), 1000).unref();
  });
  onShutdown(log, async () => {
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w !== undefined);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
  });
}

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  if (config.workers === 1) return serve(config, log, { firstStart: true });
  if (cluster.isPrimary) return primary(config, log);
  return serve(config, log, { firstStart: false });
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
