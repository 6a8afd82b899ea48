import type { JobDefinition } from '../jobs/jobs.types';
import { assessLateFees } from './late-fees.service';
import { postRentDue } from './ledger.service';

/**
 * Rent is posted by the hour, so a charge appears within the hour its due date begins in the
 * landlord's time zone, and a runner that was down catches up on its next run. Late fees are
 * assessed on the same beat, after rent, so a period's late day is caught within the hour too.
 */
export const ledgerJobs: JobDefinition[] = [
  {
    kind: 'ledger.post-rent',
    everyMs: 3_600_000,
    run: async (ctx) => {
      await postRentDue(ctx);
    },
  },
  {
    kind: 'ledger.assess-late-fees',
    everyMs: 3_600_000,
    run: async (ctx) => {
      await assessLateFees(ctx);
    },
  },
];
