import { describe, expect, it } from 'vitest';
import { booksReading, yearsAndMonths } from './books-months';

describe('booksReading', () => {
  it('reads whole months from their totals alone', () => {
    expect(booksReading('2025-01-01', '2025-12-31')).toEqual({
      months: { first: '2025-01-01', last: '2025-12-01' },
      edges: [],
    });
  });

  it('reads the few days a cut month keeps from the rows', () => {
    expect(booksReading('2025-01-28', '2025-03-03')).toEqual({
      months: { first: '2025-02-01', last: '2025-02-01' },
      edges: [
        { from: '2025-01-28', to: '2025-01-31', sign: 1 },
        { from: '2025-03-01', to: '2025-03-03', sign: 1 },
      ],
    });
  });

  it('takes the few days a cut month leaves out from its total', () => {
    // A report to today (the 26th): this month less its last four days.
    expect(booksReading('2024-12-01', '2026-11-26')).toEqual({
      months: { first: '2024-12-01', last: '2026-11-01' },
      edges: [{ from: '2026-11-27', to: '2026-11-30', sign: -1 }],
    });
    expect(booksReading('2024-02-03', '2024-02-27')).toEqual({
      months: { first: '2024-02-01', last: '2024-02-01' },
      edges: [
        { from: '2024-02-01', to: '2024-02-02', sign: -1 },
        { from: '2024-02-28', to: '2024-02-29', sign: -1 },
      ],
    });
  });

  it('reads a single day from the rows', () => {
    expect(booksReading('2026-05-31', '2026-05-31')).toEqual({
      months: null,
      edges: [{ from: '2026-05-31', to: '2026-05-31', sign: 1 }],
    });
  });
});

describe('yearsAndMonths', () => {
  it('reads whole years from their totals, and the months of a year cut by the range', () => {
    // 36 months to this November: December alone, two years, this year less December.
    expect(yearsAndMonths({ first: '2023-12-01', last: '2026-11-01' })).toEqual([
      { level: 'month', first: '2023-12-01', last: '2023-12-01', sign: 1 },
      { level: 'year', first: '2024-01-01', last: '2024-01-01', sign: 1 },
      { level: 'year', first: '2025-01-01', last: '2025-01-01', sign: 1 },
      { level: 'year', first: '2026-01-01', last: '2026-01-01', sign: 1 },
      { level: 'month', first: '2026-12-01', last: '2026-12-01', sign: -1 },
    ]);
    expect(yearsAndMonths({ first: '2025-03-01', last: '2025-10-01' })).toEqual([
      { level: 'year', first: '2025-01-01', last: '2025-01-01', sign: 1 },
      { level: 'month', first: '2025-01-01', last: '2025-02-01', sign: -1 },
      { level: 'month', first: '2025-11-01', last: '2025-12-01', sign: -1 },
    ]);
    expect(yearsAndMonths({ first: '2025-05-01', last: '2025-07-01' })).toEqual([
      { level: 'month', first: '2025-05-01', last: '2025-07-01', sign: 1 },
    ]);
  });
});
