import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isRealDate } from './dates';
import { allocate, balanceOf, deltaOf, runningBalances, type LedgerLine } from './ledger';
import { cents, type Cents } from './money';
import { dueDateAt, prorate, rentPeriods } from './rent-periods';

const dateArb = fc
  .date({
    min: new Date('2020-01-01T00:00:00Z'),
    max: new Date('2030-12-31T00:00:00Z'),
    noInvalidDate: true,
  })
  .map((d) => d.toISOString().slice(0, 10));

describe('rent periods', () => {
  const termsArb = fc
    .tuple(dateArb, fc.integer({ min: 0, max: 800 }), fc.integer({ min: 1, max: 1_000_000 }))
    .map(([startDate, length, rent]) => ({
      startDate,
      endDate: addDays(startDate, length),
      rent: cents(rent),
    }));

  it('cover the lease day by day, without gap or overlap, one period per month', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const periods = rentPeriods(terms);
        expect(periods[0]!.dueDate).toBe(terms.startDate);
        expect(periods.at(-1)!.lastDay).toBe(terms.endDate);
        for (let i = 1; i < periods.length; i++) {
          expect(periods[i]!.dueDate).toBe(addDays(periods[i - 1]!.lastDay, 1));
        }
        expect(new Set(periods.map((p) => p.period)).size).toBe(periods.length);
        for (const p of periods) expect(isRealDate(p.dueDate)).toBe(true);
      }),
    );
  });

  it('charge full rent for every period but a short last one, which is prorated by days', () => {
    fc.assert(
      fc.property(termsArb, (terms) => {
        const periods = rentPeriods(terms);
        periods.slice(0, -1).forEach((p) => {
          expect(p.prorated).toBe(false);
          expect(p.amount).toBe(terms.rent);
        });
        const last = periods.at(-1)!;
        expect(last.amount).toBeGreaterThanOrEqual(0);
        expect(last.amount).toBeLessThanOrEqual(terms.rent);
        if (!last.prorated) expect(last.amount).toBe(terms.rent);
      }),
    );
  });

  it('are due on the start day, clamped to the end of shorter months', () => {
    fc.assert(
      fc.property(dateArb, fc.integer({ min: 0, max: 40 }), (startDate, k) => {
        const due = dueDateAt(startDate, k);
        const startDay = Number(startDate.slice(8));
        const day = Number(due.slice(8));
        expect(day).toBeLessThanOrEqual(startDay);
        if (day < startDay) expect(addDays(due, 1).slice(8)).toBe('01');
      }),
    );
  });

  it('handles month ends, February and leap years', () => {
    const terms = { startDate: '2024-01-31', endDate: '2024-05-30', rent: cents(100_000) };
    expect(rentPeriods(terms).map((p) => [p.dueDate, p.lastDay, p.amount])).toEqual([
      ['2024-01-31', '2024-02-28', 100_000],
      ['2024-02-29', '2024-03-30', 100_000],
      ['2024-03-31', '2024-04-29', 100_000],
      ['2024-04-30', '2024-05-30', 100_000],
    ]);
    expect(dueDateAt('2023-01-29', 1)).toBe('2023-02-28');
    expect(dueDateAt('2024-01-29', 1)).toBe('2024-02-29');
    expect(dueDateAt('2024-01-30', 2)).toBe('2024-03-30');
  });

  it('prorates a lease shorter than a month', () => {
    // 10 days of a 30-day period (Apr 10 - May 9) of $1,000.
    const [only] = rentPeriods({
      startDate: '2026-04-10',
      endDate: '2026-04-19',
      rent: cents(100_000),
    });
    expect(only).toMatchObject({ prorated: true, amount: 33_333, lastDay: '2026-04-19' });
    expect(prorate(cents(1), 1, 2)).toBe(1); // half a cent rounds up
    expect(daysBetween('2026-04-10', '2026-05-09') + 1).toBe(30);
  });
});

type Op =
  | { kind: 'charge' | 'payment' | 'credit'; amount: number; day: number }
  | { kind: 'reversal'; target: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    kind: fc.constantFrom('charge' as const, 'payment' as const, 'credit' as const),
    amount: fc.integer({ min: 1, max: 500_000 }),
    day: fc.integer({ min: 1, max: 28 }),
  }),
  fc.record({ kind: fc.constant('reversal' as const), target: fc.nat() }),
);

/** Applies ops as the service does: a reversal only of a standing, unreversed non-reversal. */
function build(ops: Op[]): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const op of ops) {
    const id = lines.length + 1;
    if (op.kind === 'reversal') {
      const reversed = new Set(lines.map((l) => l.reversesId));
      const candidates = lines.filter((l) => l.kind !== 'reversal' && !reversed.has(l.id));
      if (candidates.length === 0) continue;
      const target = candidates[op.target % candidates.length]!;
      lines.push({
        id,
        kind: 'reversal',
        amount: target.amount,
        delta: deltaOf('reversal', target.amount, target),
        entryDate: '2026-06-30',
        reversesId: target.id,
      });
    } else {
      const amount = cents(op.amount) as Cents;
      lines.push({
        id,
        kind: op.kind,
        amount,
        delta: deltaOf(op.kind, amount),
        entryDate: `2026-06-${String(op.day).padStart(2, '0')}`,
        reversesId: null,
      });
    }
  }
  return lines;
}

describe('the ledger', () => {
  it('keeps the balance equal to the sum of its entries and to open charges less unapplied credit', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const lines = build(ops);
        const balance = balanceOf(lines);
        expect(balance).toBe(lines.reduce((t, l) => t + l.delta, 0));
        expect(runningBalances(lines).at(-1) ?? 0).toBe(balance);
        const { charges, unapplied } = allocate(lines);
        const open = charges.reduce((t, c) => t + c.open, 0);
        expect(balance).toBe(open - unapplied);
        // Never double-applied: nothing is negative, nothing pays more than it owes, and
        // unapplied money exists only when every charge is settled.
        expect(unapplied).toBeGreaterThanOrEqual(0);
        for (const c of charges) {
          expect(c.open).toBeGreaterThanOrEqual(0);
          expect(c.open).toBeLessThanOrEqual(c.amount);
        }
        if (unapplied > 0) expect(open).toBe(0);
      }),
      { numRuns: 300 },
    );
  });

  it('settles the oldest charge first, and a reversed payment reopens it', () => {
    const lines = build([
      { kind: 'charge', amount: 1000, day: 5 },
      { kind: 'charge', amount: 1000, day: 1 },
      { kind: 'payment', amount: 1500, day: 10 },
    ]);
    expect(allocate(lines).charges.map((c) => [c.id, c.open])).toEqual([
      [2, 0],
      [1, 500],
    ]);
    const bounced = build([
      { kind: 'charge', amount: 1000, day: 5 },
      { kind: 'charge', amount: 1000, day: 1 },
      { kind: 'payment', amount: 1500, day: 10 },
      { kind: 'reversal', target: 2 },
    ]);
    expect(allocate(bounced).charges.map((c) => c.open)).toEqual([1000, 1000]);
    expect(balanceOf(bounced)).toBe(2000);
  });
});
