import type { JobDefinition } from '../jobs/jobs.types';
import { postRentDue } from './ledger.service';

/**
 * Rent is posted by the hour, so a charge appears within the hour its due date begins in the
 * landlord's time zone, and a runner that was down catches up on its next run.
 */
export const ledgerJobs: JobDefinition[] = [
  {
    kind: 'ledger.post-rent',
    everyMs: 3_600_000,
    run: async (ctx) => {
      await postRentDue(ctx);
    },
  },
];
