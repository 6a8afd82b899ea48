import { anyOf, insertRows } from '../../db/batches';
import { and, asc, desc, eq, gte, ilike, lte, ne, or, sql } from 'drizzle-orm';
import { addDays } from '../../../shared/dates';
import { leaseState } from '../../../shared/lease-state';
import { fromCents, toCents } from '../../../shared/money';
import type { SortOrder } from '../../../shared/schemas/paging';
import {
  dueDayIn,
  dueDayOut,
  type Lease,
  type LeaseBody,
  type LeaseListItem,
  type LeaseSortKey,
} from '../../../shared/schemas/leases';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import type { Database } from '../../db/client';
import { leaseCurrentOrUpcoming, withPropertyOfLease } from '../tenancy';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { containsPattern, propertiesTable } from '../properties';
import { tenantsTable, type TenantRow } from '../tenants';
import { unitsTable } from '../units';
import { leasesTable, type LeaseRow } from './leases.table';
import { unitNumberOrder } from '../../db/unit-order';

/** `today` is the landlord's calendar day: the state is read from it and the dates. */
export function toLease(row: LeaseRow, today: string): Lease {
  return {
    id: row.id,
    tenantId: row.tenantId,
    unitNumber: row.unitNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    startDate: row.startDate,
    endDate: row.endDate,
    rent: fromCents(row.rent),
    deposit: fromCents(row.deposit),
    status: row.status as Lease['status'],
    state: leaseState({ ...row, status: row.status as Lease['status'] }, today),
    endedOn: row.endedOn,
    endReason: row.endReason,
    renewedFromId: row.renewedFromId,
    lateFeeKind: (row.lateFeeKind ?? 'none') as Lease['lateFeeKind'],
    lateFeeAmount: row.lateFeeAmount === null ? null : fromCents(row.lateFeeAmount),
    lateFeePercent: row.lateFeePercent,
    lateFeeGraceDays: row.lateFeeGraceDays,
    lateFeeCap: row.lateFeeCap === null ? null : fromCents(row.lateFeeCap),
    rentChargedFrom: row.rentChargedFrom,
    rentDueDay: dueDayOut(row.rentDueDay),
  };
}

type LateFeeColumns = Pick<
  LeaseRow,
  | 'lateFeeKind'
  | 'lateFeeAmount'
  | 'lateFeePercent'
  | 'lateFeeGraceDays'
  | 'lateFeeCap'
  | 'lateFeeSince'
>;

/** A lease's late-fee rule as stored, for a renewal to carry over. */
export function lateFeeColumnsOf(row: LeaseRow): LateFeeColumns {
  return {
    lateFeeKind: row.lateFeeKind,
    lateFeeAmount: row.lateFeeAmount,
    lateFeePercent: row.lateFeePercent,
    lateFeeGraceDays: row.lateFeeGraceDays,
    lateFeeCap: row.lateFeeCap,
    lateFeeSince: row.lateFeeSince,
  };
}

/**
 * The late-fee columns a body sets. A body without lateFeeKind leaves them as they are. The
 * rule's start day is kept while a lease keeps some rule, so editing the amount does not
 * forgive a period already late; a rule added now never reaches back to rent due before today.
 */
function lateFeeValues(body: LeaseBody, today: string, before?: LeaseRow): Partial<LateFeeColumns> {
  if (body.lateFeeKind === undefined) return {};
  if (body.lateFeeKind === 'none') {
    return {
      lateFeeKind: null,
      lateFeeAmount: null,
      lateFeePercent: null,
      lateFeeGraceDays: null,
      lateFeeCap: null,
      lateFeeSince: null,
    };
  }
  const flat = body.lateFeeKind === 'flat';
  return {
    lateFeeKind: body.lateFeeKind,
    lateFeeAmount: flat ? toCents(body.lateFeeAmount!) : null,
    lateFeePercent: flat ? null : body.lateFeePercent!,
    lateFeeGraceDays: body.lateFeeGraceDays ?? 0,
    lateFeeCap: body.lateFeeCap ? toCents(body.lateFeeCap) : null,
    lateFeeSince: before?.lateFeeSince ?? today,
  };
}

/**
 * The status the form chose, written into the dates (docs/decisions/0014): the dates are what
 * every reader follows, so a lease the landlord marks Terminated or Expired while its dates
 * still run ends yesterday (it is not current today), or, if it had not begun by today, never
 * runs (Terminated without a move-out day). Marked Active again, it runs to its end date. A
 * move-out day already recorded stays while the lease keeps an ended status.
 */
