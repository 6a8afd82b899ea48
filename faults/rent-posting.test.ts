import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { periodsDueBy } from '../src/shared/rent-periods';
import { seedPortfolio, insertUser } from '../src/server/cli/seed/generate';
import { openMigratedDatabase } from '../src/server/database';
import type { DatabaseHandle } from '../src/server/db/client';
import { leasesTable } from '../src/server/modules/leases';
import { postgresStore, postgresUrl, projectRoot, sleep, type Store } from './harness';

/**
 * Two processes run the hourly rent job at the same moment on one PostgreSQL database (as two
 * servers behind a load balancer would if both ran it): every lease's due period is charged
 * once, with one audit event, because the unique key (lease, period) lets one insert through.
 * The embedded database is one process's alone, so only PostgreSQL is raced here.
 */
interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

const workers: Worker[] = [];
const RENT_NOW = '2026-06-15T12:00:00Z';

function startWorker(store: Store): Worker {
  const env: NodeJS.ProcessEnv = { ...process.env, RENT_NOW };
  delete env.TEST_DATABASE_URL;
  env.DATABASE_URL = store.databaseUrl;
  const child = spawn(process.execPath, ['--import', 'tsx', 'faults/rent-worker.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const worker = { child, output: () => output, exited };
  workers.push(worker);
  return worker;
}

async function waitFor(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

afterEach(() => {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) {
      worker.child.kill('SIGKILL');
    }
  }
});

const rows = async <Row>(database: DatabaseHandle, query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: Row[] }).rows;

describe.skipIf(!postgresUrl)('the rent job in two processes at once, one PostgreSQL', () => {
  let store: Store;
  let database: DatabaseHandle;
  afterAll(async () => {
    await database?.close();
    await store?.cleanup();
  });

  it("posts each lease's period once", async () => {
    store = await postgresStore();
    database = await openMigratedDatabase({ databaseUrl: store.databaseUrl, dataDir: '' });
    const landlordId = await insertUser(
      database.db,
      { userName: 'race.landlord', password: 'tidy-lantern-orchard-42', roles: ['Landlord'] },
      { email: null, phone: null },
    );
    await seedPortfolio(database.db, landlordId, {
      properties: 8,
      unitsPerProperty: 25,
      rentedShare: 0.9,
      today: new Date(RENT_NOW),
    });
    const leases = await database.db
      .select()
      .from(leasesTable)
      .where(sql`${leasesTable.status} = 'Active'`);
    const expected = leases.reduce(
      (total, lease) =>
        total + periodsDueBy(lease, RENT_NOW.slice(0, 10)).filter((p) => p.amount > 0).length,
      0,
    );
    // Enough rows that the two runs' inserts overlap, not one finishing before the other starts.
    expect(expected).toBeGreaterThan(500);

    const pair = [startWorker(store), startWorker(store)];
    await waitFor(() => pair.every((w) => w.output().includes('ready')), 'both workers');
    for (const worker of pair) worker.child.stdin!.write('go\n');
    const codes = await Promise.all(pair.map((w) => w.exited));
    expect(codes, pair.map((w) => w.output()).join('\n')).toEqual([0, 0]);

    const twice = await rows(
      database,
      sql`select lease_id, period, count(*)::int as n from ledger_entries
          where category = 'rent' group by lease_id, period having count(*) > 1`,
    );
    expect(twice).toEqual([]);
    const [posted] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from ledger_entries where category = 'rent'`,
    );
    expect(posted!.n).toBe(expected);
    const [events] = await rows<{ n: number }>(
      database,
      sql`select count(*)::int as n from audit_events where action = 'ledger.rent'`,
    );
    expect(events!.n).toBe(expected);
  });
});
