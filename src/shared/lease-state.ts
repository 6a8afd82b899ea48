import type { LeaseStatus } from './constants';
import { daysBetween } from './dates';
import { LEASES_ENDING_SOON_DAYS } from './schemas/dashboard';

/**
 * Where a lease stands on a given day (docs/product.md section 11), read from its dates.
 *
 * This file is the TypeScript twin of the SQL fragments in
 * src/server/modules/tenancy/tenancy.sql.ts: the same rules, written once for each side, and a
 * property test (tenancy.sql.test.ts) checks that they agree on random leases. Change both
 * together.
 *
 * - A lease runs from its start day through its last day, both included: the day its tenant
 *   moved out (endedOn) when they left early, else its end day.
 * - A lease Terminated without a move-out day never runs: a renewal cancelled before it
 *   started, or a lease the landlord ended by hand without a date. It is void.
 * - The stored status is otherwise a cache of the dates (the daily job writes Expired once
 *   the end day has passed), never an input: a lease whose dates still run is running.
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

/** Terminated without a move-out day: the lease never runs (and is never charged). */
export function isVoidLease(lease: DatedLease): boolean {
  return lease.status === 'Terminated' && lease.endedOn === null;
}

/** The lease's last day: the move-out day when the tenant left early, else its end day. */
export function lastDayOf(lease: DatedLease): string {
  return lease.endedOn ?? lease.endDate;
}

/** Whether the lease runs on `day`: the 'current lease' of its unit on that day. */
export function isInEffectOn(lease: DatedLease, day: string): boolean {
  return !isVoidLease(lease) && lease.startDate <= day && day <= lastDayOf(lease);
}

export function leaseState(lease: DatedLease, today: string): LeaseState {
  if (isVoidLease(lease)) return 'ended_early';
  // Moved out before the end: ended from the move-out day on (the day is still charged).
  if (lease.endedOn !== null && lease.endedOn < lease.endDate && today >= lease.endedOn) {
    return 'ended_early';
  }
  const lastDay = lastDayOf(lease);
  if (today > lastDay) return 'expired';
  if (lease.startDate > today) return 'upcoming';
  return daysBetween(today, lastDay) <= LEASES_ENDING_SOON_DAYS ? 'ending_soon' : 'active';
}

/** A lease that has not ended by `today`: its unit's current one, or the next. */
export function isCurrentOrUpcoming(lease: DatedLease, today: string): boolean {
  return !isVoidLease(lease) && today <= lastDayOf(lease);
}

/**
 * The status the daily job gives a lease: an Active lease whose end date has passed becomes
 * Expired; everything else keeps what it has (Terminated is the landlord's word).
 */
export function statusOnDay(lease: DatedLease, today: string): LeaseStatus {
  return lease.status === 'Active' && lease.endDate < today ? 'Expired' : lease.status;
}
