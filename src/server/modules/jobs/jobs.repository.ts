import { and, asc, eq, lt, lte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { jobsTable, type JobRow } from './jobs.table';
import type { NewJob } from './jobs.types';

/** Stores a job unless one with the same key exists; true when this call stored it. */
export async function insertJob(db: Database, job: NewJob): Promise<boolean> {
  const rows = await db
    .insert(jobsTable)
    .values({
      kind: job.kind,
      key: job.key,
      payload: job.payload ?? {},
      runAt: job.runAt,
      ...(job.maxAttempts === undefined ? {} : { maxAttempts: job.maxAttempts }),
    })
    .onConflictDoNothing({ target: jobsTable.key })
    .returning({ id: jobsTable.id });
  return rows.length === 1;
}

/**
 * Locks the next due job. SKIP LOCKED lets every process claim a different job at once; the
 * lock lasts until the claiming transaction ends, so a dead process releases it.
 */
export async function claimDueJob(tx: Database, now: Date): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobsTable)
    .where(and(eq(jobsTable.status, 'pending'), lte(jobsTable.runAt, now)))
    .orderBy(asc(jobsTable.runAt), asc(jobsTable.id))
    .limit(1)
    .for('update', { skipLocked: true });
  return row;
}

/** `erasePayload`: the payload carried a secret, no longer needed. */
export async function markJobDone(
  tx: Database,
  job: JobRow,
  now: Date,
  erasePayload = false,
): Promise<void> {
  await tx
    .update(jobsTable)
    .set({
      status: 'done',
      attempts: job.attempts + 1,
      finishedAt: now,
      lastError: null,
      ...(erasePayload ? { payload: {} } : {}),
    })
    .where(eq(jobsTable.id, job.id));
}

export async function markJobFailed(
  tx: Database,
  job: JobRow,
  error: string,
  retryAt: Date | null,
  now: Date,
  erasePayload = false,
): Promise<void> {
  await tx
    .update(jobsTable)
    .set({
      attempts: job.attempts + 1,
      lastError: error.slice(0, 2000),
      ...(retryAt ? { runAt: retryAt } : { status: 'failed', finishedAt: now }),
      ...(erasePayload && !retryAt ? { payload: {} } : {}),
    })
    .where(eq(jobsTable.id, job.id));
}

/**
 * Leases a claimed job: counts the attempt and moves its run time to `until`, so that once
 * this transaction commits no process claims it until the lease ends.
 */
export async function leaseJob(tx: Database, job: JobRow, until: Date): Promise<void> {
  await tx
    .update(jobsTable)
    .set({ attempts: job.attempts + 1, runAt: until })
    .where(eq(jobsTable.id, job.id));
}

/**
 * Locks a leased job to record its outcome: undefined when the lease is no longer this
 * runner's (it ended and another process claimed the job again).
 */
export async function lockLeasedJob(
  tx: Database,
  job: JobRow,
  until: Date,
): Promise<JobRow | undefined> {
  const [row] = await tx
    .select()
    .from(jobsTable)
    .where(
      and(
        eq(jobsTable.id, job.id),
        eq(jobsTable.status, 'pending'),
        eq(jobsTable.attempts, job.attempts + 1),
        eq(jobsTable.runAt, until),
      ),
    )
    .for('update');
  return row;
}

/**
 * One scheduler at a time across processes: a transaction-scoped advisory lock, taken without
 * waiting. The holder enqueues the recurring jobs; the others skip this tick. (On the embedded
 * database there is one process, which always gets it.)
 */
export async function tryBecomeScheduler(tx: Database): Promise<boolean> {
  const [row] = await readRows(
    tx,
    sql`select pg_try_advisory_xact_lock(${SCHEDULER_LOCK}) as leader`,
    z.object({ leader: z.boolean() }),
  );
  return row?.leader === true;
}

// Arbitrary, fixed, and distinct from the migration lock (db/migrate.ts).
const SCHEDULER_LOCK = 724_031_112;

export async function deleteFinishedJobsBefore(db: Database, before: Date): Promise<number> {
  const rows = await db
    .delete(jobsTable)
    .where(and(eq(jobsTable.status, 'done'), lt(jobsTable.finishedAt, before)))
    .returning({ id: jobsTable.id });
  return rows.length;
}
