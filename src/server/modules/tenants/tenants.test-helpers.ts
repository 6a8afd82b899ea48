import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp, TestUser } from '../../test/test-app';
import { applicationsTable } from '../applications/applications.table';
import { leasesTable } from '../leases/leases.table';
import { unitsTable } from '../units/units.table';
import { tenantsTable } from './tenants.table';

let counter = 0;

/** A property of the landlord with one unit per status given, created through the API. */
export async function createPropertyWithUnits(owner: TestUser, statuses: string[] = ['Available']) {
  const property = await owner.request({
    method: 'POST',
    url: '/api/properties',
    payload: {
      name: `Maple Court ${++counter}`,
      address: '12 Maple St',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    },
  });
  expect(property.statusCode, property.body).toBe(201);
  const propertyId: number = property.json().id;
  const units: { id: number; unitNumber: string; status: string }[] = [];
  for (const [index, status] of statuses.entries()) {
    const unit = await owner.request({
      method: 'POST',
      url: '/api/units',
      payload: {
        unitNumber: `${100 + index + 1}`,
        propertyId,
        bedrooms: 2,
        bathrooms: 1.5,
        squareFeet: 850,
        rent: 1450,
        status,
      },
    });
    expect(unit.statusCode, unit.body).toBe(201);
    units.push(unit.json());
  }
  return { propertyId, units };
}

export const tenantBody = (unitId: number, overrides: Record<string, unknown> = {}) => ({
  unitId,
  unitNumber: 'ignored',
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '555-0101',
  email: 'ada@example.com',
  ...overrides,
});

export async function unitStatus(t: TestApp, unitId: number): Promise<string | undefined> {
  const [row] = await t.database.db
    .select({ status: unitsTable.status })
    .from(unitsTable)
    .where(eq(unitsTable.id, unitId));
  return row?.status;
}

/** Everything tenancy writes, to prove that a refused request changed nothing. */
export async function tenancySnapshot(t: TestApp) {
  const db = t.database.db;
  return {
    units: await db
      .select({ id: unitsTable.id, status: unitsTable.status })
      .from(unitsTable)
      .orderBy(unitsTable.id),
    tenants: await db.select().from(tenantsTable).orderBy(tenantsTable.id),
    leases: await db.select().from(leasesTable).orderBy(leasesTable.id),
    applications: await db.select().from(applicationsTable).orderBy(applicationsTable.id),
  };
}
