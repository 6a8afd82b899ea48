// `npm run bench:lighthouse`: Lighthouse's accessibility score of every screen, and the
// performance of a visitor's first visit of `/`. Builds the app, seeds the demo data
// (`npm run seed -- --demo`) and an Admin on a scratch database, serves the build, and audits
// each screen in Debian's Chromium logged in as the role that uses it: management screens at
// desktop size, the tenant's and the worker's at phone size, in light mode and a few in dark.
// Prints a table (screen, score, failing audits) and writes bench/results/lighthouse-<time>.json.
// Asserts nothing: these are figures, the browser journeys hold the tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type BrowserContext } from '@playwright/test';
import lighthouse, { desktopConfig, type Config, type Flags, type Result } from 'lighthouse';
import { DEMO_PASSWORD, seedDemo } from '../src/server/cli/seed/generate';
import { loadConfig } from '../src/server/config';
import { openMigratedDatabase } from '../src/server/database';
import { SESSION_COOKIE } from '../src/server/modules/auth';
import { createAdmin } from '../src/server/modules/users';
import { createScratch } from './scratch';
import { buildDirectory, buildTheApp, logIn, serveBuild, type ServedBuild } from './served-build';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string', default: '3326' },
    /** Chromium's DevTools port, which Lighthouse drives. */
    'debugging-port': { type: 'string', default: '3327' },
    /** Audit only the screens whose name contains this text (may be given several times). */
    only: { type: 'string', multiple: true },
    'no-build': { type: 'boolean', default: false },
  },
});

const ADMIN = { userName: 'lighthouse-admin', password: 'lighthouse-harbor-signal-93' };
/** The demo's logins (src/server/cli/seed/generate.ts). */
const LOGINS = {
  landlord: 'alice.landlord',
  tenant: 'tina.tenant',
  worker: 'max.maintenance',
} as const;
type Role = keyof typeof LOGINS | 'admin';

/** Records the screens with an id in their address are shown for, found after seeding. */
interface Records {
  unitId: number;
  propertyId: number;
  leaseId: number;
  workOrderId: number;
  requestId: number;
  workerWorkOrderId: number;
}

interface Screen {
  name: string;
  path: (records: Records) => string;
  role: Role;
  formFactor: 'desktop' | 'mobile';
  colorScheme: 'light' | 'dark';
}

const management = (name: string, address: string | ((records: Records) => string)): Screen => ({
  name,
  path: typeof address === 'string' ? () => address : address,
  role: 'landlord',
  formFactor: 'desktop',
  colorScheme: 'light',
});
const dark = (screen: Screen): Screen => ({
  ...screen,
  name: `${screen.name} (dark)`,
  colorScheme: 'dark',
});
const portal = (name: string, role: Role, address: (records: Records) => string): Screen => ({
  name,
  path: address,
  role,
  formFactor: 'mobile',
  colorScheme: 'light',
});

const dashboard = management('dashboard', '/');
const units = management('units', '/units');
const workOrderBoard = management('work orders, board', '/work-orders');
const propertyPage = management('property page', (r) => `/properties/${r.propertyId}`);
const ledger = management('ledger', (r) => `/leases/${r.leaseId}/ledger`);
const tenantHome = portal('tenant home', 'tenant', () => '/');
const SCREENS: Screen[] = [
  dashboard,
  management('properties', '/properties'),
  management('new property', '/property/create'),
  units,
  management('new unit', '/unit/create'),
  management('edit unit', (r) => `/unit/${r.unitId}`),
  management('staff', '/staff'),
  management('new staff member', '/staff/create'),
  management('tenants', '/tenants'),
  management('new tenant', '/tenant/create'),
  management('leases', '/leases'),
  management('new lease', '/lease/create'),
  management('applications', '/applications'),
  management('rent roll', '/rent-roll'),
  management('arrears', '/arrears'),
  management('deposits', '/deposits'),
  workOrderBoard,
  management('work orders, list', '/work-orders?view=list'),
  management('work order', (r) => `/work-orders/${r.workOrderId}`),
  propertyPage,
  management('unit page', (r) => `/units/${r.unitId}`),
  ledger,
  management('statement', (r) => `/leases/${r.leaseId}/statement`),
  management('contact info', '/editcontact'),
  { ...management('admin: users', '/admin/users'), role: 'admin' },
  { ...management('admin: mail', '/admin/mail'), role: 'admin' },
  dark(dashboard),
  dark(units),
  dark(workOrderBoard),
  dark(propertyPage),
  dark(ledger),
  tenantHome,
  portal('tenant request', 'tenant', (r) => `/requests/${r.requestId}`),
  portal('worker queue', 'worker', () => '/'),
  portal('worker work order', 'worker', (r) => `/my-work-orders/${r.workerWorkOrderId}`),
  dark(tenantHome),
];

