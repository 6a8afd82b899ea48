import { describe, expect, it } from 'vitest';
import { periodStartOf, reportPeriods } from './report-periods';

describe('report periods', () => {
  it('cuts the first and last month to the range', () => {
    expect(reportPeriods('2026-01-15', '2026-03-10', 'month')).toEqual([
      { key: '2026-01', label: 'Jan 2026', from: '2026-01-15', to: '2026-01-31' },
      { key: '2026-02', label: 'Feb 2026', from: '2026-02-01', to: '2026-02-28' },
      { key: '2026-03', label: 'Mar 2026', from: '2026-03-01', to: '2026-03-10' },
    ]);
  });

  it('groups by quarter and by year across a year end', () => {
    expect(
      reportPeriods('2025-11-01', '2026-04-30', 'quarter').map((p) => [p.key, p.from, p.to]),
    ).toEqual([
      ['2025-Q4', '2025-11-01', '2025-12-31'],
      ['2026-Q1', '2026-01-01', '2026-03-31'],
      ['2026-Q2', '2026-04-01', '2026-04-30'],
    ]);
    expect(reportPeriods('2024-02-29', '2026-01-01', 'year').map((p) => p.label)).toEqual([
      '2024',
      '2025',
      '2026',
    ]);
  });

  it('names the period a day falls in by its first day', () => {
    expect(periodStartOf('2026-08-19', 'month')).toBe('2026-08-01');
    expect(periodStartOf('2026-08-19', 'quarter')).toBe('2026-07-01');
    expect(periodStartOf('2026-08-19', 'year')).toBe('2026-01-01');
  });
});
