import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../src/platform/config.ts';
import { startTestServer, type TestServer } from '../src/testing.ts';

let root: string;
let storefrontDir: string;
let adminDir: string;

/** A built single-page app (the admin): an index page naming it and one asset. */
function app(name: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'assets'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${name}</title>`);
  writeFileSync(join(dir, 'assets', 'app.js'), `console.log('${name}');`);
  return dir;
}

/**
 * A built storefront as the server loads it (`client/` with its Vite manifest and assets, `server/entry-server.js`):
 * its renderer answers a few pages (naming the path) and 404 for the rest, as the real one does.
 */
function storefront(): string {
  const dir = join(root, 'storefront');
  mkdirSync(join(dir, 'client', 'assets'), { recursive: true });
  mkdirSync(join(dir, 'client', '.vite'), { recursive: true });
  mkdirSync(join(dir, 'server'), { recursive: true });
  writeFileSync(join(dir, 'client', '.vite', 'manifest.json'), '{}');
  writeFileSync(join(dir, 'client', 'assets', 'app.js'), "console.log('storefront');");
  writeFileSync(
    join(dir, 'server', 'entry-server.js'),
    `import { Readable } from 'node:stream';
const PAGES = ['/', '/account/orders', '/administrator', '/admin/products', '/shop'];
export async function createRenderer() {
  return {
    async render({ request }) {
      const path = new URL(request.url).pathname;
      const status = PAGES.includes(path) ? 200 : 404;
      return { type: 'page', status, shared: false, stream: Readable.from([\`<!doctype html><title>storefront</title><p>\${path}</p>\`]) };
    },
  };
}
`,
  );
  return dir;
}

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'aisle-static-'));
  storefrontDir = storefront();
  adminDir = app('admin');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

async function withServer(config: Partial<Config>, check: (server: TestServer) => Promise<void>) {
  const server = await startTestServer({ config });
  try {
    await check(server);
  } finally {
    await server.stop();
  }
}

/** Status and body of a GET asking for HTML (a browser's navigation) or for anything (a script, an API). */
async function get(server: TestServer, path: string, accept = 'text/html') {
  const res = await fetch(server.url + path, { headers: { accept } });
  return { status: res.status, body: await res.text() };
}

describe('the storefront at / and the admin app at /admin/', () => {
  it('serves each build, with its own page for client-side routes', async () => {
    await withServer({ storefrontDir, adminDir }, async (server) => {
      expect(await get(server, '/admin/')).toMatchObject({
        status: 200,
        body: expect.stringContaining('admin'),
      });
      expect(await get(server, '/admin')).toMatchObject({
        status: 200,
        body: expect.stringContaining('admin'),
      });
      expect((await get(server, '/admin/orders/123?x=1')).body).toContain('<title>admin</title>');
      expect((await get(server, '/admin/assets/app.js', '*/*')).body).toBe("console.log('admin');");
      // A missing file is a 404 in the API's envelope, not a page.
      const missing = await get(server, '/admin/assets/gone.js', '*/*');
      expect(missing.status).toBe(404);
      expect(JSON.parse(missing.body)).toMatchObject({
        details: { applicationError: { code: 'NOT_FOUND' } },
      });
      // Everything else is the storefront's, rendered by its build (a page it does not have is its 404).
      expect((await get(server, '/')).body).toContain('<title>storefront</title>');
      expect((await get(server, '/account/orders')).body).toContain('<title>storefront</title>');
      expect((await get(server, '/administrator')).body).toContain('<title>storefront</title>');
      expect((await get(server, '/assets/app.js', '*/*')).body).toBe("console.log('storefront');");
      expect(await get(server, '/no/such/page')).toMatchObject({
        status: 404,
        body: expect.stringContaining('<p>/no/such/page</p>'),
      });
      // A client after JSON gets the API's envelope.
      const api = await get(server, '/v1/unknown', 'application/json');
      expect(api.status).toBe(404);
      expect(JSON.parse(api.body)).toMatchObject({ details: { applicationError: { code: 'NOT_FOUND' } } });
    });
  });

  it('serves the admin app alone, and the storefront alone', async () => {
    await withServer({ storefrontDir: undefined, adminDir }, async (server) => {
      expect((await get(server, '/admin/products')).body).toContain('<title>admin</title>');
      expect((await get(server, '/shop')).status).toBe(404);
    });
    await withServer({ storefrontDir, adminDir: undefined }, async (server) => {
      // No admin app: its paths are the storefront's (its not-found page).
      expect((await get(server, '/admin/products')).body).toContain('<title>storefront</title>');
      expect(await get(server, '/admin/assets/app.js', '*/*')).toMatchObject({
        status: 404,
        body: expect.stringContaining('<title>storefront</title>'),
      });
    });
    // Two servers start here, each on a fresh database: slow on a loaded machine.
  }, 120_000);
});