interface FailingAudit {
  id: string;
  title: string;
  /** The offending elements: their HTML and what axe says is wrong with them. */
  nodes: { selector: string; snippet: string; explanation: string }[];
}
interface ScreenResult {
  screen: string;
  path: string;
  role: Role | 'visitor';
  formFactor: Screen['formFactor'];
  colorScheme: Screen['colorScheme'];
  accessibility: number | null;
  failing: FailingAudit[];
}

const buildDir = buildDirectory();
if (!args['no-build']) buildTheApp(buildDir);

const scratch = await createScratch();
console.log(`Database: ${scratch.kind}. Seeding the demo data and an Admin...`);
const database = await openMigratedDatabase({
  databaseUrl: scratch.databaseUrl,
  dataDir: scratch.dataDir ?? '',
});
// The served app's calendar (its TIME_ZONE), which decides what rent the demo has due.
await seedDemo(database.db, loadConfig({ TIME_ZONE: process.env.TIME_ZONE }).timeZone);
await createAdmin(database.db, ADMIN.userName, ADMIN.password);
await database.close();

const profile = mkdtempSync(path.join(os.tmpdir(), 'porchlight-lighthouse-'));
const debuggingPort = Number(args['debugging-port']);
let server: ServedBuild | undefined;
let context: BrowserContext | undefined;
try {
  server = await serveBuild({ buildDir, port: Number(args.port), env: scratch.env });
  const { baseUrl } = server;
  const sessions = {
    landlord: await logIn(baseUrl, LOGINS.landlord, DEMO_PASSWORD),
    tenant: await logIn(baseUrl, LOGINS.tenant, DEMO_PASSWORD),
    worker: await logIn(baseUrl, LOGINS.worker, DEMO_PASSWORD),
    admin: await logIn(baseUrl, ADMIN.userName, ADMIN.password),
  };
  const records = await findRecords(baseUrl, {
    landlord: sessions.landlord.session,
    tenant: sessions.tenant.session,
    worker: sessions.worker.session,
  });

  // Lighthouse drives the browser through its DevTools port and opens its pages in the
  // default profile, so the profile is a persistent one: cookies and localStorage set here
  // are what its pages see. No viewport: Lighthouse sets its own screen per form factor.
  context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', `--remote-debugging-port=${debuggingPort}`],
    viewport: null,
  });
  const browserContext = context;

  // A visitor's first visit, before any login: cold cache, phone, throttled as Lighthouse's
  // mobile preset does.
  console.log('Auditing / logged out (mobile, performance and accessibility)...');
  const firstVisit = await audit(`${baseUrl}/`, {
    onlyCategories: ['performance', 'accessibility'],
    formFactor: 'mobile',
    resetStorage: true,
  });
  const firstVisitFigures = performanceFigures(firstVisit);
  const results: ScreenResult[] = [
    describe(
      { name: 'visitor home', role: 'visitor', formFactor: 'mobile', colorScheme: 'light' },
      '/',
      firstVisit,
    ),
  ];

  const chosen = SCREENS.filter(
    (screen) => !args.only || args.only.some((text) => screen.name.includes(text)),
  );
  for (const screen of chosen) {
    const address = screen.path(records);
    console.log(`Auditing ${screen.name} (${address})...`);
    await prepare(browserContext, baseUrl, sessions[screen.role], screen.colorScheme);
    const lhr = await audit(`${baseUrl}${address}`, {
      onlyCategories: ['accessibility'],
      formFactor: screen.formFactor,
      resetStorage: false,
    });
    results.push(describe(screen, address, lhr));
  }

  console.log('\nFirst visit of / logged out (Lighthouse mobile preset):');
  console.table([firstVisitFigures]);
  console.log('\nAccessibility (Lighthouse):');
  console.table(
    results.map((r) => ({
      screen: r.screen,
      path: r.path,
      as: `${r.role}, ${r.formFactor}, ${r.colorScheme}`,
      score: r.accessibility,
      failing: r.failing.map((f) => f.id).join(' ') || '-',
    })),
  );
  for (const result of results.filter((r) => r.failing.length > 0)) {
    console.log(`\n${result.screen} (${result.path}):`);
    for (const failing of result.failing) {
      console.log(`  ${failing.id}: ${failing.title}`);
      for (const node of failing.nodes.slice(0, 5))
        console.log(`    ${node.snippet.slice(0, 160)}`);
      if (failing.nodes.length > 5) console.log(`    ... ${failing.nodes.length - 5} more`);
    }
  }
  const perfect = results.filter((r) => r.accessibility === 100).length;
  console.log(`\n${perfect} of ${results.length} screens score 100 for accessibility.`);

  const resultsDir = path.resolve(import.meta.dirname, 'results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(
    resultsDir,
    `lighthouse-${new Date().toISOString().replaceAll(':', '-')}.json`,
  );
  writeFileSync(
    file,
    JSON.stringify(
      {
        lighthouseVersion: firstVisit.lighthouseVersion,
        userAgent: firstVisit.environment.hostUserAgent,
        database: scratch.kind,
        firstVisit: firstVisitFigures,
        screens: results,
      },
      null,
      2,
    ),
  );
  console.log(`Wrote ${path.relative(process.cwd(), file)}`);
} finally {
  await context?.close();
  await server?.stop();
  await scratch.drop();
  rmSync(profile, { recursive: true, force: true });
}

