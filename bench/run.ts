// `npm run bench`: seeds a landlord with 100 properties and 1,000 units and measures her
// dashboard alone; then adds a neighbour with 1,000 properties, 10,000 units and 10,000
// leases, and measures the public search (16 connections), the dashboard's first screen (and
// the summary cards' own call, what the page shows first), its full answer and its 304
// repeats (4 connections), and the same full answer from a bare
// node:http server that builds it in one SQL statement. Prints req/s, p50, p99, the server's
// peak memory and the ratios. Embedded database in a temp folder by default; with
// DATABASE_URL, a scratch database on that PostgreSQL server (created and dropped here).
// Prints figures; asserts nothing. The money rows (bench/jobs.ts): a server started while one
// month of rent is due on every Active lease posts it by its jobs, while four connections use
// the dashboard's summary, the rent roll and a lease's ledger (p50/p99, and the same calls once
// the run is done); then the next month posted by the hour's jobs run in this process, timed
// in seconds; then the rent roll,
// arrears and money summary (4 connections), then 1,000 payments received as the
// receive-payments screen sends them (its open balances loaded, one call per row, then the
// same calls again, which record nothing), and a year of rent with two recurring charges per
// lease for 1,000 leases of a landlord of their own (posted, then posted again: nothing). `--only money` measures only those, with every
// seeded lease (10,000) made Active; `--only core` only the rows above but the public search.
// `--only search`: the public search (first page of 20 with units) at 16 and 4 connections,
// warm (its answer cached: the same page asked again and again, as visitors do; plus its 304
// repeats) and cold (a server that keeps no answers, so every request builds its page), and
// the command palette's search (GET /api/search) for the big landlord, at 1 connection (one person
// typing) and 4, against its target of 100 ms. `--only history` (PostgreSQL): 100 landlords
// with three years of history in databases of their own (bench/history.ts). Last, the highest
// resident memory of any app server the bench started (bench/memory.ts).
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { openMigratedDatabase } from '../src/server/database';
import { propertiesTable } from '../src/server/modules/properties';
import { unitsTable } from '../src/server/modules/units';
import { insertUser, refreshStatistics, seedPortfolio } from '../src/server/cli/seed/generate';
import { runAsSystem } from '../src/server/context';
import { postRentDue } from '../src/server/modules/ledger';
import { measureImport, type ImportRow } from './import';
import { BOOKS_MONTHS, seedBooksHistory } from './books';
import { measureHistory, type HistoryReport } from './history';
import {
  postNextMonthByJobs,
  prepareRentRuns,
  requestsWhilePosting,
  type PostingRun,
  type RequestsWhilePosting,
} from './jobs';
import { peakServerRss, watchPeakRss } from './memory';
import {
  login as signIn,
  runRows as runTargets,
  settle,
  startServer,
  stop,
  waitFor,
  type Row,
  type Target,
} from './harness';

const { values: args } = parseArgs({
  options: {
    duration: { type: 'string', default: '10' },
    properties: { type: 'string', default: '1000' },
    units: { type: 'string', default: '10' },
    port: { type: 'string', default: '3305' },
    'baseline-port': { type: 'string', default: '3315' },
    /** The history group's two servers: this port and the next. */
    'history-port': { type: 'string', default: '3325' },
    only: { type: 'string', default: '' },
  },
});
const GROUPS = ['core', 'money', 'search', 'import', 'books', 'history'] as const;
type Group = (typeof GROUPS)[number];
/**
 * Groups of rows to measure: 'core' (dashboard, baseline), 'money', 'search' (public and
 * palette), 'import' (bench/import.ts), 'books' (the reports over 3 years of history),
 * 'history' (bench/history.ts: 100 landlords with 3 years each, PostgreSQL); empty: all.
 */
const ONLY = new Set(args.only.split(',').filter(Boolean));
for (const group of ONLY) {
  if (!(GROUPS as readonly string[]).includes(group))
    throw new Error(`--only: unknown group '${group}'`);
}
const runs = (group: Group) => ONLY.size === 0 || ONLY.has(group);
const DURATION = Number(args.duration);
const CONNECTIONS = 16;
const APP_PORT = Number(args.port);
const BASELINE_PORT = Number(args['baseline-port']);
const root = path.resolve(import.meta.dirname, '..');
const PASSWORD = 'bench-lantern-orchard-42';
const timing = { durationSeconds: DURATION, connections: CONNECTIONS };
const databaseEnv = () => ({
  DATA_DIR: dataDir ?? '',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
});
/** Starts a server; `label` names it in the memory line (the app's servers only are watched). */
function start(script: string, port: number, env: NodeJS.ProcessEnv = {}, label?: string) {
  const child = startServer(script, port, { ...databaseEnv(), ...env });
  if (label) watchPeakRss(child, label);
  return child;
}
const runRows = (baseUrl: string, pid: number, targets: Target[]) =>
  runTargets(baseUrl, pid, targets, timing);
const login = (baseUrl: string, userName: string) => signIn(baseUrl, userName, PASSWORD);

