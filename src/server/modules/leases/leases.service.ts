import { eq } from 'drizzle-orm';
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
import { recordEvent } from '../audit/audit.repository';
import { depositTransactionsTable } from '../deposits/deposits.table';
import { ledgerEntriesTable } from '../ledger/ledger.table';
import { requireManagedLease, requireManagedTenant } from '../authz/authz';
import { refuseMovedOut } from '../tenants/tenants.service';
import type { TenantRow } from '../tenants/tenants.table';
import {
  deleteLease as deleteLeaseRow,
  findOverlappingActiveLease,
  insertLease,
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
  await lockTenant(ctx.tx, tenant.id);
  const other = await findOverlappingActiveLease(ctx.tx, tenant.id, body, exceptLeaseId);
  if (other) throw overlapConflict(other);
}

export function overlapConflict(other: LeaseRow) {
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
  const after = await updateLease(ctx.tx, id, tenant, body, {
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
function leaseDeletion(id: number): DeletionRules {
  return {
    blockers: [
      {
        kind: 'moneyRecords',
        code: 'leases.has_ledger',
        count: async (db) =>
          (await countRows(db, ledgerEntriesTable, eq(ledgerEntriesTable.leaseId, id))) +
          (await countRows(db, depositTransactionsTable, eq(depositTransactionsTable.leaseId, id))),
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
  await requireManagedLease(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, leaseDeletion(id));
}

export async function deleteLease(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedLease(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, leaseDeletion(id), (db) => deleteLeaseRow(db, id));
  await recordEvent(ctx, { entityType: 'leases', entityId: id, action: 'delete', before });
}
