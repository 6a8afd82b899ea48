import { setTimeout as sleep } from 'node:timers/promises';
import type { Database } from '../../db/client';
import {
  claimDueJob,
  insertJob,
  leaseJob,
  lockLeasedJob,
  markJobDone,
  markJobFailed,
  tryBecomeScheduler,
} from './jobs.repository';
import type { JobRow } from './jobs.table';
import type { JobContext, JobDefinition, NewJob } from './jobs.types';

export interface RunSummary {
  done: number;
  retried: number;
  failed: number;
}

export interface JobRunner {
  /** Stores a job unless one with the same key exists (true when stored). `db` may be a transaction. */
  enqueue(job: NewJob, db?: Database): Promise<boolean>;
  /**
   * Enqueues the recurring jobs due at `now` (when this process is the scheduler), then runs
   * every job due at `now` until none is left. Tests call it with their clock.
   */
  runDueJobs(now: Date): Promise<RunSummary>;
  /** Polls every `pollMs` with the app's clock until stop(). */
  start(): void;
  /** Stops polling and waits for the job in progress. */
  stop(): Promise<void>;
}

export interface JobRunnerOptions {
  db: Database;
  definitions: readonly JobDefinition[];
  now: () => Date;
  timeZone: string;
  pollMs: number;
  log: {
    warn(details: object, message: string): void;
    error(details: object, message: string): void;
  };
  /** A safety valve: at most this many jobs per runDueJobs call, then the next poll goes on. */
  batchLimit?: number;
  /**
   * A pause after each job before the next is claimed, when polling. The embedded database runs one
   * transaction at a time, taking turns in order: without a pause, a request whose next
   * statement comes a moment after the job's commit waits behind the next job, statement after
   * statement. 0: none (PostgreSQL serves both at once).
   */
  pauseBetweenJobsMs?: number;
}

const BACKOFF_BASE_MS = 30_000;
const BACKOFF_MAX_MS = 3_600_000;

/** 30 s, 1 min, 2 min, ... at most 1 h after the n-th failed attempt. */
export function retryDelayMs(attempt: number): number {
  return Math.min(BACKOFF_BASE_MS * 2 ** (attempt - 1), BACKOFF_MAX_MS);
}

