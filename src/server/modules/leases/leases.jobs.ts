import type { JobDefinition } from '../jobs';
import { expireEndedLeases } from './lease-lifecycle.service';

/**
 * Leases whose end day has passed become Expired. The landlord's day ends at their own
 * midnight, not at UTC's, so the check runs every hour: a lease expires within an hour of
 * its last day ending, in any time zone. A run with nothing to expire writes nothing.
 */
export const leasesJobs: JobDefinition[] = [
  {
    kind: 'leases.expire-ended',
    everyMs: 3_600_000,
    run: async (ctx) => {
      await expireEndedLeases(ctx);
    },
  },
];
