import { spawn, spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../src/testing.ts';
import { afterAll, expect, it } from 'vitest';

// The production build (`npm run build -w packages/server`): built beside the package (so the bundles find
// node_modules as `dist/` does), started with plain `node` — no tsx, no `aisle-source` condition — on the
// embedded database in a temporary DATA_DIR. Always PGlite: the point is the compiled output, not the driver.
const packageDir = join(import.meta.dirname, '..');
const outdir = mkdtempSync(join(packageDir, '.compiled-test-'));
const dataDir = mkdtempSync(join(tmpdir(), 'aisle-compiled-'));
afterAll(() => {
  rmSync(outdir, { recursive: true, force: true });
  rmSync(dataDir, { recursive: true, force: true });
});

it('builds the server and serves health from the compiled output', { timeout: 300_000 }, async () => {
  const built = spawnSync(process.execPath, ['build.mjs', '--outdir', outdir], {
    cwd: packageDir,
    encoding: 'utf8',
  });
  expect(built.stderr).toBe('');
  expect(built.status).toBe(0);
  // The migrations travel with the bundles.
  expect(existsSync(join(outdir, 'drizzle', 'meta', '_journal.json'))).toBe(true);

  const port = await freePort();
  const { TEST_DATABASE_URL: _, DATABASE_URL: __, NODE_OPTIONS: ___, ...env } = process.env;
  // From the temp folder, so nothing resolves against the package's sources.
  const child = spawn(process.execPath, [join(outdir, 'main.js')], {
    cwd: dataDir,
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      STOREFRONT_DIR: '',
      ADMIN_DIR: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
  });
  try {
    let health: Response | undefined;
    // A first start makes the embedded database and migrates it: seconds on a quiet machine, minutes on a loaded one.
    for (const end = Date.now() + 240_000; Date.now() < end && child.exitCode === null; ) {
      health = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => undefined);
      if (health) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(stderr).toBe('');
    expect(health?.status).toBe(200);
    expect(await health?.json()).toMatchObject({ status: 'ok', database: 'embedded' });
    // A route whose schemas are compiled on first use answers in the wire format.
    const bad = await fetch(`http://127.0.0.1:${port}/v2/collections/slug/%FF`);
    expect(bad.status).toBe(400);
  } finally {
    child.kill('SIGTERM');
    if (child.exitCode === null) await once(child, 'exit');
  }
  expect(child.exitCode).toBe(0);
});
