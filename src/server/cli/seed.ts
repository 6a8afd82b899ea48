// `npm run seed -- --demo`: a small demo portfolio, printing its logins.
// `npm run seed -- --landlords N --properties M --units K`: N landlords, each with M
// properties of K units (tenants, current and past leases, staff, pending applications).
// Writes to the configured database: DATABASE_URL, else the embedded one in DATA_DIR.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import cliProgress from 'cli-progress';
import { loadConfig } from '../config';
import { openMigratedDatabaseOrExit } from '../database';
import {
  insertUser,
  portfolioRowEstimate,
  seedDemo,
  refreshStatistics,
  seedPortfolio,
  type Login,
} from './seed/generate';

const USAGE = `Usage:
  npm run seed -- --demo
  npm run seed -- --landlords N --properties M --units K [--staff S] [--applications A]
    N landlords, M properties each, K units per property (defaults 1, 10, 10),
    S staff per property (default 1), A pending applications per landlord (default 10).`;

const { values } = parseArgs({
  options: {
    demo: { type: 'boolean', default: false },
    landlords: { type: 'string' },
    properties: { type: 'string' },
    units: { type: 'string' },
    staff: { type: 'string' },
    applications: { type: 'string' },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

function count(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > 1_000_000) {
    console.error(
      `--${name} must be a whole number between 0 and 1000000 (got '${raw}').\n\n${USAGE}`,
    );
    process.exit(2);
  }
  return value;
}

if (
  values.help ||
  (!values.demo && values.landlords === undefined && values.properties === undefined)
) {
  console.log(USAGE);
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const database = await openMigratedDatabaseOrExit(config);
const where =
  database.kind === 'postgres'
    ? 'PostgreSQL (DATABASE_URL)'
    : `the embedded database in ${config.dataDir}`;

function printLogins(logins: Login[]): void {
  console.log('\nLogins:');
  console.table(
    logins.map((l) => ({
      username: l.userName,
      password: l.password,
      role: l.member ?? l.roles.join(', '),
    })),
  );
}

try {
  if (values.demo) {
    const { logins, created } = await seedDemo(database.db, config.timeZone);
    console.log(
      created
        ? `Demo data written to ${where}.`
        : `Demo data is already in ${where}; nothing written.`,
    );
    printLogins(logins);
  } else {
    const landlords = count('landlords', values.landlords, 1);
    const options = {
      properties: count('properties', values.properties, 10),
      unitsPerProperty: count('units', values.units, 10),
      staffPerProperty: count('staff', values.staff, 1),
      pendingApplications: count('applications', values.applications, 10),
    };
    const run = randomBytes(3).toString('hex');
    const password = `seed-${randomBytes(6).toString('base64url')}`;
    const bar = new cliProgress.SingleBar(
      {
        format: 'Seeding [{bar}] {percentage}% | {value}/{total} rows | {duration}s',
        hideCursor: true,
      },
      cliProgress.Presets.shades_classic,
    );
    bar.start(landlords * (portfolioRowEstimate(options) + 1), 0);
    const logins: Login[] = [];
    const totals = { properties: 0, units: 0, tenants: 0, leases: 0, staff: 0, applications: 0 };
    const started = Date.now();
    for (let i = 1; i <= landlords; i++) {
      const login: Login = { userName: `landlord-${run}-${i}`, password, roles: ['Landlord'] };
      const userId = await insertUser(database.db, login, {
        email: `${login.userName}@example.com`,
        phone: null,
      });
      bar.increment();
      const counts = await seedPortfolio(database.db, userId, {
        ...options,
        onProgress: (n) => bar.increment(n),
      });
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key];
      logins.push(login);
    }
    await refreshStatistics(database.db);
    bar.update(bar.getTotal());
    bar.stop();
    console.log(`Wrote to ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s:`);
    console.table({ landlords, ...totals });
    printLogins(logins.length > 10 ? [...logins.slice(0, 10)] : logins);
    if (logins.length > 10)
      console.log(
        `(and ${logins.length - 10} more: landlord-${run}-11 ... landlord-${run}-${landlords}, same password)`,
      );
  }
} finally {
  await database.close();
}
