import { addDays, daysBetween } from '../../../shared/dates';
import { MATCH_WINDOW_DAYS } from '../../../shared/schemas/bank';
import type { BookRow } from './bank.repository';

interface LineToMatch {
  id: number;
  postedOn: string;
  amount: number;
}

/** The dates whose records may be suggested for lines posted from..to. */
export function windowOf(from: string, to: string): { from: string; to: string } {
  return { from: addDays(from, -MATCH_WINDOW_DAYS), to: addDays(to, MATCH_WINDOW_DAYS) };
}

/**
 * A suggestion for each line that has one: a record of exactly its signed amount (a deposit a
 * payment, a withdrawal an expense), dated at most MATCH_WINDOW_DAYS from it, not turned down
 * for that line, and not suggested for an earlier line. The nearest date wins, then the
 * earlier record. Lines are served in date order, so the first of two equal lines gets the
 * first of two equal payments.
 */
export function suggestMatches(
  lines: readonly LineToMatch[],
  candidates: readonly BookRow[],
  rejected: ReadonlySet<string>,
): Map<number, BookRow> {
  const taken = new Set<string>();
  const suggestions = new Map<number, BookRow>();
  const ordered = [...lines].sort((a, b) => a.postedOn.localeCompare(b.postedOn) || a.id - b.id);
  for (const line of ordered) {
    const kind = line.amount > 0 ? 'payment' : 'expense';
    const best = candidates
      .filter(
        (record) =>
          record.kind === kind &&
          record.amount === line.amount &&
          Math.abs(daysBetween(line.postedOn, record.date)) <= MATCH_WINDOW_DAYS &&
          !taken.has(`${record.kind}:${record.id}`) &&
          !rejected.has(rejectionKey(line.id, record.kind, record.id)),
      )
      .sort(
        (a, b) =>
          Math.abs(daysBetween(line.postedOn, a.date)) -
            Math.abs(daysBetween(line.postedOn, b.date)) ||
          a.date.localeCompare(b.date) ||
          a.id - b.id,
      )[0];
    if (best) {
      taken.add(`${best.kind}:${best.id}`);
      suggestions.set(line.id, best);
    }
  }
  return suggestions;
}

export const rejectionKey = (lineId: number, kind: string, recordId: number) =>
  `${lineId}:${kind}:${recordId}`;
