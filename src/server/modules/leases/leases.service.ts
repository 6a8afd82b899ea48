import type { LeaseBody } from '../../../shared/schemas/leases';
import type { Database } from '../../db/client';
import { conflict } from '../../http/errors';
import type { TenantRow } from '../tenants/tenants.table';
import { findOverlappingActiveLease, insertLease, lockTenant, updateLease } from './leases.repository';
import type { LeaseRow } from './leases.table';

const shortDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
const formatDay = (isoDate: string) => shortDate.format(new Date(`${isoDate}T00:00:00Z`));

/**
 * A tenant may have many leases over time, but never two Active ones whose dates overlap.
 * The tenant row is locked while checking, so two concurrent saves cannot both pass.
 */
async function refuseOverlap(tx: Database, tenant: TenantRow, body: LeaseBody, exceptLeaseId?: number) {
  if (body.status !== 'Active') return;
  await lockTenant(tx, tenant.id);
  const other = await findOverlappingActiveLease(tx, tenant.id, body, exceptLeaseId);
  if (other) {
    throw conflict(
      'leases.overlap',
      `This tenant already has an Active lease from ${formatDay(other.startDate)} to ${formatDay(other.endDate)} that overlaps these dates`,
    );
  }
}

export function createLease(db: Database, tenant: TenantRow, body: LeaseBody): Promise<LeaseRow> {
  return db.transaction(async (tx) => {
    await refuseOverlap(tx, tenant, body);
    return insertLease(tx, tenant, body);
  });
}

export function changeLease(db: Database, id: number, tenant: TenantRow, body: LeaseBody): Promise<LeaseRow> {
  return db.transaction(async (tx) => {
    await refuseOverlap(tx, tenant, body, id);
    return updateLease(tx, id, tenant, body);
  });
}
