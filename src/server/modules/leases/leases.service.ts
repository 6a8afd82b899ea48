import { and, eq } from 'drizzle-orm';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type { LeaseBody } from '../../../shared/schemas/leases';
import { calendarDate, formatDate } from '../../../shared/dates';
import type { Context } from '../../context';
import { conflict, notFound } from '../../http/errors';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { chunked } from '../../db/batches';
import { recordEvent, recordEvents } from '../audit';
import { depositTransactionsTable } from '../deposits';
import { ledgerEntriesTable } from '../ledger';
import { lockManagedTenants, requireManagedLease, requireManagedTenant } from '../authz';
import { refuseMovedOut } from '../tenants';
import type { TenantRow } from '../tenants';
import {
  deleteLease as deleteLeaseRow,
  findOverlappingActiveLease,
  insertLease,
  insertLeases,
  listLeasesOfTenants,
  lockTenant,
  updateLease,
} from './leases.repository';
import type { LeaseRow } from './leases.table';
import { openBooks, rebook } from './lease-books.service';

/**
 * A tenant may have many leases over time, but never two Active ones whose dates overlap.
 * The tenant row is locked while checking, so two concurrent saves cannot both pass.
 */
async function refuseOverlap(
  ctx: Context,
  tenant: TenantRow,
  body: LeaseBody,
  exceptLeaseId?: number,
) {
  if (body.status !== 'Active') return;
  await lockTenant(ctx.tx, tenant);
  const other = await findOverlappingActiveLease(ctx.tx, tenant, body, exceptLeaseId);
  if (other) throw overlapConflict(other);
}

type Dated = Pick<LeaseRow, 'status' | 'startDate' | 'endDate'>;

/**
 * The rule of `refuseOverlap` on leases already known: the first Active one whose dates
 * overlap the new lease's (an Active one), if any.
 */
export function overlappingActiveLease<L extends Dated>(
  leases: readonly L[],
  body: Pick<LeaseBody, 'status' | 'startDate' | 'endDate'>,
): L | undefined {
  if (body.status !== 'Active') return undefined;
  return leases.find(
    (lease) =>
      lease.status === 'Active' &&
      lease.startDate <= body.endDate &&
      lease.endDate >= body.startDate,
  );
}

export function overlapConflict(other: Pick<LeaseRow, 'startDate' | 'endDate'>) {
  return conflict(
    'leases.overlap',
    `This tenant already has an Active lease from ${formatDate(other.startDate)} to ${formatDate(other.endDate)} that overlaps these dates`,
  );
}

/**
 * A lease for one of the caller's tenants; names and unit number are copied from the tenant.
 * A lease brought in from earlier books is charged from `rentChargedFrom` (the body's, or an
 * import's) and may carry one opening entry (lease-books.service.ts).
 */
export async function createLease(
  ctx: Context,
  body: LeaseBody,
  brought: { rentChargedFrom?: string | null } = {},
): Promise<LeaseRow> {
  const tenant = await requireManagedTenant(ctx.tx, ctx.actor, body.tenantId);
  refuseMovedOut(tenant);
  await refuseOverlap(ctx, tenant, body);
  const row = await insertLease(ctx.tx, tenant, body, calendarDate(ctx.now, ctx.timeZone), brought);
  await recordEvent(ctx, { entityType: 'leases', entityId: row.id, action: 'create', after: row });
  await openBooks(ctx, row, {
    openingBalance: body.openingBalance,
    // An import previews its own rows and charges only from the day it says.
    confirmed: body.confirmBackPosting === true || brought.rentChargedFrom !== undefined,
  });
  return row;
}

/** A lease of a batch: its tenant's id, and what `createLease` takes. */
export interface NewLease {
  tenantId: number;
  body: LeaseBody;
  rentChargedFrom?: string | null;
}

/**
 * `createLease` for many leases at once (the import), with their tenants locked together:
 * each is checked against its tenant's leases and the batch's earlier ones; any refused and
 * nothing is written. One creation event per lease.
 */
