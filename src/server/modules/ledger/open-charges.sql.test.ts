import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addDays } from '../../../shared/dates';
import { allocate, balanceOf, deltaOf, type LedgerLine } from '../../../shared/ledger';
import { cents, formatDecimalCents, parseDecimalCents, type Cents } from '../../../shared/money';
import { readRows } from '../../db/read-rows';
import { createTestApp, type TestApp } from '../../test/test-app';
import { chargedOnDay, openChargesOf, overdueOf } from './open-charges.sql';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const BASE = '2025-01-01';
const day = (offset: number) => addDays(BASE, offset);

/**
 * A random ledger as the product makes them, in posting order: charges and credits dated any
 * day (a charge may be due ahead), payments, and reversals dated any day of entries posted
 * before them (each entry reversed at most once, a reversal never), often on the same day as
 * another entry so the (date, id) order matters.
 */
function ledger(firstId: number): fc.Arbitrary<LedgerLine[]> {
  const step = fc.record({
    kind: fc.constantFrom('charge', 'charge', 'payment', 'credit', 'reversal'),
    amount: fc.integer({ min: 1, max: 200_000 }),
    date: fc.integer({ min: 0, max: 120 }),
    pick: fc.nat(),
  });
  return fc.array(step, { maxLength: 14 }).map((steps) => {
    const lines: LedgerLine[] = [];
    const reversed = new Set<number>();
    for (const s of steps) {
      const id = firstId + lines.length;
      if (s.kind === 'reversal') {
        const targets = lines.filter((l) => l.kind !== 'reversal' && !reversed.has(l.id));
        const target = targets[s.pick % Math.max(targets.length, 1)];
        if (!target) continue;
        reversed.add(target.id);
        const delta = deltaOf('reversal', target.amount, target);
        lines.push({
          id,
          kind: 'reversal',
          amount: target.amount,
          delta,
          entryDate: day(s.date),
          reversesId: target.id,
        });
      } else {
        const amount = cents(s.amount);
        lines.push({
          id,
          kind: s.kind,
          amount,
          delta: deltaOf(s.kind, amount),
          entryDate: day(s.date),
          reversesId: null,
        });
      }
    }
    return lines;
  });
}

/** A few leases' ledgers (ids unique across them) and a day, often an entry's own date. */
const ledgersAndDay: fc.Arbitrary<[LedgerLine[][], string]> = fc
  .array(fc.constant(null), { minLength: 1, maxLength: 5 })
  .chain((leases) => fc.tuple(...leases.map((_, i) => ledger(1 + i * 100))))
  .chain((ledgers) => {
    const dates = ledgers.flat().map((l) => l.entryDate);
    const anyDay = fc.integer({ min: -5, max: 125 }).map(day);
    return fc.tuple(
      fc.constant(ledgers),
      dates.length === 0 ? anyDay : fc.oneof(anyDay, fc.constantFrom(...dates)),
    );
  });

const openRow = z.object({
  lease: z.coerce.number(),
  id: z.coerce.number(),
  entry_date: z.string(),
  open: z.string(),
  days: z.coerce.number(),
});
const balanceRow = z.object({ lease: z.coerce.number(), balance: z.string() });

const money = (c: Cents) => sql`${formatDecimalCents(c)}::numeric(12, 2)`;

function entriesOf(ledgers: LedgerLine[][]) {
  const values = ledgers.flatMap((lines, lease) =>
    lines.map(
      (l) =>
        sql`(${lease}::int, ${l.id}::int, ${l.kind}::text, ${money(l.amount)}, ${l.entryDate}::date, ${l.reversesId}::int)`,
    ),
  );
  // An empty ledger still needs a relation of the right shape.
  return values.length > 0
    ? sql`le AS (SELECT * FROM (VALUES ${sql.join(values, sql`, `)})
                   AS v(lease_id, id, kind, amount, entry_date, reverses_id))`
    : sql`le AS (SELECT 0 AS lease_id, 0 AS id, ''::text AS kind, 0::numeric(12, 2) AS amount,
                        current_date AS entry_date, 0 AS reverses_id WHERE false)`;
}

/** allocate's view of a lease on a day: the entries dated on or before it. */
const asOfDay = (lines: LedgerLine[], asOf: string) => lines.filter((l) => l.entryDate <= asOf);
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

