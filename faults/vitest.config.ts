import { defineConfig } from 'vitest/config';

// The fault suite: real server processes killed, stopped and cut off from their database.
// `npm run test:faults`; PostgreSQL cases run when TEST_DATABASE_URL is set.
export default defineConfig({
  test: {
    include: ['faults/**/*.test.ts'],
    globalSetup: ['faults/global-setup.ts'],
    testTimeout: 180_000,
    hookTimeout: 60_000,
    // One file at a time: each starts servers of its own and they share two cores.
    fileParallelism: false,
    pool: 'forks',
  },
});
