import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf } from '../../db/batches';
import { alias, type PgColumn, type PgSelect, type PgTable } from 'drizzle-orm/pg-core';
import type { User } from '../../../shared/schemas/users';
import type { Actor } from '../../context';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import type { Database } from '../../db/client';
import { forbidden, notFound } from '../../http/errors';
import { applicationsTable, type ApplicationRow } from '../applications';
import { leasesTable, type LeaseRow } from '../leases';
import { propertiesTable, type PropertyRow } from '../properties';
import { staffTable, type StaffRow } from '../staff';
import { tenantsTable, type TenantRow } from '../tenants';
import { unitsTable, type UnitRow } from '../units';
import { workOrdersTable } from '../work-orders';
import {
  leaseInEffectOn,
  withPropertyOfLease,
  withPropertyOfTenant,
  withPropertyOfUnit,
} from '../tenancy';

/**
 * Who may act on which record: one policy per resource, in one place. A Landlord manages
 * the properties they own and everything under them (units, staff, tenants, leases,
 * applications); an Admin and the system (jobs, the command line) manage everything.
 * Another landlord's record answers 404, exactly as a missing one. Which role may call a
 * route at all is declared on the route (the auth plugin's `access`).
 */

export const isAdmin = (user: User) => user.roles.includes('Admin');

/** The Admin rule: an Admin, or the system, acts on every landlord's records. */
export function actsOnEveryRecord(actor: Actor): boolean {
  return actor.kind === 'system' || (actor.kind === 'user' && isAdmin(actor.user));
}

/** Whose records the actor may read and change (src/server/scope.ts). */
export function scopeFor(actor: Actor): Scope {
  if (actsOnEveryRecord(actor)) return { kind: 'all' };
  if (actor.kind === 'user' && actor.membership) {
    const { organisationId, propertyIds } = actor.membership;
    return { kind: 'organisation', organisationId, propertyIds };
  }
  // Visitors, tenants and maintenance staff manage nothing (they have portals of their own),
  // nor does anyone outside an organisation.
  return { kind: 'none' };
}

/** A condition on properties: those the actor manages (undefined: all of them). */
export function managedPropertiesFilter(actor: Actor): SQL | undefined {
  return propertiesInScope(scopeFor(actor));
}

/**
 * A condition on a table under properties (joined to them): the rows the actor manages, by the
 * table's own organisation first (decision 0030), then by the properties.
 */
export function managedRecordsFilter(
  actor: Actor,
  table: { organisationId: PgColumn },
): SQL | undefined {
  return and(ownedBy(actor, table), managedPropertiesFilter(actor));
}

/**
 * A condition on a record's own table: its organisation_id in the actor's scope (decision
 * 0030). Every lookup leads with it, the re-read that locks the row too.
 */
function ownedBy(actor: Actor, table: { organisationId: PgColumn }): SQL | undefined {
  return inOrganisation(table.organisationId, scopeFor(actor));
}

interface Lookup {
  /** Keep the record's row locked until the transaction ends: a change is about to follow. */
  lock?: boolean;
}

/**
 * The first row of a managed-record query. With `lock`, the record's own row is then read
 * again by id FOR UPDATE: locking through the ownership join would drop a row whose join key
 * a concurrent write has just changed (PostgreSQL re-checks only the locked row), and the
 * caller would answer 404 for a record that exists.
 */
async function firstRow<T extends PgSelect, R>(
  db: Database,
  query: T,
  lookup: Lookup,
  lockTarget: { table: PgTable; id: PgColumn; value: number; owned: SQL | undefined },
  replace: (row: R, locked: unknown) => R,
): Promise<R | undefined> {
  const [row] = (await query.limit(1)) as R[];
  if (!row || !lookup.lock) return row;
  const [locked] = await db
    .select()
    .from(lockTarget.table)
    .where(and(lockTarget.owned, eq(lockTarget.id, lockTarget.value)))
    .for('update')
    .limit(1);
  return locked ? replace(row, locked) : undefined;
}

function missing(resource: string, label: string): never {
  throw notFound(`${resource}.not_found`, `${label} not found`);
}

