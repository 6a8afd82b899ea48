// The `history` group of `npm run bench` (PostgreSQL only): a landlord of 10,000 units and 99
// of 100 units each, every one with three years of history, in one database; the same
// 100-unit landlord alone in a second. Measures every screen's data calls for the big landlord
// (target: p99 <= 100 ms at 4 connections), and for the 100-unit landlord in both databases,
// one call after the other (target: beside the others no slower than 1.1x alone).
import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { openMigratedDatabase } from '../src/server/database';
import { refreshStatistics } from '../src/server/cli/seed/generate';
import { login, runRows, startServer, stop, waitFor, type Row, type Target } from './harness';
import { watchPeakRss } from './memory';
import {
  UNITS_PER_PROPERTY,
  countHistoryOf,
  seedHistory,
  type HistoryCounts,
  type HistoryLandlord,
} from './history-seed';
import { createScratch, type Scratch } from './scratch';

/** The targets: the big landlord's p99, and a small one's cost beside the others. */
const P99_TARGET_MS = 100;
const NEIGHBOUR_TARGET = 1.1;
const CONNECTIONS = 4;
const NEIGHBOURS = 99;

export interface HistoryOptions {
  durationSeconds: number;
  /** The server on the database of every landlord, and the one on the landlord alone. */
  ports: [number, number];
  password: string;
}

export interface NeighbourRow {
  call: string;
  beside: Row;
  alone: Row;
  p50Ratio: number | null;
  p99Ratio: number | null;
}

export interface HistoryReport {
  seeded: {
    all: HistoryCounts;
    seconds: number;
    /** The big landlord's own rows. */
    big: Record<string, number>;
    alone: HistoryCounts;
    aloneSeconds: number;
  };
  big: Row[];
  neighbour: NeighbourRow[];
  loadAverage: { before: number[]; after: number[] };
}

interface Landlord extends HistoryLandlord {
  label: string;
}

/** What one screen asks the server, as the web pages ask it. */
interface ScreenCall {
  call: string;
  path: string;
  as: 'landlord' | 'tenant';
}

/** The places in a landlord's data the calls name: a lease with three years of history. */
async function screenCalls(scratch: Scratch, landlord: Landlord): Promise<ScreenCall[]> {
  const database = await openMigratedDatabase({ databaseUrl: scratch.databaseUrl, dataDir: '' });
  try {
    const found = (await database.db.execute(sql`
      SELECT l.id AS "leaseId",
             to_char(date_trunc('month', current_date) - interval '35 months', 'YYYY-MM-DD') AS "from",
             to_char(current_date, 'YYYY-MM-DD') AS "to",
             -- The 18th of the month a year back: bounced checks of that month still owed.
             to_char(date_trunc('month', current_date - 365) + interval '17 days', 'YYYY-MM-DD') AS "pastDate",
             extract(year FROM current_date)::int - 1 AS "lastYear"
      FROM leases l JOIN tenants t ON t.id = l.tenant_id JOIN users u ON u.id = t.user_id
      WHERE u.user_name = ${landlord.tenantUserName} AND l.status = 'Active'
      ORDER BY l.id LIMIT 1`)) as unknown as {
      rows: { leaseId: number; from: string; to: string; pastDate: string; lastYear: number }[];
    };
    const { leaseId, from, to, pastDate, lastYear } = found.rows[0]!;
    const landlordCall = (call: string, path: string): ScreenCall => ({
      call,
      path,
      as: 'landlord',
    });
    return [
      landlordCall('dashboard: summary cards', '/api/landlord/dashboard?sections=summary'),
      landlordCall(
        'dashboard: first cards, rent chart, leases ending',
        '/api/landlord/dashboard?sections=properties,topPropertiesByRent,leasesEndingSoon&propertyLimit=20',
      ),
      landlordCall('dashboard: money summary, 12 months', '/api/money/summary?months=12'),
      landlordCall('dashboard: books summary', '/api/reports/books-summary'),
      landlordCall('dashboard and board: maintenance counts', '/api/work-orders/counts'),
      landlordCall(
        'rent roll, by balance, first page',
        '/api/rent-roll?limit=25&offset=0&sort=balance&order=desc',
      ),
      landlordCall(`arrears as of ${pastDate}`, `/api/arrears?limit=25&offset=0&asOf=${pastDate}`),
      landlordCall(
        `statement, ${from} to ${to}`,
        `/api/leases/${leaseId}/statement?from=${from}&to=${to}`,
      ),
      { call: "tenant's home (portal)", path: '/api/portal/home', as: 'tenant' },
      landlordCall('work-order board: open', '/api/work-orders?open=true&limit=100'),
      landlordCall('work-order board: done', '/api/work-orders?status=Done&limit=100'),
      landlordCall(
        `profit and loss, ${lastYear} by month`,
        `/api/reports/profit-and-loss?year=${lastYear}&groupBy=month&basis=cash`,
      ),
    ];
  } finally {
    await database.close();
  }
}

