import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, tenantBody } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { unitsTable } from '../units';
import { tenantsTable } from './tenants.table';

/**
 * Unit status follows tenancy however requests interleave: concurrent moves of one tenant
 * (and a removal racing them) must leave every unit Rented exactly when someone lives in it.
 */
let t: TestApp;
let landlord: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  landlord = await signUpAndLogin(t, 'Landlord');
});
afterAll(() => t?.close());

/** Units whose status disagrees with their tenants, as 'unit id: status, n tenants'. */
async function mismatches(propertyId: number): Promise<string[]> {
  const db = t.database.db;
  const units = await db.select().from(unitsTable).where(eq(unitsTable.propertyId, propertyId));
  // A tenant who moved out stays on the unit's record as history, not as an occupant.
  const tenants = (
    await db
      .select({ unitId: tenantsTable.unitId, movedOutOn: tenantsTable.movedOutOn })
      .from(tenantsTable)
  ).filter((tenant) => tenant.movedOutOn === null);
  return units
    .map((unit) => ({ unit, n: tenants.filter((x) => x.unitId === unit.id).length }))
    .filter(({ unit, n }) => (unit.status === 'Rented') !== n > 0)
    .map(({ unit, n }) => `${unit.id}: ${unit.status}, ${n} tenants`);
}

describe('concurrent tenant moves', () => {
  it.each([1, 2, 3, 4, 5])(
    'round %i: five simultaneous moves of one tenant leave no unit Rented with nobody in it',
    async () => {
      const { propertyId, units } = await createPropertyWithUnits(
        landlord,
        Array.from({ length: 6 }, () => 'Available'),
      );
      const placed = await landlord.request({
        method: 'POST',
        url: '/api/tenants',
        payload: tenantBody(units[0]!.id),
      });
      expect(placed.statusCode, placed.body).toBe(201);
      const tenantId: number = placed.json().id;

      const answers = await Promise.all(
        units.slice(1).map((unit) =>
          landlord.request({
            method: 'PUT',
            url: `/api/tenants/${tenantId}`,
            payload: tenantBody(unit.id),
          }),
        ),
      );
      expect(answers.every((a) => [200, 409].includes(a.statusCode))).toBe(true);
      expect(answers.some((a) => a.statusCode === 200)).toBe(true);
      expect(await mismatches(propertyId)).toEqual([]);

      // A removal racing a move: whichever wins, statuses still follow tenancy.
      await Promise.all([
        landlord.request({ method: 'DELETE', url: `/api/tenants/${tenantId}` }),
        landlord.request({
          method: 'PUT',
          url: `/api/tenants/${tenantId}`,
          payload: tenantBody(units[0]!.id),
        }),
      ]);
      expect(await mismatches(propertyId)).toEqual([]);
    },
  );
});
