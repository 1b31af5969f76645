/**
 * `npm run size`: minified + gzipped size of the SDK and of `@aisle/react` as an app would bundle them
 * (esbuild, tree-shaken, ESM), for the whole entry and for typical imports; and, when the storefront is built
 * (`npm run build -w apps/storefront`), its first-load JavaScript per page from the Vite manifest. Writes
 * bench/results/bundle-size.json and the section of docs/BENCHMARKS.md.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { replaceBenchmarksSection } from './docs-section.ts';

/** [name, source, packages left out of the bundle (the app has them anyway)] */
const cases: Array<[string, string, string[]?]> = [
  ['everything (`import * as sdk`)', `import * as sdk from '@aisle/sdk'; console.log(sdk);`],
  [
    'createClient + products',
    `import { createClient, products } from '@aisle/sdk'; console.log(createClient({ modules: { products } }));`,
  ],
  [
    'createClient + collections',
    `import { createClient, collections } from '@aisle/sdk'; console.log(createClient({ modules: { collections } }));`,
  ],
  [
    'storefront set: OAuthStrategy + products + currentCart',
    `import { createClient, OAuthStrategy, products, currentCart } from '@aisle/sdk'; console.log(createClient({ modules: { products, currentCart }, auth: OAuthStrategy({ clientId: 'x' }) }));`,
  ],
  [
    '`@aisle/react` everything, without React, TanStack Query and the SDK',
    `import * as hooks from '@aisle/react'; console.log(hooks);`,
    ['react', 'react-dom', '@tanstack/*', '@aisle/sdk'],
  ],
  [
    '`@aisle/react` AisleProvider + useCart, without React, TanStack Query and the SDK',
    `import { AisleProvider, useCart } from '@aisle/react'; console.log(AisleProvider, useCart);`,
    ['react', 'react-dom', '@tanstack/*', '@aisle/sdk'],
  ],
  [
    '`@aisle/react` AisleProvider + useCart with TanStack Query, without React and the SDK',
    `import { AisleProvider, useCart } from '@aisle/react'; console.log(AisleProvider, useCart);`,
    ['react', 'react-dom', '@aisle/sdk'],
  ],
];

const results: Array<{ name: string; minified: number; gzipped: number }> = [];
for (const [name, source, external = []] of cases) {
  const out = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    conditions: ['aisle-source'],
    external,
    define: { 'process.env.NODE_ENV': '"production"' },
    write: false,
    treeShaking: true,
  });
  const code = out.outputFiles[0]!.contents;
  results.push({ name, minified: code.byteLength, gzipped: gzipSync(code).byteLength });
}

// ---- The storefront's first-load JavaScript: the entry and the page's chunk with their static imports.

interface ManifestChunk {
  file: string;
  imports?: string[];
}
const CLIENT_DIR = 'apps/storefront/dist/client';
const PAGES: Array<[string, string]> = [
  ['home `/`', 'src/routes/home.tsx'],
  ['collection', 'src/routes/collection.tsx'],
  ['product', 'src/routes/product.tsx'],
  ['cart', 'src/routes/cart.tsx'],
];

function staticFiles(manifest: Record<string, ManifestChunk>, key: string, seen: Set<string>): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((imported) => staticFiles(manifest, imported, seen))];
}

interface Measured {
  page: string;
  files: number;
  minified: number;
  gzipped: number;
  brotli: number;
}

function measure(page: string, files: string[]): Measured {
  let minified = 0;
  let gzipped = 0;
  let brotli = 0;
  for (const file of files) {
    const code = readFileSync(join(CLIENT_DIR, file));
    minified += code.byteLength;
    gzipped += gzipSync(code, { level: 9 }).byteLength;
    brotli += brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).byteLength;
  }
  return { page, files: files.length, minified, gzipped, brotli };
}

/** Chunks the storefront loads after hydration: part of no first load. */
const DEFERRED: Array<[string, string]> = [
  ['loaded after hydration: the cart (`@aisle/react`, TanStack Query)', 'src/cart/runtime.tsx'],
];

const firstLoad: Measured[] = [];
const deferred: Measured[] = [];
const manifestPath = join(CLIENT_DIR, '.vite', 'manifest.json');
if (existsSync(manifestPath)) {
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>;
  for (const [page, key] of PAGES) {
    const seen = new Set<string>();
    const files = [
      ...staticFiles(manifest, 'src/entry-client.tsx', seen),
      ...staticFiles(manifest, key, seen),
    ];
    firstLoad.push(measure(page, files));
  }
  for (const [name, key] of DEFERRED) {
    // Its own chunk only: what it imports is in the first load already.
    const file = manifest[key]?.file;
    if (file) deferred.push(measure(name, [file]));
  }
}

writeFileSync(
  'bench/results/bundle-size.json',
  `${JSON.stringify({ date: new Date().toISOString(), results, storefrontFirstLoad: firstLoad, deferred }, null, 2)}\n`,
);
const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with esbuild (minified, ESM, tree-shaken), gzip level 6.`,
  '',
  '| import | minified | gzipped |',
  '|---|---:|---:|',
  ...results.map(
    (r) => `| ${r.name} | ${(r.minified / 1024).toFixed(1)} KiB | ${(r.gzipped / 1024).toFixed(1)} KiB |`,
  ),
  ...(firstLoad.length
    ? [
        '',
        'Storefront first-load JavaScript (the built `apps/storefront/dist/client`: the entry and the page’s chunk',
        'with their static imports, from the Vite manifest; gzip -9, and brotli 11 as the server sends it):',
        '',
        '| page | files | minified | gzipped | brotli |',
        '|---|---:|---:|---:|---:|',
        ...[...firstLoad, ...deferred].map(
          (r) => `| ${r.page} | ${r.files} | ${kb(r.minified)} | ${kb(r.gzipped)} | ${kb(r.brotli)} |`,
        ),
      ]
    : []),
].join('\n');
replaceBenchmarksSection('size', table);
console.log(table);
