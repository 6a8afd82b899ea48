import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Unit } from '../../../shared/schemas/units';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { unitsTable } from './units.table';

const layout = { bedrooms: 1, bathrooms: 1, squareFeet: 540, rent: 1210.55, status: 'Available' };

describe('POST /api/units/batch (add several units)', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let propertyId: number;

  const newProperty = async (owner: TestUser) =>
    (
      await owner.request({
        method: 'POST',
        url: '/api/properties',
        payload: {
          name: 'Birch Court',
          address: '4 Birch',
          city: 'Salem',
          state: 'OR',
          zipCode: '97301',
        },
      })
    ).json().id as number;
  const batch = (user: TestUser | TestApp, payload: object) =>
    user.request({ method: 'POST', url: '/api/units/batch', payload });
  const unitNumbersOf = async (id: number) =>
    (await t.database.db.select().from(unitsTable).where(eq(unitsTable.propertyId, id)))
      .map((unit) => unit.unitNumber)
      .sort();

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    other = await signUpAndLogin(t, 'Landlord');
    propertyId = await newProperty(landlord);
  });
  afterAll(() => t.close());

  it('creates every unit of the pattern with the shared layout and rent, one event each', async () => {
    const response = await batch(landlord, {
      ...layout,
      propertyId,
      unitNumbers: '101-103, 1A-1B',
    });
    expect(response.statusCode, response.body).toBe(201);
    const units = response.json() as Unit[];
    expect(units.map((unit) => unit.unitNumber)).toEqual(['101', '102', '103', '1A', '1B']);
    expect(units.every((unit) => unit.rent === 1210.55 && unit.propertyId === propertyId)).toBe(
      true,
    );
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(eq(auditEventsTable.entityType, 'units'));
    for (const unit of units) {
      expect(events.filter((e) => e.entityId === unit.id && e.action === 'create')).toHaveLength(1);
    }
  });

  it('refuses the whole batch when any number exists, naming it, and creates nothing', async () => {
    const id = await newProperty(landlord);
    expect(
      (await batch(landlord, { ...layout, propertyId: id, unitNumbers: '205' })).statusCode,
    ).toBe(201);
    const response = await batch(landlord, { ...layout, propertyId: id, unitNumbers: '201-210' });
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(
      'Unit 205 already exists in this property. Nothing was added.',
    );
    expect(await unitNumbersOf(id)).toEqual(['205']);
  });

  it("reads '101 to 112' as twelve units, not one unit of that name", async () => {
    const id = await newProperty(landlord);
    const response = await batch(landlord, {
      ...layout,
      propertyId: id,
      unitNumbers: '101 to 112',
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(await unitNumbersOf(id)).toEqual(Array.from({ length: 12 }, (_, i) => String(101 + i)));
  });

  it('adds 500 units at once, the bound', async () => {
    const id = await newProperty(landlord);
    const response = await batch(landlord, { ...layout, propertyId: id, unitNumbers: '1-500' });
    expect(response.statusCode, response.body).toBe(201);
    expect(await unitNumbersOf(id)).toHaveLength(500);
  });

  it('refuses a bad pattern or layout with a field error, and creates nothing', async () => {
    const id = await newProperty(landlord);
    const backwards = await batch(landlord, { ...layout, propertyId: id, unitNumbers: '112-101' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().errors.unitNumbers).toEqual(['The range 112-101 runs backwards']);
    const tooMany = await batch(landlord, { ...layout, propertyId: id, unitNumbers: '1-5000' });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors.unitNumbers).toEqual([
      'At most 500 units at once: 1-5000 names 5,000',
    ]);
    const inWords = await batch(landlord, {
      ...layout,
      propertyId: id,
      unitNumbers: '101 through 112',
    });
    expect(inWords.statusCode).toBe(400);
    expect(inWords.json().errors.unitNumbers).toEqual([
      "'101 through 112' is not a unit number or a range. Write a range as 101-112, 101 to 112 or 1A-1F",
    ]);
    const badRent = await batch(landlord, {
      ...layout,
      rent: -1,
      propertyId: id,
      unitNumbers: '1-3',
    });
    expect(badRent.statusCode).toBe(400);
    expect(await unitNumbersOf(id)).toEqual([]);
  });

  it("answers 404 for another landlord's property and 401 without a session, creating nothing", async () => {
    const theirs = await newProperty(other);
    const response = await batch(landlord, { ...layout, propertyId: theirs, unitNumbers: '1-3' });
    expect(response.statusCode).toBe(404);
    const anonymous = await batch(t, { ...layout, propertyId: theirs, unitNumbers: '1-3' });
    expect(anonymous.statusCode).toBe(401);
    expect(await unitNumbersOf(theirs)).toEqual([]);
  });
});
