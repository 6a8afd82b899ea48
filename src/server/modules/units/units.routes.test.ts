import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../../shared/schemas/units';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { expectClientError, posted, signUpAll } from '../../test/fixtures';
import { applicationsTable } from '../applications';
import { tenantsTable } from '../tenants';
import { workOrdersTable } from '../work-orders';
import { unitsTable } from './units.table';

const validUnit = {
  unitNumber: '101',
  description: 'Corner unit',
  imageUrl: 'https://images.example.com/101.jpg',
  bedrooms: 2,
  bathrooms: 1.5,
  squareFeet: 850.25,
  rent: 1450.5,
  status: 'Rented',
};

describe('units API', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenant: TestUser;
  let maintenance: TestUser;
  let propertyId: number;
  let secondPropertyId: number;
  let otherPropertyId: number;
  let counter = 0;

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
      name: 'Elm Block',
      address: '1 Elm St',
      city: 'Salem',
      state: 'OR',
      zipCode: '97301',
    };
    propertyId = (await posted(landlord, '/api/properties', property)).id;
    secondPropertyId = (
      await posted(landlord, '/api/properties', { ...property, name: 'Elm Annex' })
    ).id;
    otherPropertyId = (await posted(other, '/api/properties', { ...property, name: 'Other Elm' }))
      .id;
  });
  afterAll(() => t.close());

  const nextNumber = () => `U${++counter}`;

  async function create(user: TestUser, body: Record<string, unknown> = {}): Promise<Unit> {
    const response = await user.request({
      method: 'POST',
      url: '/api/units',
      payload: { ...validUnit, unitNumber: nextNumber(), propertyId, ...body },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  async function read(id: number): Promise<Unit | null> {
    const response = await t.request({ method: 'GET', url: `/api/units/${id}` });
    return response.statusCode === 200 ? response.json() : null;
  }
  async function countAll(): Promise<number> {
    return (await t.request({ method: 'GET', url: '/api/units' })).json().length;
  }

  describe('POST /api/units', () => {
    it('creates a unit with exact numbers and trimmed text', async () => {
      const response = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...validUnit, unitNumber: '  7B ', propertyId, description: ' Bright ' },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json()).toEqual({
        id: expect.any(Number),
        unitNumber: '7B',
        propertyId,
        description: 'Bright',
        imageUrl: validUnit.imageUrl,
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 850.25,
        rent: 1450.5,
        status: 'Rented',
      });
    });

    it('defaults the status to Available', async () => {
      const { status: _status, ...withoutStatus } = validUnit;
      const response = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...withoutStatus, unitNumber: nextNumber(), propertyId },
      });
      expect(response.statusCode).toBe(201);
      expect(response.json().status).toBe('Available');
    });

    it('answers 409 for a unit number already used in the same property, and allows it in another', async () => {
      await create(landlord, { unitNumber: 'DUP-1' });
      const before = await countAll();
      const duplicate = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...validUnit, unitNumber: 'DUP-1', propertyId },
      });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().message).toBe('Unit DUP-1 already exists in this property');
      expect(await countAll()).toBe(before);
      await create(landlord, { unitNumber: 'DUP-1', propertyId: secondPropertyId });
    });

    it.each([
      ['a missing unit number', { unitNumber: ' ' }, 'unitNumber'],
      ['a missing property', { propertyId: undefined }, 'propertyId'],
      ['property 0', { propertyId: 0 }, 'propertyId'],
      ['fractional bedrooms', { bedrooms: 1.5 }, 'bedrooms'],
      ['negative bedrooms', { bedrooms: -1 }, 'bedrooms'],
      ['bathrooms not in half steps', { bathrooms: 1.25 }, 'bathrooms'],
      ['negative bathrooms', { bathrooms: -0.5 }, 'bathrooms'],
      ['square feet with three decimals', { squareFeet: 800.125 }, 'squareFeet'],
      ['negative square feet', { squareFeet: -1 }, 'squareFeet'],
      ['rent with three decimals', { rent: 1200.005 }, 'rent'],
      ['negative rent', { rent: -5 }, 'rent'],
      ['rent as text', { rent: '1200' }, 'rent'],
      ['an unknown status', { status: 'Vacant' }, 'status'],
      ['a javascript: image URL', { imageUrl: 'javascript:alert(1)' }, 'imageUrl'],
      ['absurd rent', { rent: 1e15 }, 'rent'],
    ])('answers 400 for %s and creates nothing', async (_label, change, field) => {
      const before = await countAll();
      const response = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...validUnit, unitNumber: nextNumber(), propertyId, ...change },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toHaveProperty(field);
      expect(await countAll()).toBe(before);
    });

    it("answers 404 for another landlord's property and creates nothing", async () => {
      const before = await countAll();
      const response = await landlord.request({
        method: 'POST',
        url: '/api/units',
        payload: { ...validUnit, propertyId: otherPropertyId },
      });
      expect(response.statusCode).toBe(404);
      expect(await countAll()).toBe(before);
    });

    it("lets an Admin add a unit to any landlord's property", async () => {
      const unit = await create(admin, { propertyId: otherPropertyId });
      expect(unit.propertyId).toBe(otherPropertyId);
    });

    it('answers 401 to a visitor and 403 to Tenant and Maintenance, creating nothing', async () => {
      const before = await countAll();
      const payload = { ...validUnit, unitNumber: nextNumber(), propertyId };
      expect((await t.request({ method: 'POST', url: '/api/units', payload })).statusCode).toBe(
        401,
      );
      expect(
        (await tenant.request({ method: 'POST', url: '/api/units', payload })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'POST', url: '/api/units', payload })).statusCode,
      ).toBe(403);
      expect(await countAll()).toBe(before);
    });
  });

  describe('GET /api/units and /api/units/{id}', () => {
    it('answers every unit and any one unit to a visitor; 404 for an unknown id', async () => {
      const mine = await create(landlord);
      const theirs = await create(other, { propertyId: otherPropertyId });
      const list: Unit[] = (await t.request({ method: 'GET', url: '/api/units' })).json();
      expect(list.map((u) => u.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
      expect(await read(theirs.id)).toMatchObject({ id: theirs.id, propertyId: otherPropertyId });
      expect((await t.request({ method: 'GET', url: '/api/units/999999' })).statusCode).toBe(404);
    });

    it("with mine=true answers only units of the caller's properties, and all to an Admin", async () => {
      const mine = await create(landlord);
      const theirs = await create(other, { propertyId: otherPropertyId });
      const own: Unit[] = (
        await landlord.request({ method: 'GET', url: '/api/units?mine=true' })
      ).json();
      expect(
        own.every((u) => u.propertyId === propertyId || u.propertyId === secondPropertyId),
      ).toBe(true);
      expect(own.map((u) => u.id)).toContain(mine.id);
      const all: Unit[] = (
        await admin.request({ method: 'GET', url: '/api/units?mine=true' })
      ).json();
      expect(all.map((u) => u.id)).toEqual(expect.arrayContaining([mine.id, theirs.id]));
    });

    it('with mine=true answers 401 to a visitor and 403 to Tenant and Maintenance', async () => {
      expect((await t.request({ method: 'GET', url: '/api/units?mine=true' })).statusCode).toBe(
        401,
      );
      expect(
        (await tenant.request({ method: 'GET', url: '/api/units?mine=true' })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'GET', url: '/api/units?mine=true' })).statusCode,
      ).toBe(403);
    });

    it('searches without regard to case and pages with the total in X-Total-Count', async () => {
      await create(landlord, { description: 'Has a GREENHOUSE roof' });
      await create(landlord, { description: 'greenhouse view' });
      await create(landlord, { description: 'Greenhouse next door' });
      const page = await landlord.request({
        method: 'GET',
        url: '/api/units?mine=true&q=greenHouse&limit=2',
      });
      expect(page.statusCode).toBe(200);
      expect(page.json()).toHaveLength(2);
      expect(page.headers['x-total-count']).toBe('3');
      const rest = await landlord.request({
        method: 'GET',
        url: '/api/units?mine=true&q=greenHouse&limit=2&offset=2',
      });
      expect(rest.json()).toHaveLength(1);
      const byProperty = await t.request({ method: 'GET', url: '/api/units?q=elm%20annex' });
      expect((byProperty.json() as Unit[]).every((u) => u.propertyId === secondPropertyId)).toBe(
        true,
      );
    });
  });

  describe('PUT /api/units/{id}', () => {
    it("updates the landlord's own unit, with or without the matching id in the body", async () => {
      const unit = await create(landlord);
      const withId = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: {
          ...validUnit,
          id: unit.id,
          unitNumber: unit.unitNumber,
          rent: 999.99,
          status: 'Unavailable',
          propertyId,
        },
      });
      expect(withId.statusCode).toBe(200);
      expect(withId.json()).toMatchObject({ id: unit.id, rent: 999.99, status: 'Unavailable' });
      const withoutId = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, unitNumber: unit.unitNumber, bathrooms: 3, propertyId },
      });
      expect(withoutId.statusCode).toBe(200);
      expect(await read(unit.id)).toMatchObject({ bathrooms: 3, rent: validUnit.rent });
    });

    it('keeps the current status when an edit leaves it out', async () => {
      const unit = await create(landlord, { status: 'Maintenance' });
      const { status: _status, ...withoutStatus } = validUnit;
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...withoutStatus, unitNumber: unit.unitNumber, rent: 10, propertyId },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ status: 'Maintenance', rent: 10 });
    });

    it('answers 400 when the id in the body does not match the path, changing nothing', async () => {
      const unit = await create(landlord);
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, id: unit.id + 1, rent: 1, propertyId },
      });
      expect(response.statusCode).toBe(400);
      expect((await read(unit.id))?.rent).toBe(validUnit.rent);
    });

    it('answers 409 when the new number is taken in the property, changing nothing', async () => {
      const first = await create(landlord);
      const second = await create(landlord);
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/units/${second.id}`,
        payload: { ...validUnit, unitNumber: first.unitNumber, propertyId },
      });
      expect(response.statusCode).toBe(409);
      expect((await read(second.id))?.unitNumber).toBe(second.unitNumber);
    });

    it("answers 404 to another landlord and for a move into another landlord's property, changing nothing", async () => {
      const unit = await create(landlord);
      const foreign = await other.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, unitNumber: 'X', propertyId: otherPropertyId },
      });
      expect(foreign.statusCode).toBe(404);
      const move = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, unitNumber: unit.unitNumber, propertyId: otherPropertyId },
      });
      expect(move.statusCode).toBe(404);
      expect(await read(unit.id)).toEqual(unit);
    });

    it('lets a landlord move a unit between their own properties and an Admin edit any unit', async () => {
      const unit = await create(landlord);
      const move = await landlord.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, unitNumber: unit.unitNumber, propertyId: secondPropertyId },
      });
      expect(move.statusCode).toBe(200);
      expect(move.json().propertyId).toBe(secondPropertyId);
      const byAdmin = await admin.request({
        method: 'PUT',
        url: `/api/units/${unit.id}`,
        payload: { ...validUnit, unitNumber: 'ADM', propertyId: secondPropertyId },
      });
      expect(byAdmin.statusCode).toBe(200);
      expect(byAdmin.json().unitNumber).toBe('ADM');
    });

    it('answers 401/403/403 to visitor, Tenant and Maintenance and 400 for bad rules, changing nothing', async () => {
      const unit = await create(landlord);
      const payload = { ...validUnit, unitNumber: 'NEW', propertyId };
      expect(
        (await t.request({ method: 'PUT', url: `/api/units/${unit.id}`, payload })).statusCode,
      ).toBe(401);
      expect(
        (await tenant.request({ method: 'PUT', url: `/api/units/${unit.id}`, payload })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'PUT', url: `/api/units/${unit.id}`, payload }))
          .statusCode,
      ).toBe(403);
      expect(
        (
          await landlord.request({
            method: 'PUT',
            url: `/api/units/${unit.id}`,
            payload: { ...payload, bathrooms: 0.3 },
          })
        ).statusCode,
      ).toBe(400);
      expect(await read(unit.id)).toEqual(unit);
    });
  });

  describe('hostile input', () => {
    it('answers 4xx, never 5xx, for ids beyond the integer range and NUL characters, storing nothing', async () => {
      const before = await countAll();
      const cases = [
        { method: 'GET', url: '/api/units/99999999999' },
        { method: 'PUT', url: '/api/units/99999999999', payload: { ...validUnit, propertyId } },
        { method: 'DELETE', url: '/api/units/99999999999' },
        { method: 'GET', url: '/api/units?q=%00' },
        { method: 'POST', url: '/api/units', payload: { ...validUnit, propertyId: 99999999999 } },
        {
          method: 'POST',
          url: '/api/units',
          payload: { ...validUnit, propertyId, unitNumber: 'A\u0000' },
        },
        {
          method: 'POST',
          url: '/api/units',
          payload: { ...validUnit, propertyId, bathrooms: 1e300 },
        },
        {
          method: 'POST',
          url: '/api/units',
          payload: { ...validUnit, propertyId, squareFeet: 1e12 },
        },
      ] as const;
      for (const options of cases) {
        const response = await admin.request(options as never);
        expectClientError(response, `${options.method} ${options.url}`);
      }
      expect(await countAll()).toBe(before);
    });
  });

  describe('DELETE /api/units/{id}', () => {
    it("deletes the landlord's own unit", async () => {
      const unit = await create(landlord);
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(204);
      expect(await read(unit.id)).toBeNull();
    });

    it('refuses with 409 while the unit has tenants, says to remove them first, and deletes nothing', async () => {
      const unit = await create(landlord);
      const addTenant = (firstName: string) =>
        t.database.db.insert(tenantsTable).values({
          unitId: unit.id,
          unitNumber: unit.unitNumber,
          firstName,
          lastName: 'Ruiz',
          phoneNumber: '+12125550101',
          email: `${firstName.toLowerCase()}@example.com`,
        });
      const refusal = async () => {
        const response = await landlord.request({
          method: 'DELETE',
          url: `/api/units/${unit.id}`,
        });
        expect(response.statusCode).toBe(409);
        expect(response.json().code).toBe('units.has_tenants');
        return response.json().message;
      };
      await addTenant('Ana');
      expect(await refusal()).toBe(
        'This unit still has 1 tenant. Remove its tenant first, then delete the unit.',
      );
      await addTenant('Luis');
      expect(await refusal()).toBe(
        'This unit still has 2 tenants. Remove its tenants first, then delete the unit.',
      );
      const rows = await t.database.db.select().from(unitsTable).where(eq(unitsTable.id, unit.id));
      expect(rows).toHaveLength(1);
    });

    it('answers 404 to another landlord, 401/403 to others, and deletes nothing; an Admin may delete', async () => {
      const unit = await create(landlord);
      expect(
        (await other.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(404);
      expect((await t.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode).toBe(
        401,
      );
      expect(
        (await tenant.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(403);
      expect(
        (await maintenance.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(403);
      expect(await read(unit.id)).toEqual(unit);
      expect(
        (await admin.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(204);
      expect(await read(unit.id)).toBeNull();
    });
  });

  describe('GET /api/units/{id}/deletion', () => {
    const preview = (user: TestUser | TestApp, id: number) =>
      user.request({ method: 'GET', url: `/api/units/${id}/deletion` });
    const addWorkOrder = (unitId: number) =>
      t.database.db.insert(workOrdersTable).values({
        unitId,
        filedBy: landlord.user.id,
        title: 'Leaking tap',
        category: 'Plumbing',
        priority: 'Routine',
        filedAt: new Date(),
      });

    it('names the applications that go with a free unit, and the delete then takes them', async () => {
      const unit = await create(landlord, { status: 'Available' });
      for (const firstName of ['Ana', 'Luis']) {
        await t.database.db.insert(applicationsTable).values({
          unitId: unit.id,
          unitNumber: unit.unitNumber,
          firstName,
          lastName: 'Ruiz',
          email: `${firstName.toLowerCase()}@example.com`,
          phoneNumber: '+12125550101',
        });
      }
      const response = await preview(landlord, unit.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        blockers: [],
        removes: [
          { kind: 'applications', count: 2, message: 'Its 2 rental applications go with it.' },
        ],
      });
      expect(await read(unit.id)).toEqual(unit);
      expect(
        (await landlord.request({ method: 'DELETE', url: `/api/units/${unit.id}` })).statusCode,
      ).toBe(204);
      const left = await t.database.db
        .select()
        .from(applicationsTable)
        .where(eq(applicationsTable.unitId, unit.id));
      expect(left).toEqual([]);
    });

    it('names its tenants and its work orders as blockers, in the words the 409 then uses', async () => {
      const unit = await create(landlord);
      await t.database.db.insert(tenantsTable).values({
        unitId: unit.id,
        unitNumber: unit.unitNumber,
        firstName: 'Ana',
        lastName: 'Ruiz',
        phoneNumber: '+12125550101',
        email: 'ana@example.com',
      });
      await addWorkOrder(unit.id);
      await addWorkOrder(unit.id);
      const response = await preview(landlord, unit.id);
      expect(response.json()).toEqual({
        blockers: [
          {
            kind: 'tenants',
            count: 1,
            message: 'This unit still has 1 tenant. Remove its tenant first, then delete the unit.',
          },
          {
            kind: 'workOrders',
            count: 2,
            message:
              'This unit has 2 work orders in its history and cannot be deleted; set its status to Unavailable instead.',
          },
        ],
        removes: [],
      });
      const refusal = await landlord.request({ method: 'DELETE', url: `/api/units/${unit.id}` });
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json()).toMatchObject({
        code: 'units.has_tenants',
        message: response
          .json()
          .blockers.map((blocker: { message: string }) => blocker.message)
          .join(' '),
      });
    });

    it('refuses a unit kept by its work orders alone with their own message, not a tenant count', async () => {
      const unit = await create(landlord, { status: 'Available' });
      await addWorkOrder(unit.id);
      const refusal = await landlord.request({ method: 'DELETE', url: `/api/units/${unit.id}` });
      expect(refusal.statusCode).toBe(409);
      expect(refusal.json()).toEqual({
        code: 'units.has_work_orders',
        message:
          'This unit has 1 work order in its history and cannot be deleted; set its status to Unavailable instead.',
      });
      expect(await read(unit.id)).toEqual(unit);
    });

    it('answers 404 to another landlord, 401/403 to a visitor, a Tenant and a Maintenance user; an Admin may look', async () => {
      const unit = await create(landlord);
      expect((await preview(other, unit.id)).statusCode).toBe(404);
      expect((await preview(t, unit.id)).statusCode).toBe(401);
      expect((await preview(tenant, unit.id)).statusCode).toBe(403);
      expect((await preview(maintenance, unit.id)).statusCode).toBe(403);
      expect((await preview(admin, unit.id)).json()).toEqual({ blockers: [], removes: [] });
    });
  });
});
