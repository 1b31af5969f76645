import { readdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * The browser files of this run. All of them, unless `AISLE_E2E_SHARD=i/n` keeps every n-th file from the
 * i-th (in name order), or `i,j/n` those from the i-th and the j-th: CI runs the suite on both databases at
 * once on two cores and gives each database run its share of the browser files, so every browser test runs
 * once per CI run, on one of the two databases, while every unit and API test runs on both (docs/DECISIONS.md).
 */
function browserFiles(): string[] {
  const files = readdirSync(new URL('./e2e', import.meta.url))
    .filter((name) => name.endsWith('.test.ts'))
    .sort()
    .map((name) => `e2e/${name}`);
  const shard = /^(\d+(?:,\d+)*)\/(\d+)$/.exec(process.env.AISLE_E2E_SHARD ?? '');
  if (!shard) return files;
  const [kept, count] = [new Set(shard[1]!.split(',').map(Number)), Number(shard[2])];
  return files.filter((_, i) => kept.has((i % count) + 1));
}

// One runner for the whole repo. `aisle-source` makes workspace packages resolve to their TypeScript sources.
//
// Speed: test files spend more time waiting (on PostgreSQL, HTTP, the browser) than computing, so one worker
// per core rather than Vitest's cores − 1; and test files of a worker share their modules (`isolate: false`):
// each file starts its own server on its own database, but the server's code, Fastify, PGlite and Playwright
// are imported once per worker instead of once per file. Server state is kept per server (keyed by its
// context), so a file finds nothing of the previous file's server in the shared modules.
/**
 * `--maxWorkers` given on the command line: the projects below inherit this file's `test` options, and a
 * project's own `maxWorkers` wins over the command line's, so the file sets it only when the command line
 * does not.
 */
const workersFromCli = process.argv.some((arg) => arg.startsWith('--maxWorkers'));

export default defineConfig({
  resolve: { conditions: ['aisle-source'] },
  ssr: { resolve: { conditions: ['aisle-source'], externalConditions: ['aisle-source'] } },
  test: {
    ...(workersFromCli ? {} : { maxWorkers: availableParallelism() }),
    projects: [
      // Unit tests use no test database (those that need SQL open their own PGlite): `AISLE_UNIT=skip` leaves
      // them out of a run that only repeats the API and browser tests on another database (CI's second run).
      ...(process.env.AISLE_UNIT === 'skip'
        ? []
        : [
            {
              extends: true as const,
              test: {
                name: 'unit',
                include: ['packages/*/src/**/*.test.ts', 'apps/*/src/**/*.test.ts'],
                environment: 'node' as const,
                isolate: false,
              },
            },
          ]),
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // expect.poll waits 1 s by default: too short on a 2-core CI box running both databases at once.
          expect: { poll: { timeout: 10_000 } },
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: browserFiles(),
          environment: 'node',
          // Long enough for a failing `expect.poll` to report itself: each attempt of a poll such as
          // `poll(() => locator.textContent())` waits up to Playwright's 30 s for the element, and the poll runs
          // one last attempt after its 15 s, so a poll whose element never comes takes up to ~75 s. Under a
          // shorter test timeout the run says only "Test timed out" at the test's `it`, not which poll failed.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // A page that answers within a loaded machine's seconds passes; one that never does still fails.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // Browser files run one at a time, after the others, in one worker that keeps one Chromium for all.
          fileParallelism: false,
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
