import dayjs from 'dayjs';

/** Today on this browser's calendar, as the date inputs write it. */
export const today = () => dayjs().format('YYYY-MM-DD');