describe('open charges: SQL and TypeScript agree', () => {
  it('on what each charge still owes on a day, its age and the balance, for random ledgers', async () => {
    await fc.assert(
      fc.asyncProperty(ledgersAndDay, async ([ledgers, asOf]) => {
        const db = t.database.db;
        const opened = await readRows(
          db,
          sql`WITH ${entriesOf(ledgers)}, ${openChargesOf(asOf)}
              SELECT lease_id AS lease, id, entry_date::text AS entry_date, open::text AS open,
                     days
              FROM op ORDER BY lease_id, entry_date, id`,
          openRow,
        );
        const balances = await readRows(
          db,
          sql`WITH ${entriesOf(ledgers)}, ${openChargesOf(asOf)}
              SELECT lease_id AS lease,
                     sum(CASE WHEN kind = 'charge' THEN amount ELSE -amount END)::text AS balance
              FROM ch GROUP BY lease_id ORDER BY lease_id`,
          balanceRow,
        );

        const expectedOpen = ledgers.flatMap((lines, lease) =>
          allocate(asOfDay(lines, asOf)).charges.map((c) => ({
            lease,
            id: c.id,
            entry_date: c.entryDate,
            open: c.open,
            days: daysBetween(c.entryDate, asOf),
          })),
        );
        expect(opened.map((r) => ({ ...r, open: parseDecimalCents(r.open) }))).toEqual(
          expectedOpen,
        );

        const expectedBalances = ledgers.flatMap((lines, lease) => {
          const on = asOfDay(lines, asOf);
          const { charges, unapplied } = allocate(on);
          const owed = charges.reduce((total, c) => total + c.open, 0) - unapplied;
          // The ledger's own balance (every entry's delta) is the same figure, except where a
          // reversal is dated before the entry it reverses (new ones never are; older ones may
          // be): there the ledger counts the reversal on its day, the allocation from the
          // reversed entry's day.
          const dated = new Map(lines.map((l) => [l.id, l.entryDate]));
          const early = on.some((l) => l.reversesId !== null && dated.get(l.reversesId)! > asOf);
          if (!early) expect({ lease, ledger: balanceOf(on) }).toEqual({ lease, ledger: owed });
          // Leases with nothing standing have no row in `ch`.
          const reversed = new Set(on.map((l) => l.reversesId));
          return on.some((l) => l.kind !== 'reversal' && !reversed.has(l.id))
            ? [{ lease, balance: owed }]
            : [];
        });
        const actual = new Map(balances.map((r) => [r.lease, parseDecimalCents(r.balance)]));
        for (const { lease, balance } of expectedBalances) {
          expect({ lease, balance: actual.get(lease) }).toEqual({ lease, balance });
        }
        // Every lease with a standing entry has a balance row, and no other does.
        expect(balances.map((r) => r.lease)).toEqual(expectedBalances.map((b) => b.lease));
      }),
      { numRuns: 80 },
    );
  });

  it("on what is overdue (open charges dated before the day), from the balance and the day's charges", async () => {
    await fc.assert(
      fc.asyncProperty(ledgersAndDay, async ([ledgers, asOf]) => {
        // The balance on the day as the kept balances have it: every delta dated by then.
        const leases = ledgers
          .map((lines, lease) => ({ lease, on: asOfDay(lines, asOf) }))
          .filter(({ on, lease }) => {
            const dated = new Map(ledgers[lease]!.map((l) => [l.id, l.entryDate]));
            return !on.some((l) => l.reversesId !== null && dated.get(l.reversesId)! > asOf);
          });
        if (leases.length === 0) return;
        const balances = leases.map(
          ({ lease, on }) => sql`(${lease}::int, ${money(balanceOf(on))})`,
        );
        const overdue = await readRows(
          t.database.db,
          sql`WITH ${entriesOf(ledgers)},
                   b AS (SELECT * FROM (VALUES ${sql.join(balances, sql`, `)}) AS v(lease_id, balance))
              SELECT b.lease_id AS lease,
                     ${overdueOf(sql`b.balance`, chargedOnDay(asOf, 'le', sql`b.lease_id`))}::text AS balance
              FROM b ORDER BY b.lease_id`,
          balanceRow,
        );
        const expected = leases.map(({ lease, on }) => ({
          lease,
          balance: allocate(on)
            .charges.filter((c) => c.entryDate < asOf)
            .reduce((total, c) => total + c.open, 0),
        }));
        expect(
          overdue.map((r) => ({ lease: r.lease, balance: parseDecimalCents(r.balance) })),
        ).toEqual(expected);
      }),
      { numRuns: 80 },
    );
  });
});
