import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { calendarDate, type CalendarDate } from '../../shared/dates';
import { featuresQueryOptions } from '../features/auth/api/get-features';

/**
 * 'Today' on the server's calendar (its TIME_ZONE), the day the server checks dates against:
 * a browser in another zone would otherwise offer tomorrow's date near midnight and be refused.
 * Until the server has named its zone (the app asks at start), the browser's own calendar.
 */
export function todayIn(timeZone: string | undefined, now = new Date()): CalendarDate {
  return timeZone === undefined ? dayjs(now).format('YYYY-MM-DD') : calendarDate(now, timeZone);
}

/** Today on the server's calendar, for default dates, 'not after today' and 'overdue'. */
export function useServerToday(): CalendarDate {
  const { data } = useQuery(featuresQueryOptions());
  return todayIn(data?.timeZone);
}
