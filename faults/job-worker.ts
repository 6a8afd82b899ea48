import { sql } from 'drizzle-orm';
import { openMigratedDatabase } from '../src/server/database';
import { createJobRunner } from '../src/server/modules/jobs';

/**
 * A process that runs the app's job runner (the same polling loop a server starts) with one
 * handler of the fault suite: it records its effect, says so on stdout, then works for a
 * while inside the job's transaction, so the suite can kill the process mid-job.
 */
const database = await openMigratedDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? './data',
});
const runner = createJobRunner({
  db: database.db,
  now: () => new Date(),
  timeZone: 'UTC',
  pollMs: 50,
  log: { warn: () => {}, error: (details, message) => console.error(message, details) },
  definitions: [
    {
      kind: 'faults.effect',
      run: async ({ tx }, payload) => {
        const { key, workMs } = payload as { key: string; workMs: number };
        await tx.execute(sql`insert into job_effects (key, pid) values (${key}, ${process.pid})`);
        console.log(`working ${key}`);
        await new Promise((resolve) => setTimeout(resolve, workMs));
      },
    },
  ],
});
runner.start();
// The runner's poll timer does not hold a process open (a server's listener does that):
// this one stays up, idle or not, until it is told to stop.
const keepAlive = setInterval(() => {}, 60_000);
console.log('ready');

process.on('SIGTERM', () => {
  clearInterval(keepAlive);
  void runner
    .stop()
    .then(() => database.close())
    .then(() => process.exit(0));
});
