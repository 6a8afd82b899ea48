import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { unitsTable } from '../units';
import { tenantsTable } from './tenants.table';
import { tenancySnapshot, unitStatus } from './tenants.test-helpers';

describe('tenants', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let maintenance: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin, tenantUser, maintenance] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
      'Maintenance',
    ]);
  });
  afterAll(() => t.close());

  async function place(owner: TestUser, unitId: number, overrides: Record<string, unknown> = {}) {
    const response = await owner.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unitId, overrides),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }

  it('placing a tenant on an Available unit takes the unit number from the unit and marks it Rented', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unit = units[0]!;
    const tenant = await place(landlord, unit.id);
    expect(tenant).toMatchObject({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+12125550101',
      email: 'ada@example.com',
    });
    expect(Date.parse(tenant.createdAt)).not.toBeNaN();
    expect(Date.parse(tenant.updatedAt)).not.toBeNaN();
    expect(await unitStatus(t, unit.id)).toBe('Rented');

    const read = await landlord.request({ method: 'GET', url: `/api/tenants/${tenant.id}` });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(tenant);
  });

  it('the list says which tenants an account acts as (portalLinked), for the Invite button', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const invited = await place(landlord, units[0]!.id, { firstName: 'Linked' });
    const notYet = await place(landlord, units[1]!.id, { firstName: 'Unlinked' });
    // Only an accepted invitation sets it in the product (tested in modules/invitations).
    const [account] = await signUpAll(t, ['Tenant']);
    await t.database.db
      .update(tenantsTable)
      .set({ userId: account!.user.id })
      .where(eq(tenantsTable.id, invited.id));
    const response = await landlord.request({ method: 'GET', url: '/api/tenants?limit=100' });
    expect(response.statusCode, response.body).toBe(200);
    const linked = Object.fromEntries(
      (response.json() as { id: number; portalLinked: boolean }[]).map((row) => [
        row.id,
        row.portalLinked,
      ]),
    );
    expect(linked[invited.id]).toBe(true);
    expect(linked[notYet.id]).toBe(false);
  });

  it('refuses a tenant on a unit that is not Available (409) and changes nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord, [
      'Rented',
      'Maintenance',
      'Unavailable',
    ]);
    const before = await tenancySnapshot(t);
    for (const unit of units) {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/tenants',
        payload: tenantBody(unit.id),
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe('This unit is no longer available');
    }
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('validates every field (400 with the field) and stores nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unitId = units[0]!.id;
    const before = await tenancySnapshot(t);
    const cases: [Record<string, unknown>, string][] = [
      [{ phoneNumber: '1234567890123456' }, 'phoneNumber'],
      [{ email: 'not-an-email' }, 'email'],
      [{ firstName: '   ' }, 'firstName'],
      [{ lastName: undefined }, 'lastName'],
      [{ unitId: 0 }, 'unitId'],
      [{ unitId: 'abc' }, 'unitId'],
      [{ unitId: 2_147_483_648 }, 'unitId'],
    ];
    for (const [override, field] of cases) {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/tenants',
        payload: tenantBody(unitId, override),
      });
      expect(response.statusCode, JSON.stringify(override)).toBe(400);
      expect(Object.keys(response.json().errors)).toContain(field);
    }
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('answers 401 without a session and 403 for Tenant and Maintenance users on the management calls', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const tenant = await place(landlord, units[0]!.id);
    for (const [method, url] of [
      ['GET', '/api/tenants'],
      ['GET', `/api/tenants/${tenant.id}`],
      ['PUT', `/api/tenants/${tenant.id}`],
      ['DELETE', `/api/tenants/${tenant.id}`],
    ] as const) {
      const payload = method === 'PUT' ? tenantBody(units[0]!.id) : undefined;
      expect((await t.request({ method, url, payload })).statusCode, `${method} ${url}`).toBe(401);
      expect((await tenantUser.request({ method, url, payload })).statusCode).toBe(403);
      expect((await maintenance.request({ method, url, payload })).statusCode).toBe(403);
    }
    expect(await unitStatus(t, units[0]!.id)).toBe('Rented');
  });

  it("a landlord cannot read, edit or delete another landlord's tenant (404), and lists only their own", async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const mine = await place(landlord, units[0]!.id, { firstName: 'Mine' });
    const before = await tenancySnapshot(t);
    for (const [method, url] of [
      ['GET', `/api/tenants/${mine.id}`],
      ['PUT', `/api/tenants/${mine.id}`],
      ['DELETE', `/api/tenants/${mine.id}`],
    ] as const) {
      const payload =
        method === 'PUT' ? tenantBody(units[0]!.id, { firstName: 'Stolen' }) : undefined;
      const response = await other.request({ method, url, payload });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Tenant not found');
    }
    expect(await tenancySnapshot(t)).toEqual(before);

    const { units: otherUnits } = await createPropertyWithUnits(other);
    await place(other, otherUnits[0]!.id, { firstName: 'Theirs' });
    const list = (await landlord.request({ method: 'GET', url: '/api/tenants' })).json();
    expect(list.map((x: { firstName: string }) => x.firstName)).toContain('Mine');
    expect(list.map((x: { firstName: string }) => x.firstName)).not.toContain('Theirs');

    const all = (await admin.request({ method: 'GET', url: '/api/tenants' })).json();
    expect(all.map((x: { firstName: string }) => x.firstName)).toEqual(
      expect.arrayContaining(['Mine', 'Theirs']),
    );
  });

  it("cannot move a tenant onto another landlord's unit (404)", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const { units: theirs } = await createPropertyWithUnits(other);
    const tenant = await place(landlord, units[0]!.id);
    const response = await landlord.request({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      payload: tenantBody(theirs[0]!.id),
    });
    expect(response.statusCode).toBe(404);
    expect(await unitStatus(t, theirs[0]!.id)).toBe('Available');
  });

  it('editing a tenant on their current unit keeps it, whatever its status, and ignores a sent unit number', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const tenant = await place(landlord, units[0]!.id);
    const response = await landlord.request({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      payload: tenantBody(units[0]!.id, { firstName: 'Augusta', unitNumber: '999' }),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      firstName: 'Augusta',
      unitNumber: units[0]!.unitNumber,
      createdAt: tenant.createdAt,
    });
    expect(await unitStatus(t, units[0]!.id)).toBe('Rented');
  });

  it('moving a tenant marks the new unit Rented and returns the old one to Available', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const [from, to] = units as [(typeof units)[0], (typeof units)[0]];
    const tenant = await place(landlord, from.id);
    const response = await landlord.request({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      payload: tenantBody(to.id),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ unitId: to.id, unitNumber: to.unitNumber });
    expect(await unitStatus(t, to.id)).toBe('Rented');
    expect(await unitStatus(t, from.id)).toBe('Available');
  });

  it('refuses to move a tenant onto a unit that is not Available (409) and changes nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    const first = await place(landlord, units[0]!.id);
    await place(landlord, units[1]!.id);
    const before = await tenancySnapshot(t);
    const response = await landlord.request({
      method: 'PUT',
      url: `/api/tenants/${first.id}`,
      payload: tenantBody(units[1]!.id),
    });
    expect(response.statusCode).toBe(409);
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('deleting the last tenant of a unit returns it to Available; a remaining tenant keeps it Rented', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unitId = units[0]!.id;
    const first = await place(landlord, unitId, { firstName: 'First' });
    // The landlord reopens the unit by hand and places a second occupant.
    await t.database.db
      .update(unitsTable)
      .set({ status: 'Available' })
      .where(eq(unitsTable.id, unitId));
    const second = await place(landlord, unitId, { firstName: 'Second' });

    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/tenants/${first.id}` })).statusCode,
    ).toBe(204);
    expect(await unitStatus(t, unitId)).toBe('Rented');
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/tenants/${second.id}` })).statusCode,
    ).toBe(204);
    expect(await unitStatus(t, unitId)).toBe('Available');
    expect(
      (await landlord.request({ method: 'GET', url: `/api/tenants/${second.id}` })).statusCode,
    ).toBe(404);
  });

  it('a status the landlord set by hand (Maintenance) stays when the tenant leaves', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const tenant = await place(landlord, units[0]!.id);
    await t.database.db
      .update(unitsTable)
      .set({ status: 'Maintenance' })
      .where(eq(unitsTable.id, units[0]!.id));
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}` })).statusCode,
    ).toBe(204);
    expect(await unitStatus(t, units[0]!.id)).toBe('Maintenance');
  });

  it('refuses to delete a tenant with leases (409 pointing at Move out) and changes nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const tenant = await place(landlord, units[0]!.id);
    const lease = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: tenant.id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rent: 1450,
        deposit: 1450,
        status: 'Active',
      },
    });
    expect(lease.statusCode, lease.body).toBe(201);
    const refusal = async () => {
      const before = await tenancySnapshot(t);
      const response = await landlord.request({
        method: 'DELETE',
        url: `/api/tenants/${tenant.id}`,
      });
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('tenants.has_leases');
      expect(await tenancySnapshot(t)).toEqual(before);
      return response.json().message;
    };
    expect(await refusal()).toBe(
      "This tenant has lease history: use Move out to keep them in the unit's history. " +
        "If it was entered by mistake, delete this tenant's 1 lease first.",
    );
    const earlier = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: tenant.id,
        startDate: '2025-01-01',
        endDate: '2025-12-31',
        rent: 1400,
        deposit: 1400,
        status: 'Expired',
      },
    });
    expect(earlier.statusCode, earlier.body).toBe(201);
    expect(await refusal()).toMatch(/delete this tenant's 2 leases first\.$/);
  });

  it('a visitor posting a tenant is taken as a rental application: no tenant, unit still Available', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unit = units[0]!;
    const before = await tenancySnapshot(t);
    const response = await t.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unit.id, { firstName: 'Visitor' }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: 'Visitor',
      status: 'Pending',
      moveInDate: null,
      message: null,
    });
    const after = await tenancySnapshot(t);
    expect(after.tenants).toEqual(before.tenants);
    expect(after.units).toEqual(before.units);
    expect(after.applications).toHaveLength(before.applications.length + 1);
  });

  it("a Tenant user or another landlord posting a tenant for someone else's unit files an application too", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    for (const caller of [tenantUser, other]) {
      const response = await caller.request({
        method: 'POST',
        url: '/api/tenants',
        payload: tenantBody(units[0]!.id),
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('Pending');
    }
    expect(await unitStatus(t, units[0]!.id)).toBe('Available');
    const applications = (
      await landlord.request({ method: 'GET', url: '/api/applications' })
    ).json();
    expect(applications.filter((a: { unitId: number }) => a.unitId === units[0]!.id)).toHaveLength(
      2,
    );
  });

  it('a visitor cannot apply through POST /api/tenants for a unit that is not Available, nor a missing unit', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Rented']);
    const before = await tenancySnapshot(t);
    const rented = await t.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(units[0]!.id),
    });
    expect(rented.statusCode).toBe(409);
    expect(rented.json().message).toBe('This unit is no longer available');
    const missing = await t.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(999_999),
    });
    expect(missing.statusCode).toBe(404);
    expect(await tenancySnapshot(t)).toEqual(before);
  });

  it('three placements on one unit at once: exactly one wins, the others get 409', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const responses = await Promise.all(
      ['One', 'Two', 'Three'].map((firstName) =>
        landlord.request({
          method: 'POST',
          url: '/api/tenants',
          payload: tenantBody(units[0]!.id, { firstName }),
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const tenants = (await admin.request({ method: 'GET', url: '/api/tenants' })).json() as {
      unitId: number;
    }[];
    expect(tenants.filter((x) => x.unitId === units[0]!.id)).toHaveLength(1);
  });

  describe('GET /api/tenants/{id}/deletion', () => {
    const preview = (user: TestUser | TestApp, id: number) =>
      user.request({ method: 'GET', url: `/api/tenants/${id}/deletion` });
    const addLease = (tenantId: number, startDate: string, endDate: string) =>
      landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: { tenantId, startDate, endDate, rent: 1400, deposit: 1400, status: 'Expired' },
      });

    it("names the tenant's leases as the blocker, in the words of the 409, and changes nothing", async () => {
      const { units } = await createPropertyWithUnits(landlord);
      const tenant = await place(landlord, units[0]!.id);
      expect((await addLease(tenant.id, '2024-01-01', '2024-12-31')).statusCode).toBe(201);
      expect((await addLease(tenant.id, '2025-01-01', '2025-12-31')).statusCode).toBe(201);
      const before = await tenancySnapshot(t);
      const response = await preview(landlord, tenant.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        blockers: [
          {
            kind: 'leases',
            count: 2,
            message:
              "This tenant has lease history: use Move out to keep them in the unit's history. " +
              "If it was entered by mistake, delete this tenant's 2 leases first.",
          },
        ],
        removes: [],
      });
      expect(await tenancySnapshot(t)).toEqual(before);
      const refusal = await landlord.request({
        method: 'DELETE',
        url: `/api/tenants/${tenant.id}`,
      });
      expect(refusal.json().message).toBe(response.json().blockers[0].message);
    });

    it('says that a linked portal login stays but loses the home; nothing blocks a tenant without leases', async () => {
      const { units } = await createPropertyWithUnits(landlord);
      const tenant = await place(landlord, units[0]!.id);
      expect((await preview(landlord, tenant.id)).json()).toEqual({ blockers: [], removes: [] });
      await t.database.db
        .update(tenantsTable)
        .set({ userId: tenantUser.user.id })
        .where(eq(tenantsTable.id, tenant.id));
      expect((await preview(landlord, tenant.id)).json()).toEqual({
        blockers: [],
        removes: [
          {
            kind: 'portalAccount',
            count: 1,
            message: 'Their portal login stays, but no longer opens this home.',
          },
        ],
      });
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/tenants/${tenant.id}` })).statusCode,
      ).toBe(204);
    });

    it('answers 404 to another landlord, 401/403 to a visitor, a Tenant and a Maintenance user; an Admin may look', async () => {
      const { units } = await createPropertyWithUnits(landlord);
      const tenant = await place(landlord, units[0]!.id);
      expect((await preview(other, tenant.id)).statusCode).toBe(404);
      expect((await preview(t, tenant.id)).statusCode).toBe(401);
      expect((await preview(tenantUser, tenant.id)).statusCode).toBe(403);
      expect((await preview(maintenance, tenant.id)).statusCode).toBe(403);
      expect((await preview(admin, tenant.id)).statusCode).toBe(200);
    });
  });
});
