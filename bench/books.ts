import { sql } from 'drizzle-orm';
import type { Database } from '../src/server/db/client';

/** Months of history the books rows seed and read: three years, this month included. */
export const BOOKS_MONTHS = 36;

/**
 * Three years of books for a landlord, by bulk SQL: for every lease with a rent, a rent charge
 * on the 1st and its payment on the 5th of each month (every 40th payment reversed ten days
 * later, a bounced check), and for every property four expenses a month (repairs, utilities,
 * insurance, taxes), paid ten days after, except this month's repairs (unpaid). Answers the
 * counts and the range the report rows ask for.
 */
export async function seedBooksHistory(db: Database, userName: string) {
  const owner = sql`(SELECT id FROM users WHERE user_name = ${userName})`;
  const months = sql`generate_series(0, ${BOOKS_MONTHS - 1}) AS k`;
  const monthStart = sql`(date_trunc('month', current_date) - make_interval(months => k))::date`;
  await db.execute(sql`
    INSERT INTO ledger_entries (lease_id, kind, category, method, amount, delta, entry_date, description)
    SELECT l.id, e.kind, e.category, e.method, l.rent, e.sign * l.rent, ${monthStart} + e.day,
           'History'
    FROM leases l
    JOIN units u ON u.id = l.unit_id
    JOIN properties p ON p.id = u.property_id
    CROSS JOIN ${months}
    CROSS JOIN (VALUES ('charge', 'rent', NULL, 1, 0), ('payment', NULL, 'check', -1, 4))
      AS e(kind, category, method, sign, day)
    WHERE p.user_id = ${owner} AND l.rent > 0`);
  await db.execute(sql`
    INSERT INTO ledger_entries (lease_id, kind, amount, delta, entry_date, reverses_id, description)
    SELECT e.lease_id, 'reversal', e.amount, -e.delta, e.entry_date + 10, e.id, 'Bounced'
    FROM ledger_entries e
    JOIN leases l ON l.id = e.lease_id
    JOIN units u ON u.id = l.unit_id
    JOIN properties p ON p.id = u.property_id
    WHERE p.user_id = ${owner} AND e.kind = 'payment' AND e.description = 'History'
      AND e.id % 40 = 0`);
  await db.execute(sql`
    INSERT INTO expenses (property_id, category, amount, expense_date, paid_on)
    SELECT p.id, (ARRAY['repairs', 'utilities', 'insurance', 'taxes'])[c],
           100 + (p.id % 50) * c + 0.25, ${monthStart} + 2,
           CASE WHEN k = 0 AND c = 1 THEN NULL ELSE ${monthStart} + 12 END
    FROM properties p CROSS JOIN ${months} CROSS JOIN generate_series(1, 4) AS c
    WHERE p.user_id = ${owner}`);
  const counts = (await db.execute(sql`
    SELECT (SELECT count(*) FROM ledger_entries e JOIN leases l ON l.id = e.lease_id
              JOIN units u ON u.id = l.unit_id JOIN properties p ON p.id = u.property_id
            WHERE p.user_id = ${owner})::int AS entries,
           (SELECT count(*) FROM expenses x JOIN properties p ON p.id = x.property_id
            WHERE p.user_id = ${owner})::int AS expenses,
           to_char(date_trunc('month', current_date) - make_interval(months => ${BOOKS_MONTHS - 1}),
                   'YYYY-MM-DD') AS "from",
           to_char(current_date, 'YYYY-MM-DD') AS "to"`)) as unknown as {
    rows: { entries: number | string; expenses: number | string; from: string; to: string }[];
  };
  const row = counts.rows[0]!;
  return {
    entries: Number(row.entries),
    expenses: Number(row.expenses),
    from: row.from,
    to: row.to,
  };
}
