import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { leaseState, statusOnDay, type DatedLease } from './lease-state';

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
    expect(leaseState(lease({ status: 'Expired' }), '2026-06-01')).toBe('expired');
  });

  it('is ended early when terminated, on any day', () => {
    const ended = lease({ status: 'Terminated', endedOn: '2026-05-15' });
    for (const day of ['2025-06-01', '2026-05-15', '2027-06-01']) {
      expect(leaseState(ended, day)).toBe('ended_early');
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
