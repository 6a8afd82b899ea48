import { sql } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_SECTIONS } from '../../../shared/schemas/dashboard';
import { rowsReadPerTable } from '../../db/explain';
import { createTestApp, signUpAndLogin, type TestApp } from '../../test/test-app';
import { applicationsTable } from '../applications/applications.table';
import { leasesTable } from '../leases/leases.table';
import { propertiesTable } from '../properties/properties.table';
import { staffTable } from '../staff/staff.table';
import { tenantsTable } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';
import { dashboardStatement } from './dashboard.statement';

/** A portfolio written in bulk: `properties` properties, each with `units` let units. */
async function portfolio(t: TestApp, userId: number, properties: number, units: number) {
  const db = t.database.db;
  const propertyRows = await db
    .insert(propertiesTable)
    .values(
      Array.from({ length: properties }, (_, i) => ({
        userId,
        name: `P${i}`,
        address: `${i} Main St`,
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      })),
    )
    .returning({ id: propertiesTable.id });
  await db.insert(staffTable).values(
    propertyRows.map(({ id }) => ({
      propertyId: id,
      firstName: 'Olive',
      lastName: 'Owner',
      email: 'olive@example.com',
      phone: '555-0100',
      position: 'Owner',
    })),
  );
  const unitRows = await db
    .insert(unitsTable)
    .values(
      propertyRows.flatMap(({ id }) =>
        Array.from({ length: units }, (_, u) => ({
          propertyId: id,
          unitNumber: `${u}`,
          status: 'Rented',
          rent: toCents(1000),
          bedrooms: 1,
          bathrooms: 1,
          squareFeet: 500,
        })),
      ),
    )
    .returning({ id: unitsTable.id });
  const person = {
    firstName: 'Tia',
    lastName: 'Tenant',
    phoneNumber: '555-0101',
    email: 'tia@example.com',
  };
  const tenantRows = await db
    .insert(tenantsTable)
    .values(unitRows.map(({ id }) => ({ unitId: id, unitNumber: 'x', ...person })))
    .returning({ id: tenantsTable.id });
  await db.insert(leasesTable).values(
    tenantRows.map(({ id }) => ({
      tenantId: id,
      unitNumber: 'x',
      firstName: 'Tia',
      lastName: 'Tenant',
      startDate: '2026-01-01',
      endDate: '2099-01-01',
      rent: toCents(1000),
      deposit: toCents(1000),
      status: 'Active',
    })),
  );
  await db
    .insert(applicationsTable)
    .values(
      unitRows.map(({ id }) => ({ unitId: id, unitNumber: 'x', ...person, status: 'Pending' })),
    );
  return { properties, units: properties * units };
}

describe("a landlord's dashboard reads only that landlord's rows", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  // Writing the large neighbour takes a while on a busy machine: a generous limit.
  it(
    'however large a neighbouring portfolio is (rows read, from the plan the database ran)',
    { timeout: 180_000 },
    async () => {
      const small = await signUpAndLogin(t, 'Landlord');
      const neighbour = await signUpAndLogin(t, 'Landlord');
      const own = await portfolio(t, small.user.id, 2, 3);
      await portfolio(t, neighbour.user.id, 1500, 2);
      // Real statistics, as after any bulk load: the plans are those of a grown database.
      await t.database.db.execute(sql`analyze`);

      const read = await rowsReadPerTable(
        t.database.db,
        dashboardStatement({
          ownerId: small.user.id,
          propertyId: undefined,
          sections: DASHBOARD_SECTIONS,
          today: '2026-11-21',
          until: '2027-01-20',
          endingSoonLimit: 50,
          knownRevision: undefined,
        }),
      );
      // One unit, tenant, lease and application per unit; one staff member per property.
      expect(Object.fromEntries(read)).toMatchObject({
        properties: own.properties,
        staff: own.properties,
        units: own.units,
        tenants: own.units,
        leases: own.units,
        rental_applications: own.units,
      });
    },
  );
});