async function seedInto(scratch: Scratch, landlords: Landlord[], password: string) {
  const started = Date.now();
  const database = await openMigratedDatabase({ databaseUrl: scratch.databaseUrl, dataDir: '' });
  try {
    const counts = await seedHistory(database.db, landlords, password);
    await refreshStatistics(database.db);
    const seconds = (Date.now() - started) / 1000;
    return { counts, seconds, first: await countHistoryOf(database.db, landlords[0]!.userName) };
  } finally {
    await database.close();
  }
}

/** A row in which at least one request finished (a slower call has no figures, not zeros). */
const finished = (row: Row) => row.status === 'ok' && row.requestsPerSec! > 0;
const ratioOf = (a: Row, b: Row, of: 'p50Ms' | 'p99Ms') =>
  finished(a) && finished(b) ? a[of]! / Math.max(b[of]!, 1) : null;

export async function measureHistory(options: HistoryOptions): Promise<HistoryReport | undefined> {
  if (!process.env.DATABASE_URL) {
    console.log('history: PostgreSQL only (set DATABASE_URL); not measured.');
    return undefined;
  }
  const tag = randomBytes(3).toString('hex');
  const big: Landlord = {
    label: '10,000 units',
    userName: `history-big-${tag}`,
    tenantUserName: `history-big-tenant-${tag}`,
    properties: 1000,
    fakerSeed: 1,
  };
  const neighbours: Landlord[] = Array.from({ length: NEIGHBOURS }, (_, i) => ({
    label: `${10 * UNITS_PER_PROPERTY} units`,
    userName: `history-small-${i}-${tag}`,
    tenantUserName: `history-small-${i}-tenant-${tag}`,
    properties: 10,
    fakerSeed: 100 + i,
  }));
  // The one measured: in the middle of the others, as a landlord who signed up among them.
  const measured = neighbours[Math.floor(NEIGHBOURS / 2)]!;
  const everyone = await createScratch();
  const alone = await createScratch();
  const servers: ReturnType<typeof startServer>[] = [];
  try {
    process.stdout.write(
      `history: seeding 1 landlord of 10,000 units and ${NEIGHBOURS} of 100... `,
    );
    const all = await seedInto(everyone, [big, ...neighbours], options.password);
    console.log(`${all.seconds.toFixed(0)} s`, all.counts);
    process.stdout.write('history: seeding the 100-unit landlord alone... ');
    const single = await seedInto(alone, [measured], options.password);
    console.log(`${single.seconds.toFixed(0)} s`, single.counts);

    const urls = options.ports.map((port) => `http://127.0.0.1:${port}`) as [string, string];
    for (const [i, scratch] of [everyone, alone].entries()) {
      const server = startServer('src/server/main.ts', options.ports[i]!, scratch.env);
      watchPeakRss(server, 'history');
      servers.push(server);
    }
    await Promise.all(servers.map((server, i) => waitFor(`${urls[i]}/api/health`, server)));
    const cookies = async (url: string, landlord: Landlord) => ({
      landlord: await login(url, landlord.userName, options.password),
      tenant: await login(url, landlord.tenantUserName, options.password),
    });
    const targetsOf = (
      calls: ScreenCall[],
      as: { landlord: string; tenant: string },
      label: string,
    ) =>
      calls.map((call): Target => ({
        name: `${call.call} (${label})`,
        method: 'GET',
        path: call.path,
        cookie: as[call.as],
        expectStatus: 200,
        connections: CONNECTIONS,
      }));
    const timing = { durationSeconds: options.durationSeconds, connections: CONNECTIONS };
    const loadBefore = os.loadavg();

    const bigCalls = await screenCalls(everyone, big);
    const bigRows = await runRows(
      urls[0],
      servers[0]!.pid!,
      targetsOf(bigCalls, await cookies(urls[0], big), big.label),
      timing,
    );

    // The same calls beside the others and alone, one after the other, so both see the same load.
    const besideCalls = await screenCalls(everyone, measured);
    const aloneCalls = await screenCalls(alone, measured);
    const besideTargets = targetsOf(besideCalls, await cookies(urls[0], measured), 'beside 99');
    const aloneTargets = targetsOf(aloneCalls, await cookies(urls[1], measured), 'alone');
    const neighbour: NeighbourRow[] = [];
    for (const [i, call] of besideCalls.entries()) {
      const [beside] = await runRows(urls[0], servers[0]!.pid!, [besideTargets[i]!], timing);
      const [lonely] = await runRows(urls[1], servers[1]!.pid!, [aloneTargets[i]!], timing);
      neighbour.push({
        call: call.call,
        beside: beside!,
        alone: lonely!,
        p50Ratio: ratioOf(beside!, lonely!, 'p50Ms'),
        p99Ratio: ratioOf(beside!, lonely!, 'p99Ms'),
      });
    }
    const report: HistoryReport = {
      seeded: {
        all: all.counts,
        seconds: all.seconds,
        big: all.first,
        alone: single.counts,
        aloneSeconds: single.seconds,
      },
      big: bigRows,
      neighbour,
      loadAverage: { before: loadBefore, after: os.loadavg() },
    };
    printHistory(report, options.durationSeconds);
    return report;
  } finally {
    for (const server of servers) await stop(server);
    await everyone.drop();
    await alone.drop();
  }
}

