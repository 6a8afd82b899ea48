import { and, eq } from 'drizzle-orm';
import { formatDate } from '../../../shared/dates';
import { formatCents, toCents } from '../../../shared/money';
import { CATEGORY_LABELS, ledgerEntrySchema } from '../../../shared/schemas/ledger';
import type { Context } from '../../context';
import type { DomainEvent, Subscriber } from '../../events';
import { scopeFor } from '../authz';
import { ledgerEntriesTable } from '../ledger';
import { findLeaseParties } from './lease-parties.repository';
import { notify, notifyOffice } from './notifications.service';

/** What the ledger's events carry (`toLedgerEntry` of the row the command made). */
const postedEntrySchema = ledgerEntrySchema.omit({
  runningBalance: true,
  open: true,
  reversedById: true,
});

/**
 * The entry an event posted and the lease's parties (the lease is the event's record), read
 * in the organisation the request acts in: the command found the lease in it.
 */
async function entryAndParties(ctx: Context, event: DomainEvent) {
  const entry = postedEntrySchema.parse(event.after);
  const scope = scopeFor(ctx.actor);
  const parties = await findLeaseParties(
    ctx.tx,
    event.entityId,
    scope.kind === 'organisation' ? scope.organisationId : undefined,
  );
  return parties ? { entry, parties, amount: toCents(entry.amount) } : null;
}

/** The lease's tenant account and the entry, or nothing when no account is linked. */
async function tenantAndEntry(ctx: Context, event: DomainEvent) {
  const found = await entryAndParties(ctx, event);
  if (!found?.parties.tenantUserId) return null;
  return { ...found, tenantUserId: found.parties.tenantUserId };
}

/**
 * Tells the tenant's linked account that the landlord added a charge or a credit to their
 * ledger. Keyed by the entry, so it is sent once. Rent is told by its own reminders and late
 * fees by theirs.
 */
export const entryPostedNotice: Subscriber = {
  name: 'tell the tenant of a charge or credit',
  on: ['leases:ledger.charge', 'leases:ledger.credit'],
  notifies: ['ledger.posted'],
  async handle(ctx, event) {
    const found = await tenantAndEntry(ctx, event);
    if (!found) return;
    const { entry, parties, amount } = found;
    const what = entry.kind === 'credit' ? 'credit' : 'charge';
    const label = entry.description ?? (entry.category ? CATEGORY_LABELS[entry.category] : null);
    await notify(ctx, {
      userId: found.tenantUserId,
      key: `ledger-posted:${entry.id}`,
      kind: 'ledger.posted',
      title: `${what === 'credit' ? 'Credit' : 'Charge'} of ${formatCents(amount)} added`,
      body:
        `A ${what} of ${formatCents(amount)}${label ? ` (${label})` : ''} dated ` +
        `${formatDate(entry.entryDate)} was added to your ledger for unit ${parties.unitNumber} ` +
        `at ${parties.propertyName}.`,
      link: '/',
    });
  },
};

/**
 * Tells the tenant's linked account and the office's money people (except whoever recorded
 * it) that a payment was recorded on the lease. Keyed by the entry, so a retried POST (same
 * idempotency key, same entry) notifies once.
 */
export const paymentRecordedNotice: Subscriber = {
  name: 'tell the tenant and the office of a payment',
  on: ['leases:ledger.payment'],
  notifies: ['payments.recorded'],
  async handle(ctx, event) {
    const found = await entryAndParties(ctx, event);
    if (!found) return;
    const { entry, parties, amount } = found;
    const place = `unit ${parties.unitNumber} at ${parties.propertyName}`;
    if (parties.tenantUserId !== null) {
      await notify(ctx, {
        userId: parties.tenantUserId,
        key: `payment-recorded:${entry.id}`,
        kind: 'payments.recorded',
        title: `Payment of ${formatCents(amount)} recorded`,
        body: `Your payment of ${formatCents(amount)} received ${formatDate(entry.entryDate)} was recorded for ${place}.`,
        link: '/',
      });
    }
    await notifyOffice(
      ctx,
      { organisationId: parties.organisationId, propertyId: parties.propertyId, category: 'money' },
      {
        key: `payment-recorded:${entry.id}:office`,
        kind: 'payments.recorded',
        title: `Payment of ${formatCents(amount)} recorded: ${parties.tenantName}`,
        body: `A payment of ${formatCents(amount)} from ${parties.tenantName} received ${formatDate(entry.entryDate)} was recorded for ${place}.`,
        link: `/lease/${parties.leaseId}`,
      },
    );
  },
};

/** The day the rent of a lease's period was due: its rent charge's date. */
async function rentDueDate(ctx: Context, leaseId: number, period: string): Promise<string | null> {
  const [row] = await ctx.tx
    .select({ entryDate: ledgerEntriesTable.entryDate })
    .from(ledgerEntriesTable)
    .where(
      and(
        eq(ledgerEntriesTable.leaseId, leaseId),
        eq(ledgerEntriesTable.category, 'rent'),
        eq(ledgerEntriesTable.period, period),
      ),
    )
    .limit(1);
  return row?.entryDate ?? null;
}

/** Tells the tenant's linked account and the office's money people of a late fee, once per lease and period. */
export const lateFeeNotice: Subscriber = {
  name: 'tell the tenant and the office of a late fee',
  on: ['leases:ledger.late_fee'],
  notifies: ['late_fee_assessed'],
  async handle(ctx, event) {
    const found = await entryAndParties(ctx, event);
    const period = found?.entry.period;
    if (!found || !period) return;
    const { parties, amount } = found;
    const dueDate = await rentDueDate(ctx, event.entityId, period);
    const rent = dueDate ? `Rent due ${formatDate(dueDate)}` : 'Rent';
    const key = `late-fee:${event.entityId}:${period}`;
    if (parties.tenantUserId !== null) {
      await notify(ctx, {
        userId: parties.tenantUserId,
        key,
        kind: 'late_fee_assessed',
        title: `Late fee of ${formatCents(amount)}`,
        body: `${rent} was still unpaid after the grace period, so a late fee of ${formatCents(amount)} was added to your balance.`,
        link: '/',
      });
    }
    await notifyOffice(
      ctx,
      { organisationId: parties.organisationId, propertyId: parties.propertyId, category: 'money' },
      {
        key: `${key}:office`,
        kind: 'late_fee_assessed',
        title: `Late fee of ${formatCents(amount)}: ${parties.tenantName}`,
        body: `${rent} for unit ${parties.unitNumber} at ${parties.propertyName} was still unpaid after the grace period, so a late fee of ${formatCents(amount)} was charged to ${parties.tenantName}.`,
        link: `/lease/${parties.leaseId}`,
      },
    );
  },
};
