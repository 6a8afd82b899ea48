import { LATEST_DATE } from '../../../shared/schemas/common';
import type { RentPeriod } from '../../../shared/rent-periods';
import type { LeaseRow } from '../leases';
import { rentPeriodsDue, type RentRules } from './ledger.service';
import type { LedgerEntryRow } from './ledger.table';

/** What saving a lease's terms does to its rent now (docs/product.md section 28). */
export interface RentPlan {
  /** Periods due by today with no rent charge yet that the old terms did not charge. */
  post: RentPeriod[];
  /** Standing rent charges of periods the old terms charged and the new ones do not. */
  reverse: LedgerEntryRow[];
  /** Periods the new terms cover again whose charge was reversed before: never posted twice. */
  notReposted: string[];
}

/** Every period the lease charges, due or not: the same rule posting follows. */
export const chargedPeriods = (lease: LeaseRow, rules: RentRules = {}): RentPeriod[] =>
  rentPeriodsDue(lease, LATEST_DATE, rules);

/**
 * The plan, from the same periods posting uses (`rentPeriodsDue`). A period is compared by its
 * key ('YYYY-MM'): a charge whose period the new terms still have stays as posted (a due day
 * moved within its month keeps its charge), so only periods the lease no longer covers are
 * reversed, and only those the old terms charged (a lease's older books are not touched).
 */
export function planRent(input: {
  before?: LeaseRow | undefined;
  after: LeaseRow;
  entries: LedgerEntryRow[];
  today: string;
  /** The landlord's rules (a short first period's treatment), as the job will post them. */
  rules?: RentRules;
}): RentPlan {
  const { before, after, entries, today, rules = {} } = input;
  const reversed = new Set(entries.flatMap((e) => (e.reversesId === null ? [] : [e.reversesId])));
  const rent = new Map(
    entries.filter((e) => e.category === 'rent' && e.period).map((e) => [e.period!, e]),
  );
  const afterKeys = new Set(chargedPeriods(after, rules).map((p) => p.period));
  const beforeKeys = new Set(before ? chargedPeriods(before, rules).map((p) => p.period) : []);
  const due = rentPeriodsDue(after, today, rules).filter((period) => period.amount > 0);
  return {
    // Periods the old terms had are the rent job's (it posts them within the hour): a save
    // posts only what its change brings, so an edit of other fields posts nothing.
    post: due.filter((period) => !rent.has(period.period) && !beforeKeys.has(period.period)),
    reverse: [...rent.values()].filter(
      (e) => !reversed.has(e.id) && beforeKeys.has(e.period!) && !afterKeys.has(e.period!),
    ),
    notReposted: due
      .filter((p) => rent.has(p.period) && reversed.has(rent.get(p.period)!.id))
      .filter((p) => !beforeKeys.has(p.period))
      .map((p) => p.period),
  };
}
