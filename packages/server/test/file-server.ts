import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer, type TestServerOptions } from '../src/testing.ts';

export interface FileServerOptions extends TestServerOptions {
  /** Give the server a data folder of its own (media files live there): a fresh `aisle-<name>-…` folder under
   * the system's temporary folder, removed after the file's tests. */
  dataDirName?: string;
}

/** How long a start may take: the first file of a worker also loads the server's modules, on a loaded machine. */
const START_TIMEOUT_MS = 120_000;

/**
 * The test file's server, started before its tests on a fresh database and stopped after them, with admin-key
 * calls: `call` answers whatever the server said, `ok` expects 200 and `fails` the given status (either
 * returns the body). A `token` of `null` calls without one.
 */
export function serverForFile(options: FileServerOptions = {}) {
  const { dataDirName, ...serverOptions } = options;
  let started: TestServer | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    if (dataDirName) {
      dataDir = await mkdtemp(join(tmpdir(), `aisle-${dataDirName}-`));
      serverOptions.config = { ...serverOptions.config, dataDir };
    }
    started = await startTestServer(serverOptions);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });
  const server = (): TestServer => {
    if (!started) throw new Error('The test server has not started');
    return started;
  };
  const call = (method: string, path: string, body?: unknown, token: string | null = server().adminKey) =>
    server().call(method, path, { body, token: token ?? undefined });
  const expectStatus = async (
    status: number,
    method: string,
    path: string,
    body: unknown,
    token: string | null | undefined,
  ) => {
    const res = await call(method, path, body, token);
    expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBe(status);
    return res.body;
  };
  return {
    server,
    call,
    ok: (method: string, path: string, body?: unknown, token?: string | null) =>
      expectStatus(200, method, path, body, token),
    fails: (method: string, path: string, body: unknown, status: number, token?: string | null) =>
      expectStatus(status, method, path, body, token),
  };
}
