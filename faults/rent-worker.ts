import { sql } from 'drizzle-orm';
import { runAsSystem } from '../src/server/context';
import { openMigratedDatabase } from '../src/server/database';
import { postRentDue } from '../src/server/modules/ledger';

/**
 * A process that runs the hourly rent job's handler once, as the jobs runner would (system
 * actor 'jobs', one transaction), at the moment the suite says 'go' on stdin: two of these
 * race on one database.
 */
const database = await openMigratedDatabase({
  databaseUrl: process.env.DATABASE_URL,
  dataDir: process.env.DATA_DIR ?? '',
});
const system = { name: 'jobs', now: new Date(process.env.RENT_NOW!), timeZone: 'UTC' };
// A connection in hand before 'go', so both processes reach the database together.
await database.db.execute(sql`select 1`);
console.log('ready');

async function finish(code: number): Promise<never> {
  await database.close();
  process.exit(code);
}

process.stdin.once('data', () => {
  // The posting itself, for every landlord at once: the hourly job hands it out per landlord.
  runAsSystem(database.db, system, postRentDue, undefined).then(
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
