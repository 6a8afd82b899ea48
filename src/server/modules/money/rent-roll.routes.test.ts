import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentRollRow } from '../../../shared/schemas/money-reports';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import {
  getJson,
  seedEntries,
  seedLease,
  seedProperty,
  seedReversal,
  seedTenant,
} from './money.test-helpers';

describe('the rent roll', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let leaseA: number;
  let leaseB: number;
  let propertyId: number;
  let otherPropertyId: number;
  let owingUnitId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
    // Units 1A (leased, owes), 2A (leased, paid up), 3A (vacant) at a property whose name
    // needs CSV quoting; one unit at a second property; another landlord's leased unit.
    const { property, units } = await seedProperty(t, landlord, {
      name: 'Oak, "The" Terraces',
      units: 3,
    });
    propertyId = property.id;
    const ada = await seedTenant(t, units[0]!, { firstName: 'Ada', lastName: 'Byron' });
    owingUnitId = units[0]!.id;
    const alan = await seedTenant(t, units[1]!, { firstName: 'Alan', lastName: 'Turing' });
    leaseA = (await seedLease(t, ada, { rent: 1234.5 })).id;
    leaseB = (await seedLease(t, alan, { rent: 999.99 })).id;
    const [, firstPayment, , bounced] = await seedEntries(t, leaseA, [
      { kind: 'charge', amount: 1234.5, entryDate: '2026-01-01' },
      { kind: 'payment', amount: 1000.1, entryDate: '2026-01-05' },
      { kind: 'charge', amount: 1234.5, entryDate: '2026-02-01' },
      { kind: 'payment', amount: 200, entryDate: '2026-02-20' },
    ]);
    expect(firstPayment).toBeDefined();
    // The later payment bounced: the last payment shown is the one that stands.
    await seedReversal(t, leaseA, bounced!, '2026-03-01');
    await seedEntries(t, leaseB, [
      { kind: 'charge', amount: 999.99, entryDate: '2026-03-01' },
      { kind: 'payment', amount: 999.99, entryDate: '2026-03-02' },
    ]);
    await seedProperty(t, landlord, { name: 'Birch House', units: 1 });
    const elsewhere = await seedProperty(t, other, { name: 'Other Oak', units: 1 });
    otherPropertyId = elsewhere.property.id;
    const stranger = await seedTenant(t, elsewhere.units[0]!, { firstName: 'Ada' });
    const strangerLease = await seedLease(t, stranger, { rent: 700 });
    await seedEntries(t, strangerLease.id, [
      { kind: 'charge', amount: 700, entryDate: '2026-03-01' },
    ]);
  });
  afterAll(() => t.close());

  const roll = (user: TestUser, query = '') =>
    getJson<RentRollRow[]>(user, `/api/rent-roll${query}`);

  it('lists every unit of the landlord with tenant, lease, exact balance and last payment', async () => {
    const { body, headers } = await roll(landlord);
    expect(headers['x-total-count']).toBe('4');
    expect(body.map((row) => `${row.propertyName}/${row.unitNumber}`)).toEqual([
      'Birch House/1A',
      'Oak, "The" Terraces/1A',
      'Oak, "The" Terraces/2A',
      'Oak, "The" Terraces/3A',
    ]);
    const owing = body[1]!;
    expect(owing).toMatchObject({
      propertyId,
      tenantName: 'Ada Byron',
      leaseId: leaseA,
      leaseStatus: 'Active',
      rent: 1234.5,
      leaseStart: '2026-01-01',
      leaseEnd: '2026-12-31',
      // 2469.00 charged - 1000.10 paid (the 200 payment was reversed).
      balance: 1468.9,
      lastPaymentDate: '2026-01-05',
      lastPaymentAmount: 1000.1,
    });
    expect(body[2]).toMatchObject({
      tenantName: 'Alan Turing',
      balance: 0,
      lastPaymentAmount: 999.99,
    });
    expect(body[3]).toMatchObject({
      unitStatus: 'Available',
      tenantId: null,
      leaseId: null,
      balance: null,
      lastPaymentDate: null,
    });
  });

  it("shows the same balance as the lease's ledger", async () => {
    const { body: rows } = await roll(landlord);
    const { body: ledger } = await getJson<{ balance: number }>(
      landlord,
      `/api/leases/${leaseA}/ledger`,
    );
    expect(rows.find((row) => row.leaseId === leaseA)!.balance).toBe(ledger.balance);
  });

  it('pages with an exact total and a next link', async () => {
    const first = await landlord.request({ method: 'GET', url: '/api/rent-roll?limit=3' });
    expect(first.headers['x-total-count']).toBe('4');
    expect(first.json()).toHaveLength(3);
    expect(first.headers.link).toContain('offset=3');
    const { body: last, headers } = await roll(landlord, '?limit=3&offset=3');
    expect(last.map((row) => row.unitNumber)).toEqual(['3A']);
    expect(headers.link).toBeUndefined();
    const { body: past, headers: pastHeaders } = await roll(landlord, '?limit=3&offset=9');
    expect(past).toEqual([]);
    expect(pastHeaders['x-total-count']).toBe('4');
  });

  it('searches property name, unit number and tenant name, in any case', async () => {
    const byTenant = await roll(landlord, '?q=TURING');
    expect(byTenant.body.map((row) => row.tenantName)).toEqual(['Alan Turing']);
    expect(byTenant.headers['x-total-count']).toBe('1');
    const byProperty = await roll(landlord, '?q=birch');
    expect(byProperty.body.map((row) => row.propertyName)).toEqual(['Birch House']);
    const byUnit = await roll(landlord, '?q=3a');
    expect(byUnit.body.map((row) => row.unitNumber)).toEqual(['3A']);
    // Another landlord's tenant is also named Ada: not found here.
    const ada = await roll(landlord, '?q=ada');
    expect(ada.body.map((row) => row.leaseId)).toEqual([leaseA]);
    // A former tenant of a unit is not who lives there now.
    await seedTenant(
      t,
      { id: owingUnitId, unitNumber: '1A' },
      { firstName: 'Zed', lastName: 'Former' },
    );
    expect((await roll(landlord, '?q=zed')).body).toEqual([]);
    // LIKE wildcards are searched as text.
    expect((await roll(landlord, '?q=%25')).body).toEqual([]);
  });

  it('sorts by balance, largest first, vacant units last', async () => {
    const { body } = await roll(landlord, '?sort=balance&order=desc');
    expect(body.map((row) => row.balance)).toEqual([1468.9, 0, null, null]);
    const { body: page } = await roll(landlord, '?sort=balance&order=desc&limit=1&offset=1');
    expect(page.map((row) => row.leaseId)).toEqual([leaseB]);
    const { body: byTenant } = await roll(landlord, '?sort=tenant&q=oak');
    expect(byTenant.map((row) => row.tenantName)).toEqual(['Ada Byron', 'Alan Turing', null]);
  });

  it('filters by property, and refuses another landlord’s property as missing', async () => {
    const { body } = await roll(landlord, `?propertyId=${propertyId}`);
    expect(body).toHaveLength(3);
    const refused = await landlord.request({
      method: 'GET',
      url: `/api/rent-roll?propertyId=${otherPropertyId}`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it("shows another landlord none of it, and an Admin everyone's", async () => {
    const { body } = await roll(other);
    expect(body.map((row) => row.propertyName)).toEqual(['Other Oak']);
    const { headers } = await roll(admin, '?limit=1');
    expect(Number(headers['x-total-count'])).toBeGreaterThanOrEqual(5);
  });

  it('downloads every matching row as CSV with exact money and proper quoting', async () => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/rent-roll.csv?propertyId=${propertyId}&sort=balance&order=desc`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="rent-roll-2026-03-15.csv"',
    );
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toEqual([
      'Property,Unit,Unit status,Tenant,Lease id,Rent,Recurring charges,Lease start,Lease end,Balance,Last payment date,Last payment amount',
      `"Oak, ""The"" Terraces",1A,Available,Ada Byron,${leaseA},1234.50,0.00,2026-01-01,2026-12-31,1468.90,2026-01-05,1000.10`,
      `"Oak, ""The"" Terraces",2A,Available,Alan Turing,${leaseB},999.99,0.00,2026-01-01,2026-12-31,0.00,2026-03-02,999.99`,
      '"Oak, ""The"" Terraces",3A,Available,,,,,,,,,',
    ]);
  });

  it('writes every row of a large roll, not one page', async () => {
    const big = await signUpAndLogin(t, 'Landlord');
    await seedProperty(t, big, { name: '=HYPERLINK("x")', units: 1_203 });
    const response = await big.request({ method: 'GET', url: '/api/rent-roll.csv' });
    expect(response.statusCode).toBe(200);
    const lines = response.body.trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 1_203);
    // A cell a spreadsheet would run as a formula is written as text.
    for (const line of lines.slice(1)) expect(line).toMatch(/^"'=HYPERLINK\(""x""\)",\d+A,/);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[1])).size).toBe(1_203);
  });

  it('refuses tenants, maintenance staff and visitors', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    for (const url of ['/api/rent-roll', '/api/rent-roll.csv']) {
      expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
      expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    }
  });

  it('answers bad input with a 400', async () => {
    for (const query of ['?limit=0', '?sort=nope', '?propertyId=abc', '?offset=-1']) {
      const response = await landlord.request({ method: 'GET', url: `/api/rent-roll${query}` });
      expect(response.statusCode, query).toBe(400);
    }
    const csv = await landlord.request({ method: 'GET', url: '/api/rent-roll.csv?sort=nope' });
    expect(csv.statusCode).toBe(400);
  });
});
