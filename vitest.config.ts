import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

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
  'src/server/modules/payments/payments.config.test.ts',
  'src/server/modules/uploads/file-store.test.ts',
  'src/server/modules/uploads/s3-file-store.test.ts',
];

/**
 * The files that take longest, longest first, which Vitest's order by size would start
 * late: the fuzzing's shards (small files; their cases live in fuzz.ts), the member access
 * matrix, the commands started as processes of their own, the backups.
 */
const SLOW_FILES = [
  'src/server/test/attack/fuzz-1.test.ts',
  'src/server/test/attack/fuzz-2.test.ts',
  'src/server/test/attack/member-matrix.test.ts',
  'src/server/cli/import.test.ts',
  'src/server/cli/admin.test.ts',
  'src/server/db/data-dir-lock.test.ts',
  'src/server/modules/backups/backups.test.ts',
  'src/server/db/pre-migration-copy.test.ts',
];

/**
 * Without the durations of an earlier run (a clean clone), Vitest starts the largest files
 * first, which left the longest ones for the end, one of them alone on one core while the
 * other waited for work. Those files start first; the others keep Vitest's order.
 */
class SlowFilesFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = SLOW_FILES.findIndex((slow) => file.moduleId.endsWith(slow));
      return index === -1 ? SLOW_FILES.length : index;
    };
    return sorted
      .map((file, order) => ({ file, order }))
      .sort((a, b) => rank(a.file) - rank(b.file) || a.order - b.order)
      .map(({ file }) => file);
  }
}

export default defineConfig({
  test: {
    // Each API test file gets its own database; two workers fit two cores.
    maxWorkers: 2,
    sequence: { sequencer: SlowFilesFirst },
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
