// `npm run bench:screens`: how long a landlord with 10,000 units waits, in Chromium, from
// navigation to the first row of each list screen. Builds the app, seeds one landlord
// (1,000 properties x 10 units, tenants, leases, staff), serves the build, and opens every
// screen in a fresh browser context (cold cache), five times. Prints the median and the
// slowest; asserts nothing. Embedded database by default; with DATABASE_URL, a scratch
// database on that PostgreSQL server. `--history`: the landlord has three years of history
// instead (bench/history-seed.ts: rent, payments, late fees, reversals, expenses, work orders
// with notes and photos, notifications), beside `--neighbours` landlords of 100 units with the
// same depth, and the money and maintenance lists are timed too.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { chromium, type Browser } from '@playwright/test';
import { insertUser, refreshStatistics, seedPortfolio } from '../src/server/cli/seed/generate';
import { seedHistory } from './history-seed';
import { openMigratedDatabase } from '../src/server/database';
import { createScratch } from './scratch';
import { buildDirectory, buildTheApp, serveBuild, type ServedBuild } from './served-build';

const { values: args } = parseArgs({
  options: {
    properties: { type: 'string', default: '1000' },
    units: { type: 'string', default: '10' },
    runs: { type: 'string', default: '5' },
    port: { type: 'string', default: '3325' },
    'no-build': { type: 'boolean', default: false },
    history: { type: 'boolean', default: false },
    neighbours: { type: 'string', default: '0' },
  },
});
const buildDir = buildDirectory();
const RUNS = Number(args.runs);
const PASSWORD = 'bench-lantern-orchard-42';

/** Each list screen, and what its first row looks like. */
const SCREENS: { path: string; firstRow: string }[] = [
  { path: '/units', firstRow: 'table tbody tr' },
  { path: '/tenants', firstRow: 'table tbody tr' },
  { path: '/leases', firstRow: 'table tbody tr' },
  { path: '/staff', firstRow: 'table tbody tr' },
  { path: '/applications', firstRow: 'table tbody tr' },
  { path: '/properties', firstRow: 'article' },
  { path: '/landlord-dashboard', firstRow: '[data-testid="summary-card"]' },
];
/** The lists whose cost grows with the years a landlord has been here. */
const HISTORY_SCREENS: { path: string; firstRow: string }[] = [
  { path: '/rent-roll', firstRow: 'table tbody tr' },
  { path: '/arrears', firstRow: 'table tbody tr' },
  { path: '/work-orders', firstRow: '[data-testid="board-column"] a[href^="/work-orders/"]' },
  { path: '/expenses', firstRow: 'table tbody tr' },
];

if (!args['no-build']) buildTheApp(buildDir);

const scratch = await createScratch();
const userName = `bench-screens-${randomBytes(3).toString('hex')}`;
console.log(`Database: ${scratch.kind}. Seeding ${userName}...`);
const seedStarted = Date.now();
const database = await openMigratedDatabase({
  databaseUrl: scratch.databaseUrl,
  dataDir: scratch.dataDir ?? '',
});
const counts = args.history
  ? await seedWithHistory()
  : await seedPortfolio(
      database.db,
      await insertUser(
        database.db,
        { userName, password: PASSWORD, roles: ['Landlord'] },
        { email: `${userName}@example.com`, phone: null },
      ),
      {
        properties: Number(args.properties),
        unitsPerProperty: Number(args.units),
        pastLeaseForEveryOtherUnit: true,
        staffPerProperty: 1,
        pendingApplications: 50,
      },
    );

/** The landlord (units per property as the history has them) and her neighbours, with history. */
async function seedWithHistory(): Promise<{ units: number }> {
  const neighbours = Array.from({ length: Number(args.neighbours) }, (_, i) => ({
    userName: `${userName}-neighbour-${i}`,
    tenantUserName: `${userName}-neighbour-${i}-tenant`,
    properties: 10,
    fakerSeed: 100 + i,
  }));
  const all = await seedHistory(
    database.db,
    [
      {
        userName,
        tenantUserName: `${userName}-tenant`,
        properties: Number(args.properties),
        fakerSeed: 1,
      },
      ...neighbours,
    ],
    PASSWORD,
  );
  return { ...all, units: all.units - neighbours.length * 100 };
}
await refreshStatistics(database.db);
await database.close();
console.log(`Seeded in ${((Date.now() - seedStarted) / 1000).toFixed(1)} s:`, counts);

let server: ServedBuild | undefined;
let browser: Browser | undefined;
try {
  server = await serveBuild({ buildDir, port: Number(args.port), env: scratch.env });
  browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
  const results: { screen: string; medianMs: number; slowestMs: number }[] = [];
  // The history seeds no applications: its landlord's list would show only its empty state.
  const screens = args.history
    ? [...SCREENS.filter((screen) => screen.path !== '/applications'), ...HISTORY_SCREENS]
    : SCREENS;
  for (const screen of screens) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1)
      times.push(await timeToFirstRow(browser, server.baseUrl, screen));
    times.sort((a, b) => a - b);
    results.push({
      screen: screen.path,
      medianMs: Math.round(times[Math.floor(times.length / 2)]!),
      slowestMs: Math.round(times[times.length - 1]!),
    });
  }
  console.log(
    `\nNavigation to first row, ${counts.units.toLocaleString('en-US')} units` +
      `${args.history ? ` with three years of history beside ${args.neighbours} landlords` : ''}, ` +
      `${scratch.kind} database, ` +
      `${RUNS} cold visits each:`,
  );
  console.table(results);
} finally {
  await browser?.close();
  await server?.stop();
  await scratch.drop();
}

/** A logged-in fresh context (no cache), then navigation to the screen's first row. */
async function timeToFirstRow(
  browserInstance: Browser,
  baseUrl: string,
  screen: { path: string; firstRow: string },
): Promise<number> {
  const context = await browserInstance.newContext({ baseURL: baseUrl });
  try {
    const page = await context.newPage();
    const login = await page.request.post('/api/authentication/login', {
      data: { userName, password: PASSWORD },
    });
    if (login.status() !== 200) throw new Error(`login answered ${login.status()}`);
    const me = await (await page.request.get('/api/authentication/me')).json();
    await page.goto('/login');
    await page.evaluate(
      (user) => localStorage.setItem('porchlight.user', JSON.stringify(user)),
      me,
    );
    const started = performance.now();
    await page.goto(screen.path, { waitUntil: 'commit' });
    await page.locator(screen.firstRow).first().waitFor({ state: 'visible', timeout: 60_000 });
    return performance.now() - started;
  } finally {
    await context.close();
  }
}
