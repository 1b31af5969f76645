import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedDemoStore } from '@aisle/server/seed';
import { startTestServer, type TestServer, type TestServerOptions } from '@aisle/server/testing';
import { afterAll, beforeAll } from 'vitest';
import { type AisleClient, ApiKeyStrategy, createClient, type ModuleMap } from '../src/index.ts';

/** A started test server and how to stop it (its data folder goes with it). */
export interface StartedServer {
  server: TestServer;
  stop(): Promise<void>;
}

/** A test server on a fresh database with its own data folder (uploaded media); `demo` seeds the demo store. */
export async function startServer({ demo = false }: { demo?: boolean } = {}): Promise<StartedServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'aisle-sdk-'));
  const options: TestServerOptions = { config: { dataDir } };
  if (demo) options.seed = (s) => seedDemoStore(s.ctx).then(() => undefined);
  const server = await startTestServer(options);
  return {
    server,
    stop: async () => {
      await server.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long a start may take: the demo store's seed, or the first file of a worker loading the server, on a busy machine. */
const START_TIMEOUT_MS = 120_000;

/**
 * The test file's server: started before its tests (handed to `take`), stopped after them.
 * `serverForFile((s) => (server = s), () => startServer({ demo: true }))`.
 */
export function serverForFile(
  take: (server: TestServer) => void,
  start: () => Promise<StartedServer> = () => startServer(),
): void {
  let started: StartedServer | undefined;
  beforeAll(async () => {
    started = await start();
    take(started.server);
  }, START_TIMEOUT_MS);
  afterAll(async () => {
    await started?.stop();
  });
}

/** An SDK client of these modules calling the server with its admin key. */
export function adminClient<M extends ModuleMap>(server: TestServer, modules: M): AisleClient<M> {
  return createClient({ modules, baseUrl: server.url, auth: ApiKeyStrategy({ apiKey: server.adminKey }) });
}
