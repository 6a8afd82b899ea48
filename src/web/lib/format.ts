/** en-US formats from the specification (section 9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const shortDate = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** $1,234.50 */
export function formatMoney(amount: number): string {
  return usd.format(amount);
}

/** A calendar date 'YYYY-MM-DD' as 'Jan 5, 2026' (read as UTC so it never shifts a day). */
export function formatDate(isoDate: string | null | undefined): string {
  if (!isoDate) return '—';
  const date = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  return Number.isNaN(date.getTime()) ? isoDate : shortDate.format(date);
}
