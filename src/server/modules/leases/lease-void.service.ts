import { and, eq } from 'drizzle-orm';
import { isVoidLease } from '../../../shared/lease-state';
import { calendarDate } from '../../../shared/dates';
import { fromCents, sumCents } from '../../../shared/money';
import type { VoidLeaseBody } from '../../../shared/schemas/lease-books';
import type { LeaseStatus } from '../../../shared/constants';
import type { Context } from '../../context';
import { conflict } from '../../http/errors';
import { countRows } from '../../db/delete-unless-used';
import { recordEvent } from '../audit';
import { requireManagedLease } from '../authz';
import { depositTransactionsTable } from '../deposits';
import { reverseEntries, standingEntries, listEntries } from '../ledger';
import { tenantHasLeaseNotVoid } from '../tenancy';
import { releaseUnitIfEmpty } from '../tenants';
import { lockTenantRow, markMovedOut, setLeaseEnd } from './lease-lifecycle.repository';
import type { LeaseRow } from './leases.table';

/**
 * Voids a lease entered by mistake (docs/product.md section 28), in one transaction: every
 * entry of its ledger that stands is reversed through the ledger's reverse path, and the lease
 * becomes void (Terminated without a move-out day: it never ran, so it holds its unit on no
 * day and is never charged again). One event says what was voided and why.
 *
 * When that leaves its tenant with no lease that is not void, placing them was the mistake
 * too: the tenant is archived (moved out today) and the unit returns to Available unless
 * someone else lives there, as a move-out does. A tenant with another lease stays.
 */
export async function voidLease(
  ctx: Context,
  { id, body }: { id: number; body: VoidLeaseBody },
): Promise<LeaseRow> {
  const before = await requireManagedLease(ctx.tx, ctx.actor, id, { lock: true });
  if (isVoidLease({ ...before, status: before.status as LeaseStatus })) {
    throw conflict('leases.already_void', 'This lease is already void');
  }
  // Deposit records cannot be reversed yet: the money held would be left on a void lease.
  const deposits = await countRows(
    ctx.tx,
    depositTransactionsTable,
    and(
      eq(depositTransactionsTable.organisationId, before.organisationId),
      eq(depositTransactionsTable.leaseId, id),
    )!,
  );
  if (deposits > 0) {
    throw conflict(
      'leases.void_deposit',
      'This lease has deposit records, which a void cannot undo: settle its deposit instead, or move the tenant out.',
    );
  }
  const standing = standingEntries(await listEntries(ctx.tx, before));
  const reversals = await reverseEntries(ctx, standing, `Lease voided: ${body.reason}`);
  const end = { status: 'Terminated' as const, endedOn: null, endReason: body.reason };
  await setLeaseEnd(ctx.tx, before, end);
  const after = { ...before, ...end };
  await recordEvent(ctx, {
    entityType: 'leases',
    entityId: id,
    action: 'void',
    before: { status: before.status, endedOn: before.endedOn, endReason: before.endReason },
    after: {
      ...end,
      entriesReversed: reversals.length,
      // What the reversals moved on the balance: owed before, and zero after.
      amountReversed: fromCents(sumCents(standing.map((e) => e.delta))),
    },
  });
  await releaseTenantPlacedByMistake(ctx, {
    id: before.tenantId,
    organisationId: before.organisationId,
  });
  return after;
}

async function releaseTenantPlacedByMistake(
  ctx: Context,
  placed: { id: number; organisationId: number },
): Promise<void> {
  if (await tenantHasLeaseNotVoid(ctx.tx, placed)) return;
  const tenant = await lockTenantRow(ctx.tx, placed);
  if (!tenant || tenant.movedOutOn !== null) return;
  const movedOut = await markMovedOut(ctx.tx, tenant, calendarDate(ctx.now, ctx.timeZone));
  await recordEvent(ctx, {
    entityType: 'tenants',
    entityId: tenant.id,
    action: 'move-out',
    before: tenant,
    after: movedOut,
  });
  await releaseUnitIfEmpty(ctx, tenant);
}
