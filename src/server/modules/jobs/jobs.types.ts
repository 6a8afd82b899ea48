import type { Context } from '../../context';

/**
 * A handler receives the same context a request's service gets (context.ts): the system
 * actor 'jobs', the runner's clock (the test clock in tests), 'job-<id>-<attempt>' as the
 * request id, and the claiming transaction, so its writes commit with the job's completion.
 */
export type JobContext = Context;

export interface JobDefinition {
  /** '<feature>.<what>', unique. */
  kind: string;
  run(ctx: JobContext, payload: unknown): Promise<void>;
  /** A recurring job: the scheduler enqueues one per period of this many milliseconds. */
  everyMs?: number;
  maxAttempts?: number;
}

export interface NewJob {
  kind: string;
  /** Unique across all jobs: the same key enqueued twice stores one job. */
  key: string;
  payload?: unknown;
  runAt: Date;
  maxAttempts?: number;
}
