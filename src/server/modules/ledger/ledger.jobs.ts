import { z } from 'zod';
import { calendarDate } from '../../../shared/dates';
import type { Context } from '../../context';
import type { JobDefinition } from '../jobs';
import { insertJob } from '../jobs';
import { assessLateFeesBatch } from './late-fees.service';
import { listOrganisationsWithLeases } from './ledger.repository';
import { LEASES_PER_STEP, postRentBatch } from './ledger.service';

export const RENT_AND_FEES_JOB = 'ledger.rent-and-fees';

/**
 * One step of an organisation's rent-and-fees chain (decision 0032): the phase, the lease the
 * step starts after, and the planner's run the chain belongs to (its jobs' keys).
 */
const chainStepSchema = z.object({
  organisationId: z.number().int(),
  phase: z.enum(['rent', 'fees']),
  afterLeaseId: z.number().int(),
  run: z.string(),
});
type ChainStep = z.infer<typeof chainStepSchema>;

/** A job of an earlier version: one landlord's rent and fees in one job. */
const wholeLandlordSchema = z.object({ landlordId: z.number().int() });

/** Enqueues a step in the caller's transaction; its key makes it once per chain and lease. */
function enqueueStep(ctx: Context, step: ChainStep): Promise<boolean> {
  return insertJob(ctx.tx, {
    kind: RENT_AND_FEES_JOB,
    key: `${RENT_AND_FEES_JOB}:${step.run}:organisation-${step.organisationId}:${step.phase}-after-${step.afterLeaseId}`,
    payload: step,
    runAt: ctx.now,
  });
}

/**
 * Rent and late fees are one ordered chain per organisation (docs/product.md section 19,
 * decisions 0015 and 0032): the hourly job only enqueues the first step of each. Enqueued in
 * the planner's transaction, keyed by its attempt, so a failed planner leaves none behind and
 * a second planner run in the hour runs the chains again (harmless: every charge has its
 * unique key).
 */
async function planRentAndFees(ctx: Context): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  for (const organisationId of await listOrganisationsWithLeases(ctx.tx, today)) {
    await enqueueStep(ctx, { organisationId, phase: 'rent', afterLeaseId: 0, run: ctx.requestId });
  }
}

/**
 * One step: the rent of the organisation's next `leasesPerStep` leases; once its rent is
 * all in, the late fees of the next leases that owe one. The step, the job's completion and
 * the next step's job commit in one transaction (the job's): a crash between steps leaves the
 * next one queued, never a step lost or done twice, and the unique keys (lease, period) make
 * a step run again by a second chain post nothing twice. The fees are looked for only after
 * the last rent step committed: rent another process is posting meanwhile made this chain's
 * insert wait for that commit, so every period's rent is in when its fee is decided. A step
 * is a short transaction: on the embedded database, which runs one at a time, requests are
 * answered between two steps.
 */
async function runStep(ctx: Context, step: ChainStep, leasesPerStep: number): Promise<void> {
  const scope = { organisationId: step.organisationId, limit: leasesPerStep };
  if (step.phase === 'rent') {
    const rent = await postRentBatch(ctx, { ...scope, afterLeaseId: step.afterLeaseId });
    if (rent.lastLeaseId !== null) {
      await enqueueStep(ctx, { ...step, afterLeaseId: rent.lastLeaseId });
      return;
    }
    // The last rent step: the first fees step follows in the same transaction, after its rent.
    step = { ...step, phase: 'fees', afterLeaseId: 0 };
  }
  const fees = await assessLateFeesBatch(ctx, { ...scope, afterLeaseId: step.afterLeaseId });
  if (fees.lastLeaseId !== null)
    await enqueueStep(ctx, { ...step, afterLeaseId: fees.lastLeaseId });
}

/**
 * Leases per step: on the embedded database a step holds its one connection, so a step is
 * kept short there: 50 leases, well under a tenth of a second (decision 0032).
 */
export function leasesPerStepOn(database: 'embedded' | 'postgres'): number {
  return database === 'embedded' ? EMBEDDED_LEASES_PER_STEP : LEASES_PER_STEP;
}
const EMBEDDED_LEASES_PER_STEP = 50;

/**
 * Rent is posted by the hour, so a charge appears within the hour its due date begins in the
 * landlord's time zone, and a runner that was down catches up on its next run; a period's late
 * day is caught in the same run, after its rent.
 */
export function ledgerJobs(leasesPerStep: number): JobDefinition[] {
  return [
    {
      kind: 'ledger.post-rent',
      everyMs: 3_600_000,
      run: planRentAndFees,
    },
    {
      kind: RENT_AND_FEES_JOB,
      run: async (ctx, payload) => {
        const old = wholeLandlordSchema.safeParse(payload);
        // An earlier version's job, left queued: its landlord's account id is their
        // organisation's (decision 0029), whose chain it starts.
        if (old.success) {
          const { landlordId: organisationId } = old.data;
          const first = {
            organisationId,
            phase: 'rent',
            afterLeaseId: 0,
            run: ctx.requestId,
          } as const;
          return runStep(ctx, first, leasesPerStep);
        }
        return runStep(ctx, chainStepSchema.parse(payload), leasesPerStep);
      },
    },
    {
      // The hourly fee job of earlier versions, still queued in a database they ran on: it now
      // plans the chain like the rent job (nothing is charged twice).
      kind: 'ledger.assess-late-fees',
      run: planRentAndFees,
    },
  ];
}
