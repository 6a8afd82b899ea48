import { formatDate } from '../../../shared/dates';
import { formatCents, type Cents } from '../../../shared/money';
import type { Context } from '../../context';
import { findLeaseParties } from './lease-parties.repository';
import { notify } from './notifications.service';

/**
 * Tells the tenant's linked account that a payment was recorded on their lease (ledger
 * service, in the payment's transaction: no payment, no notice). Keyed by the ledger entry,
 * so a retried POST (same idempotency key, same entry) notifies once.
 */
export async function notifyPaymentRecorded(
  ctx: Context,
  payment: { id: number; leaseId: number; amount: Cents; entryDate: string },
): Promise<void> {
  const parties = await findLeaseParties(ctx.tx, payment.leaseId);
  if (!parties?.tenantUserId) return;
  await notify(ctx, {
    userId: parties.tenantUserId,
    key: `payment-recorded:${payment.id}`,
    kind: 'payments.recorded',
    title: `Payment of ${formatCents(payment.amount)} recorded`,
    body:
      `Your payment of ${formatCents(payment.amount)} received ${formatDate(payment.entryDate)} ` +
      `was recorded for unit ${parties.unitNumber} at ${parties.propertyName}.`,
    link: '/',
  });
}
