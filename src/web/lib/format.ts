/** The web shows money and dates exactly as the server words them (src/shared). */
export { formatAmount as formatMoney } from '../../shared/money';
export { formatDate } from '../../shared/dates';

const dateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** An instant (ISO 8601) in the reader's own time zone: 'Mar 4, 2026, 2:05 PM'. */
export const formatDateTime = (iso: string) => dateTime.format(new Date(iso));
