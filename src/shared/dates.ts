import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';

/**
 * Calendar dates travel as 'YYYY-MM-DD' strings: a lease starts on a day, not at an instant.
 * Only 'today' depends on a time zone (the landlord's); every other calculation is done on
 * the calendar in UTC, where no day is ever 23 or 25 hours long.
 */
dayjs.extend(utc);
dayjs.extend(timezone);

export type CalendarDate = string;
const ISO = 'YYYY-MM-DD';

/** The calendar date of an instant in a time zone ('today' for the landlord). */
export function calendarDate(instant: Date, timeZone: string): CalendarDate {
  return dayjs(instant).tz(timeZone).format(ISO);
}

/** True for a real date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isRealDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs.utc(value, ISO).format(ISO) === value;
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return dayjs.utc(date).add(days, 'day').format(ISO);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return dayjs.utc(to).diff(dayjs.utc(from), 'day');
}

/** 'Jan 5, 2026', or a dash for no date. */
export function formatDate(date: CalendarDate | null | undefined): string {
  if (!date) return '—';
  const parsed = dayjs.utc(date.slice(0, 10));
  return parsed.isValid() ? parsed.format('MMM D, YYYY') : date;
}
