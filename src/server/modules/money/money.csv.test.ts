import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { seedEntries, seedLease, seedProperty, seedTenant } from './money.test-helpers';

describe('CSV downloads of arrears and of a lease ledger', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let propertyId: number;
  let owing: number;
  let formula: number;
  let paidUp: number;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
    const { property, units } = await seedProperty(t, landlord, {
      name: 'Birch, "The" Yard',
      units: 3,
    });
    propertyId = property.id;
    owing = (
      await seedLease(t, await seedTenant(t, units[0]!, { firstName: 'Ann', lastName: 'Owe' }))
    ).id;
    formula = (
      await seedLease(t, await seedTenant(t, units[1]!, { firstName: '=cmd', lastName: '|x' }))
    ).id;
    paidUp = (
      await seedLease(t, await seedTenant(t, units[2]!, { firstName: 'Cy', lastName: 'Paid' }))
    ).id;
    // Recorded out of date order: the ledger's file lists them by date.
    ids = await seedEntries(t, owing, [
      { kind: 'charge', amount: 1000, entryDate: '2026-01-01' },
      { kind: 'charge', amount: 1234.5, entryDate: '2026-03-01' },
      { kind: 'payment', amount: 600.25, entryDate: '2026-01-20' },
    ]);
    await seedEntries(t, formula, [{ kind: 'charge', amount: 10, entryDate: '2026-03-10' }]);
    await seedEntries(t, paidUp, [
      { kind: 'charge', amount: 50, entryDate: '2026-03-01' },
      { kind: 'payment', amount: 50, entryDate: '2026-03-02' },
    ]);
  });
  afterAll(() => t.close());

  const get = (user: TestUser | null, url: string) => (user ?? t).request({ method: 'GET', url });
  const linesOf = (body: string) => body.trimEnd().split('\r\n');

  it('downloads every lease in arrears with its aging, exact money and formula-safe text', async () => {
    const response = await get(landlord, `/api/arrears.csv?propertyId=${propertyId}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="arrears-2026-03-15.csv"',
    );
    expect(linesOf(response.body)).toEqual([
      'Tenant,Property,Unit,Lease id,Lease status,Current,1–30 days,31–60 days,61–90 days,Over 90 days,Owed,Oldest open',
      `Ann Owe,"Birch, ""The"" Yard",1A,${owing},Active,0.00,1234.50,0.00,399.75,0.00,1634.25,2026-01-01`,
      `'=cmd |x,"Birch, ""The"" Yard",2A,${formula},Active,0.00,10.00,0.00,0.00,0.00,10.00,2026-03-10`,
    ]);
    // The list's filters and sort: one tenant searched, smallest balance first.
    const searched = await get(landlord, '/api/arrears.csv?q=owe&sort=balance&order=asc');
    expect(
      linesOf(searched.body)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(['Ann Owe']);
    const sorted = await get(landlord, '/api/arrears.csv?sort=balance&order=asc');
    expect(
      linesOf(sorted.body)
        .slice(1)
        .map((line) => line.split(',')[0]),
    ).toEqual(["'=cmd |x", 'Ann Owe']);
    // As of an earlier day, later charges are left out.
    const earlier = await get(landlord, '/api/arrears.csv?asOf=2026-01-10');
    expect(earlier.headers['content-disposition']).toContain('arrears-2026-01-10.csv');
    expect(linesOf(earlier.body).slice(1)).toEqual([
      `Ann Owe,"Birch, ""The"" Yard",1A,${owing},Active,0.00,1000.00,0.00,0.00,0.00,1000.00,2026-01-01`,
    ]);
  });

  it("downloads a lease's ledger by date with the running balance", async () => {
    const water = await landlord.request({
      method: 'POST',
      url: `/api/leases/${owing}/ledger/charges`,
      payload: {
        category: 'utilities',
        amount: 42.1,
        entryDate: '2026-02-01',
        description: '=HYPERLINK("x")',
      },
    });
    expect(water.statusCode, water.body).toBe(201);
    const waterId = (water.json() as { entries: { id: number }[] }).entries.find(
      (entry) => !ids.includes(entry.id),
    )!.id;

    const response = await get(landlord, `/api/leases/${owing}/ledger.csv`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ledger-lease-${owing}-2026-03-15.csv"`,
    );
    const lines = linesOf(response.body);
    expect(lines[0]).toBe(
      'Date,Entry,Description,Reference,Charge,Payment or credit,Balance,Reversed,Entry id,Recorded',
    );
    // The Recorded column is the day the database recorded the row (its clock, not the test's).
    expect(lines.slice(1).map((line) => line.replace(/,\d{4}-\d{2}-\d{2}$/, ''))).toEqual([
      `2026-01-01,Fee,,,1000.00,,1000.00,,${ids[0]}`,
      `2026-01-20,Payment (Cash),,,,600.25,399.75,,${ids[2]}`,
      `2026-02-01,Utilities,"'=HYPERLINK(""x"")",,42.10,,441.85,,${waterId}`,
      `2026-03-01,Fee,,,1234.50,,1676.35,,${ids[1]}`,
    ]);
    // An Admin may download any lease's.
    expect((await get(admin, `/api/leases/${owing}/ledger.csv`)).statusCode).toBe(200);
  });

  it("answers another landlord's lease or property as missing, and refuses those who may not read money", async () => {
    const ledger = await get(other, `/api/leases/${owing}/ledger.csv`);
    expect(ledger.statusCode).toBe(404);
    expect(ledger.body).not.toContain('1000.00');
    expect((await get(landlord, '/api/leases/999999/ledger.csv')).statusCode).toBe(404);
    const arrears = await get(other, `/api/arrears.csv?propertyId=${propertyId}`);
    expect(arrears.statusCode).toBe(404);
    expect(arrears.body).not.toContain('Ann Owe');
    const own = await get(other, '/api/arrears.csv');
    expect(linesOf(own.body)).toHaveLength(1);
    for (const url of ['/api/arrears.csv', `/api/leases/${owing}/ledger.csv`]) {
      expect((await get(tenantUser, url)).statusCode).toBe(403);
      expect((await get(null, url)).statusCode).toBe(401);
    }
    for (const url of ['/api/arrears.csv?sort=nope', '/api/arrears.csv?asOf=2026-02-30']) {
      expect((await get(landlord, url)).statusCode, url).toBe(400);
    }
    expect((await get(landlord, '/api/leases/abc/ledger.csv')).statusCode).toBe(400);
  });
});
