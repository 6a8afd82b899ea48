import type { Context } from '../../context';
import { insertJob } from '../jobs';
import type { JobDefinition } from '../jobs';
import {
  listLandlordsWithRecurringExpenses,
  postRecurringExpensesDue,
} from './recurring-expenses.service';

export const RECURRING_EXPENSES_JOB = 'expenses.post-recurring-landlord';

/**
 * The hourly planner enqueues one job per landlord with recurring expenses (as the rent job
 * does, ledger.jobs.ts): one landlord's postings are one short transaction, spread over every
 * process. Keyed by the planner's attempt: a failed planner leaves none behind, and a second
 * run posts nothing twice (the unique key on recurring expense and period).
 */
async function planRecurringExpenses(ctx: Context): Promise<void> {
  for (const landlordId of await listLandlordsWithRecurringExpenses(ctx.tx)) {
    await insertJob(ctx.tx, {
      kind: RECURRING_EXPENSES_JOB,
      key: `${RECURRING_EXPENSES_JOB}:${ctx.requestId}:landlord-${landlordId}`,
      payload: { landlordId },
      runAt: ctx.now,
    });
  }
}

function landlordOf(payload: unknown): number {
  const landlordId = (payload as { landlordId?: unknown } | null)?.landlordId;
  if (typeof landlordId !== 'number' || !Number.isInteger(landlordId)) {
    throw new Error('a recurring-expenses job needs a landlordId');
  }
  return landlordId;
}

export const expensesJobs: JobDefinition[] = [
  { kind: 'expenses.post-recurring', everyMs: 3_600_000, run: planRecurringExpenses },
  {
    kind: RECURRING_EXPENSES_JOB,
    run: async (ctx, payload) => {
      await postRecurringExpensesDue(ctx, { landlordId: landlordOf(payload) });
    },
  },
];