/** Logs the browser in as `login` (cookie and the app's stored user) in the given scheme. */
async function prepare(
  browserContext: BrowserContext,
  baseUrl: string,
  login: { session: string; user: unknown },
  colorScheme: 'light' | 'dark',
): Promise<void> {
  await browserContext.clearCookies();
  await browserContext.addCookies([
    { name: SESSION_COOKIE, value: login.session, url: baseUrl, httpOnly: true, sameSite: 'Lax' },
  ]);
  const page = await browserContext.newPage();
  try {
    // Any page of the origin will do to write its localStorage; this one loads no app.
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate(
      ({ user, scheme }) => {
        localStorage.setItem('porchlight.user', JSON.stringify(user));
        // Mantine's colour-scheme manager keeps the person's choice under this key.
        localStorage.setItem('mantine-color-scheme-value', scheme);
      },
      { user: login.user, scheme: colorScheme },
    );
  } finally {
    await page.close();
  }
}

async function audit(
  url: string,
  options: {
    onlyCategories: string[];
    formFactor: 'desktop' | 'mobile';
    /** Whether Lighthouse clears the cache and the origin's storage first (a cold visit). */
    resetStorage: boolean;
  },
): Promise<Result> {
  const flags: Flags = {
    port: debuggingPort,
    output: 'json',
    logLevel: 'error',
    onlyCategories: options.onlyCategories,
    disableStorageReset: !options.resetStorage,
  };
  const config: Config | undefined = options.formFactor === 'desktop' ? desktopConfig : undefined;
  // On a busy machine Lighthouse sometimes misses the start of the page load in its trace
  // (NO_NAVSTART) and asks to be run again: it is, twice at most.
  for (let attempt = 1; ; attempt += 1) {
    const run = await lighthouse(url, flags, config);
    if (!run) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = run;
    if (!lhr.runtimeError) return lhr;
    const problem = `Lighthouse on ${url}: ${lhr.runtimeError.message}`;
    if (attempt === 3) throw new Error(problem);
    console.warn(`${problem} Running it again.`);
  }
}