// --- database -----------------------------------------------------------------------
let dataDir: string | undefined;
let databaseUrl: string | undefined;
let dropScratch: (() => Promise<void>) | undefined;
if (process.env.DATABASE_URL) {
  const name = `porchlight_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropScratch = async () => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await client.end();
  };
} else {
  dataDir = path.join(mkdtempSync(path.join(os.tmpdir(), 'porchlight-bench-')), 'data');
}
const kind = databaseUrl ? 'postgres' : 'embedded';
console.log(
  `Database: ${kind === 'postgres' ? 'PostgreSQL (scratch database on DATABASE_URL)' : `embedded, ${dataDir}`}`,
);

// --- seed ---------------------------------------------------------------------------
// The small landlord first, measured alone; then the big neighbour, and the rest.
const bigName = `bench-big-${randomBytes(3).toString('hex')}`;
const smallName = `bench-small-${randomBytes(3).toString('hex')}`;
let seedStarted = Date.now();
let database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
const smallUserId = await insertUser(
  database.db,
  { userName: smallName, password: PASSWORD, roles: ['Landlord'] },
  { email: `${smallName}@example.com`, phone: null },
);
const smallCounts = await seedPortfolio(database.db, smallUserId, {
  properties: Math.max(1, Math.round(Number(args.properties) / 10)),
  unitsPerProperty: Number(args.units),
  pastLeaseForEveryOtherUnit: true,
});
const importerName = `bench-importer-${randomBytes(3).toString('hex')}`;
if (runs('import')) {
  await insertUser(
    database.db,
    { userName: importerName, password: PASSWORD, roles: ['Landlord'] },
    { email: `${importerName}@example.com`, phone: null },
  );
}
await refreshStatistics(database.db);
await database.close();
console.log(
  `Seeded the small landlord in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s:`,
  smallCounts,
);

async function seedBigLandlord() {
  seedStarted = Date.now();
  database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  const bigUserId = await insertUser(
    database.db,
    { userName: bigName, password: PASSWORD, roles: ['Landlord'] },
    { email: `${bigName}@example.com`, phone: null },
  );
  const bigCounts = await seedPortfolio(database.db, bigUserId, {
    properties: Number(args.properties),
    unitsPerProperty: Number(args.units),
    pastLeaseForEveryOtherUnit: true,
    staffPerProperty: 1,
    pendingApplications: 50,
  });
  const [someProperty] = await database.db
    .select({ id: propertiesTable.id, name: propertiesTable.name })
    .from(propertiesTable)
    .where(eq(propertiesTable.userId, bigUserId))
    .limit(1);
  const [someUnit] = await database.db
    .select({ id: unitsTable.id })
    .from(unitsTable)
    .where(eq(unitsTable.propertyId, someProperty!.id))
    .limit(1);
  await refreshStatistics(database.db);
  await database.close();
  console.log(
    `Seeded the big landlord in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s:`,
    bigCounts,
  );
  return { bigCounts, bigUserId, someProperty: someProperty!, someUnit: someUnit! };
}

// --- money: one month of rent ------------------------------------------------------
const TIME_ZONE = process.env.TIME_ZONE ?? 'America/New_York';

/** 'YYYY-MM-DD' of the first day `k` months after the month of `date`. */
function monthStart(date: Date, k: number): string {
  const d = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + k, 1));
  return d.toISOString().slice(0, 10);
}

/**
 * Makes this month and next the only rent due and unposted on every Active lease (bench/jobs.ts).
 * Alone (`--only money`), every seeded lease is made Active through next year first, so all of
 * them are posted.
 */
async function prepareRent(landlordId: number) {
  database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  if (!runs('core')) {
    await database.db.execute(sql`
      UPDATE leases SET status = 'Active',
        end_date = greatest(end_date, ${monthStart(new Date(), 2)}::date + 365)`);
  }
  const prepared = await prepareRentRuns(database.db, { timeZone: TIME_ZONE, landlordId });
  await refreshStatistics(database.db);
  await database.close();
  return prepared;
}

/** Times the hour's rent jobs posting next month for every Active lease (bench/jobs.ts). */
async function postOneMonthOfRent(nextMonth: string): Promise<PostingRun> {
  database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  const run = await postNextMonthByJobs(database, { timeZone: TIME_ZONE, nextMonth });
  await refreshStatistics(database.db);
  await database.close();
  return run;
}

// --- money: rent with recurring charges ---------------------------------------------
const RECURRING_LEASES = 1_000;

/**
 * Times the rent-posting service for a landlord of its own with 1,000 leases begun on the 15th
 * twelve months back, due on the 1st (a short first period each), each with two recurring
 * charges (parking from the start, pet rent from three months in): a year of rent and charges
 * posted in one run, then the same run again, which posts nothing. Scoped to that landlord,
 * so the other rows' figures are untouched.
 */
async function postRentWithRecurringCharges() {
  database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  const name = `bench-recurring-${randomBytes(3).toString('hex')}`;
  const landlordId = await insertUser(
    database.db,
    { userName: name, password: PASSWORD, roles: ['Landlord'] },
    { email: `${name}@example.com`, phone: null },
  );
  await seedPortfolio(database.db, landlordId, {
    properties: RECURRING_LEASES / 10,
    unitsPerProperty: 10,
    pastLeaseForEveryOtherUnit: true,
  });
  const [{ organisationId }] = (await database.db
    .selectDistinct({ organisationId: propertiesTable.organisationId })
    .from(propertiesTable)
    .where(eq(propertiesTable.userId, landlordId))) as [{ organisationId: number }];
  const today = new Date();
  const start = `${monthStart(today, -12).slice(0, 8)}15`;
  const end = monthStart(today, 12);
  const mine = sql`SELECT l.id FROM leases l JOIN units u ON u.id = l.unit_id
    JOIN properties p ON p.id = u.property_id WHERE p.user_id = ${landlordId}
    ORDER BY l.id LIMIT ${RECURRING_LEASES}`;
  await database.db.execute(sql`
    UPDATE leases SET status = 'Active', ended_on = NULL, end_reason = NULL,
      start_date = ${start}::date, end_date = ${end}::date, rent_due_day = 1,
      rent_charged_from = NULL, rent = greatest(rent, 1)
    WHERE id IN (${mine})`);
  await database.db.execute(sql`
    INSERT INTO lease_recurring_charges (lease_id, kind, description, amount, start_date)
    SELECT id, 'parking', 'Bay', 75, ${start}::date FROM (${mine}) m
    UNION ALL
    SELECT id, 'pet_rent', NULL, 25, ${start}::date + 90 FROM (${mine}) m`);
  const counted = (await database.db.execute(
    sql`SELECT count(DISTINCT lease_id)::int AS leases, count(*)::int AS charges
        FROM lease_recurring_charges WHERE lease_id IN (${mine})`,
  )) as unknown as { rows: { leases: number; charges: number }[] };
  await refreshStatistics(database.db);
  const now = new Date(`${monthStart(today, 0)}T17:00:00Z`);
  now.setUTCDate(today.getUTCDate());
  const run = async () => {
    const started = performance.now();
    const posted = await runAsSystem(
      database.db,
      { name: 'bench', now, timeZone: TIME_ZONE },
      postRentDue,
      { organisationId },
    );
    return { posted, seconds: (performance.now() - started) / 1000 };
  };
  const first = await run();
  const again = await run();
  const entries = (await database.db.execute(
    sql`SELECT count(*) FILTER (WHERE category = 'rent')::int AS rent,
          count(*) FILTER (WHERE recurring_charge_id IS NOT NULL)::int AS recurring
        FROM ledger_entries WHERE lease_id IN (${mine})`,
  )) as unknown as { rows: { rent: number; recurring: number }[] };
  await refreshStatistics(database.db);
  await database.close();
  return { ...counted.rows[0]!, ...entries.rows[0]!, first, again };
}

// --- money: receiving payments in bulk ----------------------------------------------
interface BulkReceipts {
  openBalances: number;
  loadSeconds: number;
  payments: number;
  seconds: number;
  p50: number;
  p99: number;
  retrySeconds: number;
  retriedCreated: number;
}

/**
 * What the receive-payments screen does for `count` rows: loads every open balance (the
 * arrears list, page after page), then records one payment per lease, one call after another,
 * each with its own idempotency key; then sends the same calls again (a retry), which must
 * record nothing (200, not 201).
 */
async function receiveInBulk(
  baseUrl: string,
  cookie: string,
  count: number,
): Promise<BulkReceipts> {
  const headers = { cookie, 'content-type': 'application/json' };
  const loadStarted = performance.now();
  const leases: { leaseId: number; balance: number }[] = [];
  for (let offset = 0; ; offset += 100) {
    const response = await fetch(
      `${baseUrl}/api/arrears?sort=property&limit=100&offset=${offset}`,
      {
        headers,
      },
    );
    const page = (await response.json()) as { leases: { leaseId: number; balance: number }[] };
    leases.push(...page.leases);
    if (page.leases.length < 100) break;
  }
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  const entryDate = new Intl.DateTimeFormat('en-CA', { timeZone: TIME_ZONE }).format(new Date());
  const bodies = leases.slice(0, count).map((lease, i) => ({
    leaseId: lease.leaseId,
    body: JSON.stringify({
      amount: lease.balance,
      entryDate,
      method: 'check',
      reference: `B${i}`,
      idempotencyKey: `bench-receipt-${randomBytes(8).toString('hex')}`,
    }),
  }));
  const send = async (expected: number) => {
    const times: number[] = [];
    let created = 0;
    const started = performance.now();
    for (const { leaseId, body } of bodies) {
      const one = performance.now();
      const response = await fetch(`${baseUrl}/api/leases/${leaseId}/ledger/payments`, {
        method: 'POST',
        headers,
        body,
      });
      await response.arrayBuffer();
      times.push(performance.now() - one);
      if (response.status === 201) created += 1;
      else if (response.status !== expected)
        throw new Error(`payment on lease ${leaseId}: ${response.status}`);
    }
    times.sort((a, b) => a - b);
    return {
      seconds: (performance.now() - started) / 1000,
      created,
      p50: times[Math.floor(times.length * 0.5)] ?? 0,
      p99: times[Math.floor(times.length * 0.99)] ?? 0,
    };
  };
  const first = await send(201);
  const retry = await send(200);
  return {
    openBalances: leases.length,
    loadSeconds,
    payments: first.created,
    seconds: first.seconds,
    p50: first.p50,
    p99: first.p99,
    retrySeconds: retry.seconds,
    retriedCreated: retry.created,
  };
}

// --- processes ----------------------------------------------------------------------
async function fetchJson(url: string, cookie: string): Promise<unknown> {
  const response = await fetch(url, { headers: { cookie } });
  return response.ok ? response.json() : undefined;
}

/** Where two JSON values first differ, or null when they are equal. */
function firstDifference(a: unknown, b: unknown, at = '$'): string | null {
  if (
    typeof a !== typeof b ||
    Array.isArray(a) !== Array.isArray(b) ||
    (a === null) !== (b === null)
  )
    return at;
  if (a && typeof a === 'object') {
    const keys = new Set([...Object.keys(a), ...Object.keys(b as object)]);
    for (const key of keys) {
      const diff = firstDifference(
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${at}.${key}`,
      );
      if (diff) return diff;
    }
    return null;
  }
  return a === b ? null : at;
}

