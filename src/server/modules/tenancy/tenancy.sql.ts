import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgColumn, type PgSelect } from 'drizzle-orm/pg-core';
import { LEASES_ENDING_SOON_DAYS } from '../../../shared/schemas/dashboard';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/**
 * The tenancy vocabulary, written once: who rents which unit on which day. Each fragment is the
 * SQL twin of a function in src/shared/lease-state.ts (tenancy.sql.test.ts checks that they
 * agree on random leases); every reader (dashboard, rent roll, arrears, statements, pages,
 * search, work orders, portal, notifications, late fees, rent posting) asks through these
 * instead of writing its own rule. The fragments interpolate Drizzle's columns, so a renamed
 * column breaks the build, not a query. In a raw statement, name the lease table with
 * `leaseAs('l')` and pass that: its columns render as "l"."start_date" and so on.
 */

/** The lease columns the rules read: the leases table itself or an alias of it. */
export interface LeaseDates {
  status: AnyPgColumn;
  startDate: AnyPgColumn;
  endDate: AnyPgColumn;
  endedOn: AnyPgColumn;
}

/** The leases table under another name, for raw statements (`FROM leases l`). */
export const leaseAs = (name: string) => alias(leasesTable, name);

/** A calendar day: a 'YYYY-MM-DD' string (a parameter) or a date-valued expression. */
type Day = string | SQL;
const dayOf = (day: Day): SQL => (typeof day === 'string' ? sql`${day}::date` : day);

/** isVoidLease: Terminated without a move-out day, so it never runs. */
export function leaseIsVoid(l: LeaseDates): SQL {
  return sql`(${l.status} = 'Terminated' AND ${l.endedOn} IS NULL)`;
}

/** lastDayOf: the move-out day when the tenant left early, else the end day. */
export function leaseLastDay(l: LeaseDates): SQL {
  return sql`coalesce(${l.endedOn}, ${l.endDate})`;
}

/** isInEffectOn: the lease runs on `day` (its unit's current lease that day). */
export function leaseInEffectOn(l: LeaseDates, day: Day): SQL {
  const d = dayOf(day);
  return sql`(NOT ${leaseIsVoid(l)} AND ${l.startDate} <= ${d} AND ${d} <= ${leaseLastDay(l)})`;
}

/** isCurrentOrUpcoming: the lease has not ended by `day`. */
export function leaseCurrentOrUpcoming(l: LeaseDates, day: Day): SQL {
  return sql`(NOT ${leaseIsVoid(l)} AND ${dayOf(day)} <= ${leaseLastDay(l)})`;
}

/** leaseState: 'upcoming', 'active', 'ending_soon', 'expired' or 'ended_early' on `day`. */
export function leaseStateOn(l: LeaseDates, day: Day): SQL<string> {
  const d = dayOf(day);
  const last = leaseLastDay(l);
  return sql<string>`(CASE
    WHEN ${leaseIsVoid(l)} THEN 'ended_early'
    WHEN ${l.endedOn} IS NOT NULL AND ${l.endedOn} < ${l.endDate} AND ${d} >= ${l.endedOn}
      THEN 'ended_early'
    WHEN ${d} > ${last} THEN 'expired'
    WHEN ${l.startDate} > ${d} THEN 'upcoming'
    WHEN ${last} - ${d} <= ${LEASES_ENDING_SOON_DAYS} THEN 'ending_soon'
    ELSE 'active' END)`;
}

/**
 * The ownership joins. Everything a landlord manages hangs off a property: a unit through
 * units.property_id, a tenant through their unit, a lease through its own unit. Each adds
 * unit and property to a query, so the property's owner is there for `propertiesInScope`.
 * Each join also matches the organisation (decision 0030): every table of the query is then
 * filtered by organisation once the first one is, as a distributed database joins rows of one
 * organisation on one node.
 */
const unitOfRow = (column: PgColumn, organisationId: PgColumn) =>
  and(eq(unitsTable.id, column), eq(unitsTable.organisationId, organisationId));

export function withPropertyOfUnit<T extends PgSelect>(query: T) {
  return query.innerJoin(
    propertiesTable,
    and(
      eq(propertiesTable.id, unitsTable.propertyId),
      eq(propertiesTable.organisationId, unitsTable.organisationId),
    ),
  );
}

/** Add to a query over tenants: their unit (where they live) and its property. */
export function withPropertyOfTenant<T extends PgSelect>(query: T) {
  return withPropertyOfUnit(
    query.innerJoin(unitsTable, unitOfRow(tenantsTable.unitId, tenantsTable.organisationId)),
  );
}

/**
 * A lease's unit is its own (leases.unit_id, fixed when the lease is
 * made), the unit's property is units.property_id, and the property's owner is the landlord
 * the scope filters on. Add to a query over leases.
 */
export function withPropertyOfLease<T extends PgSelect>(query: T) {
  return withPropertyOfUnit(
    query.innerJoin(unitsTable, unitOfRow(leasesTable.unitId, leasesTable.organisationId)),
  );
}
