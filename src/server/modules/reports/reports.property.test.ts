import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import { EXPENSE_CATEGORY_VALUES, type ExpenseCategory } from '../../../shared/expense-categories';
import { deltaOf } from '../../../shared/ledger';
import { cents, fromCents, toCents, type Cents } from '../../../shared/money';
import type {
  CashFlow,
  ExpenseReport,
  Form1099Report,
  ProfitAndLoss,
  ReportBasis,
  ReportGrouping,
  ScheduleE,
} from '../../../shared/schemas/reports';
import { readRows } from '../../db/read-rows';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { depositTransactionsTable } from '../deposits';
import { expensesTable } from '../expenses';
import { ledgerEntriesTable } from '../ledger';
import { propertiesTable } from '../properties';
import { unitsTable } from '../units';
import { getJson, seedLease, seedProperty, seedTenant } from '../money/money.test-helpers';
import { seedExpenses, seedVendor } from './reports.test-helpers';

/**
 * Every report against sums computed here in plain TypeScript, for random books: a few
 * properties with leases whose ledgers hold charges of every category (opening balances
 * too), payments, credits, credits paid from a deposit, and reversals of any of them dated
 * any later day; deposits received and returned; expenses paid and unpaid, with and without
 * a vendor, some of them then edited or deleted; a unit moved to another property, and a
 * property given to another landlord; over two years. The reports read only this run's properties (propertyIds). After each run the
 * totals the triggers keep (the books' and the money screens') equal their recomputation from
 * every row.
 */

let t: TestApp;
let landlord: TestUser;
/** Given a property at the end of some runs (its books follow it). */
let neighbour: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  t.clock.now = MID_MARCH_NOON;
  [landlord, neighbour] = await signUpAll(t, ['Landlord', 'Landlord']);
});
afterAll(() => t.close());

const BASE = '2025-01-01';
const DAYS = 730;
const day = (offset: number) => addDays(BASE, offset);

const CHARGE_KINDS = ['rent', 'fee', 'utilities', 'damages', 'parking', 'opening_balance'] as const;

type Step =
  | { kind: 'charge'; category: (typeof CHARGE_KINDS)[number]; amount: number; date: number }
  | { kind: 'payment' | 'credit' | 'deposit_credit'; amount: number; date: number }
  | { kind: 'reversal'; pick: number; later: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    kind: fc.constant('charge' as const),
    category: fc.constantFrom(...CHARGE_KINDS),
    amount: fc.integer({ min: 1, max: 300_000 }),
    date: fc.integer({ min: 0, max: DAYS - 1 }),
  }),
  fc.record({
    kind: fc.constantFrom('payment' as const, 'credit' as const, 'deposit_credit' as const),
    amount: fc.integer({ min: 1, max: 300_000 }),
    date: fc.integer({ min: 0, max: DAYS - 1 }),
  }),
  fc.record({
    kind: fc.constant('reversal' as const),
    pick: fc.nat(),
    later: fc.integer({ min: 0, max: 400 }),
  }),
);

const expense = fc.record({
  property: fc.nat(),
  category: fc.constantFrom(...EXPENSE_CATEGORY_VALUES),
  amount: fc.integer({ min: 1, max: 500_000 }),
  date: fc.integer({ min: 0, max: DAYS - 1 }),
  /** Paid some days after it was incurred (possibly the next year), or not yet. */
  paidAfter: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
  vendor: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
});

const depositMove = fc.record({
  lease: fc.nat(),
  kind: fc.constantFrom('received' as const, 'returned' as const),
  amount: fc.integer({ min: 1, max: 200_000 }),
  date: fc.integer({ min: 0, max: DAYS - 1 }),
});

/** An expense changed after it was written: deleted, or given new figures. */
const expenseEdit = fc.record({
  pick: fc.nat(),
  change: fc.option(
    fc.record({
      category: fc.constantFrom(...EXPENSE_CATEGORY_VALUES),
      amount: fc.integer({ min: 1, max: 500_000 }),
      date: fc.integer({ min: 0, max: DAYS - 1 }),
      paidAfter: fc.option(fc.integer({ min: 0, max: 90 }), { nil: null }),
      vendor: fc.option(fc.integer({ min: 0, max: 2 }), { nil: null }),
    }),
    { nil: null },
  ),
});

