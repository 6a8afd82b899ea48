import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJobRunner, type JobRunner } from './jobs.runner';
import type { JobDefinition } from './jobs.types';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
  }
}

/**
 * On the embedded database, time after each job for the requests waiting on it to finish
 * (decision 0032): a request's few statements take a few milliseconds.
 */
const EMBEDDED_PAUSE_MS = 20;

/**
 * Every process runs the jobs runner (config.jobs.enabled): on PostgreSQL they share the
 * work through SKIP LOCKED; on the embedded database the one process does it all. Tests turn
 * it off and call app.jobs.runDueJobs(clock) themselves.
 */
export const jobsPlugin = fp(
  async (app: FastifyInstance, { definitions }: { definitions: readonly JobDefinition[] }) => {
    const runner = createJobRunner({
      db: app.db,
      definitions,
      now: app.config.now,
      timeZone: app.config.timeZone,
      pollMs: app.config.jobs.pollMs,
      log: app.log,
      pauseBetweenJobsMs: app.database.kind === 'embedded' ? EMBEDDED_PAUSE_MS : 0,
    });
    app.decorate('jobs', runner);
    if (!app.config.jobs.enabled) return;
    app.addHook('onReady', async () => runner.start());
    app.addHook('onClose', async () => runner.stop());
  },
);
