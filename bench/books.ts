import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** Months of history the books rows seed and read: three years, this month included. */
export const BOOKS_MONTHS = 36;

/** A late fee, in dollars (the ledger's numeric amounts). */
const LATE_FEE = 50;

export interface BooksHistoryCounts {
  entries: number;
  rentCharges: number;
  payments: number;
  lateFees: number;
  reversals: number;
  expenses: number;
  from: string;
  to: string;
}

/**
 * Three years of books for some landlords (by account name), by bulk SQL through the
 * product's tables, its triggers on (the books' totals follow each statement): for every lease
 * with a rent, a rent charge on the 1st of each month (with its period) and its payment by
 * check on the 5th; one month in 25 paid late, on the 11th, with a late fee charged on the 6th
 * and paid with the rent; one payment in 40 reversed ten days later (a bounced check), paid
 * again by bank transfer five days after that unless it bounced in the last three months
 * (still owed); and for every property four expenses a month (repairs, utilities, insurance,
 * taxes), paid ten days after, except this month's repairs (unpaid). Which month is late or
 * bounces follows a lease's (and an expense's property's) place in its landlord's portfolio,
 * not its id, so one landlord seeded alone or beside others gets the same books.
 */
export async function seedBooksHistory(
  db: Database,
  userNames: string[],
): Promise<BooksHistoryCounts> {
  const owners = sql`(SELECT id FROM users WHERE user_name IN (${sql.join(
    userNames.map((name) => sql`${name}`),
    sql`, `,
  )}))`;
  const months = sql`generate_series(0, ${BOOKS_MONTHS - 1}) AS k`;
  const monthStart = sql`(date_trunc('month', current_date) - make_interval(months => k))::date`;
  const rankedLeases = sql`
    SELECT l.id, l.rent, row_number() OVER (PARTITION BY p.organisation_id ORDER BY l.id) AS r
    FROM leases l
    JOIN units u ON u.id = l.unit_id
    JOIN properties p ON p.id = u.property_id
    WHERE p.user_id IN ${owners} AND l.rent > 0`;
  const late = sql`(l.r + k) % 25 = 0`;
  await db.execute(sql`
    INSERT INTO ledger_entries (lease_id, kind, category, method, amount, delta, entry_date, period, description)
    SELECT l.id, e.kind, e.category, e.method, e.amount, e.sign * e.amount, ${monthStart} + e.day,
           CASE WHEN e.kind = 'charge' THEN to_char(${monthStart}, 'YYYY-MM') END, 'History'
    FROM (${rankedLeases}) l
    CROSS JOIN ${months}
    CROSS JOIN LATERAL (VALUES
        ('charge', 'rent', NULL, l.rent, 1, 0),
        ('payment', NULL, 'check', l.rent + CASE WHEN ${late} THEN ${LATE_FEE} ELSE 0 END, -1,
         CASE WHEN ${late} THEN 10 ELSE 4 END)) AS e(kind, category, method, amount, sign, day)
    UNION ALL
    SELECT l.id, 'charge', 'late_fee', NULL, ${LATE_FEE}, ${LATE_FEE}, ${monthStart} + 5,
           to_char(${monthStart}, 'YYYY-MM'), 'Late fee'
    FROM (${rankedLeases}) l
    CROSS JOIN ${months}
    WHERE ${late}`);
  // The bounced checks: the month's payment of one lease-month in 40.
  const bounced = sql`
    SELECT e.id, e.lease_id, e.amount, e.delta, e.entry_date, k
    FROM (${rankedLeases}) l
    CROSS JOIN ${months}
    JOIN ledger_entries e ON e.lease_id = l.id AND e.kind = 'payment' AND e.description = 'History'
      AND date_trunc('month', e.entry_date) = ${monthStart}
    WHERE (l.r * 7 + k) % 40 = 0`;
  await db.execute(sql`
    INSERT INTO ledger_entries (lease_id, kind, amount, delta, entry_date, reverses_id, description)
    SELECT b.lease_id, 'reversal', b.amount, -b.delta, b.entry_date + 10, b.id, 'Bounced'
    FROM (${bounced}) b`);
  await db.execute(sql`
    INSERT INTO ledger_entries (lease_id, kind, method, amount, delta, entry_date, description)
    SELECT b.lease_id, 'payment', 'bank_transfer', b.amount, b.delta, b.entry_date + 15, 'Paid again'
    FROM (${bounced}) b
    WHERE b.k >= 3`);
  await db.execute(sql`
    INSERT INTO expenses (property_id, category, amount, expense_date, paid_on)
    SELECT p.id, (ARRAY['repairs', 'utilities', 'insurance', 'taxes'])[c],
           100 + (p.r % 50) * c + 0.25, ${monthStart} + 2,
           CASE WHEN k = 0 AND c = 1 THEN NULL ELSE ${monthStart} + 12 END
    FROM (SELECT p.id, row_number() OVER (PARTITION BY p.organisation_id ORDER BY p.id) AS r
          FROM properties p WHERE p.user_id IN ${owners}) p
    CROSS JOIN ${months} CROSS JOIN generate_series(1, 4) AS c`);
  const counts = (await db.execute(sql`
    SELECT count(*)::int AS entries,
           count(*) FILTER (WHERE e.category = 'rent')::int AS "rentCharges",
           count(*) FILTER (WHERE e.kind = 'payment')::int AS payments,
           count(*) FILTER (WHERE e.category = 'late_fee')::int AS "lateFees",
           count(*) FILTER (WHERE e.kind = 'reversal')::int AS reversals,
           (SELECT count(*) FROM expenses x JOIN properties p ON p.id = x.property_id
            WHERE p.user_id IN ${owners})::int AS expenses,
           to_char(date_trunc('month', current_date) - make_interval(months => ${BOOKS_MONTHS - 1}),
                   'YYYY-MM-DD') AS "from",
           to_char(current_date, 'YYYY-MM-DD') AS "to"
    FROM ledger_entries e JOIN leases l ON l.id = e.lease_id
    JOIN units u ON u.id = l.unit_id JOIN properties p ON p.id = u.property_id
    WHERE p.user_id IN ${owners}`)) as unknown as {
    rows: (Record<Exclude<keyof BooksHistoryCounts, 'from' | 'to'>, number | string> & {
      from: string;
      to: string;
    })[];
  };
  const row = counts.rows[0]!;
  return {
    entries: Number(row.entries),
    rentCharges: Number(row.rentCharges),
    payments: Number(row.payments),
    lateFees: Number(row.lateFees),
    reversals: Number(row.reversals),
    expenses: Number(row.expenses),
    from: row.from,
    to: row.to,
  };
}
