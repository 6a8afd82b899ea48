import { sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DASHBOARD_SECTIONS,
  DEFAULT_DASHBOARD_SECTIONS,
  dashboardResponseSchema,
  type DashboardResponse,
} from '../../../shared/schemas/dashboard';
import type { Database } from '../../db/client';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { organisationOf } from '../../test/fixtures';
import { applicationsTable } from '../applications';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/** 15:00 UTC on 2026-11-21 is 10:00 in New York: 'today' is 2026-11-21. */
const NOW = new Date('2026-11-21T15:00:00Z');

/** Test data written straight into the database, so these tests do not depend on other calls. */
function seeder(db: Database) {
  let counter = 0;
  return {
    async property(userId: number, name: string) {
      const [row] = await db
        .insert(propertiesTable)
        .values({
          userId,
          organisationId: organisationOf(userId),
          name,
          address: `${++counter} Main St`,
          city: 'Springfield',
          state: 'IL',
          zipCode: '62701',
        })
        .returning();
      return row!;
    },
    async unit(propertyId: number, unitNumber: string, status: string, rent = 1000) {
      const [row] = await db
        .insert(unitsTable)
        .values({
          propertyId,
          unitNumber,
          status,
          rent: toCents(rent),
          bedrooms: 2,
          bathrooms: 1.5,
          squareFeet: 850,
        })
        .returning();
      return row!;
    },
    async tenant(unitId: number, firstName: string) {
      const [row] = await db
        .insert(tenantsTable)
        .values({
          unitId,
          unitNumber: 'x',
          firstName,
          lastName: 'Tenant',
          phoneNumber: '+12125550199',
          email: `${firstName.toLowerCase()}@example.com`,
        })
        .returning();
      return row!;
    },
    async lease(
      tenantId: number,
      status: string,
      startDate: string,
      endDate: string,
      rent: number,
      deposit = 500,
      endedOn: string | null = null,
    ) {
      const [row] = await db
        .insert(leasesTable)
        .values({
          tenantId,
          unitId: sql`(SELECT unit_id FROM tenants WHERE id = ${tenantId})`,
          unitNumber: 'x',
          firstName: 'A',
          lastName: 'B',
          startDate,
          endDate,
          endedOn,
          rent: toCents(rent),
          deposit: toCents(deposit),
          status,
        })
        .returning();
      return row!;
    },
    async application(unitId: number, status: string) {
      await db.insert(applicationsTable).values({
        unitId,
        unitNumber: 'x',
        firstName: 'Ann',
        lastName: 'Applicant',
        email: 'ann@example.com',
        phoneNumber: '+12125550123',
        status,
      });
    },
    async staff(propertyId: number, firstName: string, position: string) {
      await db.insert(staffTable).values({
        propertyId,
        firstName,
        lastName: 'Staff',
        email: `${firstName.toLowerCase()}@example.com`,
        phone: '+12125550111',
        position,
      });
    },
  };
}

