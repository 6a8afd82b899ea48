import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDate } from '../../../shared/dates';
import type { SearchResponse } from '../../../shared/schemas/search';
import { createdId, createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

describe('the managers’ search', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let propertyId: number;
  let unitId: number;
  let tenantId: number;
  let leaseId: number;
  let workOrderId: number;

  beforeAll(async () => {
    t = await createTestApp({ searchesPerMinute: 0 });
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
    const mine = await createPropertyWithUnits(landlord, ['Available']);
    propertyId = mine.propertyId;
    unitId = mine.units[0]!.id;
    tenantId = await createdId(
      landlord,
      '/api/tenants',
      tenantBody(unitId, { firstName: 'Quentin', lastName: 'Blakemore', email: 'qb@example.com' }),
    );
    const today = calendarDate(t.clock.now, t.config.timeZone);
    leaseId = await createdId(landlord, '/api/leases', {
      tenantId,
      startDate: today,
      endDate: addDays(today, 364),
      rent: 1200,
      deposit: 1200,
      status: 'Active',
    });
    workOrderId = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Blakemore boiler rattles',
      category: 'Plumbing',
      priority: 'Urgent',
    });
    // Another landlord's tenant with the same surname must never show up for the first.
    const theirs = await createPropertyWithUnits(other, ['Available']);
    await createdId(
      other,
      '/api/tenants',
      tenantBody(theirs.units[0]!.id, { firstName: 'Olive', lastName: 'Blakemore' }),
    );
  });
  afterAll(() => t.close());

  const search = (who: TestUser | null, q: string) =>
    (who ?? t).request({ method: 'GET', url: '/api/search', query: { q } });

  const ids = (body: SearchResponse, kind: string) =>
    body.groups.find((group) => group.kind === kind)?.results.map((result) => result.id) ?? [];

  it('finds tenants, leases and work orders by any visible field, case-insensitively, with links', async () => {
    const response = await search(landlord, 'blakeMORE');
    expect(response.statusCode, response.body).toBe(200);
    const body: SearchResponse = response.json();
    expect(body.groups.map((group) => group.kind)).toEqual(['tenant', 'lease', 'workOrder']);
    expect(body.groups[0]).toMatchObject({
      label: 'Tenants',
      results: [
        {
          kind: 'tenant',
          id: tenantId,
          label: 'Quentin Blakemore',
          link: `/tenants/${tenantId}`,
        },
      ],
    });
    expect(body.groups[0]!.results[0]!.description).toContain('qb@example.com');
    expect(ids(body, 'lease')).toEqual([leaseId]);
    expect(body.groups[1]!.results[0]!.link).toBe(`/lease/${leaseId}`);
    expect(ids(body, 'workOrder')).toEqual([workOrderId]);
    expect(body.groups[2]!.results[0]!.link).toBe(`/work-orders/${workOrderId}`);

    const byEmail: SearchResponse = (await search(landlord, 'QB@EXAMPLE')).json();
    expect(ids(byEmail, 'tenant')).toEqual([tenantId]);
  });

  it('finds properties by address and units by number, linking to their pages', async () => {
    const byZip: SearchResponse = (await search(landlord, '62701')).json();
    expect(ids(byZip, 'property')).toEqual([propertyId]);
    expect(byZip.groups[0]!.results[0]!.link).toBe(`/properties/${propertyId}`);

    const byUnit: SearchResponse = (await search(landlord, '101')).json();
    expect(ids(byUnit, 'unit')).toEqual([unitId]);
    const unit = byUnit.groups.find((group) => group.kind === 'unit')!.results[0]!;
    expect(unit).toMatchObject({ label: 'Unit 101', link: `/units/${unitId}` });
  });

  it("never shows another landlord's records, and shows an Admin everyone's", async () => {
    const theirs: SearchResponse = (await search(other, 'blakemore')).json();
    expect(theirs.groups.map((group) => group.kind)).toEqual(['tenant']);
    expect(theirs.groups[0]!.results.map((result) => result.label)).toEqual(['Olive Blakemore']);
    expect(JSON.stringify(theirs)).not.toContain('Quentin');

    const all: SearchResponse = (await search(admin, 'blakemore')).json();
    expect(all.groups[0]!.results.map((result) => result.label).sort()).toEqual([
      'Olive Blakemore',
      'Quentin Blakemore',
    ]);
  });

  it('takes % and _ literally', async () => {
    const body: SearchResponse = (await search(landlord, '%')).json();
    expect(body.groups).toEqual([]);
  });

  it('answers no groups for an empty search, and 400 for a search too long or with a NUL', async () => {
    expect((await search(landlord, '   ')).json()).toEqual({ groups: [] });
    const long = await search(landlord, 'x'.repeat(101));
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBeTruthy();
    expect((await search(landlord, 'a\u0000b')).statusCode).toBe(400);
  });

  it('refuses visitors (401), Tenants and Maintenance users (403)', async () => {
    expect((await search(null, 'blakemore')).statusCode).toBe(401);
    for (const role of ['Tenant', 'Maintenance'] as const) {
      const user = await signUpAndLogin(t, role);
      const response = await search(user, 'blakemore');
      expect(response.statusCode).toBe(403);
      expect(response.body).not.toContain('Blakemore');
    }
  });

  it('caps the results at twenty, sharing them between kinds', async () => {
    const { units } = await createPropertyWithUnits(
      admin,
      Array.from({ length: 3 }, () => 'Available'),
    );
    for (let i = 0; i < 25; i += 1) {
      await createdId(admin, '/api/work-orders', {
        unitId: units[i % 3]!.id,
        title: `Zanzibar leak ${i}`,
        category: 'Plumbing',
        priority: 'Routine',
      });
    }
    await createdId(admin, '/api/tenants', tenantBody(units[0]!.id, { lastName: 'Zanzibar' }));
    const body: SearchResponse = (await search(admin, 'zanzibar')).json();
    const count = body.groups.reduce((sum, group) => sum + group.results.length, 0);
    expect(count).toBe(20);
    expect(ids(body, 'tenant')).toHaveLength(1);
    expect(ids(body, 'workOrder')).toHaveLength(19);
  });

  it('limits one address to its searches per minute (the palette gets five times the public allowance)', async () => {
    const limited = await createTestApp({ searchesPerMinute: 1 });
    try {
      const user = await signUpAndLogin(limited, 'Landlord');
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const response = await user.request({
          method: 'GET',
          url: '/api/search',
          query: { q: 'x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    } finally {
      await limited.close();
    }
  });
});