/** Manages the property. */
export async function findManagedProperty(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<PropertyRow | undefined> {
  const query = db
    .select()
    .from(propertiesTable)
    .where(and(eq(propertiesTable.id, id), managedPropertiesFilter(actor)))
    .$dynamic();
  return firstRow<typeof query, PropertyRow>(
    db,
    query,
    lookup,
    {
      table: propertiesTable,
      id: propertiesTable.id,
      value: id,
      owned: ownedBy(actor, propertiesTable),
    },
    (_row, locked) => locked as PropertyRow,
  );
}

export async function requireManagedProperty(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
) {
  return (await findManagedProperty(db, actor, id, lookup)) ?? missing('properties', 'Property');
}

/** Many properties at once (a batch write): a 404 as for one when any is not the actor's. */
export async function requireManagedProperties(
  db: Database,
  actor: Actor,
  ids: readonly number[],
): Promise<void> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: propertiesTable.id })
    .from(propertiesTable)
    .where(and(anyOf(propertiesTable.id, wanted), managedPropertiesFilter(actor)));
  if (found.length < wanted.length) missing('properties', 'Property');
}

/**
 * Many units at once (a batch write), locked in id order until the transaction ends: a 404 as
 * for one when any is not the actor's.
 */
export async function lockManagedUnits(
  db: Database,
  actor: Actor,
  ids: readonly number[],
): Promise<Map<number, UnitRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const managed = await withPropertyOfUnit(
    db.select({ id: unitsTable.id }).from(unitsTable).$dynamic(),
  ).where(
    and(ownedBy(actor, unitsTable), anyOf(unitsTable.id, wanted), managedPropertiesFilter(actor)),
  );
  if (managed.length < wanted.length) missing('units', 'Unit');
  const locked = await db
    .select()
    .from(unitsTable)
    .where(and(ownedBy(actor, unitsTable), anyOf(unitsTable.id, wanted)))
    .orderBy(asc(unitsTable.id))
    .for('update');
  if (locked.length < wanted.length) missing('units', 'Unit');
  return new Map(locked.map((unit) => [unit.id, unit]));
}

/** Many tenants at once (a batch write), locked in id order: a 404 as for one when any is not the actor's. */
export async function lockManagedTenants(
  db: Database,
  actor: Actor,
  ids: readonly number[],
): Promise<Map<number, TenantRow>> {
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) return new Map();
  const managed = await withPropertyOfTenant(
    db.select({ id: tenantsTable.id }).from(tenantsTable).$dynamic(),
  ).where(
    and(
      ownedBy(actor, tenantsTable),
      anyOf(tenantsTable.id, wanted),
      managedPropertiesFilter(actor),
    ),
  );
  if (managed.length < wanted.length) missing('tenants', 'Tenant');
  const locked = await db
    .select()
    .from(tenantsTable)
    .where(and(ownedBy(actor, tenantsTable), anyOf(tenantsTable.id, wanted)))
    .orderBy(asc(tenantsTable.id))
    .for('update');
  if (locked.length < wanted.length) missing('tenants', 'Tenant');
  return new Map(locked.map((tenant) => [tenant.id, tenant]));
}

/** Manages the unit's property. */
export async function findManagedUnit(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<UnitRow | undefined> {
  const query = withPropertyOfUnit(
    db.select({ unit: unitsTable }).from(unitsTable).$dynamic(),
  ).where(and(ownedBy(actor, unitsTable), eq(unitsTable.id, id), managedPropertiesFilter(actor)));
  const row = await firstRow<typeof query, { unit: UnitRow }>(
    db,
    query,
    lookup,
    { table: unitsTable, id: unitsTable.id, value: id, owned: ownedBy(actor, unitsTable) },
    (_row, locked) => ({ unit: locked as UnitRow }),
  );
  return row?.unit;
}

export async function requireManagedUnit(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
) {
  return (await findManagedUnit(db, actor, id, lookup)) ?? missing('units', 'Unit');
}

/** Manages the property the staff member works at. */
export async function requireManagedStaff(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<StaffRow> {
  const query = db
    .select({ staff: staffTable })
    .from(staffTable)
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.id, staffTable.propertyId),
        eq(propertiesTable.organisationId, staffTable.organisationId),
      ),
    )
    .where(and(ownedBy(actor, staffTable), eq(staffTable.id, id), managedPropertiesFilter(actor)))
    .$dynamic();
  const row = await firstRow<typeof query, { staff: StaffRow }>(
    db,
    query,
    lookup,
    { table: staffTable, id: staffTable.id, value: id, owned: ownedBy(actor, staffTable) },
    (_row, locked) => ({ staff: locked as StaffRow }),
  );
  return row?.staff ?? missing('staff', 'Staff member');
}

