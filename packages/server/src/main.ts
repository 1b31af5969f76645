import { bootstrap } from './bootstrap.ts';
import { ConfigError, loadConfig } from './platform/config.ts';
import { openDatabase } from './platform/db.ts';
import { createLogger } from './platform/logger.ts';
import { createServer } from './server.ts';

async function main() {
  const config = loadConfig();
  const log = createLogger(config.logLevel);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  const server = await createServer(config, database, log);
  await bootstrap(server.ctx);
  await server.app.listen({ port: config.port, host: config.host });
  log.info(`Aisle is serving ${config.publicUrl} (${database.kind} database)`);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await server.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) console.error(`Configuration error: ${error.message}`);
  else console.error(error);
  process.exit(1);
});
