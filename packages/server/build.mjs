// `npm run build -w packages/server`: the server and its command-line tools as plain JavaScript in `dist/`,
// one esbuild bundle per entry (dependencies stay in node_modules), with the migrations copied beside them so
// `dist/` runs with `node dist/main.js` and no TypeScript tooling (docs/DECISIONS.md, "Production build").
import { cpSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const root = fileURLToPath(new URL('.', import.meta.url));
// `--outdir` (a test builds beside the package, so the bundles still find node_modules) or `dist`.
const { values } = parseArgs({ options: { outdir: { type: 'string', default: `${root}dist` } } });
const dist = resolve(values.outdir);

/** Output name → source entry. */
const entries = {
  main: 'src/main.ts',
  keys: 'src/keys-cli.ts',
  seed: 'src/seed/cli.ts',
  catalogue: 'src/seed/catalogue-cli.ts',
  media: 'src/seed/media-cli.ts',
  // The embedded database's worker thread, started by `platform/embedded/client.ts` from beside the bundle.
  'embedded-worker': 'src/platform/embedded/worker.ts',
};

/** Every bare import stays an import of node_modules, except the workspace's own packages (`@aisle/…`). */
const dependenciesExternal = {
  name: 'dependencies-external',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@aisle/') ? undefined : { path: args.path, external: true },
    );
  },
};

const started = Date.now();
rmSync(dist, { recursive: true, force: true });
await Promise.all(
  Object.entries(entries).map(([name, entry]) =>
    build({
      absWorkingDir: root,
      entryPoints: [entry],
      outfile: `${dist}/${name}.js`,
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20.19',
      // Dependencies load from node_modules (native modules, WebAssembly, their own assets); only the
      // workspace's own TypeScript (this package and `@aisle/*`) is compiled, through the same `aisle-source`
      // condition the sources use.
      plugins: [dependenciesExternal],
      conditions: ['aisle-source'],
      sourcemap: true,
      legalComments: 'none',
      logLevel: 'warning',
    }),
  ),
);
cpSync(`${root}drizzle`, `${dist}/drizzle`, { recursive: true });
console.log(`server built into ${dist} in ${Date.now() - started} ms`);
