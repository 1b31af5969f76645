import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';

const dataDir = mkdtempSync(join(tmpdir(), 'aisle-main-'));
/** Every server started here, stopped after each test even when it failed half-way. */
const started: ChildProcess[] = [];
afterEach(() => {
  for (const child of started.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  return typeof address === 'object' && address ? address.port : 0;
}

/** A start that is expected to stop at once: its exit code and what it printed to stderr. */
async function startRefused(env: Record<string, string>): Promise<{ code: number; stderr: string }> {
  const child = spawn(process.execPath, ['--conditions=aisle-source', '--import', 'tsx', 'src/main.ts'], {
    cwd: join(import.meta.dirname, '..'),
    env: { ...process.env, DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stderr = '';
  child.stderr?.on('data', (c) => {
    stderr += String(c);
  });
  const [code] = await once(child, 'exit');
  return { code: code as number, stderr };
}

/** Live child processes of `pid` (from /proc). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map(Number)
    .filter((p) => {
      try {
        const stat = readFileSync(`/proc/${p}/stat`, 'utf8');
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return Number(fields[1]) === pid && fields[0] !== 'Z';
      } catch {
        return false;
      }
    });
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function waitFor(condition: () => boolean, ms = 30_000): Promise<void> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 100)))
    if (condition()) return;
  throw new Error('condition not met in time');
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
        ADMIN_DIR: '',
        SEED_DEMO: 'false',
        ...extra,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  started.push(child);
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    output += String(chunk);
  });
  // Up to a minute: a loaded machine starts the server slowly.
  for (let i = 0; i < 400; i++) {
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
  }, 150_000);

  // On PostgreSQL: the workers serve one port and one that dies is replaced. Embedded: refused, and why.
  it('WORKERS=2: a primary and two workers on one port, a dead worker replaced, all stopped by SIGTERM', async () => {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) {
      const refused = await startRefused({ WORKERS: '2', DATABASE_URL: '' });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toContain('Configuration error: WORKERS above 1 needs DATABASE_URL');
      return;
    }
    const name = `aisle_workers_${process.pid}_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    try {
      const port = await freePort();
      const server = await start(port, { WORKERS: '2', DATABASE_URL: target.toString() });
      const key = /Admin API key \(shown once, keep it safe\): (aisle_sk_[\w-]+)/.exec(server.output())?.[1];
      expect(key).toBeDefined();
      expect(server.output().match(/Admin API key/g)).toHaveLength(1);
      const workers = () => childrenOf(server.child.pid!);
      await waitFor(() => workers().length === 2);
      const [first] = workers();
      process.kill(first!, 'SIGKILL');
      await waitFor(() => workers().length === 2 && !workers().includes(first!));
      for (let i = 0; i < 6; i++) {
        const res = await fetch(`http://127.0.0.1:${port}/v1/admin/whoami`, {
          headers: { authorization: key!, connection: 'close' },
        });
        expect(res.status).toBe(200);
      }
      const left = workers();
      server.child.kill('SIGTERM');
      const [code] = await once(server.child, 'exit');
      expect(code).toBe(0);
      for (const pid of left) expect(alive(pid)).toBe(false);
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 150_000);

  it('refuses to start with a bad setting and says which', async () => {
    const refused = await startRefused({ PORT: 'eighty' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('Configuration error: PORT');
  }, 30_000);
});
