import dayjs from 'dayjs';
import utc from 'dayjs/plugin/utc.js';

/**
 * Calendar dates travel as 'YYYY-MM-DD' strings: a lease starts on a day, not at an instant.
 * Only 'today' depends on a time zone (the landlord's); every other calculation is done on
 * the calendar in UTC, where no day is ever 23 or 25 hours long.
 */
dayjs.extend(utc);

export type CalendarDate = string;
const ISO = 'YYYY-MM-DD';

/** One formatter per time zone: making one costs about a millisecond, using it microseconds. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date of an instant in a time zone ('today' for the landlord). */
export function calendarDate(instant: Date, timeZone: string): CalendarDate {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dayFormats.set(timeZone, format);
  }
  const parts = format.formatToParts(instant);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)!.value;
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')}`;
}

/** True for a real date written 'YYYY-MM-DD' (not 2026-02-30). */
export function isRealDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs.utc(value, ISO).format(ISO) === value;
}

const DAY_MS = 86_400_000;

/**
 * UTC midnight of a 'YYYY-MM-DD' of the years 1000-9999, in milliseconds; NaN for anything
 * else (left to dayjs). Date arithmetic on these is exact, and many times cheaper than dayjs:
 * a rent run adds and counts days for every period of every lease.
 */
function utcMidnight(date: CalendarDate): number {
  if (!/^[1-9]\d{3}-\d{2}-\d{2}$/.test(date)) return NaN;
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8)));
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  const shifted = new Date(utcMidnight(date) + days * DAY_MS);
  const year = shifted.getUTCFullYear();
  if (year >= 1000 && year <= 9999) return shifted.toISOString().slice(0, 10);
  return dayjs.utc(date).add(days, 'day').format(ISO);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  const days = (utcMidnight(to) - utcMidnight(from)) / DAY_MS;
  return Number.isNaN(days) ? dayjs.utc(to).diff(dayjs.utc(from), 'day') : days;
}

/** 'Jan 5, 2026', or a dash for no date. */
export function formatDate(date: CalendarDate | null | undefined): string {
  if (!date) return '—';
  const parsed = dayjs.utc(date.slice(0, 10));
  return parsed.isValid() ? parsed.format('MMM D, YYYY') : date;
}