const books = fc.record({
  leasesPerProperty: fc.array(fc.integer({ min: 1, max: 2 }), { minLength: 1, maxLength: 3 }),
  ledgers: fc.array(fc.array(step, { maxLength: 12 }), { minLength: 6, maxLength: 6 }),
  expenses: fc.array(expense, { maxLength: 15 }),
  deposits: fc.array(depositMove, { maxLength: 4 }),
  expenseEdits: fc.array(expenseEdit, { maxLength: 4 }),
  /** Move the first lease's unit to the last property (with its books). */
  moveUnit: fc.boolean(),
  query: fc.record({
    basis: fc.constantFrom<ReportBasis>('cash', 'accrual'),
    groupBy: fc.constantFrom<ReportGrouping>('month', 'quarter', 'year'),
    from: fc.integer({ min: -10, max: DAYS }),
    length: fc.integer({ min: 0, max: DAYS }),
  }),
  taxYear: fc.constantFrom(2025, 2026),
});

/** An entry as the test keeps it: what it is and, for a reversal, what it undoes. */
interface Entry {
  id: number;
  lease: number;
  property: number;
  kind: 'charge' | 'payment' | 'credit' | 'reversal';
  category: string | null;
  amount: Cents;
  date: string;
  fromDeposit: boolean;
  target?: Entry;
}

/** What an entry adds to income on each basis (docs/product.md section 30). */
function incomeOf(entry: Entry, basis: ReportBasis): number {
  const base = entry.target ?? entry;
  const sign = entry.target ? -1 : 1;
  if (basis === 'cash') {
    if (base.kind === 'payment' || (base.kind === 'credit' && base.fromDeposit)) {
      return sign * entry.amount;
    }
    return 0;
  }
  if (base.category === 'opening_balance') return 0;
  if (base.kind === 'charge') return sign * entry.amount;
  if (base.kind === 'credit' && !base.fromDeposit) return -sign * entry.amount;
  return 0;
}

/**
 * The totals the triggers keep, at each level, as they should be (recomputed from every row):
 * the books', and the money screens' (decision 0031; a property month a moved unit emptied
 * keeps its row at zero).
 */
const TOTALS = {
  books_month_totals: sql`property_id, month::text, basis, side, category, vendor_id, amount::text, entries`,
  books_year_totals: sql`property_id, year::text, basis, side, category, amount::text, entries`,
  books_owner_month_totals: sql`organisation_id, month::text, basis, side, category, vendor_id, amount::text, entries`,
  lease_balances: sql`lease_id, organisation_id, balance::text, last_entry_date::text, last_payment_id`,
  lease_day_balances: sql`lease_id, organisation_id, day::text, balance::text`,
  money_month_totals: sql`organisation_id, property_id, month::text, expected::text, collected::text`,
};
const KEPT_AT_ZERO: Record<string, ReturnType<typeof sql>> = {
  money_month_totals: sql`WHERE expected <> 0 OR collected <> 0`,
};

/** Rows of each level of the totals and of its recomputation that the other lacks. */
async function totalsApartFromRecomputation() {
  const apart: unknown[] = [];
  for (const [table, columns] of Object.entries(TOTALS)) {
    const [kept, recomputed] = [sql.identifier(table), sql.identifier(`${table}_recomputed`)];
    const nonZero = KEPT_AT_ZERO[table] ?? sql``;
    apart.push(
      ...(await readRows(
        t.database.db,
        sql`(SELECT ${table} AS kept_in, ${columns} FROM ${kept} ${nonZero}
             EXCEPT ALL SELECT ${table}, ${columns} FROM ${recomputed} ${nonZero})
            UNION ALL
            (SELECT 'recomputed', ${columns} FROM ${recomputed} ${nonZero}
             EXCEPT ALL SELECT 'recomputed', ${columns} FROM ${kept} ${nonZero})`,
        z.record(z.string(), z.unknown()),
      )),
    );
  }
  return apart;
}

const sum = (values: number[]) => fromCents(cents(values.reduce((a, b) => a + b, 0)));

