/** Invitation times are instants: shown in the reader's own time zone, en-US with a short month. */
const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const dayAndTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

const parse = (iso: string | null) => {
  const date = iso ? new Date(iso) : null;
  return date && !Number.isNaN(date.getTime()) ? date : null;
};

export function formatDay(iso: string | null): string {
  const date = parse(iso);
  return date ? day.format(date) : '—';
}

export function formatDayAndTime(iso: string | null): string {
  const date = parse(iso);
  return date ? dayAndTime.format(date) : '—';
}
