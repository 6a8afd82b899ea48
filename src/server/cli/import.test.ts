import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../database';
import { leasesTable } from '../modules/leases';
import { unitsTable } from '../modules/units';
import { usersTable } from '../modules/users';

const UNITS = [
  'Property,Address,City,State,Zip',
  'Maple Court,12 Maple St,Springfield,IL,62701',
].join('\n');
const TENANTS = [
  'Property,Unit #,Beds,Baths,Sq ft,Monthly rent',
  'Maple Court,1A,2,1,850,"1,200"',
  'Maple Court,1B,1,1,600,950',
].join('\n');

describe('npm run import -- FILE', () => {
  const run = promisify(execFile);
  let dir: string;
  const dataDir = () => path.join(dir, 'db');
  const file = (name: string, text: string) => {
    writeFileSync(path.join(dir, name), text);
    return path.join(dir, name);
  };
  const importFile = (args: string[]) =>
    run(process.execPath, ['--import', 'tsx', 'src/server/cli/import.ts', ...args], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir() },
    });
  const read = async <T>(
    query: (db: Awaited<ReturnType<typeof openMigratedDatabase>>['db']) => Promise<T>,
  ) => {
    const database = await openMigratedDatabase({ databaseUrl: undefined, dataDir: dataDir() });
    try {
      return await query(database.db);
    } finally {
      await database.close();
    }
  };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'porchlight-import-'));
    await read((db) =>
      db.insert(usersTable).values({ userName: 'olga', passwordHash: 'x', roles: ['Landlord'] }),
    );
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('imports as the only landlord, and a second run adds nothing', async () => {
    const properties = file('properties.csv', UNITS);
    const units = file('units.csv', TENANTS);
    const first = await importFile([properties]);
    expect(first.stdout).toContain('Created: 1 properties, 0 units');
    const second = await importFile([units, '--as', 'olga']);
    expect(second.stdout).toContain('Unit # -> unitNumber');
    expect(second.stdout).toContain('Created: 0 properties, 2 units');
    const again = await importFile([units]);
    expect(again.stdout).toContain('Created: 0 properties, 0 units');
    expect(again.stdout).toContain('Already here (left as they are): 0 properties, 2 units');
    expect(await read((db) => db.select().from(unitsTable))).toHaveLength(2);
  }, 120_000);

  it('prints every row error, writes nothing and exits 1; explains its usage', async () => {
    const bad = file(
      'tenants.csv',
      [
        'Property,Unit,First name,Last name,Email,Phone,Lease start,Lease end,Rent',
        'Maple Court,1A,Ana,Lopez,ana@example.com,217-555-0101,2026-01-01,2026-12-31,1200',
        'Maple Court,9Z,Ben,Okafor,ben@example.com,217-555-0102,2026-01-01,2025-12-31,1200',
      ].join('\n'),
    );
    await expect(importFile([bad])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(
        /tenants line 3, Unit: Maple Court has no unit 9Z[\s\S]*Nothing was imported/,
      ),
    });
    expect(await read((db) => db.select().from(leasesTable))).toHaveLength(0);
    await expect(importFile([bad, '--as', 'nobody'])).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringMatching(/There is no account named nobody/),
    });
    await expect(importFile([])).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringMatching(/Usage: npm run import -- FILE/),
    });
  }, 120_000);
});
