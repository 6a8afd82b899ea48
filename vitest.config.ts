import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Each API test file gets its own database; two workers fit two cores.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['src/shared/**/*.test.ts', 'src/web/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['src/server/**/*.test.ts'],
          globalSetup: ['src/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // Each file builds its own app on its own database, so files need no fresh module
          // graph: one import of the app per worker instead of one per file (half the time).
          isolate: false,
        },
      },
    ],
  },
});
