import { formatDate } from '../../../shared/dates';
import { formatCents, type Cents } from '../../../shared/money';
import { CATEGORY_LABELS } from '../../../shared/schemas/ledger';
import type { Context } from '../../context';
import { findLeaseParties } from './lease-parties.repository';
import { notify } from './notifications.service';

/**
 * Tells the tenant's linked account that a charge or a credit was added to their ledger by the
 * landlord (ledger service, in the entry's transaction: no entry, no notice). Keyed by the
 * ledger entry, so it is sent once. Rent is told by its own reminders and late fees by
 * theirs ('late_fee_assessed').
 */
export async function notifyEntryPosted(
  ctx: Context,
  entry: {
    id: number;
    leaseId: number;
    kind: string;
    category: string | null;
    amount: Cents;
    entryDate: string;
    description: string | null;
  },
): Promise<void> {
  const parties = await findLeaseParties(ctx.tx, entry.leaseId);
  if (!parties?.tenantUserId) return;
  const what = entry.kind === 'credit' ? 'credit' : 'charge';
  const label =
    entry.description ??
    (entry.category ? CATEGORY_LABELS[entry.category as keyof typeof CATEGORY_LABELS] : undefined);
  const amount = formatCents(entry.amount);
  await notify(ctx, {
    userId: parties.tenantUserId,
    key: `ledger-posted:${entry.id}`,
    kind: 'ledger.posted',
    title: `${what === 'credit' ? 'Credit' : 'Charge'} of ${amount} added`,
    body:
      `A ${what} of ${amount}${label ? ` (${label})` : ''} dated ${formatDate(entry.entryDate)} ` +
      `was added to your ledger for unit ${parties.unitNumber} at ${parties.propertyName}.`,
    link: '/',
  });
}
