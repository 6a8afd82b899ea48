import { sql } from 'drizzle-orm';
import { runAsSystem, type Context } from '../src/server/context';
import { openMigratedDatabase } from '../src/server/database';
import { ledgerJobs } from '../src/server/modules/ledger/ledger.jobs';

/**
 * A process that runs the hourly rent job's handler once, as the jobs runner would (system
 * actor 'jobs', one transaction), at the moment the suite says 'go' on stdin: two of these
 * race on one database.
 */
const database = await openMigratedDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '',
});
const job = ledgerJobs.find((definition) => definition.kind === 'ledger.post-rent')!;
const system = { name: 'jobs', now: new Date(process.env.RENT_NOW!), timeZone: 'UTC' };
// A connection in hand before 'go', so both processes reach the database together.
await database.db.execute(sql`select 1`);
console.log('ready');

async function finish(code: number): Promise<never> {
  await database.close();
  process.exit(code);
}

process.stdin.once('data', () => {
  runAsSystem(database.db, system, (ctx: Context) => job.run(ctx, undefined), undefined).then(
    () => {
      console.log('done');
      return finish(0);
    },
    (error: unknown) => {
      console.error('failed', error);
      return finish(1);
    },
  );
});
