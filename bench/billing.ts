/**
 * `DATABASE_URL=postgres://… npm run bench:billing [-- --cycles 10000 --schedulers 2 --batch 50]`
 *
 * The billing scheduler (docs/SUBSCRIPTIONS.md "Billing") against PostgreSQL: a fresh database
 * (`aisle_bench_billing` on DATABASE_URL's server, made again each run) with the demo store's settings, plan
 * products and `--cycles` ACTIVE contracts whose next cycle is due, each with a saved sandbox card. Then
 * `--schedulers` processes (each a real server context, as every server process runs the scheduler) charge them
 * with `runBilling` until none is due: each cycle is a checkout, an order with stock, tax and shipping, a charge and
 * the contract's advance. Reports cycles per second from the first claim to the last commit, and checks that every
 * contract was charged exactly once.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { runBilling } from '../packages/server/src/flows/subscriptions/billing.ts';
import { createProduct } from '../packages/server/src/modules/catalogue/products/writes.ts';
import { loadConfig } from '../packages/server/src/platform/config.ts';
import { openDatabase, rows } from '../packages/server/src/platform/db.ts';
import { seedDemoSettings } from '../packages/server/src/seed/demo-settings.ts';
import { createServer } from '../packages/server/src/server.ts';
import { NEW_YORK } from '../packages/server/test/addresses.ts';

const { values } = parseArgs({
  options: {
    cycles: { type: 'string', default: '10000' },
    schedulers: { type: 'string', default: '2' },
    batch: { type: 'string', default: '50' },
    worker: { type: 'string' },
  },
});

const STORE_APP_ID = '215238eb-22a5-4c36-9e7b-e7c08025e04e';
const PLANS = 20;

/** A server context on `url` (no HTTP listener): what each process's scheduler runs with. */
async function context(url: string) {
  const config = loadConfig({ LOG_LEVEL: 'warn', STOREFRONT_DIR: '', ADMIN_DIR: '', SEED_DEMO: 'false' });
  return createServer(config, await openDatabase({ url, poolSize: 10 }));
}

/** A scheduler process: charges due cycles until none is left, then prints what it did. */
async function worker(url: string) {
  const server = await context(url);
  const run = await runBilling(server.ctx, { batch: Number(values.batch) });
  await server.close();
  await server.ctx.database.close();
  process.stdout.write(`${JSON.stringify(run)}\n`);
}

/** The bench database, made afresh on DATABASE_URL's server. */
async function freshDatabase(base: string): Promise<string> {
  const url = new URL(base);
  const name = 'aisle_bench_billing';
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  url.pathname = `/${name}`;
  return url.toString();
}