describe('GET /api/landlord/dashboard', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  type Key =
    | 'alpha'
    | 'beta'
    | 'gamma'
    | 'elsewhere'
    | 'current1'
    | 'current2'
    | 'endsToday'
    | 'endedYesterday';
  const ids = {} as Record<Key, number>;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = NOW;
    const db = t.database.db;
    // Data from before the status rule (or written by other tools) may carry any case:
    // drop the check in this test's own database so that 'rented' can be stored.
    await db.execute(sql`alter table units drop constraint units_status_known`);
    const seed = seeder(db);

    landlord = await signUpAndLogin(t, 'Landlord');
    other = await signUpAndLogin(t, 'Landlord');

    const alpha = await seed.property(landlord.user.id, 'Alpha Court');
    const beta = await seed.property(landlord.user.id, 'Beta House');
    const gamma = await seed.property(landlord.user.id, 'Gamma Lofts');
    Object.assign(ids, { alpha: alpha.id, beta: beta.id, gamma: gamma.id });

    const a1 = await seed.unit(alpha.id, '1A', 'Rented', 1000.5);
    const a2 = await seed.unit(alpha.id, '2A', 'Available', 800);
    await seed.unit(alpha.id, '3A', 'Maintenance', 900);
    const b1 = await seed.unit(beta.id, '1B', 'Rented', 1250.25);
    await seed.unit(beta.id, '2B', 'Available', 700);
    await seed.unit(beta.id, '3B', 'rented', 650);
    await seed.unit(beta.id, '4B', 'RENTED', 600);

    const t1 = await seed.tenant(a1.id, 'Tess');
    const t2 = await seed.tenant(b1.id, 'Theo');
    const t3 = await seed.tenant(a2.id, 'Tara');
    ids.current1 = (await seed.lease(t1.id, 'Active', '2026-01-01', '2027-06-30', 1000.5, 1500)).id;
    ids.current2 = (await seed.lease(t2.id, 'Active', '2025-12-01', '2026-12-15', 1250.25)).id;
    // Ends today: still current.
    ids.endsToday = (await seed.lease(t2.id, 'Active', '2025-11-22', '2026-11-21', 99.99)).id;
    // Active but ended yesterday: not current.
    ids.endedYesterday = (await seed.lease(t3.id, 'Active', '2025-11-21', '2026-11-20', 700)).id;
    // Ended by the landlord's word: Expired by hand (the lease service writes the day before
    // as its last day) and Terminated without a move-out day (void) never count.
    await seed.lease(t3.id, 'Expired', '2025-01-01', '2027-01-01', 650, 500, '2026-06-30');
    await seed.lease(t1.id, 'Terminated', '2025-01-01', '2027-01-01', 640);

    await seed.application(a2.id, 'Pending');
    await seed.application(a2.id, 'Pending');
    await seed.application(a2.id, 'Approved');
    await seed.application(a2.id, 'Rejected');

    await seed.staff(alpha.id, 'Manny', 'Manager');
    await seed.staff(alpha.id, 'Olive', 'Owner');
    await seed.staff(alpha.id, 'Otto', 'Owner');

    // Another landlord's portfolio: none of it may count.
    const elsewhere = await seed.property(other.user.id, 'Elsewhere Towers');
    ids.elsewhere = elsewhere.id;
    const e1 = await seed.unit(elsewhere.id, 'E1', 'Rented', 5000);
    await seed.unit(elsewhere.id, 'E2', 'Available', 5000);
    const e1Tenant = await seed.tenant(e1.id, 'Eve');
    await seed.lease(e1Tenant.id, 'Active', '2026-01-01', '2027-01-01', 5000);
    await seed.application(e1.id, 'Pending');
  });
  afterAll(() => t.close());

  const get = async (user: TestUser, query = '') => {
    const response = await user.request({ method: 'GET', url: `/api/landlord/dashboard${query}` });
    return { response, body: response.json() as DashboardResponse };
  };

  it('answers every summary figure computed from the landlord’s own records', async () => {
    const { response, body } = await get(landlord);
    expect(response.statusCode).toBe(200);
    expect(body.today).toBe('2026-11-21');
    expect(body.summary).toEqual({
      totalProperties: 3,
      totalUnits: 7,
      // 1A Rented, 1B Rented, 3B 'rented', 4B 'RENTED'
      occupiedUnits: 4,
      availableUnits: 2,
      // current1, current2, endsToday; not the one that ended yesterday, not Expired/Terminated
      activeLeases: 3,
      totalMonthlyRent: 2350.74,
      pendingApplications: 2,
    });
  });

  it('answers the spec’s shape: properties, units, current leases with tenant contact, owners', async () => {
    const { body } = await get(landlord);
    expect(
      body.properties?.map((p) => [
        p.name,
        p.unitCount,
        p.occupiedCount,
        p.availableCount,
        p.monthlyRent,
      ]),
    ).toEqual([
      ['Alpha Court', 3, 1, 1, 1000.5],
      ['Beta House', 4, 3, 1, 1350.24],
      ['Gamma Lofts', 0, 0, 0, 0],
    ]);
    expect(body.units).toHaveLength(7);
    expect(body.units?.every((u) => u.propertyId !== ids.elsewhere)).toBe(true);
    expect(body.leases?.map((l) => l.id).sort((a, b) => a - b)).toEqual(
      [ids.current1, ids.current2, ids.endsToday].sort((a, b) => a - b),
    );
    const lease = body.leases?.find((l) => l.id === ids.current1);
    expect(lease).toMatchObject({
      unitNumber: '1A',
      propertyId: ids.alpha,
      status: 'Active',
      startDate: '2026-01-01',
      endDate: '2027-06-30',
      rent: 1000.5,
      deposit: 1500,
      tenantFirstName: 'Tess',
      tenantLastName: 'Tenant',
      tenantEmail: 'tess@example.com',
      tenantPhone: '+12125550199',
    });
    expect(body.owners).toEqual([
      {
        propertyId: ids.alpha,
        firstName: 'Olive',
        lastName: 'Staff',
        email: 'olive@example.com',
        phone: '+12125550111',
      },
      {
        propertyId: ids.beta,
        firstName: landlord.user.userName,
        lastName: '',
        email: landlord.user.email,
        phone: '+12125550100',
      },
      {
        propertyId: ids.gamma,
        firstName: landlord.user.userName,
        lastName: '',
        email: landlord.user.email,
        phone: '+12125550100',
      },
    ]);
  });

  it('answers exactly the response schema, nothing more, to a landlord and to an Admin', async () => {
    // The answer is built as JSON by the database and sent as it is: this is its contract.
    const admin = await signUpAndLogin(t, 'Admin');
    for (const user of [landlord, admin]) {
      for (const query of [
        '',
        `?sections=${DASHBOARD_SECTIONS.join(',')}&propertyLimit=2`,
        `?propertyId=${ids.alpha}`,
      ]) {
        const { response, body } = await get(user, query);
        expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
        expect(dashboardResponseSchema.parse(body)).toEqual(body);
      }
      const { body } = await get(user);
      expect(Object.keys(body).sort()).toEqual(['today', ...DEFAULT_DASHBOARD_SECTIONS].sort());
    }
  });

  it('lists current leases ending in the next 60 days, soonest first', async () => {
    const { body } = await get(landlord, '?sections=leasesEndingSoon');
    expect(body.leasesEndingSoon?.total).toBe(2);
    expect(body.leasesEndingSoon?.leases.map((l) => [l.id, l.endDate, l.propertyName])).toEqual([
      [ids.endsToday, '2026-11-21', 'Beta House'],
      [ids.current2, '2026-12-15', 'Beta House'],
    ]);
    expect(body.summary).toBeUndefined();
  });

  it('takes today from the configured time zone, not from UTC', async () => {
    // 03:00 UTC on the 21st is still the 20th in New York: yesterday's lease is current again.
    t.clock.now = new Date('2026-11-21T03:00:00Z');
    try {
      const { body } = await get(landlord, '?sections=summary');
      expect(body.today).toBe('2026-11-20');
      expect(body.summary?.activeLeases).toBe(4);
      expect(body.summary?.totalMonthlyRent).toBe(3050.74);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('answers only the sections asked for', async () => {
    const { body } = await get(landlord, '?sections=summary,properties');
    expect(Object.keys(body).sort()).toEqual(['properties', 'summary', 'today']);
  });

  it('answers every section but the top properties by rent when none are named', async () => {
    const { body } = await get(landlord);
    expect(body.topPropertiesByRent).toBeUndefined();
    expect(body.properties?.map((p) => p.name)).toEqual([
      'Alpha Court',
      'Beta House',
      'Gamma Lofts',
    ]);
  });

  it('pages the property cards in name order, each page with its own ETag', async () => {
    const first = await get(landlord, '?sections=properties&propertyLimit=2');
    expect(first.body.properties?.map((p) => p.name)).toEqual(['Alpha Court', 'Beta House']);
    const second = await get(landlord, '?sections=properties&propertyLimit=2&propertyOffset=2');
    expect(second.body.properties?.map((p) => p.name)).toEqual(['Gamma Lofts']);
    // The cards of a page carry the same figures as the whole list's.
    const all = await get(landlord, '?sections=properties');
    expect([...first.body.properties!, ...second.body.properties!]).toEqual(all.body.properties);
    expect(first.response.headers.etag).not.toBe(second.response.headers.etag);
    expect(first.response.headers.etag).not.toBe(all.response.headers.etag);
    for (const bad of [
      'propertyLimit=0',
      'propertyLimit=101',
      'propertyLimit=x',
      'propertyOffset=-1',
    ]) {
      expect((await get(landlord, `?sections=properties&${bad}`)).response.statusCode).toBe(400);
    }
  });

  it('lists the properties with the highest rent of current leases, highest first', async () => {
    const { body } = await get(landlord, '?sections=topPropertiesByRent');
    expect(Object.keys(body).sort()).toEqual(['today', 'topPropertiesByRent']);
    expect(
      body.topPropertiesByRent?.map((p) => [p.name, p.monthlyRent, p.activeLeaseCount]),
    ).toEqual([
      ['Beta House', 1350.24, 2],
      ['Alpha Court', 1000.5, 1],
      ['Gamma Lofts', 0, 0],
    ]);
  });

  it('answers one property’s units, current leases and owner for an expanded card', async () => {
    const { response, body } = await get(
      landlord,
      `?sections=units,leases,owners&propertyId=${ids.beta}`,
    );
    expect(response.statusCode).toBe(200);
    expect(body.units?.map((u) => u.unitNumber)).toEqual(['1B', '2B', '3B', '4B']);
    expect(body.leases?.map((l) => l.id)).toEqual([ids.current2, ids.endsToday]);
    expect(body.owners).toHaveLength(1);
    expect(body.properties).toBeUndefined();
  });

  it('answers 404 for another landlord’s property, as if it did not exist', async () => {
    const { response } = await get(landlord, `?propertyId=${ids.elsewhere}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Property not found');
  });

  it('refuses an unknown section or a bad property id with 400', async () => {
    const bad = await get(landlord, '?sections=summary,secrets');
    expect(bad.response.statusCode).toBe(400);
    expect(bad.response.json().message).toMatch(/Unknown dashboard section: secrets/);
    expect((await get(landlord, '?propertyId=abc')).response.statusCode).toBe(400);
    expect((await get(landlord, '?propertyId=-1')).response.statusCode).toBe(400);
    // Past PostgreSQL's integer range: refused before it reaches the database.
    expect((await get(landlord, '?propertyId=99999999999')).response.statusCode).toBe(400);
    expect((await get(landlord, `?sections=${'summary,'.repeat(40)}`)).response.statusCode).toBe(
      400,
    );
  });

  it('shows another landlord only their own figures', async () => {
    const { body } = await get(other, '?sections=summary');
    expect(body.summary).toEqual({
      totalProperties: 1,
      totalUnits: 2,
      occupiedUnits: 1,
      availableUnits: 1,
      activeLeases: 1,
      totalMonthlyRent: 5000,
      pendingApplications: 1,
    });
  });

  it('shows an Admin every landlord’s records', async () => {
    const admin = await signUpAndLogin(t, 'Admin');
    const { body } = await get(admin, '?sections=summary');
    expect(body.summary).toMatchObject({
      totalProperties: 4,
      totalUnits: 9,
      occupiedUnits: 5,
      activeLeases: 4,
    });
  });

  it('answers 401 without a session and 403 to Tenants and Maintenance staff', async () => {
    const anonymous = await t.request({ method: 'GET', url: '/api/landlord/dashboard' });
    expect(anonymous.statusCode).toBe(401);
    for (const role of ['Tenant', 'Maintenance'] as const) {
      const user = await signUpAndLogin(t, role);
      const { response } = await get(user);
      expect(response.statusCode).toBe(403);
      expect(response.json().message).toBe('You need to be a Landlord or Admin to do that');
    }
  });

  it('documents its query options in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/openapi.json' })).json();
    const parameters = doc.paths['/api/landlord/dashboard'].get.parameters as {
      name: string;
      description?: string;
    }[];
    expect(parameters.map((p) => p.name).sort()).toEqual([
      'propertyId',
      'propertyLimit',
      'propertyOffset',
      'sections',
    ]);
    expect(parameters.find((p) => p.name === 'sections')?.description).toMatch(
      /topPropertiesByRent,leasesEndingSoon/,
    );
  });
});

describe('GET /api/landlord/dashboard at scale', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function queriesFor(landlord: TestUser, query = '') {
    t.queries.length = 0;
    const response = await landlord.request({
      method: 'GET',
      url: `/api/landlord/dashboard${query}`,
    });
    expect(response.statusCode).toBe(200);
    return { count: t.queries.length, body: response.json() as DashboardResponse };
  }

  async function portfolio(properties: number) {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const seed = seeder(t.database.db);
    for (let p = 0; p < properties; p++) {
      const property = await seed.property(landlord.user.id, `Property ${p}`);
      await seed.staff(property.id, `Owner${p}`, 'Owner');
      for (let u = 0; u < 3; u++) {
        const unit = await seed.unit(property.id, `${u}`, u === 0 ? 'Rented' : 'Available');
        if (u === 0) {
          const tenant = await seed.tenant(unit.id, `T${p}`);
          await seed.lease(tenant.id, 'Active', '2026-01-01', '2099-01-01', 1000);
          await seed.application(unit.id, 'Pending');
        }
      }
    }
    return landlord;
  }

  it('runs the same small number of queries for 2 properties as for 25', async () => {
    const small = await portfolio(2);
    const large = await portfolio(25);
    const smallRun = await queriesFor(small);
    const largeRun = await queriesFor(large);
    expect(largeRun.body.summary).toMatchObject({
      totalProperties: 25,
      totalUnits: 75,
      occupiedUnits: 25,
      activeLeases: 25,
    });
    expect(largeRun.body.owners).toHaveLength(25);
    expect(largeRun.count).toBe(smallRun.count);
    // One session lookup (and its touch) plus one query per section.
    expect(largeRun.count).toBeLessThanOrEqual(8);

    const expanded = await queriesFor(
      large,
      `?sections=units,leases,owners&propertyId=${largeRun.body.properties![3]!.id}`,
    );
    expect(expanded.body.units).toHaveLength(3);
    expect(expanded.count).toBeLessThanOrEqual(smallRun.count);
  });
});
