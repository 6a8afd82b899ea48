import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from './format';

describe('formatMoney', () => {
  it('writes US dollars with two decimals and thousands separators', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50');
    expect(formatMoney(0)).toBe('$0.00');
  });
});

describe('formatDate', () => {
  it('writes a calendar date with a short month, without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });
  it('shows a dash for a missing date', () => {
    expect(formatDate(null)).toBe('—');
  });
});