const ms = (row: Row, of: 'p50Ms' | 'p99Ms') =>
  finished(row) ? row[of]! : row.status === 'ok' ? 'none finished' : row.status;
const times = (value: number | null) => (value === null ? 'n/a' : `x${value.toFixed(2)}`);

function printHistory(report: HistoryReport, durationSeconds: number): void {
  const { all } = report.seeded;
  console.log(
    `\nHistory (PostgreSQL, ${durationSeconds} s per row, ${CONNECTIONS} connections, ${os.cpus().length} cores, ` +
      `load average ${report.loadAverage.before.map((n) => n.toFixed(2)).join(' ')} before, ` +
      `${report.loadAverage.after.map((n) => n.toFixed(2)).join(' ')} after)`,
  );
  console.log(
    `Seeded in ${report.seeded.seconds.toFixed(0)} s: ${all.landlords} landlords, ${all.units.toLocaleString('en-US')} units, ` +
      `${all.leases.toLocaleString('en-US')} leases, ${all.entries.toLocaleString('en-US')} ledger entries ` +
      `(${all.rentCharges.toLocaleString('en-US')} rent charges, ${all.payments.toLocaleString('en-US')} payments, ` +
      `${all.lateFees.toLocaleString('en-US')} late fees, ${all.reversals.toLocaleString('en-US')} reversals), ` +
      `${all.expenses.toLocaleString('en-US')} expenses, ${all.workOrders.toLocaleString('en-US')} work orders ` +
      `(${all.notes.toLocaleString('en-US')} notes, ${all.photos.toLocaleString('en-US')} photos), ` +
      `${all.notifications.toLocaleString('en-US')} notifications; the 100-unit landlord alone in ` +
      `${report.seeded.aloneSeconds.toFixed(0)} s.`,
  );
  console.log(
    'The 10,000-unit landlord: ' +
      Object.entries(report.seeded.big)
        .map(([what, n]) => `${n.toLocaleString('en-US')} ${what}`)
        .join(', '),
  );
  console.table(
    report.big.map((row) => ({
      'call (10,000 units)': row.name,
      'req/s': row.status === 'ok' ? row.requestsPerSec : row.status,
      'p50 ms': ms(row, 'p50Ms'),
      'p99 ms': ms(row, 'p99Ms'),
      [`p99 <= ${P99_TARGET_MS} ms`]: finished(row) && row.p99Ms! <= P99_TARGET_MS ? 'yes' : 'NO',
      KB: row.bytesPerResponse !== undefined ? (row.bytesPerResponse / 1024).toFixed(1) : '',
    })),
  );
  console.table(
    report.neighbour.map((row) => ({
      'call (100 units)': row.call,
      'beside p50/p99': `${ms(row.beside, 'p50Ms')} / ${ms(row.beside, 'p99Ms')}`,
      'alone p50/p99': `${ms(row.alone, 'p50Ms')} / ${ms(row.alone, 'p99Ms')}`,
      'p50 ratio': times(row.p50Ratio),
      'p99 ratio': times(row.p99Ratio),
      [`<= ${NEIGHBOUR_TARGET}x`]:
        row.p99Ratio === null ? 'n/a' : row.p99Ratio <= NEIGHBOUR_TARGET ? 'yes' : 'NO',
    })),
  );
}
