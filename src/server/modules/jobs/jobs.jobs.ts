import { deleteFinishedJobsBefore } from './jobs.repository';
import type { JobDefinition } from './jobs.types';

const KEEP_FINISHED_MS = 30 * 86_400_000;

/**
 * Finished jobs are kept 30 days (to see what ran), then dropped. Exactly-once effects never
 * rely on these rows: they rest on unique keys of their own (a rent charge per lease and period).
 */
export const jobsJobs: JobDefinition[] = [
  {
    kind: 'jobs.prune',
    everyMs: 86_400_000,
    run: async ({ tx, now }) => {
      await deleteFinishedJobsBefore(tx, new Date(now.getTime() - KEEP_FINISHED_MS));
    },
  },
];
