import type { Database } from '../../db/client';
import {
  claimDueJob,
  insertJob,
  markJobDone,
  markJobFailed,
  tryBecomeScheduler,
} from './jobs.repository';
import type { JobDefinition, NewJob } from './jobs.types';

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

  /** Claims, runs and settles one job in one transaction; null when none is due. */
  function runOne(now: Date): Promise<keyof RunSummary | null> {
    return db.transaction(async (tx) => {
      const job = await claimDueJob(tx, now);
      if (!job) return null;
      const attempt = job.attempts + 1;
      const definition = byKind.get(job.kind);
      try {
        if (!definition) throw new Error(`no handler for job kind '${job.kind}'`);
        // A savepoint: a failing handler's writes are undone, the attempt is still recorded.
        await tx.transaction((handlerTx) =>
          definition.run(
            {
              actor: { kind: 'system', name: 'jobs' },
              now,
              requestId: `job-${job.id}-${attempt}`,
              tx: handlerTx,
              timeZone: options.timeZone,
            },
            job.payload,
          ),
        );
        await markJobDone(tx, job, now);
        return 'done';
      } catch (err) {
        const giveUp = attempt >= job.maxAttempts;
        const retryAt = giveUp ? null : new Date(now.getTime() + retryDelayMs(attempt));
        log.warn({ err, jobId: job.id, kind: job.kind, attempt }, 'job failed');
        await markJobFailed(
          tx,
          job,
          err instanceof Error ? err.message : String(err),
          retryAt,
          now,
        );
        return giveUp ? 'failed' : 'retried';
      }
    });
  }

  async function runDueJobs(now: Date): Promise<RunSummary> {
    await scheduleRecurring(now);
    const summary: RunSummary = { done: 0, retried: 0, failed: 0 };
    for (let i = 0; i < batchLimit; i++) {
      const outcome = await runOne(now);
      if (outcome === null) break;
      summary[outcome]++;
    }
    return summary;
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function tick(): void {
    running = runDueJobs(options.now())
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
