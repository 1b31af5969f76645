import { parseArgs } from 'node:util';
import { ConfigError } from '../platform/config.ts';
import { seedDemoStore } from './demo.ts';
import { seedLargeCatalogue } from './large.ts';
import { seedLargeOrders } from './large-orders.ts';
import { openTool, progressBar, runTool } from './tool.ts';

const USAGE = `Usage: npm run seed [-- --products N [--collections K] [--batch B]] [-- --orders N [--batch B]]

  (no flags)         seed the demo store (69 products, 7 collections) into an empty store
  --products N       add a large synthetic catalogue of N products (2 variants each)
  --collections K    collections for --products (default: N / 2000, 8 to 200)
  --batch B          products (default 5000) or orders (default 2000) per INSERT statement
  --orders N         add N synthetic orders over the last two years (after --products, if both),
                     their lines from the catalogue's products; no outbox events, no stock taken

The database comes from the environment, as for the server: DATABASE_URL (PostgreSQL) or the
embedded database under DATA_DIR. Images are written to DATA_DIR/media.`;

function positive(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(n) || n < 1)
    throw new ConfigError(`--${name} must be a positive integer, got "${value}"`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      products: { type: 'string' },
      collections: { type: 'string' },
      batch: { type: 'string' },
      orders: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
  }
  const products = positive('products', values.products);
  const collections = positive('collections', values.collections);
  const batchSize = positive('batch', values.batch);
  const orders = positive('orders', values.orders);

  const { ctx, where, close } = await openTool();
  const started = Date.now();
  try {
    // `--orders` alone adds orders to the catalogue there is (lines name generic items when there is none).
    if (products === undefined && orders === undefined) {
      const result = await seedDemoStore(ctx, { onlyIfEmpty: true });
      process.stdout.write(
        result.seeded
          ? `Seeded the demo store into ${where}: ${result.products} products, ${result.collections} collections (${Date.now() - started} ms).\n`
          : `The store in ${where} already has products; the demo store was not seeded.\n`,
      );
    } else if (products !== undefined) {
      process.stderr.write(`Seeding ${products.toLocaleString('en-US')} products into ${where}\n`);
      const result = await seedLargeCatalogue(ctx, {
        products,
        ...(collections ? { collections } : {}),
        ...(batchSize ? { batchSize } : {}),
        onProgress: progressBar(started),
      });
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(
        `Seeded ${result.products.toLocaleString('en-US')} products, ${result.variants.toLocaleString('en-US')} variants in ${result.collections} collections in ${seconds}s.\n`,
      );
    }
    if (orders !== undefined) {
      const began = Date.now();
      process.stderr.write(`Seeding ${orders.toLocaleString('en-US')} orders into ${where}\n`);
      const result = await seedLargeOrders(ctx, {
        orders,
        ...(batchSize ? { batchSize } : {}),
        onProgress: progressBar(began, 'orders'),
      });
      const seconds = ((Date.now() - began) / 1000).toFixed(1);
      process.stdout.write(
        `Seeded ${result.orders.toLocaleString('en-US')} orders of ${result.buyers.toLocaleString('en-US')} buyers (lines from ${result.products} products) in ${seconds}s.\n`,
      );
    }
  } finally {
    await close();
  }
}

runTool(main);
