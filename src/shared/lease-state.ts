import type { LeaseStatus } from './constants';
import { daysBetween } from './dates';
import { LEASES_ENDING_SOON_DAYS } from './schemas/dashboard';

/**
 * Where a lease stands on a given day (docs/product.md section 11). The stored status is
 * what the landlord and the daily job wrote; the state is read from the dates, so a lease
 * whose end date has passed is never shown as Active, even before the job has run.
 */
export const LEASE_STATES = [
  'upcoming',
  'active',
  'ending_soon',
  'expired',
  'ended_early',
] as const;
export type LeaseState = (typeof LEASE_STATES)[number];

export const LEASE_STATE_LABELS: Record<LeaseState, string> = {
  upcoming: 'Upcoming',
  active: 'Active',
  ending_soon: 'Ending soon',
  expired: 'Expired',
  ended_early: 'Ended early',
};

export interface DatedLease {
  status: LeaseStatus;
  startDate: string;
  endDate: string;
  endedOn: string | null;
}

export function leaseState(lease: DatedLease, today: string): LeaseState {
  if (lease.status === 'Terminated') return 'ended_early';
  if (lease.status === 'Expired' || lease.endDate < today) return 'expired';
  if (lease.startDate > today) return 'upcoming';
  return daysBetween(today, lease.endDate) <= LEASES_ENDING_SOON_DAYS ? 'ending_soon' : 'active';
}

/**
 * The status the daily job gives a lease: an Active lease whose end date has passed becomes
 * Expired; everything else keeps what it has (Terminated is the landlord's word).
 */
export function statusOnDay(lease: DatedLease, today: string): LeaseStatus {
  return lease.status === 'Active' && lease.endDate < today ? 'Expired' : lease.status;
}
