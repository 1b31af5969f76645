// `npm run typecheck`: every TypeScript program of the repo, as many at once as the machine has cores.
// The SDK alone (no Node types: it must run in browsers too), the two apps (bundler resolution, Vite types),
// and one program for the server, the React hooks, the browser tests and the benchmarks, which all import the
// server and would otherwise each check it again (tsconfig.typecheck.json).
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const projects = [
  'tsconfig.typecheck.json',
  'packages/sdk/tsconfig.src.json',
  'apps/admin',
  'apps/storefront',
];
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));

function check(project) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, [tsc, '-p', project], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c) => {
      out += c;
    });
    child.stderr.on('data', (c) => {
      out += c;
    });
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${seconds} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const results = await Promise.all(
  Array.from({ length: Math.min(availableParallelism(), projects.length) }, async () => {
    const ok = [];
    for (let project = queue.shift(); project; project = queue.shift()) ok.push(await check(project));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
