import { sql, type SQL } from 'drizzle-orm';
import { toCents } from '../../../shared/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DASHBOARD_SECTIONS } from '../../../shared/schemas/dashboard';
import { rowsReadPerTable } from '../../db/explain';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { organisationOf } from '../../test/fixtures';
import { applicationsTable } from '../applications';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';
import { dashboardStatement, walksIndexesStatement } from './dashboard.statement';
import { z } from 'zod';
import { readRows } from '../../db/read-rows';
import type { Scope } from '../../scope';

/** A portfolio written in bulk: `properties` properties, each with `units` let units. */
async function portfolio(t: TestApp, userId: number, properties: number, units: number) {
  const db = t.database.db;
  const propertyRows = await db
    .insert(propertiesTable)
    .values(
      Array.from({ length: properties }, (_, i) => ({
        userId,
        organisationId: organisationOf(userId),
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
      phone: '+12125550100',
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
    phoneNumber: '+12125550101',
    email: 'tia@example.com',
  };
  const tenantRows = await db
    .insert(tenantsTable)
    .values(unitRows.map(({ id }) => ({ unitId: id, unitNumber: 'x', ...person })))
    .returning({ id: tenantsTable.id, unitId: tenantsTable.unitId });
  await db.insert(leasesTable).values(
    tenantRows.map(({ id, unitId }) => ({
      tenantId: id,
      unitId,
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

/** Every node of a plan the database ran, with what it did. */
interface PlanNode {
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Join Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  Plans?: PlanNode[];
}

/**
 * The rows every step of the statement produced or looked at and dropped, summed over the
 * whole plan: a statement that works in step with its data handles a few times the rows it
 * reads; one that compares every pair of rows handles their product.
 */
async function rowsHandled(t: TestApp, statement: SQL): Promise<number> {
  const rows = await readRows(
    t.database.db,
    sql`EXPLAIN (ANALYZE, FORMAT JSON) ${statement}`,
    z.record(z.string(), z.unknown()),
  );
  const raw = Object.values(rows[0]!)[0];
  const [plan] = (typeof raw === 'string' ? JSON.parse(raw) : raw) as { Plan: PlanNode }[];
  const visit = (node: PlanNode): number =>
    ((node['Actual Rows'] ?? 0) +
      (node['Rows Removed by Filter'] ?? 0) +
      (node['Rows Removed by Join Filter'] ?? 0) +
      (node['Rows Removed by Index Recheck'] ?? 0)) *
      (node['Actual Loops'] ?? 1) +
    (node.Plans ?? []).reduce((sum, child) => sum + visit(child), 0);
  return visit(plan!.Plan);
}

const scopeOf = (organisationId: number): Scope => ({
  kind: 'organisation',
  organisationId,
  propertyIds: null,
});

async function walksIndexes(t: TestApp, organisationId: number): Promise<boolean> {
  const [row] = await readRows(
    t.database.db,
    walksIndexesStatement(scopeOf(organisationId), undefined),
    z.object({ walk: z.boolean() }),
  );
  return row!.walk;
}

/** The full dashboard's statement for a landlord, planned as the service plans it. */
async function everySection(t: TestApp, organisationId: number) {
  return dashboardStatement({
    scope: scopeOf(organisationId),
    propertyId: undefined,
    sections: DASHBOARD_SECTIONS,
    today: '2026-11-21',
    until: '2027-01-20',
    endingSoonLimit: 50,
    propertyLimit: undefined,
    propertyOffset: 0,
    knownRevision: undefined,
    walkIndexes: await walksIndexes(t, organisationId),
  });
}

describe("a landlord's dashboard reads only that landlord's rows", () => {
  let t: TestApp;
  let small: TestUser;
  let neighbour: TestUser;
  let own: { properties: number; units: number };
  let theirs: { properties: number; units: number };

  // Writing the large neighbour takes a while on a busy machine: a generous limit.
  beforeAll(async () => {
    t = await createTestApp();
    small = await signUpAndLogin(t, 'Landlord');
    neighbour = await signUpAndLogin(t, 'Landlord');
    // A tenth of the neighbour's size: the share at which the planner, left alone, scanned
    // the neighbour's units and tenants whole rather than walk the indexes.
    own = await portfolio(t, small.user.id, 150, 2);
    theirs = await portfolio(t, neighbour.user.id, 1500, 2);
    // Real statistics, as after any bulk load: the plans are those of a grown database.
    await t.database.db.execute(sql`analyze`);
  }, 180_000);
  afterAll(() => t.close());

  it('however large a neighbouring portfolio is (rows read, from the plan the database ran)', async () => {
    const read = await rowsReadPerTable(
      t.database.db,
      await everySection(t, small.organisation!.organisationId),
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
  });

  it('walks the indexes for a small share of the properties and hash-joins a large one', async () => {
    expect(await walksIndexes(t, small.organisation!.organisationId)).toBe(true);
    expect(await walksIndexes(t, neighbour.organisation!.organisationId)).toBe(false);
  });

  it('and a large portfolio costs in step with its size, not with its size squared', async () => {
    // 3,000 units, tenants, leases and applications, 1,500 properties and staff: 15,000
    // rows. The parts handle them a few times over (scans, joins, aggregates, the JSON);
    // comparing every tenant with every lease alone would be 9,000,000.
    const rows = theirs.units * 4 + theirs.properties * 2;
    const handled = await rowsHandled(
      t,
      await everySection(t, neighbour.organisation!.organisationId),
    );
    expect(handled).toBeGreaterThan(rows);
    expect(handled).toBeLessThan(10 * rows);
  });
});