export function endOfStatus(
  body: Pick<LeaseBody, 'status' | 'startDate' | 'endDate'>,
  today: string,
  before?: Pick<LeaseRow, 'status' | 'endedOn' | 'endReason'>,
): { status: LeaseBody['status']; endedOn: string | null; endReason?: null } {
  if (body.status === 'Active') {
    return before?.endedOn
      ? { status: 'Active', endedOn: null, endReason: null }
      : { status: 'Active', endedOn: null };
  }
  const kept = before?.endedOn;
  if (kept && kept >= body.startDate && kept <= body.endDate) {
    return { status: body.status, endedOn: kept };
  }
  if (body.endDate < today) {
    // Ran its course: an Expired lease needs no move-out day; a Terminated one gets its end.
    return { status: body.status, endedOn: body.status === 'Terminated' ? body.endDate : null };
  }
  const yesterday = addDays(today, -1);
  if (yesterday >= body.startDate) return { status: body.status, endedOn: yesterday };
  return { status: 'Terminated', endedOn: null };
}

/**
 * The values stored for a lease: names are copied from the tenant; the unit (and its number) is
 * the tenant's when the lease is made, and the lease's own ever after.
 */
function leaseValues(tenant: TenantRow, body: LeaseBody, today: string, before?: LeaseRow) {
  return {
    ...lateFeeValues(body, today, before),
    ...datedTerms(body, today, before),
    tenantId: tenant.id,
    unitNumber: before?.unitNumber ?? tenant.unitNumber,
    firstName: tenant.firstName,
    lastName: tenant.lastName,
    deposit: toCents(body.deposit),
  };
}

export type DatedTermsBody = Pick<LeaseBody, 'status' | 'startDate' | 'endDate' | 'rent'> & {
  rentChargedFrom?: string | null | undefined;
  rentDueDay?: LeaseBody['rentDueDay'];
};

/**
 * What rent posting reads of a lease, as a save of `body` would store it: dates, status
 * written into the dates, rent, its due day and the day rent is charged from (both kept when
 * not sent). The
 * posting preview reads the same, so it shows what the save will do.
 */
export function datedTerms(body: DatedTermsBody, today: string, before?: LeaseRow) {
  return {
    ...endOfStatus(body, today, before),
    startDate: body.startDate,
    endDate: body.endDate,
    rent: toCents(body.rent),
    rentChargedFrom:
      body.rentChargedFrom === undefined ? (before?.rentChargedFrom ?? null) : body.rentChargedFrom,
    // Left out of the body: the due day stays as it is.
    ...(body.rentDueDay === undefined ? {} : { rentDueDay: dueDayIn(body.rentDueDay) }),
  };
}

export async function insertLease(
  db: Database,
  tenant: TenantRow,
  body: LeaseBody,
  today: string,
  brought: { rentChargedFrom?: string | null } = {},
): Promise<LeaseRow> {
  const [row] = await db
    .insert(leasesTable)
    .values({
      ...leaseValues(tenant, body, today),
      unitId: tenant.unitId,
      rentChargedFrom: brought.rentChargedFrom ?? body.rentChargedFrom ?? null,
    })
    .returning();
  return row!;
}

/** Many leases (a batch write), in one INSERT, in the order given. */
export function insertLeases(
  db: Database,
  leases: readonly { tenant: TenantRow; body: LeaseBody; rentChargedFrom?: string | null }[],
  today: string,
): Promise<LeaseRow[]> {
  return insertRows(
    db,
    leasesTable,
    leases.map(({ tenant, body, rentChargedFrom }) => ({
      ...leaseValues(tenant, body, today),
      unitId: tenant.unitId,
      rentChargedFrom: rentChargedFrom ?? null,
    })),
  );
}

