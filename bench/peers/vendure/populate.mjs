// `node populate.mjs <dir>`: fills Vendure's database (VENDURE_DATABASE_URL, made empty beforehand) with
// `<dir>/initial-data.json` (zone, tax, collections as facet-value filters) and `<dir>/products.csv` (Vendure's
// import format) through Vendure's own `populate()`, then waits for the jobs it queues (collection filters,
// search index rebuild) and stops. bench/peers.ts writes both files from Aisle's seeded catalogue.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import vendure from '@vendure/core';
import cli from '@vendure/core/cli/index.js';
import { vendureConfig } from './vendure-config.mjs';

const { bootstrap, ConfigService, JobQueueService, SearchService, RequestContextService } = vendure;
const { populate } = cli;
const dir = process.argv[2];
if (!dir) throw new Error('usage: node populate.mjs <dir with initial-data.json and products.csv>');
const initialData = JSON.parse(readFileSync(join(dir, 'initial-data.json'), 'utf8'));

/** Until no job is left to run (each job may queue others: collection filters queue index updates). */
async function settled(app) {
  const jobs = app.get(ConfigService).jobQueueOptions.jobQueueStrategy;
  let quiet = 0;
  while (quiet < 3) {
    await new Promise((resolve) => setTimeout(resolve, 500));
    const open = await jobs.findMany({ filter: { isSettled: { eq: false } } });
    quiet = open.totalItems === 0 ? quiet + 1 : 0;
  }
  const failed = await jobs.findMany({ filter: { state: { eq: 'FAILED' } } });
  if (failed.totalItems > 0) throw new Error(`${failed.totalItems} Vendure jobs failed`);
}

const started = Date.now();
const app = await populate(
  async () => {
    const server = await bootstrap({
      ...vendureConfig(),
      apiOptions: { ...vendureConfig().apiOptions, port: 0 },
    });
    await server.get(JobQueueService).start();
    return server;
  },
  initialData,
  join(dir, 'products.csv'),
);
await settled(app);
// The collections' products are known only once their filter jobs ran: index again with them.
const ctx = await app.get(RequestContextService).create({ apiType: 'admin' });
await app.get(SearchService).reindex(ctx);
await settled(app);
await app.close();
process.stdout.write(`vendure populated in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
process.exit(0);