/** `count` due contracts over PLANS plan products, each with its own member and saved card. */
async function seed(url: string, count: number) {
  const server = await context(url);
  const { ctx } = server;
  await seedDemoSettings(ctx);
  const now = new Date();
  const start = new Date(now.getTime() - 32 * 86_400_000);
  const settings = {
    frequency: 'MONTH',
    interval: 1,
    autoRenewal: true,
    enableCustomerCancellation: true,
    startDate: start.toISOString(),
  };
  const plans: string[] = [];
  for (let i = 0; i < PLANS; i++)
    plans.push(
      (
        await createProduct(ctx, {
          name: `Bench plan ${i + 1}`,
          price: '20.00',
          weight: 0.5,
          productType: 'physical',
          subscriptionDetails: {
            subscriptions: [
              { title: 'Monthly', frequency: 'MONTH', discount: { type: 'PERCENT', value: 10 } },
            ],
          },
        } as Parameters<typeof createProduct>[1])
      ).id,
    );
  // Each contract its own saved card (one shared card would serialise every charge on its token's row).
  const prefix = `pm_sbx_bench_${randomUUID()}_`;
  await ctx.db.execute(sql`insert into sandbox_card_tokens (token_hash, brand, last_four_digits, outcome,
      expires_at, reusable)
    select encode(sha256(convert_to(${prefix} || n, 'UTF8')), 'hex'), 'VISA', '4242', 'APPROVE', '9999-01-01', true
    from generate_series(1, ${count}) as n`);
  const lineItems = plans.map((id) => [
    {
      id: randomUUID(),
      quantity: 1,
      productName: { original: 'Bench plan', translated: 'Bench plan' },
      catalogReference: { catalogItemId: id, appId: STORE_APP_ID, options: {} },
    },
  ]);
  await ctx.db.execute(sql`insert into subscription_contracts (member_id, order_id, line_item_id, product_id,
      subscription_option_id, status, title, settings, data, currency, unit_price, quantity, billed_cycles,
      next_charge_date, payment_method)
    select gen_random_uuid(), gen_random_uuid(), 'line', (${JSON.stringify(plans)}::jsonb->>(n % ${PLANS}))::uuid,
      null, 'ACTIVE', 'Monthly', ${JSON.stringify(settings)}::jsonb,
      jsonb_build_object('lineItems', ${JSON.stringify(lineItems)}::jsonb->(n % ${PLANS}),
        'recipientInfo', ${JSON.stringify({ address: NEW_YORK })}::jsonb,
        'buyerInfo', jsonb_build_object('email', 'member' || n || '@example.com')),
      'USD', 18.00, 1, 1, ${new Date(now.getTime() - 60_000)},
      jsonb_build_object('provider', 'sandbox-card', 'token', ${prefix} || n,
        'card', jsonb_build_object('brand', 'VISA', 'lastFourDigits', '4242'))
    from generate_series(1, ${count}) as n`);
  await ctx.db.execute(sql`analyze`);
  await server.close();
  await ctx.database.close();
}

async function scheduler(url: string): Promise<Record<string, number>> {
  const child = spawn(
    process.execPath,
    [
      '--conditions=aisle-source',
      '--import',
      'tsx',
      'bench/billing.ts',
      '--worker',
      url,
      '--batch',
      values.batch,
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`scheduler exited with ${code}`);
  return JSON.parse(out.trim().split('\n').at(-1)!) as Record<string, number>;
}

async function main() {
  const base = process.env.DATABASE_URL;
  if (!base?.startsWith('postgres')) {
    console.error('DATABASE_URL must name a PostgreSQL server (the bench makes its own database on it)');
    process.exit(2);
  }
  const cycles = Number(values.cycles);
  const schedulers = Number(values.schedulers);
  const url = await freshDatabase(base);
  console.error(`seeding ${cycles} due contracts…`);
  await seed(url, cycles);
  const load = loadavg()[0]!.toFixed(1);
  // Each process starts (migrations checked, modules loaded) before the clock that counts.
  const started = Date.now();
  const runs = await Promise.all(Array.from({ length: schedulers }, () => scheduler(url)));
  const wall = (Date.now() - started) / 1000;

  const database = await openDatabase({ url, poolSize: 1 });
  const [span] = await rows<{ first: Date; last: Date; approved: number; orders: number; twice: number }>(
    database.db,
    sql`select min(created_date) as first, max(created_date) as last,
        count(*) filter (where status = 'APPROVED')::int as approved,
        (select count(*) from orders)::int as orders,
        (select count(*) from (select contract_id from subscription_charges where status = 'APPROVED'
          group by contract_id having count(*) > 1) t)::int as twice
      from subscription_charges`,
  );
  await database.close();
  const seconds = (new Date(span!.last).getTime() - new Date(span!.first).getTime()) / 1000;
  const rate = Math.round((span!.approved / seconds) * 10) / 10;
  console.log(
    [
      `billing: ${cycles} due cycles, ${schedulers} scheduler process(es), batch ${values.batch}, load average before ${load}`,
      `charged ${span!.approved} (orders ${span!.orders}, contracts charged twice: ${span!.twice}) in ${seconds.toFixed(1)} s from first to last charge (${wall.toFixed(1)} s with process starts)`,
      `${rate} cycles/s`,
      `per scheduler: ${runs.map((r) => JSON.stringify(r)).join(' ')}`,
    ].join('\n'),
  );
  if (span!.approved !== cycles || span!.twice !== 0) process.exit(1);
}

if (values.worker) await worker(values.worker);
else await main();
