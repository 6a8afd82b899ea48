import { spawn, type ChildProcess } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../src/server/database';
import type { DatabaseHandle } from '../src/server/db/client';
import { createJobRunner, jobsTable } from '../src/server/modules/jobs';
import {
  embeddedStore,
  postgresStore,
  postgresUrl,
  projectRoot,
  sleep,
  type Store,
} from './harness';

/**
 * Processes running the job runner are killed with SIGKILL in the middle of a job. Every job
 * still ends done, and its effect (a row written by the handler in the job's transaction) is
 * there exactly once: the killed attempt's transaction never committed.
 */
interface Worker {
  child: ChildProcess;
  output: () => string;
  exited: Promise<void>;
}

const workers: Worker[] = [];

function startWorker(store: Store): Worker {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  if (store.databaseUrl) env.DATABASE_URL = store.databaseUrl;
  if (store.dataDir) env.DATA_DIR = store.dataDir;
  const child = spawn(process.execPath, ['--import', 'tsx', 'faults/job-worker.ts'], {
    cwd: projectRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const worker = { child, output: () => output, exited };
  workers.push(worker);
  return worker;
}

async function waitFor(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

async function kill(worker: Worker): Promise<void> {
  worker.child.kill('SIGKILL');
  await worker.exited;
}

afterEach(async () => {
  for (const worker of workers.splice(0)) {
    if (worker.child.exitCode === null && worker.child.signalCode === null) await kill(worker);
  }
});

const KEYS = Array.from({ length: 12 }, (_, i) => `job-${String(i).padStart(2, '0')}`);

async function createEffectsTable(database: DatabaseHandle): Promise<void> {
  await database.db.execute(sql`create table job_effects (key text not null, pid int not null)`);
}

async function enqueueJobs(database: DatabaseHandle): Promise<void> {
  const enqueuer = createJobRunner({
    db: database.db,
    definitions: [],
    now: () => new Date(),
    timeZone: 'UTC',
    pollMs: 1_000,
    log: console,
  });
  for (const key of KEYS) {
    await enqueuer.enqueue({
      kind: 'faults.effect',
      key,
      payload: { key, workMs: 400 },
      runAt: new Date(Date.now() - 1_000),
    });
  }
}

async function prepare(database: DatabaseHandle): Promise<void> {
  await createEffectsTable(database);
  await enqueueJobs(database);
}

async function outcome(database: DatabaseHandle) {
  const effects = (await database.db.execute(
    sql`select key, count(*)::int as n from job_effects group by key order by key`,
  )) as unknown as { rows: { key: string; n: number }[] };
  const jobs = await database.db
    .select({ key: jobsTable.key, status: jobsTable.status })
    .from(jobsTable)
    .orderBy(jobsTable.key);
  return { effects: effects.rows, jobs };
}

const exactlyOnce = {
  effects: KEYS.map((key) => ({ key, n: 1 })),
  jobs: KEYS.map((key) => ({ key, status: 'done' })),
};

/** The key the worker is working on now (the last 'working' line). */
const currentKey = (worker: Worker) => /working (\S+)\n$/.exec(worker.output())?.[1];

describe.skipIf(!postgresUrl)('jobs on one PostgreSQL, two processes', () => {
  let store: Store;
  let database: DatabaseHandle;
  afterAll(async () => {
    await database?.close();
    await store?.cleanup();
  });

  it('runs every job exactly once in effect when one process is killed mid-job', async () => {
    store = await postgresStore();
    database = await openMigratedDatabase({ databaseUrl: store.databaseUrl, dataDir: '' });
    await createEffectsTable(database);
    // Both processes poll before any job exists, so one's slow start cannot leave it idle
    // while the other runs every job.
    const workersNow = [startWorker(store), startWorker(store)];
    await waitFor(() => workersNow.every((w) => w.output().includes('ready')), 'both workers');
    await enqueueJobs(database);
    await waitFor(() => workersNow.some((w) => currentKey(w) !== undefined), 'a job to start');
    const a = workersNow.find((w) => currentKey(w) !== undefined)!;
    const b = workersNow.find((w) => w !== a)!;
    const killedKey = currentKey(a)!;
    await kill(a);

    await waitFor(async () => {
      const { jobs } = await outcome(database);
      return jobs.every((job) => job.status === 'done');
    }, 'every job done');
    expect(await outcome(database)).toEqual(exactlyOnce);
    // The killed job was done again by the survivor, whose effect is the only one left.
    const result = (await database.db.execute(
      sql`select pid from job_effects where key = ${killedKey}`,
    )) as unknown as { rows: { pid: number }[] };
    expect(result.rows).toEqual([{ pid: b.child.pid }]);
    expect(b.output()).toContain(`working ${killedKey}`);
  });
});

describe('jobs on the embedded database, one process', () => {
  let store: Store;
  afterAll(async () => store?.cleanup());

  it('runs every job exactly once in effect when the process is killed mid-job and restarted', async () => {
    store = embeddedStore();
    const setup = await openMigratedDatabase({ databaseUrl: undefined, dataDir: store.dataDir! });
    await prepare(setup);
    await setup.close();

    const first = startWorker(store);
    await waitFor(() => (first.output().match(/working/g) ?? []).length >= 3, 'three jobs started');
    const killedKey = currentKey(first)!;
    await kill(first);

    const second = startWorker(store);
    await waitFor(() => second.output().includes(`working ${KEYS.at(-1)}`), 'the last job');
    second.child.kill('SIGTERM');
    await second.exited;

    const database = await openMigratedDatabase({
      databaseUrl: undefined,
      dataDir: store.dataDir!,
    });
    try {
      expect(await outcome(database)).toEqual(exactlyOnce);
      expect(second.output()).toContain(`working ${killedKey}`);
    } finally {
      await database.close();
    }
  });
});
