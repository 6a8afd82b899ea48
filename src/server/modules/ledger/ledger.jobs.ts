import { calendarDate } from '../../../shared/dates';
import type { Context } from '../../context';
import type { JobDefinition } from '../jobs';
import { insertJob } from '../jobs';
import { assessLateFees } from './late-fees.service';
import { listLandlordsWithLeases } from './ledger.repository';
import { postRentDue } from './ledger.service';

export const RENT_AND_FEES_JOB = 'ledger.rent-and-fees';

/**
 * Rent and late fees are one ordered chain (docs/product.md section 19): the hourly job only
 * enqueues one job per landlord, and each of those posts the landlord's due rent, then assesses
 * their late fees, in the one transaction of that job. A fee is therefore never looked for
 * before its period's rent is there, whichever process runs what: the rent a run posts is its
 * own, and rent another process is posting at the same time makes this run's insert wait for
 * that commit (the unique key), so the assessment that follows reads it. One landlord's work is
 * one short transaction, never one holding every landlord's rows; the jobs of one hour spread
 * over every process. Enqueued in the planner's transaction, keyed by its attempt, so a failed
 * planner leaves none behind and a second planner run in the hour runs them again (harmless:
 * every charge has its unique key).
 */
async function planRentAndFees(ctx: Context): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  for (const landlordId of await listLandlordsWithLeases(ctx.tx, today)) {
    await insertJob(ctx.tx, {
      kind: RENT_AND_FEES_JOB,
      key: `${RENT_AND_FEES_JOB}:${ctx.requestId}:landlord-${landlordId}`,
      payload: { landlordId },
      runAt: ctx.now,
    });
  }
}

function landlordOf(payload: unknown): number {
  const landlordId = (payload as { landlordId?: unknown } | null)?.landlordId;
  if (typeof landlordId !== 'number' || !Number.isInteger(landlordId)) {
    throw new Error('a rent-and-fees job needs a landlordId');
  }
  return landlordId;
}

/**
 * Rent is posted by the hour, so a charge appears within the hour its due date begins in the
 * landlord's time zone, and a runner that was down catches up on its next run; a period's late
 * day is caught in the same run, after its rent.
 */
export const ledgerJobs: JobDefinition[] = [
  {
    kind: 'ledger.post-rent',
    everyMs: 3_600_000,
    run: planRentAndFees,
  },
  {
    kind: RENT_AND_FEES_JOB,
    run: async (ctx, payload) => {
      const scope = { landlordId: landlordOf(payload) };
      await postRentDue(ctx, scope);
      await assessLateFees(ctx, scope);
    },
  },
  {
    // The hourly fee job of earlier versions, still queued in a database they ran on: it now
    // plans the chain like the rent job (nothing is charged twice).
    kind: 'ledger.assess-late-fees',
    run: planRentAndFees,
  },
];
