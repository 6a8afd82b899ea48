import type { CalendarDate } from './dates';
import { dueDateAt } from './rent-periods';
import type { RecurringFrequency } from './schemas/expenses';

const MONTHS: Record<RecurringFrequency, number> = { monthly: 1, quarterly: 3, yearly: 12 };

export interface RecurringSchedule {
  frequency: RecurringFrequency;
  startDate: CalendarDate;
  endDate: CalendarDate | null;
}

/**
 * The dates a recurring expense falls on up to `today` (and its end date): its start date,
 * then every one, three or twelve months on the same day (the month's last day when the month
 * is shorter). Each is keyed by its month ('YYYY-MM'), the key that posts it once.
 */
export function recurringDatesDue(
  schedule: RecurringSchedule,
  today: CalendarDate,
): { date: CalendarDate; period: string }[] {
  const last = schedule.endDate && schedule.endDate < today ? schedule.endDate : today;
  const dates: { date: CalendarDate; period: string }[] = [];
  for (let k = 0; ; k++) {
    const date = dueDateAt(schedule.startDate, k * MONTHS[schedule.frequency]);
    if (date > last) return dates;
    dates.push({ date, period: date.slice(0, 7) });
  }
}
