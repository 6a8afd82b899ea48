import { defineConfig } from 'vitest/config';

// The fault suite: real server processes killed, stopped and cut off from their database.
// `npm run test:faults`; PostgreSQL cases run when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // Two files at a time: they mostly wait on the servers they start, kill and restart, and
    // each worker has ports of its own (harness.ts).
    maxWorkers: 2,
    pool: 'forks',
  },
});
