import type { JobDefinition } from '../jobs';
import { deleteStaleRateLimits } from './rate-limits.repository';

/** Old counters are dropped every hour, so the table holds only the current windows. */
export const rateLimitJobs: JobDefinition[] = [
  {
    kind: 'rate-limits.sweep',
    everyMs: 3_600_000,
    run: async ({ tx, now }) => {
      await deleteStaleRateLimits(tx, now);
    },
  },
];
