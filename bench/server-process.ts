import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { createServer } from 'node:net';

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (typeof address !== 'object' || address === null) throw new Error('no port');
  return address.port;
}

/** The real server as a child process, so the load generator does not share its event loop. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      // e.g. BENCH_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under load
      ...(process.env.BENCH_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
      '--conditions=aisle-source',
      '--import',
      'tsx',
      'packages/server/src/main.ts',
    ],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        // e.g. BENCH_LOG_LEVEL=debug BENCH_SERVER_LOG=/tmp/server.log to read what the server did meanwhile
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
        STOREFRONT_DIR: '',
        ADMIN_DIR: '',
        // The load generator is one address making thousands of visitors (the limit is for hostile clients);
        // a very high limit measures what counting costs.
        ANONYMOUS_GRANTS_PER_MINUTE: process.env.ANONYMOUS_GRANTS_PER_MINUTE ?? '0',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  if (process.env.BENCH_SERVER_LOG)
    child.stdout?.pipe(createWriteStream(process.env.BENCH_SERVER_LOG, { flags: 'a' }));
  else child.stdout?.resume();
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('server did not start in 120 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    child,
    async stop() {
      child.kill('SIGTERM');
      if (child.exitCode === null) await once(child, 'exit');
    },
  };
}
