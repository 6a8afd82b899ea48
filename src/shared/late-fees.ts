import { addDays, type CalendarDate } from './dates';
import { cents, type Cents } from './money';

/**
 * A lease's late-fee rule (docs/decisions/0010): a flat amount, or a percent of the rent still
 * open, charged once per period when the period's rent is still open after the grace days.
 */
export const LATE_FEE_KINDS = ['flat', 'percent'] as const;
export type LateFeeKind = (typeof LATE_FEE_KINDS)[number];
export const MAX_GRACE_DAYS = 60;

export interface LateFeeRule {
  kind: LateFeeKind;
  /** Flat: the fee. */
  amount: Cents | null;
  /** Percent (0 < p <= 100, at most two decimals) of the rent still open. */
  percent: number | null;
  /** Days after the due date on which rent is not late yet. */
  graceDays: number;
  /** The most one period's fee may be. */
  cap: Cents | null;
  /** The day the rule took effect: rent due before it is never charged a fee. */
  since: CalendarDate | null;
}

export interface LateFeeCase {
  rule: LateFeeRule | null;
  /** The period's rent charge. */
  rentAmount: Cents;
  /** What is still unpaid of it. */
  rentOpen: Cents;
  dueDate: CalendarDate;
  /** The landlord's calendar day. */
  today: CalendarDate;
}

/** The first day rent due on `dueDate` counts as late: the day after the grace days. */
export function lateFeeDay(dueDate: CalendarDate, graceDays: number): CalendarDate {
  return addDays(dueDate, graceDays + 1);
}

/** percent x amount in integer cents, half up; the percent is exact in hundredths. */
export function percentOf(amount: Cents, percent: number): Cents {
  const basisPoints = Math.round(percent * 100);
  return cents(Math.floor((amount * basisPoints + 5_000) / 10_000));
}

/** The fee this period owes today (0: none), before the once-per-period key is consulted. */
export function lateFeeFor({ rule, rentAmount, rentOpen, dueDate, today }: LateFeeCase): Cents {
  if (!rule) return cents(0);
  if (rule.since !== null && dueDate < rule.since) return cents(0);
  if (today < lateFeeDay(dueDate, rule.graceDays)) return cents(0);
  const open = Math.min(Math.max(rentOpen, 0), rentAmount);
  if (open <= 0) return cents(0);
  const fee =
    rule.kind === 'flat' ? (rule.amount ?? cents(0)) : percentOf(cents(open), rule.percent ?? 0);
  return cents(Math.max(0, rule.cap === null ? fee : Math.min(fee, rule.cap)));
}
