import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { posted, signUpAll } from '../../test/fixtures';
import { seedProperty } from '../money/money.test-helpers';

const HEADER = 'Unit #,Property,Beds,Baths,Sq ft,Rent,Status';
const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the units CSV download', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let oakId: number;
  let otherPropertyId: number;

  const property = (user: TestUser, name: string) =>
    posted(user, '/api/properties', {
      name,
      address: '1 Oak St',
      city: 'Albany',
      state: 'NY',
      zipCode: '12207',
    });
  const unit = (user: TestUser, propertyId: number, unitNumber: string, extra = {}) =>
    posted(user, '/api/units', {
      propertyId,
      unitNumber,
      bedrooms: 2,
      bathrooms: 1.5,
      squareFeet: 850.25,
      rent: 1234.5,
      status: 'Available',
      ...extra,
    });

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-24T15:00:00Z');
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
    oakId = (await property(landlord, 'Oak, "The" Terraces')).id;
    await unit(landlord, oakId, '101');
    await unit(landlord, oakId, '102', { rent: 999.99, status: 'Rented', bedrooms: 3 });
    const formula = (await property(landlord, '=HYPERLINK("http://x")')).id;
    await unit(landlord, formula, '@SUM(1)', { rent: 0.1 });
    otherPropertyId = (await property(other, 'Bravo Place')).id;
    await unit(other, otherPropertyId, 'B1');
  });
  afterAll(() => t?.close());

  it("writes the screen's columns with exact money, one property's units, as a dated attachment", async () => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/units.csv?propertyId=${oakId}&sort=rent&order=desc`,
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    // Personal data: never kept in a browser's or a proxy's cache.
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="units-2026-11-24.csv"',
    );
    expect(lines(response.body)).toEqual([
      HEADER,
      '101,"Oak, ""The"" Terraces",2,1.5,850.25,1234.50,Available',
      '102,"Oak, ""The"" Terraces",3,1.5,850.25,999.99,Rented',
    ]);
  });

  it('honours the status filter and the search, as the list does', async () => {
    const rented = await landlord.request({ method: 'GET', url: '/api/units.csv?status=Rented' });
    expect(lines(rented.body)).toEqual([
      HEADER,
      '102,"Oak, ""The"" Terraces",3,1.5,850.25,999.99,Rented',
    ]);
    const searched = await landlord.request({ method: 'GET', url: '/api/units.csv?q=hyperlink' });
    expect(lines(searched.body)).toHaveLength(2);
    expect(lines(searched.body)[1]).toContain('0.10');
  });

  it('writes text a spreadsheet would run as a formula as plain text', async () => {
    const response = await landlord.request({ method: 'GET', url: '/api/units.csv?q=hyperlink' });
    expect(lines(response.body)[1]).toBe(
      `'@SUM(1),"'=HYPERLINK(""http://x"")",2,1.5,850.25,0.10,Available`,
    );
  });

  it("holds only the caller's units; an Admin's holds every landlord's", async () => {
    const mine = await landlord.request({ method: 'GET', url: '/api/units.csv' });
    expect(lines(mine.body)).toHaveLength(1 + 3);
    expect(mine.body).not.toContain('Bravo');
    const theirs = await other.request({ method: 'GET', url: '/api/units.csv' });
    expect(lines(theirs.body)).toEqual([HEADER, 'B1,Bravo Place,2,1.5,850.25,1234.50,Available']);
    const all = await admin.request({ method: 'GET', url: '/api/units.csv?q=B1' });
    expect(lines(all.body)).toEqual([HEADER, 'B1,Bravo Place,2,1.5,850.25,1234.50,Available']);
  });

  it("answers 404 for another landlord's property, before any row is written", async () => {
    const response = await other.request({
      method: 'GET',
      url: `/api/units.csv?propertyId=${oakId}`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.body).not.toContain('Oak');
  });

  it('refuses visitors, tenants and maintenance staff, though the JSON list is public', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    const url = '/api/units.csv';
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
  });

  it('answers bad filters with a 400', async () => {
    for (const query of ['sort=nope', 'status=Gone', 'propertyId=abc', 'order=up']) {
      const response = await landlord.request({ method: 'GET', url: `/api/units.csv?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
  });

  it('is documented in the OpenAPI document as a text/csv download without paging', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = doc.paths['/api/units.csv'].get;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['text/csv']);
    const names = operation.parameters.map((p: { name: string }) => p.name);
    expect(names).toEqual(expect.arrayContaining(['q', 'status', 'propertyId', 'sort', 'order']));
    expect(names).not.toContain('limit');
    expect(names).not.toContain('offset');
  });

  it('streams a list longer than one page whole, each unit once', async () => {
    const big = await signUpAndLogin(t, 'Landlord');
    await seedProperty(t, big, { name: 'Tower', units: 1_250 });
    const response = await big.request({ method: 'GET', url: '/api/units.csv' });
    expect(response.statusCode).toBe(200);
    const rows = lines(response.body).slice(1);
    expect(rows).toHaveLength(1_250);
    expect(new Set(rows.map((row) => row.split(',')[0])).size).toBe(1_250);
    const list = await big.request({ method: 'GET', url: '/api/units?mine=true&limit=1' });
    expect(Number(list.headers['x-total-count'])).toBe(rows.length);
  });
});
