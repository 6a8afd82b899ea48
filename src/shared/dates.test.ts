import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, calendarDate, daysBetween } from './dates';

dayjs.extend(utc);
dayjs.extend(timezone);

const dayArb = fc
  .date({
    min: new Date('1000-01-01T00:00:00Z'),
    max: new Date('9999-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('calendar arithmetic', () => {
  it('adds and counts days as dayjs does on the UTC calendar, to the last representable day', () => {
    fc.assert(
      fc.property(dayArb, dayArb, fc.integer({ min: -100_000, max: 100_000 }), (a, b, n) => {
        expect(addDays(a, n)).toBe(dayjs.utc(a).add(n, 'day').format('YYYY-MM-DD'));
        expect(daysBetween(a, b)).toBe(dayjs.utc(b).diff(dayjs.utc(a), 'day'));
      }),
    );
    expect(addDays('9999-12-31', 1)).toBe(
      dayjs.utc('9999-12-31').add(1, 'day').format('YYYY-MM-DD'),
    );
    expect(addDays('2026-02-28', 1)).toBe('2026-03-01');
    expect(daysBetween('2026-03-01', '2026-02-28')).toBe(-1);
  });

  it("tells an instant's calendar day in a time zone as dayjs does", () => {
    const zones = [
      'America/New_York',
      'UTC',
      'Pacific/Kiritimati',
      'Pacific/Pago_Pago',
      'Asia/Kolkata',
    ];
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('1970-01-01T00:00:00Z'),
          max: new Date('2100-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        fc.constantFrom(...zones),
        (instant, zone) => {
          expect(calendarDate(instant, zone)).toBe(dayjs(instant).tz(zone).format('YYYY-MM-DD'));
        },
      ),
    );
    expect(() => calendarDate(new Date(), 'Nowhere/Atlantis')).toThrow(RangeError);
  });
});
