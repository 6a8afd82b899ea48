import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readRows } from './db/read-rows';
import { propertiesTable } from './modules/properties';
import { unitsTable } from './modules/units';
import {
  inOrganisation,
  inOrganisationSql,
  propertiesInScope,
  propertiesInScopeSql,
  type Scope,
} from './scope';
import { createPropertyWithUnits, signUpAll } from './test/fixtures';
import { createTestApp, type TestApp } from './test/test-app';

/**
 * Each scope condition is written twice, for Drizzle and for the hand-written statements: on
 * two organisations' rows, both forms choose the same ones.
 */
let t: TestApp;
let scopes: Scope[];
let ofFirst: { properties: number[]; units: number[] };

beforeAll(async () => {
  t = await createTestApp();
  const [first, second] = await signUpAll(t, ['Landlord', 'Landlord']);
  const a = await createPropertyWithUnits(first, ['Available', 'Rented']);
  const b = await createPropertyWithUnits(first, ['Available']);
  await createPropertyWithUnits(second, ['Available']);
  const organisationId = first.organisation!.organisationId;
  ofFirst = {
    properties: [a.propertyId, b.propertyId],
    units: [...a.units, ...b.units].map((unit) => unit.id),
  };
  scopes = [
    { kind: 'all' },
    { kind: 'organisation', organisationId, propertyIds: null },
    { kind: 'organisation', organisationId, propertyIds: [a.propertyId] },
    { kind: 'none' },
  ];
});
afterAll(() => t?.close());

const ids = z.object({ id: z.number() });
const select = async (statement: SQL) =>
  (await readRows(t.database.db, statement, ids)).map((row) => row.id).sort((x, y) => x - y);

describe('the scope conditions and their SQL twins', () => {
  it('inOrganisation and inOrganisationSql choose the same units', async () => {
    const chosen = [];
    for (const scope of scopes) {
      const drizzle = await select(
        sql`SELECT ${unitsTable.id} AS id FROM ${unitsTable} WHERE ${inOrganisation(unitsTable.organisationId, scope) ?? sql`true`}`,
      );
      const text = await select(
        sql`SELECT u.id FROM units u WHERE ${inOrganisationSql(scope, 'u')}`,
      );
      expect(text).toEqual(drizzle);
      chosen.push(drizzle);
    }
    expect(chosen[1]).toEqual(ofFirst.units);
    expect(chosen[0]!.length).toBeGreaterThan(ofFirst.units.length);
    expect(chosen[3]).toEqual([]);
  });

  it('propertiesInScope and propertiesInScopeSql choose the same properties', async () => {
    const chosen = [];
    for (const scope of scopes) {
      const drizzle = await select(
        sql`SELECT ${propertiesTable.id} AS id FROM ${propertiesTable} WHERE ${propertiesInScope(scope) ?? sql`true`}`,
      );
      const text = await select(
        sql`SELECT p.id FROM properties p WHERE ${propertiesInScopeSql(scope, 'p')}`,
      );
      expect(text).toEqual(drizzle);
      chosen.push(drizzle);
    }
    expect(chosen[1]).toEqual(ofFirst.properties);
    expect(chosen[2]).toEqual([ofFirst.properties[0]]);
    expect(chosen[3]).toEqual([]);
  });
});
