import { addDays, daysBetween, type CalendarDate } from './dates';
import { cents, type Cents } from './money';

/**
 * Rent periods of a lease (docs/decisions/0010). Rent is due on the lease's due day, which is
 * the day of its start date, clamped to the month's end (a lease starting on the 31st is due
 * on Feb 28 or 29, Apr 30, ..., and on the 31st again in months that have one). A period runs
 * from one due date to the day before the next. Every period is charged the full rent except
 * a last one cut short by the lease's end, which is prorated by days: rent x days in the lease
 * / days in that full period, rounded to the nearest cent (half up). The first period always
 * starts on the start date, so it is always full.
 */
export interface RentPeriod {
  /** 'YYYY-MM' of the due date: the period's key, unique per lease. */
  period: string;
  /** The due date, also the first day of the period. */
  dueDate: CalendarDate;
  /** The last day of the period that the lease covers. */
  lastDay: CalendarDate;
  amount: Cents;
  prorated: boolean;
}

export interface RentTerms {
  startDate: CalendarDate;
  endDate: CalendarDate;
  rent: Cents;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The due date `k` months after the start month, on `dueDay` clamped to the month's end. */
export function dueDateAt(startDate: CalendarDate, k: number): CalendarDate {
  const [year, month, dueDay] = startDate.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + k;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(dueDay, daysInMonth(y, m)))}`;
}

/** Every period of the lease, in order. */
export function rentPeriods(terms: RentTerms): RentPeriod[] {
  const periods: RentPeriod[] = [];
  for (let k = 0; ; k++) {
    const dueDate = dueDateAt(terms.startDate, k);
    if (dueDate > terms.endDate) return periods;
    const fullLastDay = addDays(dueDateAt(terms.startDate, k + 1), -1);
    const prorated = terms.endDate < fullLastDay;
    const lastDay = prorated ? terms.endDate : fullLastDay;
    const amount = prorated
      ? prorate(
          terms.rent,
          daysBetween(dueDate, lastDay) + 1,
          daysBetween(dueDate, fullLastDay) + 1,
        )
      : terms.rent;
    periods.push({ period: dueDate.slice(0, 7), dueDate, lastDay, amount, prorated });
  }
}

/** The periods due on or before `today`. */
export function periodsDueBy(terms: RentTerms, today: CalendarDate): RentPeriod[] {
  return rentPeriods(terms).filter((period) => period.dueDate <= today);
}

/** rent x days / fullDays in integer cents, half up. */
export function prorate(rent: Cents, days: number, fullDays: number): Cents {
  return cents(Math.floor((rent * days * 2 + fullDays) / (fullDays * 2)));
}