/** Manages the tenant's unit's property. */
export async function requireManagedTenant(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<TenantRow> {
  const query = withPropertyOfTenant(
    db.select({ tenant: tenantsTable }).from(tenantsTable).$dynamic(),
  ).where(
    and(ownedBy(actor, tenantsTable), eq(tenantsTable.id, id), managedPropertiesFilter(actor)),
  );
  const row = await firstRow<typeof query, { tenant: TenantRow }>(
    db,
    query,
    lookup,
    { table: tenantsTable, id: tenantsTable.id, value: id, owned: ownedBy(actor, tenantsTable) },
    (_row, locked) => ({ tenant: locked as TenantRow }),
  );
  return row?.tenant ?? missing('tenants', 'Tenant');
}

/** Manages the property of the lease's unit. */
export async function findManagedLease(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<LeaseRow | undefined> {
  const query = withPropertyOfLease(
    db.select({ lease: leasesTable }).from(leasesTable).$dynamic(),
  ).where(and(ownedBy(actor, leasesTable), eq(leasesTable.id, id), managedPropertiesFilter(actor)));
  const row = await firstRow<typeof query, { lease: LeaseRow }>(
    db,
    query,
    lookup,
    { table: leasesTable, id: leasesTable.id, value: id, owned: ownedBy(actor, leasesTable) },
    (_row, locked) => ({ lease: locked as LeaseRow }),
  );
  return row?.lease;
}

export async function requireManagedLease(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<LeaseRow> {
  return (await findManagedLease(db, actor, id, lookup)) ?? missing('leases', 'Lease');
}

/**
 * Is this lease's tenant: the account linked to the lease's tenant record (tenants.user_id,
 * set only by an invitation the landlord made). Anyone else, a manager included, gets
 * undefined: managing a lease and being its tenant are different rights.
 */
export async function findLeaseOfTenantAccount(
  db: Database,
  actor: Actor,
  leaseId: number,
): Promise<LeaseRow | undefined> {
  if (actor.kind !== 'user') return undefined;
  const [row] = await db
    .select({ lease: leasesTable })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .where(and(eq(leasesTable.id, leaseId), eq(tenantsTable.userId, actor.user.id)))
    .limit(1);
  return row?.lease;
}

/** Every lease of the tenant record linked to the account (the same rule as above). */
export async function listLeasesOfTenantAccount(db: Database, actor: Actor): Promise<LeaseRow[]> {
  if (actor.kind !== 'user') return [];
  const rows = await db
    .select({ lease: leasesTable })
    .from(leasesTable)
    .innerJoin(tenantsTable, eq(tenantsTable.id, leasesTable.tenantId))
    .where(eq(tenantsTable.userId, actor.user.id));
  return rows.map((row) => row.lease);
}

/** A user with the Tenant role, or a 403 with the caller's words. */
export function requireTenantRole(actor: Actor, message: string): User {
  if (actor.kind !== 'user') throw forbidden(message);
  if (!actor.user.roles.includes('Tenant')) throw forbidden(message);
  return actor.user;
}

export interface Tenancy {
  tenant: TenantRow;
  unit: UnitRow;
  property: PropertyRow;
}

/**
 * The account's own tenancy: the tenant record linked to it (tenants.user_id, set only by an
 * invitation), with its unit and property. There is no id to ask for: an account sees its own
 * record or none, whatever it manages.
 */
export async function findTenancyOfAccount(
  db: Database,
  actor: Actor,
): Promise<Tenancy | undefined> {
  if (actor.kind !== 'user') return undefined;
  const [row] = await withPropertyOfTenant(
    db
      .select({ tenant: tenantsTable, unit: unitsTable, property: propertiesTable })
      .from(tenantsTable)
      .$dynamic(),
  )
    .where(eq(tenantsTable.userId, actor.user.id))
    .limit(1);
  return row;
}

/**
 * Work orders that concern a tenant, as a filter over work orders: filed by their account,
 * naming them (a work order names the tenant whose lease covered the day it was filed), or
 * filed on one of their leases' units on a day that lease was in effect (the tenancy
 * vocabulary; the day in the landlord's time zone). A roommate on their own lease sees the
 * unit's repairs of their time; nobody sees a previous or a later occupant's.
 */
export function workOrdersOfTenancyFilter(tenancy: Tenancy, timeZone: string): SQL {
  const { tenant } = tenancy;
  const o = alias(workOrdersTable, 'o');
  const l = alias(leasesTable, 'l');
  const filedOn = sql`(${o.filedAt} AT TIME ZONE ${timeZone})::date`;
  const filedByThem =
    tenant.userId === null
      ? sql``
      : sql`SELECT ${o.id} FROM ${workOrdersTable} o WHERE ${o.filedBy} = ${tenant.userId} UNION ALL `;
  // The ids from three index lookups (by filer, by tenant, by their leases' units), not a
  // test of three conditions on every work order of every landlord: the cost is the tenant's.
  return sql`${workOrdersTable.id} IN (
    ${filedByThem}SELECT ${o.id} FROM ${workOrdersTable} o WHERE ${o.tenantId} = ${tenant.id}
    UNION ALL
    SELECT ${o.id} FROM ${leasesTable} l JOIN ${workOrdersTable} o ON ${o.unitId} = ${l.unitId}
    WHERE ${l.tenantId} = ${tenant.id} AND ${leaseInEffectOn(l, filedOn)})`;
}

/**
 * Is assigned this work order: the account is linked to the staff record the work order is
 * assigned to (staff.user_id, set only by an invitation the landlord made; decision 0011). A
 * filter over work orders; anyone else, a manager included, matches none: managing a work
 * order and being its worker are different rights.
 */
export function workOrdersAssignedToAccountFilter(actor: Actor): SQL {
  if (actor.kind !== 'user') return sql`false`;
  return sql`${workOrdersTable.assignedStaffId} IN (SELECT s.id FROM ${staffTable} s WHERE s.user_id = ${actor.user.id})`;
}

/** Whether any staff record is linked to the account (the worker's queue says so when not). */
export async function isLinkedToStaff(db: Database, actor: Actor): Promise<boolean> {
  if (actor.kind !== 'user') return false;
  const [row] = await db
    .select({ id: staffTable.id })
    .from(staffTable)
    .where(eq(staffTable.userId, actor.user.id))
    .limit(1);
  return row !== undefined;
}

/** A user with the Maintenance role, or a 403 with the caller's words. */
export function requireMaintenanceRole(actor: Actor, message: string): User {
  if (actor.kind !== 'user') throw forbidden(message);
  if (!actor.user.roles.includes('Maintenance')) throw forbidden(message);
  return actor.user;
}

export interface ManagedApplication {
  application: ApplicationRow;
  property: { id: number; name: string };
}

/** Manages the property of the unit applied for. */
export async function requireManagedApplication(
  db: Database,
  actor: Actor,
  id: number,
  lookup: Lookup = {},
): Promise<ManagedApplication> {
  const query = withPropertyOfUnit(
    db
      .select({
        application: applicationsTable,
        property: { id: propertiesTable.id, name: propertiesTable.name },
      })
      .from(applicationsTable)
      .innerJoin(
        unitsTable,
        and(
          eq(unitsTable.id, applicationsTable.unitId),
          eq(unitsTable.organisationId, applicationsTable.organisationId),
        ),
      )
      .$dynamic(),
  ).where(
    and(
      ownedBy(actor, applicationsTable),
      eq(applicationsTable.id, id),
      managedPropertiesFilter(actor),
    ),
  );
  const row = await firstRow<typeof query, ManagedApplication>(
    db,
    query,
    lookup,
    {
      table: applicationsTable,
      id: applicationsTable.id,
      value: id,
      owned: ownedBy(actor, applicationsTable),
    },
    (found, locked) => ({ ...found, application: locked as ApplicationRow }),
  );
  return row ?? missing('applications', 'Application');
}

/** A user's own account, or any account for an Admin: anyone else is refused (403). */
export function requireOwnAccountOrAdmin(actor: Actor, userId: number, message: string): void {
  if (actsOnEveryRecord(actor)) return;
  if (actor.kind === 'user' && actor.user.id === userId) return;
  throw forbidden(message);
}