async function etagOf(url: string, cookie: string): Promise<string | undefined> {
  const response = await fetch(url, { headers: { cookie } });
  await response.arrayBuffer();
  return response.headers.get('etag') ?? undefined;
}

/** The total of a public search, from its X-Total-Count. */
async function searchTotal(baseUrl: string, q: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/properties?q=${encodeURIComponent(q)}&limit=1`);
  await response.arrayBuffer();
  return Number(response.headers.get('x-total-count'));
}

/**
 * What the palette is asked: a surname fragment found in many tenants' and leases' names and
 * in street names (so in several kinds at once), and the seed's mail domain, which every
 * tenant's email holds (the most matches one kind can have).
 */
const PALETTE_QUERIES = ['son', 'example'];
/** The palette's target: an answer in under 100 ms at 10,000 units. */
const PALETTE_TARGET_MS = 100;

const DASHBOARD = '/api/landlord/dashboard';
/**
 * Everything the first screen shows, in one call: the summary, the first page of property
 * cards, the rent chart's top properties and the leases ending soon. (The page itself asks
 * for the summary apart, and the rest beside it.)
 */
const FIRST_SCREEN = `${DASHBOARD}?sections=summary,properties,topPropertiesByRent,leasesEndingSoon&propertyLimit=20`;
/** What the first screen carried before its cards were paged: every property's card. */
const FIRST_SCREEN_EVERY_CARD = `${DASHBOARD}?sections=summary,properties,leasesEndingSoon`;
/** The summary cards' call: the web page asks for it apart, so that they show first. */
const SUMMARY_CARDS = `${DASHBOARD}?sections=summary`;
const smallLabel = `${smallCounts.units.toLocaleString('en-US')} units`;
const appUrl = `http://127.0.0.1:${APP_PORT}`;

// --- the small landlord alone -------------------------------------------------------
let alone: Row | undefined;
if (runs('core')) {
  const app = start('src/server/main.ts', APP_PORT, {}, 'the small landlord alone');
  try {
    await waitFor(`${appUrl}/api/health`, app);
    const cookie = await login(appUrl, smallName);
    [alone] = await runRows(appUrl, app.pid!, [
      {
        name: `dashboard, full answer (${smallLabel}), landlord alone`,
        method: 'GET',
        path: DASHBOARD,
        cookie,
        expectStatus: 200,
        connections: 4,
      },
    ]);
  } finally {
    await stop(app);
  }
}

// --- import: a portfolio brought in, next to the small landlord ---------------------
let importRows: ImportRow[] = [];
if (runs('import')) {
  const app = start('src/server/main.ts', APP_PORT, {}, 'import');
  try {
    await waitFor(`${appUrl}/api/health`, app);
    importRows = await measureImport(appUrl, await login(appUrl, importerName));
  } finally {
    await stop(app);
  }
}
// --- history: 100 landlords with three years each, in databases of their own ---------
let history: HistoryReport | undefined;
if (runs('history')) {
  const port = Number(args['history-port']);
  history = await measureHistory({
    durationSeconds: DURATION,
    ports: [port, port + 1],
    password: PASSWORD,
  });
}
if (!runs('core') && !runs('money') && !runs('search') && !runs('books')) {
  await dropScratch?.();
  if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
  reportImport();
  writeHistoryResults();
  process.exit(0);
}

// --- the app with both landlords ----------------------------------------------------
const { bigCounts, bigUserId, someProperty, someUnit } = await seedBigLandlord();
const bigLabel = `${bigCounts.units.toLocaleString('en-US')} units`;
let rentPosting: (PostingRun & { leases: number }) | undefined;
let whilePosting: RequestsWhilePosting | undefined;
let bulkReceipts: BulkReceipts | undefined;
let recurringPosting: Awaited<ReturnType<typeof postRentWithRecurringCharges>> | undefined;
if (runs('money')) {
  const prepared = await prepareRent(bigUserId);
  // A server whose runner posts this month as it starts, while four connections use the screens.
  const posting = start(
    'src/server/main.ts',
    APP_PORT,
    { JOBS_POLL_MS: '100' },
    'posting a month while serving',
  );
  try {
    await waitFor(`${appUrl}/api/health`, posting);
    process.stdout.write(`requests while the server posts ${prepared.leases} leases' month... `);
    whilePosting = await requestsWhilePosting(appUrl, {
      cookie: await login(appUrl, bigName),
      paths: [SUMMARY_CARDS, '/api/rent-roll', `/api/leases/${prepared.lastLeaseId - 1}/ledger`],
      lastLeaseId: prepared.lastLeaseId,
      thisMonth: prepared.thisMonth,
    });
    const { afterwards } = whilePosting;
    console.log(
      `${whilePosting.requests} requests in ${whilePosting.seconds.toFixed(1)} s: p50 ${whilePosting.p50.toFixed(0)} ms, p99 ${whilePosting.p99.toFixed(0)} ms (afterwards: p50 ${afterwards.p50.toFixed(0)} ms, p99 ${afterwards.p99.toFixed(0)} ms)`,
    );
  } finally {
    await stop(posting);
  }
  process.stdout.write('posting one month of rent by the jobs... ');
  rentPosting = { leases: prepared.leases, ...(await postOneMonthOfRent(prepared.nextMonth)) };
  console.log(
    `${rentPosting.posted} charges for ${rentPosting.leases} Active leases in ${rentPosting.seconds.toFixed(2)} s (${rentPosting.steps} steps)`,
  );
  process.stdout.write('posting a year of rent with recurring charges... ');
  recurringPosting = await postRentWithRecurringCharges();
  console.log(
    `${recurringPosting.first.posted} charges in ${recurringPosting.first.seconds.toFixed(2)} s`,
  );
}
const rows: Row[] = [];
const app = start(
  'src/server/main.ts',
  APP_PORT,
  {},
  'both landlords: money, search and core rows',
);
let appSmallDashboard: unknown;
let bigCookie = '';
let smallCookie = '';
let search = { q: '', total: 0, of: 0 };
let searchPath = '';
/** The public search's rows, at 16 and at 4 connections; `kept` says how its answer is had. */
const publicSearchRows = (kept: string, headers?: Record<string, string>): Target[] =>
  [16, 4].map((connections) => ({
    name: `public search, first page of 20 (${search.total} of ${search.of} match), ${kept}`,
    method: 'GET' as const,
    path: searchPath,
    headers,
    expectStatus: headers ? 304 : 200,
    connections,
  }));
try {
  await waitFor(`${appUrl}/api/health`, app);
  bigCookie = await login(appUrl, bigName);
  smallCookie = await login(appUrl, smallName);
  // The seed's words that match about half the properties: the search the issue measures.
  const everything = await searchTotal(appUrl, '');
  for (const q of ['balcony', 'bay window', 'walk-in closet', 'updated kitchen', 'Apartments']) {
    const total = await searchTotal(appUrl, q);
    if (!search.q || Math.abs(total - everything / 2) < Math.abs(search.total - everything / 2))
      search = { q, total, of: everything };
  }
  console.log(`Search text '${search.q}' matches ${search.total} of ${everything} properties.`);
  searchPath = `/api/properties?q=${encodeURIComponent(search.q)}&limit=20&offset=0&include=units`;
  if (runs('money')) {
    rows.push(
      ...(await runRows(appUrl, app.pid!, [
        {
          name: `rent roll, first page of 100 (${bigLabel})`,
          method: 'GET',
          path: '/api/rent-roll',
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `rent roll, largest balance first, page of 100 (${bigLabel})`,
          method: 'GET',
          path: '/api/rent-roll?sort=balance&order=desc',
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `arrears, first page of 100 (${bigLabel})`,
          method: 'GET',
          path: '/api/arrears',
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `money summary, 12 months (${bigLabel})`,
          method: 'GET',
          path: '/api/money/summary',
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
      ])),
    );
    await settle(appUrl);
    process.stdout.write('receiving 1,000 payments in bulk... ');
    bulkReceipts = await receiveInBulk(appUrl, bigCookie, 1_000);
    console.log(
      `${bulkReceipts.payments} recorded in ${bulkReceipts.seconds.toFixed(2)} s ` +
        `(p50 ${bulkReceipts.p50.toFixed(1)} ms, p99 ${bulkReceipts.p99.toFixed(1)} ms per payment); ` +
        `${bulkReceipts.openBalances} open balances loaded in ${bulkReceipts.loadSeconds.toFixed(2)} s; ` +
        `the same 1,000 again: ${bulkReceipts.retriedCreated} recorded, ${bulkReceipts.retrySeconds.toFixed(2)} s`,
    );
  }
  if (runs('search')) {
    const first = await fetch(`${appUrl}${searchPath}`);
    await first.arrayBuffer();
    const etag = first.headers.get('etag');
    rows.push(
      ...(await runRows(appUrl, app.pid!, [
        ...publicSearchRows('warm (answer cached)'),
        ...(etag ? publicSearchRows('repeated: 304', { 'if-none-match': etag }) : []),
      ])),
    );
    rows.push(
      ...(await runRows(
        appUrl,
        app.pid!,
        // One person typing (1 connection), and four searching at once.
        PALETTE_QUERIES.flatMap((q) =>
          [1, 4].map((connections) => ({
            name: `palette search '${q}' (${bigLabel})`,
            method: 'GET' as const,
            path: `/api/search?q=${encodeURIComponent(q)}`,
            cookie: bigCookie,
            expectStatus: 200,
            connections,
          })),
        ),
      )),
    );
  }
  if (runs('core')) {
    let created = 0;
    appSmallDashboard = await fetchJson(`${appUrl}${DASHBOARD}`, smallCookie);
    rows.push(
      ...(await runRows(appUrl, app.pid!, [
        { name: 'health', method: 'GET', path: '/api/health', expectStatus: 200 },
        {
          name: 'unit read',
          method: 'GET',
          path: `/api/units/${someUnit.id}`,
          cookie: bigCookie,
          expectStatus: 200,
        },
        {
          name: 'unit create',
          method: 'POST',
          path: '/api/units',
          cookie: bigCookie,
          expectStatus: 201,
          body: () => ({
            unitNumber: `B-${++created}-${randomBytes(2).toString('hex')}`,
            propertyId: someProperty.id,
            description: 'Benchmark unit',
            imageUrl: null,
            bedrooms: 1,
            bathrooms: 1.5,
            squareFeet: 550,
            rent: 1250,
            status: 'Available',
          }),
        },
        {
          name: `dashboard first screen (${bigLabel})`,
          method: 'GET',
          path: FIRST_SCREEN,
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `dashboard first screen with every card, as before (${bigLabel})`,
          method: 'GET',
          path: FIRST_SCREEN_EVERY_CARD,
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `dashboard summary cards (${bigLabel})`,
          method: 'GET',
          path: SUMMARY_CARDS,
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `dashboard, full answer (${bigLabel})`,
          method: 'GET',
          path: DASHBOARD,
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `dashboard, full answer (${smallLabel}), next to the big landlord`,
          method: 'GET',
          path: DASHBOARD,
          cookie: smallCookie,
          expectStatus: 200,
          connections: 4,
        },
      ])),
    );
    // Taken after the rows that write (unit create), so they name the current revision.
    const bigEtag = await etagOf(`${appUrl}${DASHBOARD}`, bigCookie);
    const smallEtag = await etagOf(`${appUrl}${DASHBOARD}`, smallCookie);
    rows.push(
      ...(await runRows(appUrl, app.pid!, [
        {
          name: `dashboard, full answer repeated: 304 (${bigLabel})`,
          method: 'GET',
          path: DASHBOARD,
          cookie: bigCookie,
          headers: bigEtag ? { 'if-none-match': bigEtag } : {},
          expectStatus: 304,
          connections: 4,
        },
        {
          name: `dashboard, full answer repeated: 304 (${smallLabel})`,
          method: 'GET',
          path: DASHBOARD,
          cookie: smallCookie,
          headers: smallEtag ? { 'if-none-match': smallEtag } : {},
          expectStatus: 304,
          connections: 4,
        },
      ])),
    );
  }
} finally {
  await stop(app);
}

// --- the public search, cold: a server that keeps no answers -----------------------
if (runs('search')) {
  const cold = start(
    'src/server/main.ts',
    APP_PORT,
    { PUBLIC_LIST_CACHE_MB: '0' },
    'public search, cold',
  );
  try {
    await waitFor(`${appUrl}/api/health`, cold);
    rows.push(...(await runRows(appUrl, cold.pid!, publicSearchRows('cold (built every time)'))));
  } finally {
    await stop(cold);
  }
}

// --- books: the big landlord's profit and loss over three years -------------------
// Last, after every other row: the history it seeds (a million ledger entries) would
// change what the money rows above measure.
if (runs('books')) {
  database = await openMigratedDatabase({ databaseUrl, dataDir: dataDir ?? '' });
  const seeded = Date.now();
  const books = await seedBooksHistory(database.db, [bigName]);
  await refreshStatistics(database.db);
  await database.close();
  console.log(
    `Seeded ${BOOKS_MONTHS} months of books in ${((Date.now() - seeded) / 1000).toFixed(1)} s: ` +
      `${books.entries} ledger entries, ${books.expenses} expenses`,
  );
  const booksApp = start('src/server/main.ts', APP_PORT, {}, 'books');
  try {
    await waitFor(`${appUrl}/api/health`, booksApp);
    const cookie = await login(appUrl, bigName);
    const range = `from=${books.from}&to=${books.to}&groupBy=month`;
    const lastYear = Number(books.to.slice(0, 4)) - 1;
    rows.push(
      ...(await runRows(
        appUrl,
        booksApp.pid!,
        // One person reading it, then four at once on each basis.
        (
          [
            ['cash', 1],
            ['cash', 4],
            ['accrual', 4],
          ] as const
        )
          .map(([basis, connections]) => ({
            name: `profit and loss, ${BOOKS_MONTHS} months by month, ${basis} (${bigLabel}, ${books.entries.toLocaleString('en-US')} entries)`,
            method: 'GET' as const,
            path: `/api/reports/profit-and-loss?${range}&basis=${basis}`,
            cookie,
            expectStatus: 200,
            connections,
          }))
          .concat(
            // A tax year, the other reports and the dashboard's books, four at once.
            [
              [
                `profit and loss, ${lastYear} by month, accrual`,
                `profit-and-loss?year=${lastYear}&groupBy=month&basis=accrual`,
              ],
              [`cash flow, ${BOOKS_MONTHS} months by month`, `cash-flow?${range}`],
              [`Schedule E, ${lastYear}, cash`, `schedule-e?year=${lastYear}&basis=cash`],
              ['books summary (dashboard)', 'books-summary'],
            ].map(([name, path]) => ({
              name: `${name} (${bigLabel})`,
              method: 'GET' as const,
              path: `/api/reports/${path}`,
              cookie,
              expectStatus: 200,
              connections: 4,
            })),
          ),
      )),
    );
  } finally {
    await stop(booksApp);
  }
}

// --- the baseline -------------------------------------------------------------------
const baselineUrl = `http://127.0.0.1:${BASELINE_PORT}`;
const baseline = runs('core') ? start('bench/baseline-server.ts', BASELINE_PORT) : undefined;
const baselineRows: Row[] = [];
/** null: identical answers; a JSON path: where they first differ. */
let sameAnswer: string | null | undefined;
try {
  if (baseline) {
    await waitFor(`${baselineUrl}/health`, baseline);
    const baselineSmall = await fetchJson(`${baselineUrl}/dashboard`, smallCookie);
    sameAnswer =
      appSmallDashboard === undefined ? null : firstDifference(appSmallDashboard, baselineSmall);
    baselineRows.push(
      ...(await runRows(baselineUrl, baseline.pid!, [
        {
          name: `baseline: one SQL statement (${bigLabel})`,
          method: 'GET',
          path: '/dashboard',
          cookie: bigCookie,
          expectStatus: 200,
          connections: 4,
        },
        {
          name: `baseline: one SQL statement (${smallLabel})`,
          method: 'GET',
          path: '/dashboard',
          cookie: smallCookie,
          expectStatus: 200,
          connections: 4,
        },
      ])),
    );
  }
} finally {
  if (baseline) await stop(baseline);
  await dropScratch?.();
  if (dataDir) rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

// --- report -------------------------------------------------------------------------
const all = [...(alone ? [alone] : []), ...rows, ...baselineRows];
console.log(
  `\nPorchlight benchmark: ${kind} database, ${DURATION} s per row, ${os.cpus().length} cores, Node ${process.version}`,
);
console.table(
  all.map((r) => ({
    endpoint: r.name,
    conn: r.connections,
    'req/s': r.status === 'ok' ? r.requestsPerSec : 'not available',
    'p50 ms': r.p50Ms ?? '',
    'p99 ms': r.p99Ms ?? '',
    'peak RSS MB': r.peakRssMb ?? '',
    'KB/resp': r.bytesPerResponse !== undefined ? (r.bytesPerResponse / 1024).toFixed(1) : '',
  })),
);
const byName = (prefix: string) => all.find((r) => r.name.startsWith(prefix));
const ratio = (a: Row | undefined, b: Row | undefined, of: 'p50Ms' | 'requestsPerSec') =>
  a?.status === 'ok' && b?.status === 'ok' ? a[of]! / Math.max(b[of]!, 1) : null;
const show = (value: number | null) => (value === null ? 'n/a' : value.toFixed(2));
const ratios: Record<string, { p50: number | null; throughput: number | null }> = {};
for (const label of [bigLabel, smallLabel]) {
  const appRow = byName(`dashboard, full answer (${label})`);
  const baseRow = byName(`baseline: one SQL statement (${label})`);
  ratios[label] = {
    p50: ratio(appRow, baseRow, 'p50Ms'),
    throughput: ratio(appRow, baseRow, 'requestsPerSec'),
  };
  if (!runs('core')) continue;
  console.log(
    `Full answer, ${label}: app/baseline p50 = ${show(ratios[label].p50)} (<= 1.00: no slower), throughput = ${show(ratios[label].throughput)}`,
  );
}
const growth = ratio(byName(`dashboard, full answer (${smallLabel}), next`), alone, 'p50Ms');
if (runs('core')) {
  console.log(
    `The ${smallLabel} landlord next to the ${bigLabel} neighbour vs alone: p50 x${show(growth)}`,
  );
  console.log(
    sameAnswer === undefined || appSmallDashboard === undefined
      ? 'Baseline answer not compared (the app has no dashboard).'
      : sameAnswer === null
        ? "Baseline answer is identical to the app's dashboard JSON."
        : `Baseline answer differs from the app's at ${sameAnswer}.`,
  );
}
// The issue's targets for the public search: p99 30 ms at 16 connections on PostgreSQL,
// 60 ms at 4 connections on the embedded database.
const publicTarget =
  kind === 'postgres' ? { connections: 16, p99: 30 } : { connections: 4, p99: 60 };
for (const row of all.filter(
  (r) => r.name.startsWith('public search') && r.connections === publicTarget.connections,
)) {
  console.log(
    row.status === 'ok'
      ? `${row.name}, ${row.connections} connections: p99 ${row.p99Ms} ms (target: at most ${publicTarget.p99} ms)`
      : `${row.name}: ${row.status} (${row.note})`,
  );
}
for (const row of all.filter((r) => r.name.startsWith('palette search'))) {
  console.log(
    row.status === 'ok'
      ? `${row.name}, ${row.connections} connections: p50 ${row.p50Ms} ms, p99 ${row.p99Ms} ms (target: under ${PALETTE_TARGET_MS} ms)`
      : `${row.name}: ${row.status} (${row.note})`,
  );
}
if (rentPosting) {
  console.log(
    `Posting one month of rent by the jobs: ${rentPosting.posted} charges (${rentPosting.leases} Active leases, ${rentPosting.steps} steps) in ${rentPosting.seconds.toFixed(2)} s (target: at most ${kind === 'postgres' ? 3 : 30} s)`,
  );
}
if (whilePosting) {
  console.log(
    `Requests while the server posts a month (dashboard summary, rent roll, a lease's ledger; 4 connections): ${whilePosting.requests} in ${whilePosting.seconds.toFixed(1)} s, p50 ${whilePosting.p50.toFixed(0)} ms, p99 ${whilePosting.p99.toFixed(0)} ms, ${whilePosting.errors} not 200 (target: p99 at most 250 ms embedded); the same calls afterwards, no run: p50 ${whilePosting.afterwards.p50.toFixed(0)} ms, p99 ${whilePosting.afterwards.p99.toFixed(0)} ms`,
  );
}
if (recurringPosting) {
  const r = recurringPosting;
  console.log(
    `Posting rent with recurring charges: ${r.leases} leases with ${r.charges} recurring charges, 12 months back (due on the 1st, begun on the 15th): ${r.first.posted} charges (${r.rent} rent, ${r.recurring} recurring rows) in ${r.first.seconds.toFixed(2)} s; run again: ${r.again.posted} posted in ${r.again.seconds.toFixed(2)} s`,
  );
}
if (bulkReceipts) {
  console.log(
    `Receiving payments in bulk: ${bulkReceipts.payments} payments, one call after another, in ${bulkReceipts.seconds.toFixed(2)} s (p50 ${bulkReceipts.p50.toFixed(1)} ms, p99 ${bulkReceipts.p99.toFixed(1)} ms each); the screen's ${bulkReceipts.openBalances} open balances in ${bulkReceipts.loadSeconds.toFixed(2)} s; sent again: ${bulkReceipts.retriedCreated} recorded in ${bulkReceipts.retrySeconds.toFixed(2)} s`,
  );
}
const memory = peakServerRss();
console.log(
  `peak RSS of the server under the whole bench: ${Math.round(memory.mb)} MB (target 300; ${memory.server})`,
);
reportImport();
const resultsDir = path.join(root, 'bench', 'results');
mkdirSync(resultsDir, { recursive: true });
const file = path.join(resultsDir, `${new Date().toISOString().replaceAll(':', '-')}.json`);
writeFileSync(
  file,
  JSON.stringify(
    {
      at: new Date().toISOString(),
      database: kind,
      durationSeconds: DURATION,
      cores: os.cpus().length,
      node: process.version,
      seeded: { big: bigCounts, small: smallCounts },
      search,
      rows: all,
      appToBaseline: ratios,
      smallNextToBigVsAlone: growth,
      baselineDiffersAt: sameAnswer ?? null,
      rentPosting: rentPosting ?? null,
      requestsWhilePosting: whilePosting ?? null,
      serverPeakRssMb: Math.round(memory.mb),
      bulkReceipts: bulkReceipts ?? null,
      import: importRows,
      history: history ?? null,
    },
    null,
    2,
  ),
);
console.log(`Results written to ${path.relative(root, file)}`);

/** The import rows: seconds per call, against the target of 5,000 rows in under 10 s. */
function reportImport(): void {
  if (importRows.length === 0) return;
  console.log(`\nImport (${kind} database; target: 5,000 rows in under 10 s on PostgreSQL)`);
  console.table(
    importRows.map((r) => ({
      call: r.name,
      rows: r.rows,
      status: r.status,
      seconds: Number(r.seconds.toFixed(2)),
      'rows/s': Math.round(r.rows / r.seconds),
      created: Object.entries(r.created)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${n} ${k}`)
        .join(', '),
    })),
  );
  if (ONLY.size > 0 && !runs('core') && !runs('money') && !runs('search')) {
    const resultsDir = path.join(root, 'bench', 'results');
    mkdirSync(resultsDir, { recursive: true });
    const at = new Date().toISOString();
    writeFileSync(
      path.join(resultsDir, `${at.replaceAll(':', '-')}-import.json`),
      JSON.stringify(
        { at, database: kind, cores: os.cpus().length, node: process.version, import: importRows },
        null,
        2,
      ),
    );
  }
}

/** The history group's figures alone, when it is the only group with rows of its own. */
function writeHistoryResults(): void {
  if (!history) return;
  const resultsDir = path.join(root, 'bench', 'results');
  mkdirSync(resultsDir, { recursive: true });
  const at = new Date().toISOString();
  writeFileSync(
    path.join(resultsDir, `${at.replaceAll(':', '-')}-history.json`),
    JSON.stringify({ at, cores: os.cpus().length, node: process.version, history }, null, 2),
  );
}