export async function createLeasesInBatch(
  ctx: Context,
  leases: readonly NewLease[],
): Promise<LeaseRow[]> {
  if (leases.length === 0) return [];
  const tenants = await lockManagedTenants(
    ctx.tx,
    ctx.actor,
    leases.map((lease) => lease.tenantId),
  );
  const known = new Map<number, Dated[]>();
  for (const lease of await listLeasesOfTenants(ctx.tx, [...tenants.keys()])) {
    known.set(lease.tenantId, [...(known.get(lease.tenantId) ?? []), lease]);
  }
  const today = calendarDate(ctx.now, ctx.timeZone);
  const rows = leases.map(({ tenantId, body, rentChargedFrom }) => {
    const tenant = tenants.get(tenantId)!;
    refuseMovedOut(tenant);
    const theirs = known.get(tenantId) ?? [];
    const other = overlappingActiveLease(theirs, body);
    if (other) throw overlapConflict(other);
    // Stored as `insertLease` stores it: an Active body stays Active.
    theirs.push({ status: body.status, startDate: body.startDate, endDate: body.endDate });
    known.set(tenantId, theirs);
    return { tenant, body, rentChargedFrom };
  });
  const created: LeaseRow[] = [];
  for (const chunk of chunked(rows)) created.push(...(await insertLeases(ctx.tx, chunk, today)));
  await recordEvents(
    ctx,
    created.map((row) => ({
      entityType: 'leases',
      entityId: row.id,
      action: 'create',
      after: row,
    })),
  );
  return created;
}

export async function changeLease(
  ctx: Context,
  { id, body }: { id: number; body: LeaseBody },
): Promise<LeaseRow> {
  const before = await requireManagedLease(ctx.tx, ctx.actor, id, { lock: true });
  const tenant = await requireManagedTenant(ctx.tx, ctx.actor, body.tenantId);
  // A lease stays on its unit: another tenant may be named on it only from that unit.
  if (tenant.id !== before.tenantId && tenant.unitId !== before.unitId) {
    throw conflict(
      'leases.other_unit',
      `This lease is for unit ${before.unitNumber}: choose a tenant of that unit`,
    );
  }
  // A past tenant's lease may be corrected, but not made current again.
  if (body.status === 'Active') refuseMovedOut(tenant);
  await refuseOverlap(ctx, tenant, body, id);
  const after = await updateLease(ctx.tx, before, tenant, body, {
    today: calendarDate(ctx.now, ctx.timeZone),
    before,
  });
  if (!after) throw notFound('leases.not_found', 'Lease not found');
  await recordEvent(ctx, { entityType: 'leases', entityId: id, action: 'update', before, after });
  await rebook(ctx, { before, after, confirmed: body.confirmBackPosting });
  return after;
}

/**
 * The ledger is kept: a lease with ledger entries or deposit records is ended (Terminated),
 * not deleted; the RESTRICT foreign keys refuse the delete if one arrives after the count.
 */
function leaseDeletion({ id, organisationId }: LeaseRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'moneyRecords',
        code: 'leases.has_ledger',
        count: async (db) =>
          (await countRows(
            db,
            ledgerEntriesTable,
            and(
              eq(ledgerEntriesTable.organisationId, organisationId),
              eq(ledgerEntriesTable.leaseId, id),
            )!,
          )) +
          (await countRows(
            db,
            depositTransactionsTable,
            and(
              eq(depositTransactionsTable.organisationId, organisationId),
              eq(depositTransactionsTable.leaseId, id),
            )!,
          )),
        message: (records) =>
          `This lease has ${records === 1 ? '1 ledger or deposit record' : `${records} ledger and deposit records`} ` +
          'and cannot be deleted; set its status to Terminated instead.',
      },
    ],
    removes: [],
  };
}

/** What deleting a lease the caller manages would do now (nothing is changed). */
export async function previewLeaseDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  const lease = await requireManagedLease(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, leaseDeletion(lease));
}

export async function deleteLease(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedLease(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, leaseDeletion(before), (db) => deleteLeaseRow(db, before));
  await recordEvent(ctx, { entityType: 'leases', entityId: id, action: 'delete', before });
}