describe('reports: SQL and plain sums agree', () => {
  it('on every report’s totals, for random books over two years', async () => {
    let run = 0;
    await fc.assert(
      fc.asyncProperty(books, async (input) => {
        run++;
        // This run's properties, leases and vendors.
        const properties: number[] = [];
        const leases: { id: number; unit: number; property: number }[] = [];
        for (const [i, count] of input.leasesPerProperty.entries()) {
          const { property, units } = await seedProperty(t, landlord, {
            name: `Run ${run} property ${i}`,
            units: count,
          });
          properties.push(property.id);
          for (const unit of units) {
            const lease = await seedLease(t, await seedTenant(t, unit), {
              startDate: BASE,
              endDate: day(DAYS - 1),
            });
            leases.push({ id: lease.id, unit: unit.id, property: property.id });
          }
        }
        const vendors = [
          await seedVendor(t, landlord, { name: `A ${run}`, receives1099: true }),
          await seedVendor(t, landlord, { name: `B ${run}`, receives1099: true }),
          await seedVendor(t, landlord, { name: `C ${run}`, receives1099: false }),
        ];

        // Ledgers: each lease's steps, reversals naming an earlier entry of the same lease.
        const entries: Entry[] = [];
        for (const [i, lease] of leases.entries()) {
          const own: Entry[] = [];
          for (const s of input.ledgers[i]!) {
            if (s.kind === 'reversal') {
              const open = own.filter(
                (e) => e.kind !== 'reversal' && !own.some((r) => r.target === e),
              );
              const target = open[s.pick % Math.max(open.length, 1)];
              if (!target) continue;
              const [row] = await t.database.db
                .insert(ledgerEntriesTable)
                .values({
                  leaseId: lease.id,
                  kind: 'reversal',
                  amount: target.amount,
                  delta: deltaOf('reversal', target.amount, {
                    delta: deltaOf(target.kind, target.amount),
                  }),
                  entryDate: addDays(target.date, s.later),
                  reversesId: target.id,
                })
                .returning();
              own.push({ ...target, id: row!.id, kind: 'reversal', date: row!.entryDate, target });
              continue;
            }
            const kind = s.kind === 'deposit_credit' ? 'credit' : s.kind;
            const category = s.kind === 'charge' ? s.category : null;
            const amount = cents(s.amount);
            const [row] = await t.database.db
              .insert(ledgerEntriesTable)
              .values({
                leaseId: lease.id,
                kind,
                category,
                method: kind === 'payment' ? 'check' : null,
                amount,
                delta: deltaOf(kind, amount),
                entryDate: day(s.date),
              })
              .returning();
            if (s.kind === 'deposit_credit') {
              await t.database.db.insert(depositTransactionsTable).values({
                leaseId: lease.id,
                kind: 'deducted',
                amount,
                transactionDate: day(s.date),
                ledgerEntryId: row!.id,
              });
            }
            own.push({
              id: row!.id,
              lease: lease.id,
              property: lease.property,
              kind,
              category,
              amount,
              date: row!.entryDate,
              fromDeposit: s.kind === 'deposit_credit',
            });
          }
          entries.push(...own);
        }
        const moves = input.deposits.map((move) => ({
          ...move,
          lease: leases[move.lease % leases.length]!,
          date: day(move.date),
        }));
        if (moves.length > 0) {
          await t.database.db.insert(depositTransactionsTable).values(
            moves.map((move) => ({
              leaseId: move.lease.id,
              kind: move.kind,
              amount: cents(move.amount),
              transactionDate: move.date,
            })),
          );
        }
        const expenses = input.expenses.map((e) => ({
          propertyId: properties[e.property % properties.length]!,
          category: e.category as ExpenseCategory,
          amount: fromCents(cents(e.amount)),
          expenseDate: day(e.date),
          paidOn: e.paidAfter === null ? null : addDays(day(e.date), e.paidAfter),
          vendorId: e.vendor === null ? null : vendors[e.vendor]!.id,
        }));
        const stored = await seedExpenses(t, expenses);
        for (const edit of input.expenseEdits) {
          const at = edit.pick % Math.max(expenses.length, 1);
          const expense = expenses[at];
          if (!expense) break;
          const id = stored[at]!.id;
          if (edit.change === null) {
            await t.database.db.delete(expensesTable).where(eq(expensesTable.id, id));
            expenses.splice(at, 1);
            stored.splice(at, 1);
            continue;
          }
          const { category, amount, date, paidAfter, vendor } = edit.change;
          Object.assign(expense, {
            category,
            amount: fromCents(cents(amount)),
            expenseDate: day(date),
            paidOn: paidAfter === null ? null : addDays(day(date), paidAfter),
            vendorId: vendor === null ? null : vendors[vendor]!.id,
          });
          await t.database.db
            .update(expensesTable)
            .set({ ...expense, amount: cents(amount) })
            .where(eq(expensesTable.id, id));
        }
        if (input.moveUnit && properties.length > 1) {
          const moved = leases[0]!;
          moved.property = properties.at(-1)!;
          await t.database.db
            .update(unitsTable)
            .set({ propertyId: moved.property, unitNumber: `moved ${moved.unit}` })
            .where(eq(unitsTable.id, moved.unit));
          for (const entry of entries)
            if (entry.lease === moved.id) entry.property = moved.property;
        }

        // The query and what it should answer.
        const { basis, groupBy } = input.query;
        const from = day(input.query.from);
        const to = addDays(from, input.query.length);
        const within = (date: string | null, start = from, end = to) =>
          date !== null && date >= start && date <= end;
        const ids = properties.join(',');
        const query = `propertyIds=${ids}&from=${from}&to=${to}&basis=${basis}&groupBy=${groupBy}`;
        const expenseDay = (e: (typeof expenses)[number], b: ReportBasis) =>
          b === 'cash' ? e.paidOn : e.expenseDate;
        const incomeFor = (property: number | undefined, b: ReportBasis, start = from, end = to) =>
          sum(
            entries
              .filter(
                (e) =>
                  (property === undefined || e.property === property) && within(e.date, start, end),
              )
              .map((e) => incomeOf(e, b)),
          );
        const expensesFor = (
          filter: (e: (typeof expenses)[number]) => boolean,
          b: ReportBasis,
          start = from,
          end = to,
        ) =>
          sum(
            expenses
              .filter((e) => filter(e) && within(expenseDay(e, b), start, end))
              .map((e) => toCents(e.amount)),
          );

        // Profit and loss: the portfolio, each property, and each period add up.
        const { body: pl } = await getJson<ProfitAndLoss>(
          landlord,
          `/api/reports/profit-and-loss?${query}`,
        );
        expect(pl.totalIncome.total).toBe(incomeFor(undefined, basis));
        expect(pl.totalExpenses.total).toBe(expensesFor(() => true, basis));
        expect(pl.netOperatingIncome.total).toBe(
          fromCents(cents(toCents(pl.totalIncome.total) - toCents(pl.totalExpenses.total))),
        );
        for (const row of pl.byProperty) {
          expect(row.income).toBe(incomeFor(row.propertyId, basis));
          expect(row.expenses).toBe(expensesFor((e) => e.propertyId === row.propertyId, basis));
        }
        pl.periods.forEach((period, i) => {
          expect(pl.totalIncome.amounts[i]).toBe(
            incomeFor(undefined, basis, period.from, period.to),
          );
          expect(pl.totalExpenses.amounts[i]).toBe(
            expensesFor(() => true, basis, period.from, period.to),
          );
        });
        expect(pl.periods[0]!.from).toBe(from);
        expect(pl.periods.at(-1)!.to).toBe(to);

        // Expenses by category and by vendor.
        const { body: ex } = await getJson<ExpenseReport>(
          landlord,
          `/api/reports/expenses?${query}`,
        );
        for (const category of EXPENSE_CATEGORY_VALUES) {
          const expected = expensesFor((e) => e.category === category, basis);
          expect(ex.byCategory.find((l) => l.key === category)?.total ?? 0).toBe(expected);
        }
        for (const vendorId of [...vendors.map((v) => v.id), null]) {
          const expected = expensesFor((e) => e.vendorId === vendorId, basis);
          expect(ex.byVendor.find((l) => l.vendorId === vendorId)?.total ?? 0).toBe(expected);
        }

        // Cash flow: always cash.
        const { body: flow } = await getJson<CashFlow>(landlord, `/api/reports/cash-flow?${query}`);
        const payments = sum(
          entries
            .filter((e) => (e.target ?? e).kind === 'payment' && within(e.date))
            .map((e) => (e.target ? -e.amount : e.amount)),
        );
        const deposits = (kind: 'received' | 'returned') =>
          sum(moves.filter((m) => m.kind === kind && within(m.date)).map((m) => m.amount));
        expect(flow.lines.map((l) => l.total)).toEqual([
          payments,
          deposits('received'),
          expensesFor(() => true, 'cash'),
          deposits('returned'),
        ]);

        // Schedule E of a tax year, per property.
        const year = input.taxYear;
        const [jan1, dec31] = [`${year}-01-01`, `${year}-12-31`];
        const { body: se } = await getJson<ScheduleE>(
          landlord,
          `/api/reports/schedule-e?propertyIds=${ids}&year=${year}&basis=${basis}`,
        );
        for (const property of se.properties) {
          const lineOf = (n: number) => property.lines.find((l) => l.line === n)!.amount;
          const income = incomeFor(property.propertyId, basis, jan1, dec31);
          const spent = expensesFor(
            (e) => e.propertyId === property.propertyId,
            basis,
            jan1,
            dec31,
          );
          expect(lineOf(3)).toBe(income);
          expect(lineOf(20)).toBe(spent);
          expect(lineOf(21)).toBe(fromCents(cents(toCents(income) - toCents(spent))));
          expect(lineOf(14)).toBe(
            expensesFor(
              (e) => e.propertyId === property.propertyId && e.category === 'repairs',
              basis,
              jan1,
              dec31,
            ),
          );
        }

        // 1099: flagged vendors paid in the year.
        const { body: f } = await getJson<Form1099Report>(
          landlord,
          `/api/reports/1099?propertyIds=${ids}&year=${year}`,
        );
        const expected1099 = vendors
          .filter((v) => v.receives1099)
          .map((v) => ({ v, total: expensesFor((e) => e.vendorId === v.id, 'cash', jan1, dec31) }))
          .filter(({ v }) =>
            expenses.some((e) => e.vendorId === v.id && within(e.paidOn, jan1, dec31)),
          );
        expect(f.vendors.map((v) => [v.vendorId, v.total, v.meetsThreshold])).toEqual(
          expected1099.map(({ v, total }) => [v.id, total, total >= 600]),
        );

        // The whole portfolio (read from the landlord's own totals) is its properties together.
        const owned = await t.database.db
          .select({ id: propertiesTable.id })
          .from(propertiesTable)
          .where(eq(propertiesTable.organisationId, landlord.organisation!.organisationId));
        const range = `from=${from}&to=${to}&basis=${basis}&groupBy=${groupBy}`;
        const everyId = `propertyIds=${owned.map((p) => p.id).join(',')}`;
        for (const report of ['profit-and-loss', 'cash-flow', 'expenses']) {
          const [{ body: whole }, { body: each }] = await Promise.all([
            getJson<object>(landlord, `/api/reports/${report}?${range}`),
            getJson<object>(landlord, `/api/reports/${report}?${range}&${everyId}`),
          ]);
          expect(whole).toEqual(each);
        }

        if (input.moveUnit) {
          // A property never changes organisation (decision 0030): everything under it would
          // be left in the old one. The database refuses, and the totals stay as they were.
          const transfer = t.database.db
            .update(propertiesTable)
            .set({
              userId: neighbour.user.id,
              organisationId: neighbour.organisation!.organisationId,
            })
            .where(eq(propertiesTable.id, properties[0]!));
          await expect(transfer).rejects.toMatchObject({ cause: { code: '23514' } });
        }

        // The totals the triggers keep are their recomputation from every row.
        expect(await totalsApartFromRecomputation()).toEqual([]);
      }),
      { numRuns: 25 },
    );
    // 25 runs of a few hundred writes each, every one through the ledger's and the books'
    // triggers: about 25 s on the embedded database of a loaded 2-core machine.
  }, 120_000);
});
