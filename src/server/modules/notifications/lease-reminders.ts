import { and, eq, gte, lte } from 'drizzle-orm';
import { addDays, calendarDate, daysBetween, formatDate } from '../../../shared/dates';
import { allocate, type LedgerLine } from '../../../shared/ledger';
import { formatCents } from '../../../shared/money';
import type { Context } from '../../context';
import { listEntries, ledgerEntriesTable, toLedgerLine } from '../ledger';
import { listLeasesEndingBetween, listLinkedLeases } from './lease-parties.repository';
import { notify, notifyOffice } from './notifications.service';

export const LEASE_ENDING_WITHIN_DAYS = 60;

/** The kinds the calendar sends (this file's daily job), not an event: no subscriber has them. */
export const REMINDER_KINDS = ['leases.ending_soon', 'charges.overdue'] as const;

/** Rent still open this many days after its due date counts as overdue. */
export const OVERDUE_AFTER_DAYS = 5;
/**
 * Only charges that became overdue in this many days are told about: a missed run is made up
 * the next day, but years-old debts do not all arrive at once the first time this runs.
 */
const OVERDUE_LOOKBACK_DAYS = 14;

/**
 * Tells the tenant's linked account and the office's leasing people, once per lease and end date (a changed end
 * date is a new reminder), that a lease nobody has renewed ends within 60 days.
 */
export async function notifyLeasesEnding(ctx: Context): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const leases = await listLeasesEndingBetween(
    ctx.tx,
    today,
    addDays(today, LEASE_ENDING_WITHIN_DAYS),
  );
  for (const lease of leases) {
    const days = daysBetween(today, lease.endDate);
    const when = `${formatDate(lease.endDate)} (in ${days} day${days === 1 ? '' : 's'})`;
    const key = `lease-ending:${lease.leaseId}:${lease.endDate}`;
    if (lease.tenantUserId !== null) {
      await notify(ctx, {
        userId: lease.tenantUserId,
        key: `${key}:tenant`,
        kind: 'leases.ending_soon',
        title: 'Your lease ends soon',
        body: `Your lease of unit ${lease.unitNumber} at ${lease.propertyName} ends ${when}. Talk to your landlord about renewing or moving out.`,
        link: '/',
      });
    }
    await notifyOffice(
      ctx,
      { organisationId: lease.organisationId, propertyId: lease.propertyId, category: 'leasing' },
      {
        key: `${key}:landlord`,
        kind: 'leases.ending_soon',
        title: `Lease ends soon: ${lease.tenantName}`,
        body: `The lease of ${lease.tenantName}, unit ${lease.unitNumber} at ${lease.propertyName}, ends ${when} and has not been renewed.`,
        link: `/lease/${lease.leaseId}`,
      },
    );
  }
}

/**
 * Tells the tenant's linked account, once per charge, that a rent charge is still open
 * OVERDUE_AFTER_DAYS after its due date. What is open is derived from the whole ledger
 * (payments settle the oldest charges first), as the ledger screen shows it.
 */
export async function notifyOverdueCharges(ctx: Context): Promise<void> {
  const today = calendarDate(ctx.now, ctx.timeZone);
  const lastDue = addDays(today, -OVERDUE_AFTER_DAYS);
  const firstDue = addDays(lastDue, -OVERDUE_LOOKBACK_DAYS);
  const candidates = await ctx.tx
    .selectDistinct({ leaseId: ledgerEntriesTable.leaseId })
    .from(ledgerEntriesTable)
    .where(
      and(
        eq(ledgerEntriesTable.kind, 'charge'),
        eq(ledgerEntriesTable.category, 'rent'),
        gte(ledgerEntriesTable.entryDate, firstDue),
        lte(ledgerEntriesTable.entryDate, lastDue),
      ),
    );
  const leases = await listLinkedLeases(
    ctx.tx,
    candidates.map((c) => c.leaseId),
  );
  for (const lease of leases) {
    if (lease.tenantUserId === null) continue;
    const rows = await listEntries(ctx.tx, {
      id: lease.leaseId,
      organisationId: lease.organisationId,
    });
    const rent = new Set(
      rows.filter((r) => r.kind === 'charge' && r.category === 'rent').map((r) => r.id),
    );
    const lines: LedgerLine[] = rows.map(toLedgerLine);
    for (const charge of allocate(lines).charges) {
      if (!rent.has(charge.id) || charge.open <= 0) continue;
      if (charge.entryDate < firstDue || charge.entryDate > lastDue) continue;
      await notify(ctx, {
        userId: lease.tenantUserId,
        key: `charge-overdue:${charge.id}`,
        kind: 'charges.overdue',
        title: 'Rent is overdue',
        body:
          `Rent due ${formatDate(charge.entryDate)} for unit ${lease.unitNumber} at ` +
          `${lease.propertyName} still has ${formatCents(charge.open)} unpaid.`,
        link: '/',
      });
    }
  }
}
