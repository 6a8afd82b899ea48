import { describe, expect, it } from 'vitest';
import { recurringDatesDue } from './recurring-expense-periods';

describe('recurringDatesDue', () => {
  it('a monthly expense from Jan 31 falls on each month\u2019s last day up to today', () => {
    expect(
      recurringDatesDue(
        { frequency: 'monthly', startDate: '2026-01-31', endDate: null },
        '2026-04-15',
      ),
    ).toEqual([
      { date: '2026-01-31', period: '2026-01' },
      { date: '2026-02-28', period: '2026-02' },
      { date: '2026-03-31', period: '2026-03' },
    ]);
  });

  it('quarterly and yearly step three and twelve months; the end date stops them', () => {
    expect(
      recurringDatesDue(
        { frequency: 'quarterly', startDate: '2025-11-01', endDate: '2026-06-30' },
        '2026-12-01',
      ).map((d) => d.date),
    ).toEqual(['2025-11-01', '2026-02-01', '2026-05-01']);
    expect(
      recurringDatesDue(
        { frequency: 'yearly', startDate: '2024-02-29', endDate: null },
        '2026-03-01',
      ).map((d) => d.date),
    ).toEqual(['2024-02-29', '2025-02-28', '2026-02-28']);
  });

  it('nothing is due before the start date', () => {
    expect(
      recurringDatesDue(
        { frequency: 'monthly', startDate: '2026-05-01', endDate: null },
        '2026-04-30',
      ),
    ).toEqual([]);
  });
});
