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