/** Every lease of these tenants (a batch write checks its new leases against them). */
export function listLeasesOfTenants(
  db: Database,
  tenantIds: readonly number[],
): Promise<LeaseRow[]> {
  if (tenantIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(leasesTable)
    .where(anyOf(leasesTable.tenantId, tenantIds))
    .orderBy(asc(leasesTable.id));
}

/** A lease or a tenant, named by its organisation as well as its id (decision 0030). */
type RecordKey = { id: number; organisationId: number };

const thisLease = ({ id, organisationId }: RecordKey) =>
  and(eq(leasesTable.organisationId, organisationId), eq(leasesTable.id, id));

export async function updateLease(
  db: Database,
  lease: RecordKey,
  tenant: TenantRow,
  body: LeaseBody,
  change: { today: string; before: LeaseRow },
): Promise<LeaseRow | undefined> {
  const [row] = await db
    .update(leasesTable)
    .set(leaseValues(tenant, body, change.today, change.before))
    .where(thisLease(lease))
    .returning();
  return row;
}

export async function deleteLease(db: Database, lease: RecordKey): Promise<void> {
  await db.delete(leasesTable).where(thisLease(lease));
}

/** An Active lease of the tenant whose dates overlap [start, end], other than one lease. */
export async function findOverlappingActiveLease(
  db: Database,
  tenant: RecordKey,
  range: { startDate: string; endDate: string },
  exceptLeaseId?: number,
): Promise<LeaseRow | undefined> {
  const [row] = await db
    .select()
    .from(leasesTable)
    .where(
      and(
        eq(leasesTable.organisationId, tenant.organisationId),
        eq(leasesTable.tenantId, tenant.id),
        eq(leasesTable.status, 'Active'),
        lte(leasesTable.startDate, range.endDate),
        gte(leasesTable.endDate, range.startDate),
        exceptLeaseId ? ne(leasesTable.id, exceptLeaseId) : undefined,
      ),
    )
    .limit(1);
  return row;
}

/** Locks the tenant row so that two Active leases for one tenant cannot be saved at once. */
export async function lockTenant(db: Database, tenant: RecordKey): Promise<void> {
  await db
    .select({ id: tenantsTable.id })
    .from(tenantsTable)
    .where(
      and(eq(tenantsTable.organisationId, tenant.organisationId), eq(tenantsTable.id, tenant.id)),
    )
    .for('update');
}

export interface LeaseListOptions extends PageRequest {
  /** Whose records (scopeFor in modules/authz). */
  scope: Scope;
  /** The landlord's calendar day, which a lease's state follows. */
  today: string;
  q?: string | undefined;
  status?: Lease['status'] | undefined;
  /** Leases not ended by this day (running or upcoming), read from their dates, not their status. */
  notEndedOn?: string | undefined;
  /** Leases starting on or after this day. */
  startFrom?: string | undefined;
  /** Leases ending on or before this day. */
  endTo?: string | undefined;
  propertyId?: number | undefined;
  tenantId?: number | undefined;
  sort?: LeaseSortKey | undefined;
  order: SortOrder;
}

const leaseSortColumns = {
  name: sql`lower(${leasesTable.lastName} || ' ' || ${leasesTable.firstName})`,
  unitNumber: unitNumberOrder(unitsTable.unitNumber),
  property: textKey(propertiesTable.name),
  startDate: leasesTable.startDate,
  endDate: leasesTable.endDate,
  rent: leasesTable.rent,
  deposit: leasesTable.deposit,
  status: leasesTable.status,
};

/** One page of the leases on the units the user manages, with unit and property; newest start first. */
export async function listManagedLeases(
  db: Database,
  options: LeaseListOptions,
): Promise<{ leases: LeaseListItem[]; total: number }> {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const query = withPropertyOfLease(
    db
      .select({
        lease: leasesTable,
        unitId: unitsTable.id,
        property: { id: propertiesTable.id, name: propertiesTable.name },
        total: totalColumn(),
      })
      .from(leasesTable)
      .$dynamic(),
  )
    .where(
      and(
        inOrganisation(leasesTable.organisationId, options.scope),
        propertiesInScope(options.scope),
        options.status ? eq(leasesTable.status, options.status) : undefined,
        options.notEndedOn ? leaseCurrentOrUpcoming(leasesTable, options.notEndedOn) : undefined,
        options.startFrom ? gte(leasesTable.startDate, options.startFrom) : undefined,
        options.endTo ? lte(leasesTable.endDate, options.endTo) : undefined,
        options.propertyId ? eq(unitsTable.propertyId, options.propertyId) : undefined,
        options.tenantId ? eq(leasesTable.tenantId, options.tenantId) : undefined,
        pattern
          ? or(
              ilike(leasesTable.firstName, pattern),
              ilike(leasesTable.lastName, pattern),
              ilike(sql`${leasesTable.firstName} || ' ' || ${leasesTable.lastName}`, pattern),
              ilike(leasesTable.unitNumber, pattern),
              ilike(propertiesTable.name, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...sortOrder(leaseSortColumns, options.sort, options.order, [
        desc(leasesTable.startDate),
        asc(leasesTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    leases: rows.map(({ lease, unitId, property }) => ({
      ...toLease(lease, options.today),
      unitId,
      propertyId: property.id,
      propertyName: property.name,
    })),
    total,
  };
}
