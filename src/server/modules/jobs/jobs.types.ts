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
  /**
   * For work outside the database (sending mail), which must not hold a transaction open
   * while it waits on another server: on the embedded database an open transaction stalls
   * every request. The job is claimed in a short transaction that moves its run time this
   * far ahead (no other process takes it meanwhile), the handler runs with no transaction
   * (`ctx.tx` is the database itself) and a second transaction records the outcome. At
   * least once: a process that dies mid-handler leaves the job to run again when the lease
   * ends. The lease must outlast the handler's own time limits.
   */
  leaseMs?: number;
  /** The payload carries a secret (a one-time link): erased once the job is done or has failed for good. */
  secretPayload?: boolean;
}

export interface NewJob {
  kind: string;
  /** Unique across all jobs: the same key enqueued twice stores one job. */
  key: string;
  payload?: unknown;
  runAt: Date;
  maxAttempts?: number;
}
