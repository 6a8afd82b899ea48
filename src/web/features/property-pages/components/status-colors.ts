import type { LeaseState } from '../../../../shared/lease-state';

export const UNIT_STATUS_COLORS: Record<string, string> = {
  Available: 'green',
  Rented: 'blue',
  Maintenance: 'orange',
  Unavailable: 'gray',
};

export const LEASE_STATE_COLORS: Record<LeaseState, string> = {
  upcoming: 'blue',
  active: 'green',
  ending_soon: 'yellow',
  expired: 'gray',
  ended_early: 'red',
};

/** A lease that has not ended: it is the unit's current (or next) one. */
export const isCurrentLease = (state: LeaseState) =>
  state === 'upcoming' || state === 'active' || state === 'ending_soon';
