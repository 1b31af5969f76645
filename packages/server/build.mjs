// `npm run build -w packages/server`: the server and its command-line tools as plain JavaScript in `dist/`,
// one esbuild bundle per entry, with the migrations copied beside them so `dist/` runs with
// `node dist/main.js` and no TypeScript tooling (docs/DECISIONS.md, "Production build").
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

/**
 * Plain JavaScript dependencies go into the bundle: one file to read and compile starts about 0.2 s sooner than
 * some 1,500 files resolved and read one by one from node_modules (docs/BENCHMARKS.md, "Cold start"). These stay
 * imports of node_modules: packages with native code, WebAssembly, worker-thread entries or files they find beside
 * themselves, and every package the code only imports dynamically (loaded when first used, not at start).
 */
const external = [
  /^@electric-sql\/pglite/, // WebAssembly and data files
  /^drizzle-orm\/pglite/, // imports PGlite: only the embedded database loads it
  /^sharp/, // native
  /^@node-rs\//, // native
  /^pg-native$/, // pg's optional native driver
  /^@fastify\/swagger-ui/, // serves its static files from beside itself
  /^pino/, // transports run in worker threads started by file name
  /^thread-stream/,
];
const dependencies = {
  name: 'dependencies',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@aisle/')) return undefined; // the workspace's own TypeScript
      if (
        args.kind === 'dynamic-import' ||
        args.path.startsWith('node:') ||
        external.some((re) => re.test(args.path))
      )
        return { path: args.path, external: true };
      return undefined;
    });
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
      // The workspace's own TypeScript (this package and `@aisle/*`) through the same `aisle-source` condition
      // the sources use.
      plugins: [dependencies],
      conditions: ['aisle-source'],
      sourcemap: true,
      legalComments: 'none',
      // No comments: one non-ASCII character in a comment (an en dash) makes V8 hold the whole 4 MB source as a
      // two-byte string (8 MB of heap) for as long as the server runs.
      minifyWhitespace: true,
      logLevel: 'warning',
      // Bundled CommonJS dependencies call `require` (for Node's own modules, among others).
      banner: {
        js: "import { createRequire as __aisleCreateRequire } from 'node:module';\nconst require = __aisleCreateRequire(import.meta.url);",
      },
    }),
  ),
);
cpSync(`${root}drizzle`, `${dist}/drizzle`, { recursive: true });
console.log(`server built into ${dist} in ${Date.now() - started} ms`);
