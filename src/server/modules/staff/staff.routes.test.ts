import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Staff } from '../../../shared/schemas/staff';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { expectClientError, posted, signUpAll } from '../../test/fixtures';
import { workOrdersTable } from '../work-orders';
import { staffTable } from './staff.table';

const validStaff = {
  firstName: 'Rosa',
  lastName: 'Diaz',
  email: 'rosa.diaz@example.com',
  phone: '+12125550142',
  position: 'Superintendent',
};

describe('staff API', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenant: TestUser;
  let maintenance: TestUser;
  let propertyId: number;
  let secondPropertyId: number;
  let otherPropertyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other, admin, tenant, maintenance] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
      'Maintenance',
    ]);
    const property = {
      name: 'Pine Place',
      address: '3 Pine Rd',
      city: 'Austin',
      state: 'TX',
      zipCode: '73301',
    };
    propertyId = (await posted(landlord, '/api/properties', property)).id;
    secondPropertyId = (
      await posted(landlord, '/api/properties', { ...property, name: 'Pine Two' })
    ).id;
    otherPropertyId = (await posted(other, '/api/properties', { ...property, name: 'Not Yours' }))
      .id;
  });
  afterAll(() => t.close());

  async function create(user: TestUser, body: Record<string, unknown> = {}): Promise<Staff> {
    const response = await user.request({
      method: 'POST',
      url: '/api/staff',
      payload: { ...validStaff, propertyId, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  /** Straight from the database, so a refused call is seen to change nothing. */
  async function allRows() {
    return t.database.db.select().from(staffTable).orderBy(staffTable.id);
  }
  async function readAsOwner(id: number): Promise<Staff | null> {
    const response = await landlord.request({ method: 'GET', url: `/api/staff/${id}` });
    return response.statusCode === 200 ? response.json() : null;
  }

  describe('POST /api/staff', () => {
    it('creates a staff member with trimmed values and the email in lower case', async () => {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/staff',
        payload: {
          firstName: ' Rosa ',
          lastName: ' Diaz',
          email: ' Rosa.DIAZ@Example.com ',
          phone: ' (212) 555-0142 ',
          position: ' Super ',
          propertyId,
        },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa.diaz@example.com',
        phone: '+12125550142',
        position: 'Super',
        propertyId,
      });
    });

    it.each([
      ['propertyId 0', { propertyId: 0 }],
      ['no propertyId', { propertyId: undefined }],
      ['a null propertyId', { propertyId: null }],
      [
        'no propertyId and other missing fields',
        { propertyId: undefined, firstName: '', email: 'bad' },
      ],
    ])(
      "answers 400 'Please select a property' for %s and creates nothing",
      async (_label, change) => {
        const before = await allRows();
        const response = await landlord.request({
          method: 'POST',
          url: '/api/staff',
          payload: { ...validStaff, ...change },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().message).toBe('Please select a property');
        expect(await allRows()).toEqual(before);
      },
    );

    it.each([
      [
        'a first name over 50',
        { firstName: 'f'.repeat(51) },
        'firstName',
        'First name must be at most 50 characters',
      ],
      ['a blank last name', { lastName: '   ' }, 'lastName', 'Last name is required'],
      [
        'a last name over 50',
        { lastName: 'l'.repeat(51) },
        'lastName',
        'Last name must be at most 50 characters',
      ],
      [
        'an invalid email',
        { email: 'not-an-email' },
        'email',
        'Email must be a valid email address',
      ],
      [
        'an email over 100',
        { email: `${'e'.repeat(95)}@example.com` },
        'email',
        'Email must be at most 100 characters',
      ],
      [
        'a phone over 15',
        { phone: '5'.repeat(16) },
        'phone',
        'Phone is not a valid US phone number; start a number abroad with + and its country code',
      ],
      ['a missing phone', { phone: undefined }, 'phone', 'Phone is required'],
      [
        'a position over 50',
        { position: 'p'.repeat(51) },
        'position',
        'Position must be at most 50 characters',
      ],
    ])('answers 400 for %s and creates nothing', async (_label, change, field, message) => {
      const before = await allRows();
      const response = await landlord.request({
        method: 'POST',
        url: '/api/staff',
        payload: { ...validStaff, propertyId, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(response.json().errors).toHaveProperty(field);
      expect(await allRows()).toEqual(before);
    });

    it('accepts values exactly at the limits', async () => {
      const staff = await create(landlord, {
        firstName: 'f'.repeat(50),
        lastName: 'l'.repeat(50),
        email: `${'e'.repeat(88)}@example.com`,
        phone: '+1 212 555 0142',
        position: 'p'.repeat(50),
      });
      expect(staff.email).toHaveLength(100);
    });

    it("answers 404 for another landlord's property and creates nothing", async () => {
      const before = await allRows();
      const response = await landlord.request({
        method: 'POST',
        url: '/api/staff',
        payload: { ...validStaff, propertyId: otherPropertyId },
      });
      expect(response.statusCode).toBe(404);
      expect(await allRows()).toEqual(before);
    });

    it('answers 401 to a visitor and 403 to Tenant and Maintenance, creating nothing; an Admin may add to any property', async () => {
      const before = await allRows();
      const payload = { ...validStaff, propertyId };
      expect((await t.request({ method: 'POST', url: '/api/staff', payload })).statusCode).toBe(
        401,
      );
      expect(
        (await tenant.request({ method: 'POST', url: '/api/staff', payload })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'POST', url: '/api/staff', payload })).statusCode,
      ).toBe(403);
      expect(await allRows()).toEqual(before);
      const byAdmin = await create(admin, { propertyId: otherPropertyId });
      expect(byAdmin.propertyId).toBe(otherPropertyId);
    });
  });

  describe('GET /api/staff and /api/staff/{id}', () => {
    it("answers a landlord only the staff of their own properties, an Admin everyone's", async () => {
      const mine = await create(landlord);
      const theirs = await create(other, { propertyId: otherPropertyId });
      const own: Staff[] = (await landlord.request({ method: 'GET', url: '/api/staff' })).json();
      expect(own.map((s) => s.id)).toContain(mine.id);
      expect(own.map((s) => s.id)).not.toContain(theirs.id);
      const all: Staff[] = (await admin.request({ method: 'GET', url: '/api/staff' })).json();
      expect(all.map((s) => s.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    });

    it('answers 401 to a visitor and 403 to Tenant and Maintenance', async () => {
      const staff = await create(landlord);
      for (const url of ['/api/staff', `/api/staff/${staff.id}`]) {
        expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
        expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
        expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
      }
    });

    it('answers one staff member to the owner and an Admin, 404 to another landlord', async () => {
      const staff = await create(landlord);
      expect(await readAsOwner(staff.id)).toEqual(staff);
      expect(
        (await admin.request({ method: 'GET', url: `/api/staff/${staff.id}` })).json(),
      ).toEqual(staff);
      const foreign = await other.request({ method: 'GET', url: `/api/staff/${staff.id}` });
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json().message).toBe('Staff member not found');
      expect((await landlord.request({ method: 'GET', url: '/api/staff/999999' })).statusCode).toBe(
        404,
      );
    });

    it('searches without regard to case and pages with the total in X-Total-Count', async () => {
      const searcher = await signUpAndLogin(t, 'Landlord');
      const own = (
        await posted(searcher, '/api/properties', {
          name: 'S',
          address: 'A',
          city: 'C',
          state: 'NY',
          zipCode: '10001',
        })
      ).id;
      for (const position of ['Night Porter', 'Day porter', 'Gardener'])
        await create(searcher, { position, propertyId: own });
      const page = await searcher.request({ method: 'GET', url: '/api/staff?q=PORTER&limit=1' });
      expect(page.json()).toHaveLength(1);
      expect(page.headers['x-total-count']).toBe('2');
      const all: Staff[] = (
        await searcher.request({ method: 'GET', url: '/api/staff?q=porter' })
      ).json();
      expect(all.map((s) => s.position).sort()).toEqual(['Day porter', 'Night Porter']);
    });
  });

  describe('PUT /api/staff/{id}', () => {
    it("updates the landlord's own staff member, moving them between own properties", async () => {
      const staff = await create(landlord);
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: {
          ...validStaff,
          id: staff.id,
          position: 'Manager',
          email: 'NEW@Example.com',
          propertyId: secondPropertyId,
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({
        id: staff.id,
        position: 'Manager',
        email: 'new@example.com',
        propertyId: secondPropertyId,
      });
    });

    it("answers 404 to another landlord and for a move to another landlord's property, changing nothing", async () => {
      const staff = await create(landlord);
      const foreign = await other.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: { ...validStaff, propertyId: otherPropertyId },
      });
      expect(foreign.statusCode).toBe(404);
      const move = await landlord.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: { ...validStaff, propertyId: otherPropertyId },
      });
      expect(move.statusCode).toBe(404);
      expect(await readAsOwner(staff.id)).toEqual(staff);
    });

    it('answers 400 for a mismatched id, propertyId 0 or a bad field, changing nothing', async () => {
      const staff = await create(landlord);
      const mismatch = await landlord.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: { ...validStaff, id: staff.id + 1, position: 'X', propertyId },
      });
      expect(mismatch.statusCode).toBe(400);
      const noProperty = await landlord.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: { ...validStaff, id: staff.id, propertyId: 0 },
      });
      expect(noProperty.json().message).toBe('Please select a property');
      const bad = await landlord.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload: { ...validStaff, phone: '1'.repeat(16), propertyId },
      });
      expect(bad.statusCode).toBe(400);
      expect(await readAsOwner(staff.id)).toEqual(staff);
    });

    it('answers 401/403/403 to visitor, Tenant and Maintenance, changing nothing; an Admin may update', async () => {
      const staff = await create(landlord);
      const payload = { ...validStaff, position: 'Changed', propertyId };
      expect(
        (await t.request({ method: 'PUT', url: `/api/staff/${staff.id}`, payload })).statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'PUT', url: `/api/staff/${staff.id}`, payload }))
          .statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'PUT', url: `/api/staff/${staff.id}`, payload }))
          .statusCode,
      ).toBe(403);
      expect(await readAsOwner(staff.id)).toEqual(staff);
      const byAdmin = await admin.request({
        method: 'PUT',
        url: `/api/staff/${staff.id}`,
        payload,
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().position).toBe('Changed');
    });
  });

  describe('hostile input', () => {
    it('answers 4xx, never 5xx, for ids beyond the integer range and NUL characters, storing nothing', async () => {
      const before = await allRows();
      const cases = [
        { method: 'GET', url: '/api/staff/99999999999' },
        { method: 'PUT', url: '/api/staff/99999999999', payload: { ...validStaff, propertyId } },
        { method: 'DELETE', url: '/api/staff/99999999999' },
        { method: 'GET', url: '/api/staff?q=%00' },
        { method: 'POST', url: '/api/staff', payload: { ...validStaff, propertyId: 99999999999 } },
        {
          method: 'POST',
          url: '/api/staff',
          payload: { ...validStaff, propertyId, position: 'Boss\u0000' },
        },
        {
          method: 'POST',
          url: '/api/staff',
          payload: { ...validStaff, propertyId, phone: '\u0000' },
        },
      ] as const;
      for (const options of cases) {
        const response = await admin.request(options as never);
        expectClientError(response, `${options.method} ${options.url}`);
      }
      expect(await allRows()).toEqual(before);
    });
  });

  describe('DELETE /api/staff/{id}', () => {
    it("deletes the landlord's own staff member", async () => {
      const staff = await create(landlord);
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(204);
      expect(await readAsOwner(staff.id)).toBeNull();
    });

    it('answers 404 to another landlord, 401/403 to others, deleting nothing; an Admin may delete', async () => {
      const staff = await create(landlord);
      expect(
        (await other.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(404);
      expect(
        (await t.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(403);
      expect(await readAsOwner(staff.id)).toEqual(staff);
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(204);
      expect(await readAsOwner(staff.id)).toBeNull();
    });
  });

  describe('GET /api/staff/{id}/deletion', () => {
    const preview = (user: TestUser | TestApp, id: number) =>
      user.request({ method: 'GET', url: `/api/staff/${id}/deletion` });

    it('nothing blocks it; names the work orders that become unassigned and a linked login', async () => {
      const staff = await create(landlord);
      expect((await preview(landlord, staff.id)).json()).toEqual({ blockers: [], removes: [] });
      const units = await posted(landlord, '/api/units', {
        unitNumber: `S${staff.id}`,
        propertyId,
        bedrooms: 1,
        bathrooms: 1,
        squareFeet: 500,
        rent: 900,
      });
      for (const title of ['Boiler', 'Gutter']) {
        await t.database.db.insert(workOrdersTable).values({
          unitId: units.id,
          filedBy: landlord.user.id,
          title,
          category: 'Other',
          priority: 'Routine',
          status: 'Assigned',
          assignedStaffId: staff.id,
          filedAt: new Date(),
        });
      }
      await t.database.db
        .update(staffTable)
        .set({ userId: maintenance.user.id })
        .where(eq(staffTable.id, staff.id));
      const before = await allRows();
      const response = await preview(landlord, staff.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        blockers: [],
        removes: [
          {
            kind: 'assignedWorkOrders',
            count: 2,
            message: 'The 2 work orders assigned to them become unassigned.',
          },
          {
            kind: 'portalAccount',
            count: 1,
            message: "Their portal login stays, but no longer reaches this property's work.",
          },
        ],
      });
      expect(await allRows()).toEqual(before);
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/staff/${staff.id}` })).statusCode,
      ).toBe(204);
      const orders = await t.database.db
        .select({ assignedStaffId: workOrdersTable.assignedStaffId })
        .from(workOrdersTable)
        .where(eq(workOrdersTable.unitId, units.id));
      expect(orders).toEqual([{ assignedStaffId: null }, { assignedStaffId: null }]);
    });

    it('answers 404 to another landlord, 401/403 to a visitor, a Tenant and a Maintenance user; an Admin may look', async () => {
      const staff = await create(landlord);
      expect((await preview(other, staff.id)).statusCode).toBe(404);
      expect((await preview(t, staff.id)).statusCode).toBe(401);
      expect((await preview(tenant, staff.id)).statusCode).toBe(403);
      expect((await preview(maintenance, staff.id)).statusCode).toBe(403);
      expect((await preview(admin, staff.id)).statusCode).toBe(200);
    });
  });
});
