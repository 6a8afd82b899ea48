import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PropertyExport } from '../../../shared/schemas/property-export';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { posted, signUpAll } from '../../test/fixtures';
import { seedEntries } from '../money/money.test-helpers';

const HEADER = 'Name,Address,City,State,Zip code';
const lines = (body: string) => body.trimEnd().split('\r\n');

let t: TestApp;
let landlord: TestUser;
let other: TestUser;
let admin: TestUser;
let propertyId: number;
let leaseId: number;

const property = (user: TestUser, name: string, city = 'Albany') =>
  posted(user, '/api/properties', {
    name,
    address: '1 Oak St',
    city,
    state: 'NY',
    zipCode: '12207',
  });

beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = new Date('2026-11-24T15:00:00Z');
  [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
  propertyId = (await property(landlord, 'Oak Terraces')).id;
  await property(landlord, '-Birch, House', 'Troy');
  await property(other, 'Bravo Place');

  const unit = await posted(landlord, '/api/units', {
    propertyId,
    unitNumber: '1A',
    bedrooms: 2,
    bathrooms: 1,
    squareFeet: 800,
    rent: 1234.5,
    status: 'Available',
  });
  await posted(landlord, '/api/staff', {
    propertyId,
    firstName: 'Sam',
    lastName: 'Super',
    email: 'sam@example.com',
    phone: '+12125550111',
    position: 'Superintendent',
  });
  const tenant = await posted(landlord, '/api/tenants', {
    unitId: unit.id,
    firstName: 'Ada',
    lastName: 'Byron',
    phoneNumber: '+12125550101',
    email: 'ada@example.com',
  });
  leaseId = (
    await posted(landlord, '/api/leases', {
      tenantId: tenant.id,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 1234.5,
      deposit: 2000,
      status: 'Active',
    })
  ).id;
  await seedEntries(t, leaseId, [
    { kind: 'charge', amount: 1234.5, entryDate: '2026-11-01' },
    { kind: 'payment', amount: 1000.1, entryDate: '2026-11-05' },
  ]);
  await posted(landlord, `/api/leases/${leaseId}/deposit/receipts`, {
    amount: 500.25,
    date: '2026-11-02',
  });
  const order = await posted(landlord, '/api/work-orders', {
    unitId: unit.id,
    title: 'Leaking tap',
    category: 'Plumbing',
    priority: 'Routine',
  });
  await posted(
    landlord,
    `/api/work-orders/${order.id}/notes`,
    { body: 'Washer replaced', cost: 80.5, labourHours: 1.5 },
    200,
  );
});
afterAll(() => t?.close());

describe('the properties CSV download', () => {
  it("writes the screen's columns for the caller's properties, searched and sorted", async () => {
    const response = await landlord.request({
      method: 'GET',
      url: '/api/properties.csv?sort=city&order=desc',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="properties-2026-11-24.csv"',
    );
    expect(lines(response.body)).toEqual([
      HEADER,
      `"'-Birch, House",1 Oak St,Troy,NY,12207`,
      'Oak Terraces,1 Oak St,Albany,NY,12207',
    ]);
    const searched = await landlord.request({
      method: 'GET',
      url: '/api/properties.csv?q=oak%20t',
    });
    expect(lines(searched.body)).toEqual([HEADER, 'Oak Terraces,1 Oak St,Albany,NY,12207']);
  });

  it("never holds another landlord's properties; an Admin's holds them all", async () => {
    const mine = await landlord.request({ method: 'GET', url: '/api/properties.csv' });
    expect(mine.body).not.toContain('Bravo');
    const theirs = await other.request({ method: 'GET', url: '/api/properties.csv' });
    expect(lines(theirs.body)).toEqual([HEADER, 'Bravo Place,1 Oak St,Albany,NY,12207']);
    const all = await admin.request({ method: 'GET', url: '/api/properties.csv' });
    expect(lines(all.body)).toHaveLength(1 + 3);
  });

  it('is no anonymous bulk export of the public listings', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const url = '/api/properties.csv';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
  });
});

describe("a property's full export", () => {
  it('downloads the property, its units, staff, tenants, leases with money, and work orders', async () => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/properties/${propertyId}/export`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="property-${propertyId}-2026-11-24.json"`,
    );
    const data = response.json() as PropertyExport;
    expect(data.property).toMatchObject({ id: propertyId, name: 'Oak Terraces' });
    expect(data.units.map((u) => [u.unitNumber, u.rent, u.status])).toEqual([
      ['1A', 1234.5, 'Rented'],
    ]);
    expect(data.staff.map((s) => s.lastName)).toEqual(['Super']);
    expect(data.tenants.map((x) => `${x.firstName} ${x.lastName}`)).toEqual(['Ada Byron']);
    expect(data.leases).toHaveLength(1);
    const [lease] = data.leases;
    expect(lease).toMatchObject({ id: leaseId, rent: 1234.5, deposit: 2000 });
    expect(lease!.ledger.balance).toBe(234.4);
    expect(lease!.ledger.entries.map((e) => [e.kind, e.amount, e.runningBalance])).toEqual([
      ['charge', 1234.5, 1234.5],
      ['payment', 1000.1, 234.4],
    ]);
    expect(lease!.depositAccount).toMatchObject({ agreed: 2000, received: 500.25, held: 500.25 });
    expect(data.workOrders).toHaveLength(1);
    expect(data.workOrders[0]).toMatchObject({ title: 'Leaking tap', cost: 80.5 });
    expect(data.workOrders[0]!.notes.map((n) => n.body)).toEqual(['Washer replaced']);
    expect(data.workOrders[0]).not.toHaveProperty('photos');
  });

  it('is an Admin’s to download too', async () => {
    const response = await admin.request({
      method: 'GET',
      url: `/api/properties/${propertyId}/export`,
    });
    expect(response.statusCode).toBe(200);
    expect((response.json() as PropertyExport).leases).toHaveLength(1);
  });

  it('answers another landlord 404, as if the property did not exist, and refuses the rest', async () => {
    const url = `/api/properties/${propertyId}/export`;
    const stranger = await other.request({ method: 'GET', url });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.body).not.toContain('Oak');
    expect(stranger.headers['content-disposition']).toBeUndefined();
    const missing = await landlord.request({ method: 'GET', url: '/api/properties/999999/export' });
    expect(missing.statusCode).toBe(404);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
  });
});
