import { defineConfig } from 'vitest/config';

// One runner for the whole repo. `aisle-source` makes workspace packages resolve to their TypeScript sources.
export default defineConfig({
  resolve: { conditions: ['aisle-source'] },
  ssr: { resolve: { conditions: ['aisle-source'], externalConditions: ['aisle-source'] } },
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['packages/*/src/**/*.test.ts'], environment: 'node' },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['packages/*/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
