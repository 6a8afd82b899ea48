import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, daysBetween, formatDate, isRealDate } from './dates';
import {
  formatAmount,
  formatCents,
  formatDecimalCents,
  fromCents,
  isExactAmount,
  parseDecimalCents,
  toCents,
  type Cents,
} from './money';

describe('money', () => {
  it('accepts exactly the amounts with at most two decimals', () => {
    expect(isExactAmount(0.07)).toBe(true);
    expect(isExactAmount(1234.5)).toBe(true);
    expect(isExactAmount(-12.34)).toBe(true);
    expect(isExactAmount(1.005)).toBe(false);
    expect(isExactAmount(0.1 + 0.2)).toBe(false);
    expect(isExactAmount(Number.NaN)).toBe(false);
    expect(isExactAmount(Number.POSITIVE_INFINITY)).toBe(false);
    expect(() => toCents(1.005)).toThrow(RangeError);
  });

  it('round-trips every whole number of cents through an amount and a SQL numeric', () => {
    fc.assert(
      fc.property(fc.integer({ min: -99_999_999_999, max: 99_999_999_999 }), (value) => {
        const c = value as Cents;
        expect(toCents(fromCents(c))).toBe(c);
        expect(isExactAmount(fromCents(c))).toBe(true);
        expect(parseDecimalCents(formatDecimalCents(c))).toBe(c);
        expect(JSON.parse(JSON.stringify(fromCents(c)))).toBe(fromCents(c));
      }),
    );
  });

  it('reads SQL numerics without a float', () => {
    expect(parseDecimalCents('12.3')).toBe(1230);
    expect(parseDecimalCents('-0.05')).toBe(-5);
    expect(parseDecimalCents('7')).toBe(700);
    expect(parseDecimalCents('9999999999.99')).toBe(999_999_999_999);
    expect(() => parseDecimalCents('1.005')).toThrow(RangeError);
  });

  it('writes US dollars with two decimals and thousands separators', () => {
    expect(formatAmount(1234.5)).toBe('$1,234.50');
    expect(formatAmount(0)).toBe('$0.00');
    expect(formatCents(-5 as Cents)).toBe('-$0.05');
    expect(formatCents(123_456_789_012 as Cents)).toBe('$1,234,567,890.12');
  });
});

describe('dates', () => {
  it('writes a calendar date with a short month, without shifting the day', () => {
    expect(formatDate('2026-01-05')).toBe('Jan 5, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
  });

  it('shows a dash for a missing date', () => {
    expect(formatDate(null)).toBe('—');
  });

  it("finds 'today' in the landlord's time zone", () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(calendarDate(instant, 'America/New_York')).toBe('2026-02-28');
    expect(calendarDate(instant, 'Europe/Paris')).toBe('2026-03-01');
  });

  it('knows real dates and counts days across month ends and leap days', () => {
    expect(isRealDate('2024-02-29')).toBe(true);
    expect(isRealDate('2023-02-29')).toBe(false);
    expect(isRealDate('2026-04-31')).toBe(false);
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-03-08', 1)).toBe('2026-03-09');
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
  });
});