function describe(
  screen: Pick<ScreenResult, 'role' | 'formFactor' | 'colorScheme'> & { name: string },
  address: string,
  lhr: Result,
): ScreenResult {
  const category = lhr.categories.accessibility;
  const failing: FailingAudit[] = [];
  for (const ref of category?.auditRefs ?? []) {
    const result = lhr.audits[ref.id];
    if (!result || result.score === null || result.score >= 1) continue;
    type Node = { selector?: string; snippet?: string; explanation?: string };
    const items =
      result.details && 'items' in result.details
        ? (result.details.items as { node?: Node }[])
        : [];
    failing.push({
      id: ref.id,
      title: result.title,
      nodes: items
        .flatMap((item) => (item.node ? [item.node] : []))
        .map((node) => ({
          selector: node.selector ?? '',
          snippet: node.snippet ?? '',
          explanation: node.explanation ?? '',
        })),
    });
  }
  return {
    screen: screen.name,
    path: address,
    role: screen.role,
    formFactor: screen.formFactor,
    colorScheme: screen.colorScheme,
    accessibility: category?.score == null ? null : Math.round(category.score * 100),
    failing,
  };
}

function performanceFigures(lhr: Result) {
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
  const requests = (lhr.audits['network-requests']?.details as
    { items: { resourceType?: string; transferSize?: number }[] } | undefined) ?? { items: [] };
  const scriptBytes = requests.items
    .filter((item) => item.resourceType === 'Script')
    .reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  const score = lhr.categories.performance?.score;
  return {
    performance: score == null ? null : Math.round(score * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(numeric('largest-contentful-paint')),
    cls: Number(numeric('cumulative-layout-shift').toFixed(3)),
    tbtMs: Math.round(numeric('total-blocking-time')),
    jsTransferredKB: Math.round(scriptBytes / 1024),
  };
}

/** The ids the screens with an id in their address open, read through the API as their users. */
async function findRecords(
  baseUrl: string,
  sessions: Record<'landlord' | 'tenant' | 'worker', string>,
): Promise<Records> {
  const get = async <T>(role: keyof typeof sessions, address: string): Promise<T> => {
    const response = await fetch(`${baseUrl}${address}`, {
      headers: { cookie: `${SESSION_COOKIE}=${sessions[role]}` },
    });
    if (!response.ok) throw new Error(`GET ${address} answered ${response.status}`);
    return (await response.json()) as T;
  };
  const first = <T>(rows: T[], what: string): T => {
    if (rows.length === 0) throw new Error(`the demo data has no ${what}`);
    return rows[0]!;
  };
  const [unitsRows, properties, leases, workOrders, home, queue] = await Promise.all([
    get<{ id: number }[]>('landlord', '/api/units?mine=true&limit=1'),
    get<{ id: number }[]>('landlord', '/api/properties?mine=true&limit=1'),
    get<{ id: number; status: string }[]>('landlord', '/api/leases?limit=100'),
    get<{ id: number }[]>('landlord', '/api/work-orders?limit=1'),
    get<{ workOrders?: { id: number }[] }>('tenant', '/api/portal/home'),
    get<{ workOrders: { id: number }[] }>('worker', '/api/worker/work-orders'),
  ]);
  return {
    unitId: first(unitsRows, 'unit').id,
    propertyId: first(properties, 'property').id,
    leaseId: first(
      leases.filter((lease) => lease.status === 'Active'),
      'active lease',
    ).id,
    workOrderId: first(workOrders, 'work order').id,
    requestId: first(home.workOrders ?? [], "request on the tenant's unit").id,
    workerWorkOrderId: first(queue.workOrders, 'work order assigned to the worker').id,
  };
}
