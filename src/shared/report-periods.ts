import type { CalendarDate } from './dates';
import type { ReportGrouping, ReportPeriod } from './schemas/reports';

const MONTH_NAMES = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

const pad = (n: number) => String(n).padStart(2, '0');

/** The last day of a month (month 1-12). */
function lastDayOf(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The first day of the period holding `date`: its month's, quarter's or year's. */
export function periodStartOf(date: CalendarDate, groupBy: ReportGrouping): CalendarDate {
  const year = Number(date.slice(0, 4));
  const month = Number(date.slice(5, 7));
  if (groupBy === 'year') return `${year}-01-01`;
  if (groupBy === 'quarter') return `${year}-${pad(month - ((month - 1) % 3))}-01`;
  return `${year}-${pad(month)}-01`;
}

/** Months in one period of the grouping. */
const MONTHS_IN: Record<ReportGrouping, number> = { month: 1, quarter: 3, year: 12 };

/**
 * The columns of a report from `from` to `to`: every month, quarter or year they touch, in
 * order, the first and last cut to the range (a report from Mar 15 starts its first month
 * there). Keys are 'YYYY-MM', 'YYYY-Qn' or 'YYYY'.
 */
export function reportPeriods(
  from: CalendarDate,
  to: CalendarDate,
  groupBy: ReportGrouping,
): ReportPeriod[] {
  const periods: ReportPeriod[] = [];
  let start = periodStartOf(from, groupBy);
  while (start <= to) {
    const year = Number(start.slice(0, 4));
    const month = Number(start.slice(5, 7));
    const lastMonth = month + MONTHS_IN[groupBy] - 1;
    const end = `${year}-${pad(lastMonth)}-${pad(lastDayOf(year, lastMonth))}`;
    const quarter = Math.floor((month - 1) / 3) + 1;
    periods.push({
      key:
        groupBy === 'year'
          ? String(year)
          : groupBy === 'quarter'
            ? `${year}-Q${quarter}`
            : `${year}-${pad(month)}`,
      label:
        groupBy === 'year'
          ? String(year)
          : groupBy === 'quarter'
            ? `Q${quarter} ${year}`
            : `${MONTH_NAMES[month - 1]} ${year}`,
      from: start > from ? start : from,
      to: end < to ? end : to,
    });
    start = lastMonth === 12 ? `${year + 1}-01-01` : `${year}-${pad(lastMonth + 1)}-01`;
  }
  return periods;
}
