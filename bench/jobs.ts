// The rent run's rows of `npm run bench -- --only money` (decision 0032): one month of rent for
// every Active lease posted by the jobs (the hourly planner, then each organisation's steps),
// timed in seconds; and the screens' calls answered while a server's own run posts a month.
import { sql } from 'drizzle-orm';
import type { Database, DatabaseHandle } from '../src/server/db/client';
import { calendarDate } from '../src/shared/dates';
import { createJobRunner } from '../src/server/modules/jobs';
import { leasesPerStepOn, ledgerJobs } from '../src/server/modules/ledger/ledger.jobs';

const count = async (db: Database, query: ReturnType<typeof sql>): Promise<number> =>
  Number(((await db.execute(query)) as unknown as { rows: { n: unknown }[] }).rows[0]!.n);

/** 'YYYY-MM-01' of the month `k` months after the month of `day` ('YYYY-MM-DD'). */
export function monthOf(day: string, k: number): string {
  const d = new Date(Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + k, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Makes this month and next the only rent due on every Active lease, on the 1st, nothing
 * posted for either (their earlier months count as settled in earlier books), and forgets the
 * hour's rent run, so a server started now posts this month at once. Answers how many leases
 * that is, and the last of the big landlord's leases (posted last).
 */
export async function prepareRentRuns(
  db: Database,
  { timeZone, landlordId }: { timeZone: string; landlordId: number },
): Promise<{ leases: number; lastLeaseId: number; thisMonth: string; nextMonth: string }> {
  const thisMonth = monthOf(calendarDate(new Date(), timeZone), 0);
  const nextMonth = monthOf(thisMonth, 1);
  await db.execute(sql`
    UPDATE leases SET rent_charged_from = ${thisMonth}::date, rent_due_day = 1
    WHERE status = 'Active' AND id NOT IN (
      SELECT lease_id FROM ledger_entries
      WHERE category = 'rent' AND period >= ${thisMonth.slice(0, 7)})`);
  await db.execute(sql`DELETE FROM jobs WHERE kind LIKE 'ledger.%'`);
  const leases = await count(
    db,
    sql`SELECT count(*) AS n FROM leases WHERE rent_charged_from = ${thisMonth}::date AND status = 'Active'`,
  );
  const lastLeaseId = await count(
    db,
    sql`SELECT max(l.id) AS n FROM leases l JOIN units u ON u.id = l.unit_id
        JOIN properties p ON p.id = u.property_id
        WHERE p.user_id = ${landlordId} AND l.rent_charged_from = ${thisMonth}::date`,
  );
  return { leases, lastLeaseId, thisMonth, nextMonth };
}

export interface PostingRun {
  posted: number;
  steps: number;
  seconds: number;
}

/**
 * Runs the hour's rent jobs in this process, as a server's runner does, at noon on the last
 * day of next month: every Active lease's next month is posted (this month already is).
 */
export async function postNextMonthByJobs(
  { db, kind }: DatabaseHandle,
  { timeZone, nextMonth }: { timeZone: string; nextMonth: string },
): Promise<PostingRun> {
  const now = new Date(`${monthOf(nextMonth, 1)}T12:00:00Z`);
  now.setUTCDate(now.getUTCDate() - 1);
  const runner = createJobRunner({
    db,
    definitions: ledgerJobs(leasesPerStepOn(kind)),
    now: () => now,
    timeZone,
    pollMs: 60_000,
    log: { warn: (details, message) => console.warn(message, details), error: console.error },
  });
  const started = performance.now();
  const summary = await runner.runDueJobs(now);
  const seconds = (performance.now() - started) / 1000;
  const posted = await count(
    db,
    sql`SELECT count(*) AS n FROM ledger_entries WHERE category = 'rent' AND period = ${nextMonth.slice(0, 7)}`,
  );
  return { posted, steps: summary.done - 1, seconds };
}

export interface Latencies {
  requests: number;
  p50: number;
  p99: number;
  seconds: number;
  errors: number;
}

export interface RequestsWhilePosting extends Latencies {
  /** The same calls for as long again once the run is done: what the run adds. */
  afterwards: Latencies;
}

/** Four connections ask for `paths` in turn until `done()`; their latencies. */
async function fourConnections(
  baseUrl: string,
  cookie: string,
  paths: string[],
  done: () => boolean,
): Promise<Latencies> {
  const started = performance.now();
  const times: number[] = [];
  let errors = 0;
  const connection = async (first: number) => {
    for (let i = first; !done(); i++) {
      const one = performance.now();
      const response = await fetch(`${baseUrl}${paths[i % paths.length]}`, { headers: { cookie } });
      await response.arrayBuffer();
      if (done()) break;
      times.push(performance.now() - one);
      if (response.status !== 200) errors += 1;
    }
  };
  await Promise.all([0, 1, 2, 3].map(connection));
  times.sort((a, b) => a - b);
  return {
    requests: times.length,
    p50: times[Math.floor(times.length * 0.5)] ?? 0,
    p99: times[Math.floor(times.length * 0.99)] ?? 0,
    seconds: (performance.now() - started) / 1000,
    errors,
  };
}

/**
 * While a server that just started posts this month's rent (its runner's first poll), four
 * connections ask for the screens' calls one after another, until the big landlord's last
 * lease shows this month's rent; answers the latencies of the calls made meanwhile, and of the
 * same calls for as long again (at most 30 s) once the run is done.
 */
export async function requestsWhilePosting(
  baseUrl: string,
  {
    cookie,
    paths,
    lastLeaseId,
    thisMonth,
  }: { cookie: string; paths: string[]; lastLeaseId: number; thisMonth: string },
): Promise<RequestsWhilePosting> {
  let done = false;
  const watcher = async () => {
    while (!done) {
      const response = await fetch(`${baseUrl}/api/leases/${lastLeaseId}/ledger`, {
        headers: { cookie },
      });
      const ledger = (await response.json()) as { entries?: { period: string | null }[] };
      if (ledger.entries?.some((entry) => entry.period === thisMonth.slice(0, 7))) done = true;
      else await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const [, during] = await Promise.all([
    watcher(),
    fourConnections(baseUrl, cookie, paths, () => done),
  ]);
  const until = performance.now() + Math.min(during.seconds, 30) * 1000;
  const afterwards = await fourConnections(baseUrl, cookie, paths, () => performance.now() > until);
  return { ...during, afterwards };
}
