/**
 * `npm run size`: minified + gzipped size of the SDK as an app would bundle it (esbuild, tree-shaken, ESM),
 * for the whole entry and for typical imports. Writes bench/results/bundle-size.json and the section of
 * docs/BENCHMARKS.md.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const cases: Array<[string, string]> = [
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
];

const results: Array<{ name: string; minified: number; gzipped: number }> = [];
for (const [name, source] of cases) {
  const out = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: 'ts' },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'neutral',
    conditions: ['aisle-source'],
    write: false,
    treeShaking: true,
  });
  const code = out.outputFiles[0]!.contents;
  results.push({ name, minified: code.byteLength, gzipped: gzipSync(code).byteLength });
}
writeFileSync(
  'bench/results/bundle-size.json',
  `${JSON.stringify({ date: new Date().toISOString(), results }, null, 2)}\n`,
);
const table = [
  `Measured ${new Date().toISOString().slice(0, 10)} with esbuild (minified, ESM, tree-shaken), gzip level 6.`,
  '',
  '| import | minified | gzipped |',
  '|---|---:|---:|',
  ...results.map(
    (r) => `| ${r.name} | ${(r.minified / 1024).toFixed(1)} KiB | ${(r.gzipped / 1024).toFixed(1)} KiB |`,
  ),
].join('\n');
const docPath = 'docs/BENCHMARKS.md';
const doc = readFileSync(docPath, 'utf8');
const start = '<!-- size:start -->';
const end = '<!-- size:end -->';
const i = doc.indexOf(start);
const j = doc.indexOf(end);
if (i >= 0 && j > i) writeFileSync(docPath, `${doc.slice(0, i + start.length)}\n${table}\n${doc.slice(j)}`);
console.log(table);
