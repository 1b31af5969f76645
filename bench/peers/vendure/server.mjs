// `node server.mjs`: the Vendure server bench/peers.ts measures (PORT, VENDURE_DATABASE_URL). Prints
// `vendure ready` on stdout once it listens.
import vendure from '@vendure/core';
import { vendureConfig } from './vendure-config.mjs';

const { bootstrap, JobQueueService } = vendure;
const app = await bootstrap(vendureConfig());
// Vendure's default in-memory job queue, processed in this process (no separate worker for a bench database).
await app.get(JobQueueService).start();
process.stdout.write('vendure ready\n');
const stop = () => {
  app.close().then(
    () => process.exit(0),
    () => process.exit(1),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
