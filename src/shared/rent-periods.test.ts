import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { cents } from './money';
import {
  FIRST_PERIOD_RULES,
  LAST_DAY_OF_MONTH,
  periodsDueBy,
  rentPeriods,
  type FirstPeriodRule,
  type RentTerms,
} from './rent-periods';

const rent = cents(100_000);
const rows = (terms: RentTerms) =>
  rentPeriods(terms).map((p) => [p.period, p.dueDate, p.lastDay, p.amount]);

describe('rent periods with a due day', () => {
  it.each([
    // [case, terms, periods]
    [
      'due on the 1st, starting mid-month: a short first period, prorated',
      { startDate: '2026-01-15', endDate: '2026-03-31', rentDueDay: 1 },
      [
        // 17 days of January's 31: 100000 x 17 / 31 = 54838.7 -> 54839
        ['2026-01', '2026-01-15', '2026-01-31', 54_839],
        ['2026-02', '2026-02-01', '2026-02-28', 100_000],
        ['2026-03', '2026-03-01', '2026-03-31', 100_000],
      ],
    ],
    [
      'due on the last day of the month, through February of a leap year',
      { startDate: '2024-01-10', endDate: '2024-04-29', rentDueDay: LAST_DAY_OF_MONTH },
      [
        // Dec 31 - Jan 30 is the period: 21 of its 31 days.
        ['2023-12', '2024-01-10', '2024-01-30', 67_742],
        ['2024-01', '2024-01-31', '2024-02-28', 100_000],
        ['2024-02', '2024-02-29', '2024-03-30', 100_000],
        // Mar 31 - Apr 29 of the period Mar 31 - Apr 29: full.
        ['2024-03', '2024-03-31', '2024-04-29', 100_000],
      ],
    ],
    [
      'due on the 28th across February of a common year',
      { startDate: '2026-02-01', endDate: '2026-03-27', rentDueDay: 28 },
      [
        // Jan 28 - Feb 27 is 31 days; the lease covers 27 of them.
        ['2026-01', '2026-02-01', '2026-02-27', 87_097],
        ['2026-02', '2026-02-28', '2026-03-27', 100_000],
      ],
    ],
    [
      'a start before the due day in the same month',
      { startDate: '2026-03-03', endDate: '2026-04-04', rentDueDay: 5 },
      [
        // Feb 5 - Mar 4 (28 days), 2 of them: 7142.9 -> 7143
        ['2026-02', '2026-03-03', '2026-03-04', 7_143],
        ['2026-03', '2026-03-05', '2026-04-04', 100_000],
      ],
    ],
    [
      'an end cut short: the last period prorated over its own days',
      { startDate: '2026-01-01', endDate: '2026-02-14', rentDueDay: 1 },
      [
        ['2026-01', '2026-01-01', '2026-01-31', 100_000],
        ['2026-02', '2026-02-01', '2026-02-14', 50_000],
      ],
    ],
    [
      'no due day: due on the start day, exactly as before',
      { startDate: '2026-01-15', endDate: '2026-03-14', rentDueDay: null },
      [
        ['2026-01', '2026-01-15', '2026-02-14', 100_000],
        ['2026-02', '2026-02-15', '2026-03-14', 100_000],
      ],
    ],
  ])('%s', (_name, dates, expected) => {
    expect(rows({ ...dates, rent })).toEqual(expected);
  });

  const midMonth = { startDate: '2026-01-15', endDate: '2026-03-31', rentDueDay: 1, rent };
  it.each<[FirstPeriodRule, number[]]>([
    ['prorate', [54_839, 100_000, 100_000]],
    ['full', [100_000, 100_000, 100_000]],
    ['add_to_next', [0, 154_839, 100_000]],
  ])('a short first period under the rule %s', (firstPeriod, amounts) => {
    const periods = rentPeriods({ ...midMonth, firstPeriod });
    expect(periods.map((p) => p.amount)).toEqual(amounts);
  });

  it('added to the next charge, says what it carries', () => {
    const [, second] = rentPeriods({ ...midMonth, firstPeriod: 'add_to_next' });
    expect(second!.carried).toEqual({ from: '2026-01-15', to: '2026-01-31', amount: 54_839 });
  });

  it('a lease that ends before its first due date is charged its short period, whatever the rule', () => {
    for (const firstPeriod of FIRST_PERIOD_RULES) {
      const periods = rentPeriods({
        startDate: '2026-01-15',
        endDate: '2026-01-24',
        rentDueDay: 1,
        rent,
        firstPeriod,
      });
      // 10 of January's 31 days.
      expect(periods.map((p) => [p.dueDate, p.lastDay, p.amount])).toEqual([
        ['2026-01-15', '2026-01-24', 32_258],
      ]);
    }
  });

  it('cover the lease day by day, one key per period, whatever the due day and rule', () => {
    const dateArb = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    const termsArb = fc.record({
      startDate: dateArb,
      length: fc.integer({ min: 0, max: 800 }),
      rentDueDay: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant(LAST_DAY_OF_MONTH)),
      firstPeriod: fc.constantFrom(...FIRST_PERIOD_RULES),
      rent: fc.integer({ min: 1, max: 1_000_000 }),
    });
    fc.assert(
      fc.property(termsArb, ({ startDate, length, rentDueDay, firstPeriod, rent: r }) => {
        const terms = {
          startDate,
          endDate: addDays(startDate, length),
          rentDueDay,
          firstPeriod,
          rent: cents(r),
        };
        const periods = rentPeriods(terms);
        expect(periods[0]!.dueDate).toBe(startDate);
        expect(periods.at(-1)!.lastDay).toBe(terms.endDate);
        for (let i = 1; i < periods.length; i++) {
          expect(periods[i]!.dueDate).toBe(addDays(periods[i - 1]!.lastDay, 1));
          expect(periods[i]!.period > periods[i - 1]!.period).toBe(true);
        }
        const total = periods.reduce((sum, p) => sum + p.amount, 0);
        // Never more than a full rent per period.
        expect(total).toBeLessThanOrEqual(r * periods.length);
      }),
    );
  });

  it("due by a day are the whole list's periods due by then, however early the list stops", () => {
    const dateArb = fc
      .date({
        min: new Date('2020-01-01T00:00:00Z'),
        max: new Date('2030-12-31T00:00:00Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.record({
          startDate: dateArb,
          length: fc.integer({ min: 0, max: 1_500 }),
          rentDueDay: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constant(LAST_DAY_OF_MONTH)),
          firstPeriod: fc.constantFrom(...FIRST_PERIOD_RULES),
          today: fc.integer({ min: -60, max: 1_600 }),
        }),
        ({ startDate, length, rentDueDay, firstPeriod, today }) => {
          const terms = {
            startDate,
            endDate: addDays(startDate, length),
            rentDueDay,
            firstPeriod,
            rent,
          };
          const day = addDays(startDate, today);
          expect(periodsDueBy(terms, day)).toEqual(
            rentPeriods(terms).filter((period) => period.dueDate <= day),
          );
        },
      ),
    );
  });
});
