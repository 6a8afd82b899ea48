import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCents } from '../../shared/money';
import { MAX_PAGE_SIZE } from '../../shared/schemas/paging';
import { unitsTable } from '../modules/units';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../test/test-app';

/** Every list the app has, as the landlord's screens ask for it. */
const LISTS = [
  '/api/properties?mine=true',
  '/api/units?mine=true',
  '/api/staff',
  '/api/tenants',
  '/api/leases',
  '/api/applications',
  '/api/users',
] as const;

describe('one way to page every list', () => {
  let t: TestApp;
  let landlord: TestUser;
  let admin: TestUser;
  let neighbour: TestUser;
  let properties: Awaited<ReturnType<typeof createPropertyWithUnits>>[];

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, admin, neighbour] = await signUpAll(t, ['Landlord', 'Admin', 'Landlord']);
    properties = [
      await createPropertyWithUnits(landlord, ['Available', 'Available', 'Unavailable']),
      await createPropertyWithUnits(landlord, [
        'Available',
        'Maintenance',
        'Available',
        'Available',
      ]),
    ];
    await createPropertyWithUnits(neighbour, ['Available', 'Unavailable']);
    // Both properties number their units 101, 102, 103: the lists must say which property.
    for (const [index, property] of properties.entries()) {
      for (const unit of property.units.filter((u) => u.status === 'Available').slice(0, 2)) {
        const tenant = await landlord.request({
          method: 'POST',
          url: '/api/tenants',
          payload: tenantBody(unit.id, { lastName: `Lovelace${index}${unit.unitNumber}` }),
        });
        expect(tenant.statusCode, tenant.body).toBe(201);
        const lease = await landlord.request({
          method: 'POST',
          url: '/api/leases',
          payload: {
            tenantId: tenant.json().id,
            startDate: `2025-0${index + 1}-01`,
            endDate: '2026-12-31',
            rent: 1000 + Number(unit.unitNumber),
            deposit: 500,
            status: 'Active',
            confirmBackPosting: true,
          },
        });
        expect(lease.statusCode, lease.body).toBe(201);
      }
      const staff = await landlord.request({
        method: 'POST',
        url: '/api/staff',
        payload: {
          firstName: 'Rosa',
          lastName: `Diaz${index}`,
          email: `rosa${index}@example.com`,
          phone: '+12125550102',
          position: 'Manager',
          propertyId: property.propertyId,
        },
      });
      expect(staff.statusCode, staff.body).toBe(201);
    }
    const available = properties[1]!.units.filter((u) => u.status === 'Available').at(-1)!;
    for (const firstName of ['Ann', 'Bob']) {
      const application = await t.request({
        method: 'POST',
        url: '/api/applications',
        payload: {
          unitId: available.id,
          firstName,
          lastName: 'Applicant',
          email: `${firstName}@example.com`,
          phoneNumber: '+12125550103',
          moveInDate: `${new Date().getFullYear() + 1}-09-01`,
        },
      });
      expect(application.statusCode, application.body).toBe(201);
    }
  });
  afterAll(() => t.close());

  const get = (user: TestUser, url: string) => user.request({ method: 'GET', url });
  const withQuery = (url: string, query: string) =>
    `${url}${url.includes('?') ? '&' : '?'}${query}`;

  it.each(LISTS)(
    '%s answers its exact total in X-Total-Count and pages without overlap or gaps',
    async (url) => {
      const caller = url === '/api/users' ? admin : landlord;
      const whole = await get(caller, url);
      expect(whole.statusCode, whole.body).toBe(200);
      const all: { id: number }[] = whole.json();
      expect(all.length).toBeGreaterThan(1);
      expect(whole.headers['x-total-count']).toBe(String(all.length));

      const seen: number[] = [];
      for (let offset = 0; offset < all.length; offset += 2) {
        const page = await get(caller, withQuery(url, `limit=2&offset=${offset}`));
        expect(page.statusCode).toBe(200);
        expect(page.headers['x-total-count']).toBe(String(all.length));
        seen.push(...page.json().map((row: { id: number }) => row.id));
      }
      expect(seen).toEqual(all.map((row) => row.id));

      // Past the end: no rows, and still the total.
      const past = await get(caller, withQuery(url, `limit=2&offset=${all.length + 5}`));
      expect(past.json()).toEqual([]);
      expect(past.headers['x-total-count']).toBe(String(all.length));
    },
  );

  it.each(LISTS)('%s refuses an unknown sort column and a page too large', async (url) => {
    const caller = url === '/api/users' ? admin : landlord;
    for (const query of ['sort=password', 'order=sideways', `limit=${MAX_PAGE_SIZE + 1}`]) {
      const response = await get(caller, withQuery(url, query));
      expect(response.statusCode, `${url} ${query}`).toBe(400);
    }
  });

  it('sorts on the server by the asked column, either way', async () => {
    const up = (await get(landlord, '/api/leases?sort=rent&order=asc')).json();
    const down = (await get(landlord, '/api/leases?sort=rent&order=desc')).json();
    const rents = up.map((lease: { rent: number }) => lease.rent);
    expect(rents).toEqual([...rents].sort((a, b) => a - b));
    expect(down.map((lease: { rent: number }) => lease.rent)).toEqual([...rents].reverse());

    const byProperty = (await get(landlord, '/api/tenants?sort=property&order=desc')).json();
    const names = byProperty.map((tenant: { propertyName: string }) => tenant.propertyName);
    expect(names).toEqual([...names].sort().reverse());
  });

  it("filters units by exact status: 'Available' never matches 'Unavailable'", async () => {
    const response = await get(landlord, '/api/units?mine=true&status=Available');
    const statuses = response.json().map((unit: { status: string }) => unit.status);
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['Available']));
    expect(response.headers['x-total-count']).toBe(String(statuses.length));
    const bad = await get(landlord, '/api/units?mine=true&status=available');
    expect(bad.statusCode).toBe(400);
  });

  it('names the property on every tenant and lease row, and filters by it', async () => {
    const [first] = properties;
    const tenants = (await get(landlord, `/api/tenants?propertyId=${first!.propertyId}`)).json();
    expect(tenants).toHaveLength(2);
    for (const tenant of tenants) {
      expect(tenant).toMatchObject({
        propertyId: first!.propertyId,
        propertyName: expect.stringMatching(/^Maple Court/),
      });
    }
    const leases = (await get(landlord, `/api/leases?propertyId=${first!.propertyId}`)).json();
    expect(leases).toHaveLength(2);
    expect(leases[0]).toMatchObject({
      propertyId: first!.propertyId,
      propertyName: tenants[0].propertyName,
      unitId: expect.any(Number),
    });
  });

  it('filters leases by status and dates, and searches tenants by name, unit or property', async () => {
    const fromFeb = (await get(landlord, '/api/leases?startFrom=2025-02-01')).json();
    expect(fromFeb).toHaveLength(2);
    expect((await get(landlord, '/api/leases?status=Expired')).json()).toEqual([]);
    expect((await get(landlord, '/api/leases?endTo=2026-01-01')).json()).toEqual([]);
    const byName = (await get(landlord, '/api/tenants?q=lovelace1')).json();
    expect(byName).toHaveLength(2);
    const pending = (await get(landlord, '/api/applications?status=Pending&q=ann')).json();
    expect(pending).toHaveLength(1);
  });

  it("never lists another landlord's records, and counts only the caller's", async () => {
    const theirs = await get(neighbour, '/api/units?mine=true');
    expect(theirs.headers['x-total-count']).toBe('2');
    for (const url of ['/api/tenants', '/api/leases', '/api/staff', '/api/applications']) {
      const response = await get(neighbour, url);
      expect(response.json(), url).toEqual([]);
      expect(response.headers['x-total-count'], url).toBe('0');
    }
  });

  it('answers a first page, not everything, when no limit is asked', async () => {
    await t.database.db.insert(unitsTable).values(
      Array.from({ length: MAX_PAGE_SIZE + 5 }, (_, index) => ({
        unitNumber: `B${index}`,
        propertyId: properties[0]!.propertyId,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: toCents(900),
        status: 'Available',
      })),
    );
    const response = await get(landlord, '/api/units?mine=true');
    expect(response.json()).toHaveLength(MAX_PAGE_SIZE);
    expect(Number(response.headers['x-total-count'])).toBe(MAX_PAGE_SIZE + 5 + 7);
  });
});
