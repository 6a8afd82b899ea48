import { addDays, daysBetween, type CalendarDate } from '../../../shared/dates';
import { periodStartOf, reportPeriods } from '../../../shared/report-periods';

/** Days read from the rows themselves, added (1) to the months' totals or taken out (-1). */
export interface EdgeDays {
  from: CalendarDate;
  to: CalendarDate;
  sign: 1 | -1;
}

/**
 * How a range is read (decision 0027): the months whose totals are summed (first days of the
 * first and last, a run with no gap; none when `months` is null), and the days of a month cut
 * by the range read from the rows. A cut month is read the cheaper way: the days it keeps, or
 * its total less the days it leaves out, whichever are fewer (a report to today leaves out
 * the rest of this month, where nothing is written yet).
 */
export interface BooksReading {
  months: { first: CalendarDate; last: CalendarDate } | null;
  edges: EdgeDays[];
}

const monthEnd = (start: CalendarDate) => addDays(periodStartOf(addDays(start, 31), 'month'), -1);

export function booksReading(from: CalendarDate, to: CalendarDate): BooksReading {
  const months: CalendarDate[] = [];
  const edges: EdgeDays[] = [];
  for (const period of reportPeriods(from, to, 'month')) {
    const start = `${period.key}-01`;
    const end = monthEnd(start);
    const kept = daysBetween(period.from, period.to) + 1;
    const leftOut = daysBetween(start, end) + 1 - kept;
    if (leftOut === 0) {
      months.push(start);
    } else if (leftOut < kept) {
      months.push(start);
      if (period.from > start) edges.push({ from: start, to: addDays(period.from, -1), sign: -1 });
      if (period.to < end) edges.push({ from: addDays(period.to, 1), to: end, sign: -1 });
    } else {
      edges.push({ from: period.from, to: period.to, sign: 1 });
    }
  }
  return {
    months: months.length > 0 ? { first: months[0]!, last: months.at(-1)! } : null,
    edges,
  };
}

/** A run of totals of one level (a property's years or months), added or taken out. */
export interface TotalsRun {
  level: 'year' | 'month';
  /** First days of the first and last year or month of the run. */
  first: CalendarDate;
  last: CalendarDate;
  sign: 1 | -1;
}

const monthIndex = (date: CalendarDate) =>
  Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;
const monthOf = (index: number): CalendarDate =>
  `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01`;

/**
 * The months first..last read from a property's years where it is cheaper: a whole year is
 * its year's total; a year cut by the range is its months, or its year less the months it
 * leaves out, whichever are fewer (a range to this month leaves out months not lived yet).
 */
export function yearsAndMonths(months: { first: CalendarDate; last: CalendarDate }): TotalsRun[] {
  const runs: TotalsRun[] = [];
  const [first, last] = [monthIndex(months.first), monthIndex(months.last)];
  for (let year = Math.floor(first / 12); year <= Math.floor(last / 12); year++) {
    const [january, december] = [year * 12, year * 12 + 11];
    const [from, to] = [Math.max(first, january), Math.min(last, december)];
    const kept = to - from + 1;
    if (12 - kept < kept) {
      runs.push({ level: 'year', first: monthOf(january), last: monthOf(january), sign: 1 });
      if (from > january) {
        runs.push({ level: 'month', first: monthOf(january), last: monthOf(from - 1), sign: -1 });
      }
      if (to < december) {
        runs.push({ level: 'month', first: monthOf(to + 1), last: monthOf(december), sign: -1 });
      }
    } else {
      runs.push({ level: 'month', first: monthOf(from), last: monthOf(to), sign: 1 });
    }
  }
  return runs;
}
