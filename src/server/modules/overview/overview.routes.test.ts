import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, calendarDate } from '../../../shared/dates';
import { createdId, createPropertyWithUnits, tenantBody, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';

describe('property and unit pages', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let propertyId: number;
  let rented: { id: number; unitNumber: string };
  let free: { id: number; unitNumber: string };
  let tenantId: number;
  let leaseId: number;
  let workOrderId: number;
  let applicationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
    const created = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    propertyId = created.propertyId;
    rented = created.units[0]!;
    free = created.units[1]!;

    const post = (url: string, payload: object, who: TestUser | null = landlord) =>
      createdId(who ?? t, url, payload);
    tenantId = await post('/api/tenants', tenantBody(rented.id, { firstName: 'Grace' }));
    const today = calendarDate(t.clock.now, t.config.timeZone);
    leaseId = await post('/api/leases', {
      tenantId,
      startDate: today,
      endDate: addDays(today, 364),
      rent: 1450,
      deposit: 1450,
      status: 'Active',
    });
    await post('/api/staff', {
      propertyId,
      firstName: 'Sam',
      lastName: 'Fixit',
      email: 'sam@example.com',
      phone: '+12125550102',
      position: 'Superintendent',
    });
    workOrderId = await post('/api/work-orders', {
      unitId: rented.id,
      title: 'Dripping tap',
      category: 'Plumbing',
      priority: 'Routine',
    });
    applicationId = await post(
      '/api/applications',
      {
        unitId: free.id,
        firstName: 'Alan',
        lastName: 'Turing',
        email: 'alan@example.com',
        phoneNumber: '+12125550103',
        moveInDate: addDays(today, 30),
      },
      null,
    );
  });
  afterAll(() => t.close());

  const propertyPage = (who: TestUser | null) =>
    (who ?? t).request({ method: 'GET', url: `/api/properties/${propertyId}/overview` });
  const unitPage = (who: TestUser | null, id: number) =>
    (who ?? t).request({ method: 'GET', url: `/api/units/${id}/overview` });

  it("shows the landlord the property's units with who lives there, its tenants, leases, staff and open work orders", async () => {
    const response = await propertyPage(landlord);
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json();
    expect(page.property).toMatchObject({ id: propertyId, owner: { id: landlord.user.id } });
    expect(page.units.total).toBe(2);
    expect(page.units.rows.map((u: { id: number }) => u.id)).toEqual([rented.id, free.id]);
    expect(page.units.rows[0]).toMatchObject({
      status: 'Rented',
      occupants: [{ id: tenantId, firstName: 'Grace', lastName: 'Lovelace' }],
    });
    expect(page.units.rows[1]).toMatchObject({ status: 'Available', occupants: [] });
    expect(page.manager.tenants).toMatchObject({ total: 1, rows: [{ id: tenantId }] });
    expect(page.manager.leases).toMatchObject({
      total: 1,
      rows: [{ id: leaseId, unitId: rented.id, propertyId }],
    });
    expect(page.manager.staff).toMatchObject({ total: 1, rows: [{ position: 'Superintendent' }] });
    expect(page.manager.openWorkOrders).toMatchObject({
      total: 1,
      rows: [{ id: workOrderId, title: 'Dripping tap' }],
    });
  });

  it('shows an Admin the manager sections of any landlord’s property', async () => {
    const page = (await propertyPage(admin)).json();
    expect(page.manager.tenants.total).toBe(1);
  });

  for (const [who, caller] of [
    ['a visitor', () => null],
    ['another landlord', () => other],
    ['a Tenant', () => tenantUser],
  ] as const) {
    it(`shows ${who} the public property page: property and units, no tenants, leases or staff`, async () => {
      const response = await propertyPage(caller());
      expect(response.statusCode).toBe(200);
      const page = response.json();
      expect(page.manager).toBeNull();
      expect(page.units.rows).toHaveLength(2);
      expect(page.units.rows[0]).not.toHaveProperty('occupants');
      expect(response.body).not.toContain('Grace');
      expect(response.body).not.toContain('ada@example.com');

      const unit = await unitPage(caller(), rented.id);
      expect(unit.statusCode).toBe(200);
      expect(unit.json()).toMatchObject({ unit: { id: rented.id }, property: { id: propertyId } });
      expect(unit.json().manager).toBeNull();
      expect(unit.body).not.toContain('Grace');
    });
  }

  it("shows the landlord a unit's history: tenants, leases, applications and work orders", async () => {
    const rentedPage = (await unitPage(landlord, rented.id)).json();
    expect(rentedPage.unit).toMatchObject({ id: rented.id, unitNumber: rented.unitNumber });
    expect(rentedPage.manager.tenants.rows.map((x: { id: number }) => x.id)).toEqual([tenantId]);
    expect(rentedPage.manager.leases.rows.map((x: { id: number }) => x.id)).toEqual([leaseId]);
    expect(rentedPage.manager.workOrders.rows.map((x: { id: number }) => x.id)).toEqual([
      workOrderId,
    ]);
    expect(rentedPage.manager.applications).toEqual({ rows: [], total: 0 });

    const freePage = (await unitPage(landlord, free.id)).json();
    expect(freePage.manager.applications.rows.map((x: { id: number }) => x.id)).toEqual([
      applicationId,
    ]);
    expect(freePage.manager.tenants.total).toBe(0);
    expect(freePage.manager.workOrders.total).toBe(0);
  });

  it('lists a tenant who moved out after the one living there', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available']);
    const unitId = units[0]!.id;
    const place = async (firstName: string) => {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/tenants',
        payload: tenantBody(unitId, { firstName }),
      });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const first = await place('Former');
    const today = calendarDate(t.clock.now, t.config.timeZone);
    const lease = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: first,
        startDate: addDays(today, -200),
        endDate: addDays(today, 100),
        rent: 1000,
        deposit: 1000,
        status: 'Active',
      },
    });
    expect(lease.statusCode, lease.body).toBe(201);
    const moveOut = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${first}/move-out`,
      payload: { moveOutDate: today },
    });
    expect(moveOut.statusCode, moveOut.body).toBe(200);
    const second = await place('Current');
    const page = (await unitPage(landlord, unitId)).json();
    expect(page.manager.tenants.rows.map((x: { id: number }) => x.id)).toEqual([second, first]);
  });

  it("lists the property's leases not ended by today from their dates, not their stored status", async () => {
    const { propertyId: id, units } = await createPropertyWithUnits(landlord, [
      'Available',
      'Available',
    ]);
    const today = calendarDate(t.clock.now, t.config.timeZone);
    const terms = (tenant: number, startDate: string) => ({
      tenantId: tenant,
      startDate,
      endDate: addDays(today, 100),
      rent: 1000,
      deposit: 1000,
      status: 'Active',
    });
    const ended = await createdId(landlord, '/api/tenants', tenantBody(units[0]!.id));
    const endedLease = await createdId(landlord, '/api/leases', terms(ended, addDays(today, -200)));
    const upcoming = await createdId(landlord, '/api/tenants', tenantBody(units[1]!.id));
    const upcomingLease = await createdId(
      landlord,
      '/api/leases',
      terms(upcoming, addDays(today, 7)),
    );
    // Its end corrected to yesterday: still Active as stored until the hourly job expires it.
    const corrected = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${endedLease}`,
      payload: { ...terms(ended, addDays(today, -200)), endDate: addDays(today, -1) },
    });
    expect(corrected.statusCode, corrected.body).toBe(200);
    expect(corrected.json().status).toBe('Active');

    const response = await landlord.request({
      method: 'GET',
      url: `/api/properties/${id}/overview`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const { leases } = response.json().manager;
    expect([leases.total, leases.rows.map((x: { id: number }) => x.id)]).toEqual([
      1,
      [upcomingLease],
    ]);
  });

  it('answers 404 for a property or unit that does not exist, and 400 for a bad id', async () => {
    for (const url of ['/api/properties/999999/overview', '/api/units/999999/overview']) {
      const response = await landlord.request({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toMatch(/not found/);
    }
    const bad = await landlord.request({ method: 'GET', url: '/api/units/abc/overview' });
    expect(bad.statusCode).toBe(400);
  });
});
