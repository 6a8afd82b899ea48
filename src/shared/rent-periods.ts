import { addDays, daysBetween, type CalendarDate } from './dates';
import { cents, type Cents } from './money';

/**
 * Rent periods of a lease (docs/decisions/0010, 0020). Rent is due on the lease's due day: a
 * day 1-28, the last day of the month, or (when none is set) the day of its start date, all
 * clamped to the month's end (a lease starting on the 31st is due on Feb 28 or 29, Apr 30, ...,
 * and on the 31st again in months that have one). A period runs from one due date to the day
 * before the next.
 *
 * When the start is not a due date, the first period is short: from the start to the day before
 * the first due date. The landlord's first-period rule says what it is charged: prorated by
 * days (the default), the full rent, or nothing on its own with its prorated amount added to
 * the first full period's charge. A last period cut short by the lease's end is prorated by
 * days. Prorating is rent x days in the lease / days in that full period, in cents, half up.
 */
export interface RentPeriod {
  /**
   * 'YYYY-MM' of the due date that opens the period: the period's key, unique per lease. A
   * short first period carries the key of the due date before the start (it is the tail of
   * that period), so it never shares a month with the first full period.
   */
  period: string;
  /** The due date, also the first day of the period (a short first period: the start). */
  dueDate: CalendarDate;
  /** The last day of the period that the lease covers. */
  lastDay: CalendarDate;
  amount: Cents;
  prorated: boolean;
  /** Set on the first full period when the short first period's rent was added to it. */
  carried?: { from: CalendarDate; to: CalendarDate; amount: Cents };
}

/** What a short first period is charged (a landlord's setting). */
export const FIRST_PERIOD_RULES = ['prorate', 'full', 'add_to_next'] as const;
export type FirstPeriodRule = (typeof FIRST_PERIOD_RULES)[number];

/** The stored due day that means "the last day of the month": 31, clamped like any day. */
export const LAST_DAY_OF_MONTH = 31;
export const MAX_DUE_DAY = 28;

export interface RentTerms {
  startDate: CalendarDate;
  endDate: CalendarDate;
  rent: Cents;
  /** 1-28, 31 for the month's last day; null or absent: the start date's day. */
  rentDueDay?: number | null;
  /** Absent: prorate. */
  firstPeriod?: FirstPeriodRule;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

const monthIndexOf = (date: CalendarDate) =>
  Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

/** The due date in the month with this index (year x 12 + month - 1), clamped to its end. */
function dueDateIn(index: number, dueDay: number): CalendarDate {
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  return `${pad(y, 4)}-${pad(m)}-${pad(Math.min(dueDay, daysInMonth(y, m)))}`;
}

/** The due date `k` months after the start month, on the start's day clamped to the month's end. */
export function dueDateAt(startDate: CalendarDate, k: number): CalendarDate {
  return dueDateIn(monthIndexOf(startDate) + k, Number(startDate.slice(8)));
}

/** The lease's due day: its own, or its start date's day. */
export function dueDayOf(terms: Pick<RentTerms, 'startDate' | 'rentDueDay'>): number {
  return terms.rentDueDay ?? Number(terms.startDate.slice(8));
}

/**
 * Every period of the lease, in order; with `until`, those due by then (and at least two,
 * which a short first period added to the next needs), the same as the whole list's start.
 */
export function rentPeriods(terms: RentTerms, until?: CalendarDate): RentPeriod[] {
  const dueDay = dueDayOf(terms);
  const rule = terms.firstPeriod ?? 'prorate';
  // The month of the first due date on or after the start.
  let index = monthIndexOf(terms.startDate);
  if (dueDateIn(index, dueDay) < terms.startDate) index += 1;
  const periods: RentPeriod[] = [];
  let stub: RentPeriod | undefined;
  const firstDue = dueDateIn(index, dueDay);
  if (firstDue > terms.startDate) {
    const opener = dueDateIn(index - 1, dueDay);
    const fullLastDay = addDays(firstDue, -1);
    const lastDay = terms.endDate < fullLastDay ? terms.endDate : fullLastDay;
    const share = prorate(
      terms.rent,
      daysBetween(terms.startDate, lastDay) + 1,
      daysBetween(opener, fullLastDay) + 1,
    );
    // Charged in full only when the rule says so and the end does not cut it short too.
    const full = rule === 'full' && lastDay === fullLastDay;
    stub = {
      period: opener.slice(0, 7),
      dueDate: terms.startDate,
      lastDay,
      amount: full ? terms.rent : share,
      prorated: !full,
    };
    periods.push(stub);
  }
  for (; ; index++) {
    const dueDate = dueDateIn(index, dueDay);
    if (dueDate > terms.endDate) break;
    if (until !== undefined && dueDate > until && periods.length >= 2) break;
    const fullLastDay = addDays(dueDateIn(index + 1, dueDay), -1);
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
  // Added to the next charge: the short period posts nothing on its own. A lease that ends
  // before its first due date has no next charge, so its short period is charged as it is.
  const next = periods[1];
  if (rule === 'add_to_next' && stub && next && stub.prorated) {
    periods[1] = {
      ...next,
      amount: cents(next.amount + stub.amount),
      carried: { from: stub.dueDate, to: stub.lastDay, amount: stub.amount },
    };
    periods[0] = { ...stub, amount: cents(0) };
  }
  return periods;
}

/** The periods due on or before `today`. */
export function periodsDueBy(terms: RentTerms, today: CalendarDate): RentPeriod[] {
  return rentPeriods(terms, today).filter((period) => period.dueDate <= today);
}

/** rent x days / fullDays in integer cents, half up. */
export function prorate(rent: Cents, days: number, fullDays: number): Cents {
  return cents(Math.floor((rent * days * 2 + fullDays) / (fullDays * 2)));
}
