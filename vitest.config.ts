import { configDefaults, defineConfig } from 'vitest/config';

/**
 * API test files the PostgreSQL pass (TEST_DATABASE_URL set) would run exactly as the
 * embedded pass does: they open embedded databases of their own, test the embedded test
 * databases, or never reach a query. Only the embedded pass runs them.
 */
const EMBEDDED_PASS_ONLY = [
  'src/server/cli/admin.test.ts',
  'src/server/cli/import.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/db/lease-unit-migration.test.ts',
  'src/server/db/organisations-migration.test.ts',
  'src/server/db/pre-migration-copy.test.ts',
  'src/server/front-doors.test.ts',
  'src/server/config.test.ts',
  'src/server/plugins/spa.test.ts',
  'src/server/test/attack/slow-clients.test.ts',
  'src/server/test/embedded-pool.test.ts',
  'src/server/modules/payments/payments.config.test.ts',
  'src/server/modules/uploads/file-store.test.ts',
  'src/server/modules/uploads/s3-file-store.test.ts',
];

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
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_DATABASE_URL ? EMBEDDED_PASS_ONLY : []),
          ],
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
