import { addDays, formatDate } from '../../../../shared/dates';
import type { Lease, MoveOutBody, RenewLeaseBody } from '../../../../shared/schemas/leases';
import type { Confirmation } from '../../../components/confirm-dialog';
import { formatMoney } from '../../../lib/format';

type LeaseTerms = Pick<Lease, 'firstName' | 'lastName' | 'unitNumber' | 'endDate' | 'deposit'>;

/** What moving out does (docs/product.md section 11), asked before it is sent. */
export function moveOutConfirmation(lease: LeaseTerms, body: MoveOutBody): Confirmation {
  const name = `${lease.firstName} ${lease.lastName}`;
  const day = formatDate(body.moveOutDate);
  const endsEarly = lease.endDate > body.moveOutDate;
  return {
    title: `Move ${name} out?`,
    happens: [
      `${name} moves out on ${day}; unit ${lease.unitNumber} becomes Available unless someone else still lives there.`,
      endsEarly
        ? `This lease ends early on ${day} instead of ${formatDate(lease.endDate)}; a renewal that has not started is cancelled.`
        : `This lease has already run to its end on ${formatDate(lease.endDate)}; a renewal that has not started is cancelled.`,
      `The deposit of ${formatMoney(lease.deposit)} stays held on the lease: it is settled separately, from its ledger.`,
    ],
    cannotUndo: `This cannot be undone: ${name} cannot be moved back in or given a new lease. If they return, add them again as a new tenant.`,
    confirmLabel: 'Move out',
    danger: true,
  };
}

/** What renewing does (docs/product.md section 11), asked before it is sent. */
export function renewConfirmation(lease: LeaseTerms, body: RenewLeaseBody): Confirmation {
  const name = `${lease.firstName} ${lease.lastName}`;
  const start = addDays(lease.endDate, 1);
  return {
    title: `Renew ${name}'s lease?`,
    happens: [
      `A new lease of unit ${lease.unitNumber} for ${name} runs from ${formatDate(start)} to ${formatDate(body.endDate)} at ${formatMoney(body.rent)} a month; its rent is posted each month from ${formatDate(start)}.`,
      `The deposit of ${formatMoney(lease.deposit)} carries over; the money held stays with this lease.`,
    ],
    cannotUndo:
      'This cannot be undone: a lease is renewed only once. Edit the new lease to change its terms, or move the tenant out to end it early.',
    confirmLabel: 'Renew lease',
  };
}
