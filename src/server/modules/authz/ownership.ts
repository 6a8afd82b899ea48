import { eq } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import { propertiesTable } from '../properties/properties.table';
import { tenantsTable } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';

/**
 * The ownership joins, written once. Everything a landlord manages hangs off a property:
 * a unit through units.property_id, a tenant through their unit. A query over units (or
 * anything joined to units) adds the property with `withPropertyOfUnit`; a query over
 * tenants (leases, ...) adds unit and property with `withPropertyOfTenant`. The property's
 * owner column is then in scope for `managedPropertiesFilter`.
 */
export function withPropertyOfUnit<T extends PgSelect>(query: T) {
  return query.innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId));
}

export function withPropertyOfTenant<T extends PgSelect>(query: T) {
  return withPropertyOfUnit(query.innerJoin(unitsTable, eq(unitsTable.id, tenantsTable.unitId)));
}
