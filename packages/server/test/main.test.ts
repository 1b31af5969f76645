import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'aisle-main-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

async function start(port: number, extra: Record<string, string> = {}) {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--conditions=aisle-source', '--import', 'tsx', 'src/main.ts'],
    {
      cwd: join(import.meta.dirname, '..'),
      env: {
        ...process.env,
        PORT: String(port),
        DATA_DIR: dataDir,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
        STOREFRONT_DIR: '',
        SEED_DEMO: 'false',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  for (let i = 0; i < 200; i++) {
    if (child.exitCode !== null) break;
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 150));
  }
  return { child, output: () => output };
}

describe('npm start (the server process)', () => {
  it('prints a generated admin key once, persists data, and exits cleanly on SIGTERM', async () => {
    const port = await freePort();
    const first = await start(port);
    const key = /Admin API key \(shown once, keep it safe\): (aisle_sk_[\w-]+)/.exec(first.output())?.[1];
    expect(key).toBeDefined();
    const whoami = await fetch(`http://127.0.0.1:${port}/v1/admin/whoami`, {
      headers: { authorization: key! },
    });
    expect(whoami.status).toBe(200);
    first.child.kill('SIGTERM');
    const [code] = await once(first.child, 'exit');
    expect(code).toBe(0);

    // Second start on the same data: same key still valid, nothing printed again.
    const second = await start(port);
    expect(second.output()).not.toContain('Admin API key');
    const again = await fetch(`http://127.0.0.1:${port}/v1/admin/whoami`, {
      headers: { authorization: key! },
    });
    expect(again.status).toBe(200);
    second.child.kill('SIGINT');
    const [code2] = await once(second.child, 'exit');
    expect(code2).toBe(0);
  }, 60_000);

  it('refuses to start with a bad setting and says which', async () => {
    const child = spawn(process.execPath, ['--conditions=aisle-source', '--import', 'tsx', 'src/main.ts'], {
      cwd: join(import.meta.dirname, '..'),
      env: { ...process.env, PORT: 'eighty', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr?.on('data', (c) => {
      stderr += String(c);
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toContain('Configuration error: PORT');
  }, 30_000);
});
