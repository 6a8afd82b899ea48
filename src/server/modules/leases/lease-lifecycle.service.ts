import { addDays, calendarDate, formatDate } from '../../../shared/dates';
import { toCents } from '../../../shared/money';
import type { MoveOutBody, RenewLeaseBody } from '../../../shared/schemas/leases';
import type { Context } from '../../context';
import {
  badRequest,
  conflict,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import { recordEvent } from '../audit';
import { findManagedLease, requireManagedTenant } from '../authz';
import { carryChargesOver } from '../recurring-charges';
import { refuseMovedOut, releaseUnitIfEmpty } from '../tenants';
import type { TenantRow } from '../tenants';
import {
  expireLeasesEndedBefore,
  findRenewal,
  insertRenewal,
  listOpenLeases,
  lockLease,
  lockTenantRow,
  markMovedOut,
  setLeaseEnd,
} from './lease-lifecycle.repository';
import { findOverlappingActiveLease, lateFeeColumnsOf } from './leases.repository';
import { overlapConflict } from './leases.service';
import type { LeaseRow } from './leases.table';

/** The lease lifecycle of docs/product.md section 11: renew, move out, and the daily expiry. */

export const LEASE_ENDED = 'This lease has ended early and cannot be renewed';
export const ALREADY_RENEWED = 'This lease has already been renewed';

const leaseNotFound = () => notFound('leases.not_found', 'Lease not found');

/**
 * The next lease of the same tenant: it starts the day after this one ends (no gap, no
 * overlap), with the new end date and rent, the same deposit, late-fee rule and due day, and
 * the recurring charges still running when this one ends.
 */
export async function renewLease(
  ctx: Context,
  input: { leaseId: number; body: RenewLeaseBody },
): Promise<LeaseRow> {
  const { tx } = ctx;
  const managed = await findManagedLease(tx, ctx.actor, input.leaseId);
  if (!managed) throw leaseNotFound();
  const lease = await lockLease(tx, managed);
  if (!lease) throw leaseNotFound();
  const tenant = await lockTenantRow(tx, {
    id: lease.tenantId,
    organisationId: lease.organisationId,
  });
  if (!tenant) throw notFound('tenants.not_found', 'Tenant not found');
  refuseMovedOut(tenant);
  if (lease.status === 'Terminated') throw conflict('leases.ended', LEASE_ENDED);
  if (await findRenewal(tx, lease)) throw conflict('leases.renewed', ALREADY_RENEWED);
  const startDate = addDays(lease.endDate, 1);
  if (input.body.endDate < startDate) {
    throw badRequest(
      'leases.renewal_end',
      `The renewal starts on ${formatDate(startDate)}: its end date cannot be before that`,
      'endDate',
    );
  }
  const range = { startDate, endDate: input.body.endDate };
  const overlap = await findOverlappingActiveLease(tx, tenant, range);
  if (overlap) throw overlapConflict(overlap);
  let renewal: LeaseRow;
  try {
    renewal = await insertRenewal(tx, {
      tenantId: tenant.id,
      // The renewal lets the same unit.
      unitId: lease.unitId,
      unitNumber: lease.unitNumber,
      firstName: tenant.firstName,
      lastName: tenant.lastName,
      ...range,
      rent: toCents(input.body.rent),
      deposit: lease.deposit,
      ...lateFeeColumnsOf(lease),
      rentDueDay: lease.rentDueDay,
      status: 'Active',
      renewedFromId: lease.id,
    });
  } catch (error) {
    // The lease lock makes this rare; the unique key is the last word on 'renewed once'.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict('leases.renewed', ALREADY_RENEWED);
    }
    throw error;
  }
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: renewal.id,
    action: 'renew',
    after: renewal,
  });
  await carryChargesOver(ctx, { from: lease, to: renewal });
  return renewal;
}

export const CANCELLED_BEFORE_START = 'Cancelled before it started';

/**
 * How a lease ends when its tenant leaves on `day`: one still running past that day ends
 * early on it; one that had not started yet (a signed renewal) is cancelled; one already past
 * its end is simply Expired.
 */
function endAtMoveOut(lease: LeaseRow, day: string, reason: string | null) {
  if (lease.startDate > day) {
    const why = reason ? `${CANCELLED_BEFORE_START}: ${reason}` : CANCELLED_BEFORE_START;
    return { status: 'Terminated' as const, endedOn: null, endReason: why };
  }
  if (lease.endDate > day) {
    return { status: 'Terminated' as const, endedOn: day, endReason: reason };
  }
  return { status: 'Expired' as const, endedOn: null, endReason: null };
}

/**
 * The tenant leaves on a day (today or earlier): every lease still running past that day
 * ends early on it (Terminated, with the reason), one not yet started is cancelled, leases
 * that had already run their course are Expired, the tenant is archived as moved out, and the unit is freed when nobody else
 * lives there.
 *
 * The deposit is not touched here. Settling it (deductions, refund) belongs to the rent
 * ledger: it starts from the leases this call ended, each of which still holds its deposit.
 */
export async function moveOutTenant(
  ctx: Context,
  input: { tenantId: number; body: MoveOutBody },
): Promise<TenantRow> {
  const { tx } = ctx;
  const { moveOutDate, reason } = input.body;
  if (moveOutDate > calendarDate(ctx.now, ctx.timeZone)) {
    throw badRequest(
      'tenants.move_out_future',
      'Move-out date cannot be in the future',
      'moveOutDate',
    );
  }
  const managed = await requireManagedTenant(tx, ctx.actor, input.tenantId);
  const tenant = await lockTenantRow(tx, managed);
  if (!tenant) throw notFound('tenants.not_found', 'Tenant not found');
  refuseMovedOut(tenant);
  const open = await listOpenLeases(tx, tenant);
  for (const lease of open) {
    const end = endAtMoveOut(lease, moveOutDate, reason);
    if (end.status === lease.status && end.endedOn === lease.endedOn) continue;
    await setLeaseEnd(tx, lease, end);
    await recordEvent(ctx, {
      entityType: 'leases',
      entityId: lease.id,
      action: 'move-out',
      before: lease,
      after: { ...lease, ...end },
    });
  }
  const movedOut = await markMovedOut(tx, tenant, moveOutDate);
  await recordEvent(ctx, {
    entityType: 'tenants',
    entityId: tenant.id,
    action: 'move-out',
    before: tenant,
    after: movedOut,
  });
  await releaseUnitIfEmpty(ctx, tenant);
  return movedOut;
}

/**
 * The daily job: Active leases whose end day has passed become Expired (statusOnDay in
 * shared/lease-state.ts, applied as one UPDATE). Running it again the same day changes nothing.
 */
export async function expireEndedLeases(
  ctx: Context,
  _input?: unknown,
): Promise<{ expired: number }> {
  const expired = await expireLeasesEndedBefore(ctx.tx, calendarDate(ctx.now, ctx.timeZone));
  for (const id of expired) {
    await recordEvent(ctx, {
      entityType: 'leases',
      entityId: id,
      action: 'expire',
      before: { status: 'Active' },
      after: { status: 'Expired' },
    });
  }
  return { expired: expired.length };
}