/** The start of the period of `everyMs` that contains `now` (periods count from the epoch). */
export function periodStart(now: Date, everyMs: number): Date {
  return new Date(Math.floor(now.getTime() / everyMs) * everyMs);
}

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { db, log } = options;
  const byKind = new Map<string, JobDefinition>();
  for (const definition of options.definitions) {
    if (byKind.has(definition.kind)) throw new Error(`two job handlers for ${definition.kind}`);
    byKind.set(definition.kind, definition);
  }
  const recurring = options.definitions.filter((d) => d.everyMs !== undefined);
  const batchLimit = options.batchLimit ?? 500;
  const pauseBetweenJobsMs = options.pauseBetweenJobsMs ?? 0;

  async function scheduleRecurring(now: Date): Promise<void> {
    if (recurring.length === 0) return;
    await db.transaction(async (tx) => {
      if (!(await tryBecomeScheduler(tx))) return;
      for (const definition of recurring) {
        const runAt = periodStart(now, definition.everyMs!);
        await insertJob(tx, {
          kind: definition.kind,
          key: `${definition.kind}@${runAt.toISOString()}`,
          runAt,
          ...(definition.maxAttempts === undefined ? {} : { maxAttempts: definition.maxAttempts }),
        });
      }
    });
  }

  function contextOf(job: JobRow, now: Date, tx: Database): JobContext {
    return {
      actor: { kind: 'system', name: 'jobs' },
      now,
      requestId: `job-${job.id}-${job.attempts + 1}`,
      tx,
      timeZone: options.timeZone,
    };
  }

  /** Records an attempt's outcome: done, or failed with a retry after the backoff or for good. */
  async function settle(
    tx: Database,
    job: JobRow,
    definition: JobDefinition | undefined,
    now: Date,
    failure: { error: unknown } | null,
  ): Promise<keyof RunSummary> {
    const erase = definition?.secretPayload === true;
    if (!failure) {
      await markJobDone(tx, job, now, erase);
      return 'done';
    }
    const { error } = failure;
    const attempt = job.attempts + 1;
    const giveUp = attempt >= job.maxAttempts;
    const retryAt = giveUp ? null : new Date(now.getTime() + retryDelayMs(attempt));
    log.warn({ err: error, jobId: job.id, kind: job.kind, attempt }, 'job failed');
    const message = error instanceof Error ? error.message : String(error);
    await markJobFailed(tx, job, message, retryAt, now, erase);
    return giveUp ? 'failed' : 'retried';
  }

  /**
   * Claims, runs and settles one job in one transaction; null when none is due. A job with a
   * lease is only claimed here, and runs outside it (runLeased).
   */
  async function runOne(now: Date): Promise<keyof RunSummary | 'lost' | null> {
    type Claimed =
      | { outcome: keyof RunSummary }
      | { leased: { job: JobRow; definition: JobDefinition; until: Date } };
    const claimed = await db.transaction(async (tx): Promise<Claimed | null> => {
      const job = await claimDueJob(tx, now);
      if (!job) return null;
      const definition = byKind.get(job.kind);
      if (definition?.leaseMs !== undefined) {
        const until = new Date(now.getTime() + definition.leaseMs);
        await leaseJob(tx, job, until);
        return { leased: { job, definition, until } };
      }
      let failure: { error: unknown } | null = null;
      try {
        if (!definition) throw new Error(`no handler for job kind '${job.kind}'`);
        // A savepoint: a failing handler's writes are undone, the attempt is still recorded.
        await tx.transaction((handlerTx) =>
          definition.run(contextOf(job, now, handlerTx), job.payload),
        );
      } catch (error) {
        failure = { error };
      }
      return { outcome: await settle(tx, job, definition, now, failure) };
    });
    if (!claimed) return null;
    if ('outcome' in claimed) return claimed.outcome;
    return runLeased(claimed.leased, now);
  }

  /** Runs a leased job with no transaction open, then records its outcome in a short one. */
  async function runLeased(
    { job, definition, until }: { job: JobRow; definition: JobDefinition; until: Date },
    now: Date,
  ): Promise<keyof RunSummary | 'lost'> {
    let failure: { error: unknown } | null = null;
    try {
      await definition.run(contextOf(job, now, db), job.payload);
    } catch (error) {
      failure = { error };
    }
    return db.transaction(async (tx) => {
      if (!(await lockLeasedJob(tx, job, until))) {
        log.warn({ jobId: job.id, kind: job.kind }, 'job lease ended before its handler did');
        return 'lost' as const;
      }
      return settle(tx, job, definition, now, failure);
    });
  }

  /** `pauseMs`: the polls' pause between jobs (tests, which call runDueJobs, take none). */
  async function runDueJobs(now: Date, pauseMs = 0): Promise<RunSummary> {
    await scheduleRecurring(now);
    const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
    for (let i = 0; i < batchLimit; i++) {
      const outcome = await runOne(now);
      if (outcome === null) break;
      if (pauseMs > 0) await sleep(pauseMs);
      // A lost lease: another process runs the job again and counts it.
      if (outcome !== 'lost') summary[outcome]++;
    }
    return summary;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function tick(): void {
    running = runDueJobs(options.now(), pauseBetweenJobsMs)
      .catch((err: unknown) => log.error({ err }, 'job runner failed; retrying at the next poll'))
      .finally(() => {
        if (!stopped) timer = setTimeout(tick, options.pollMs).unref();
      });
  }

  return {
    enqueue: (job, handle = db) => insertJob(handle, job),
    runDueJobs,
    start() {
      if (!stopped) return;
      stopped = false;
      timer = setTimeout(tick, 0).unref();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
