import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { isInEffectOn, leaseState, statusOnDay, type DatedLease } from './lease-state';

const lease = (overrides: Partial<DatedLease> = {}): DatedLease => ({
  status: 'Active',
  startDate: '2026-01-01',
  endDate: '2026-12-31',
  endedOn: null,
  ...overrides,
});

describe('lease state from its dates', () => {
  it('is upcoming before the start day and active from it', () => {
    expect(leaseState(lease(), '2025-12-31')).toBe('upcoming');
    expect(leaseState(lease(), '2026-01-01')).toBe('active');
  });

  it('is ending soon within 60 days of the end day, up to and including it', () => {
    expect(leaseState(lease(), '2026-10-31')).toBe('active');
    expect(leaseState(lease(), addDays('2026-12-31', -60))).toBe('ending_soon');
    expect(leaseState(lease(), addDays('2026-12-31', -61))).toBe('active');
    expect(leaseState(lease(), '2026-12-31')).toBe('ending_soon');
  });

  it('is expired the day after its end, whatever the stored status still says', () => {
    expect(leaseState(lease(), '2027-01-01')).toBe('expired');
    expect(leaseState(lease({ status: 'Expired' }), '2027-01-01')).toBe('expired');
  });

  it('follows its dates, not a stored status the dates do not bear out', () => {
    expect(leaseState(lease({ status: 'Expired' }), '2026-06-01')).toBe('active');
  });

  it('has ended early from the move-out day, which is still its last day of rent', () => {
    const ended = lease({ status: 'Terminated', endedOn: '2026-05-15' });
    expect(leaseState(ended, '2026-05-14')).toBe('ending_soon');
    expect(leaseState(ended, '2026-05-15')).toBe('ended_early');
    expect(isInEffectOn(ended, '2026-05-15')).toBe(true);
    expect(leaseState(ended, '2026-05-16')).toBe('ended_early');
    expect(isInEffectOn(ended, '2026-05-16')).toBe(false);
  });

  it('never runs when terminated without a move-out day (a cancelled renewal)', () => {
    const cancelled = lease({ status: 'Terminated' });
    for (const day of ['2025-06-01', '2026-05-15', '2027-06-01']) {
      expect(leaseState(cancelled, day)).toBe('ended_early');
      expect(isInEffectOn(cancelled, day)).toBe(false);
    }
  });
});

describe('the status the daily job writes', () => {
  it('moves an Active lease to Expired only once its end day has passed', () => {
    expect(statusOnDay(lease(), '2026-12-31')).toBe('Active');
    expect(statusOnDay(lease(), '2027-01-01')).toBe('Expired');
  });

  it('leaves Terminated and Expired leases as they are', () => {
    expect(statusOnDay(lease({ status: 'Terminated' }), '2030-01-01')).toBe('Terminated');
    expect(statusOnDay(lease({ status: 'Expired' }), '2020-01-01')).toBe('Expired');
  });
});
