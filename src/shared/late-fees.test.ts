import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays } from './dates';
import { lateFeeDay, lateFeeFor, percentOf, type LateFeeRule } from './late-fees';
import { cents } from './money';

const flat = (amount: number, extra: Partial<LateFeeRule> = {}): LateFeeRule => ({
  kind: 'flat',
  amount: cents(amount),
  percent: null,
  graceDays: 5,
  cap: null,
  since: null,
  ...extra,
});
const percent = (p: number, extra: Partial<LateFeeRule> = {}): LateFeeRule => ({
  kind: 'percent',
  amount: null,
  percent: p,
  graceDays: 5,
  cap: null,
  since: null,
  ...extra,
});

const base = {
  rentAmount: cents(120_000),
  rentOpen: cents(120_000),
  dueDate: '2026-03-01',
};

describe('late fees', () => {
  it('are not charged during the grace days, and are charged the day after', () => {
    const rule = flat(5_000);
    expect(lateFeeFor({ ...base, rule, today: '2026-03-06' })).toBe(0);
    expect(lateFeeDay('2026-03-01', 5)).toBe('2026-03-07');
    expect(lateFeeFor({ ...base, rule, today: '2026-03-07' })).toBe(5_000);
  });

  it('with no grace days, rent is late the day after it is due', () => {
    const rule = flat(5_000, { graceDays: 0 });
    expect(lateFeeFor({ ...base, rule, today: '2026-03-01' })).toBe(0);
    expect(lateFeeFor({ ...base, rule, today: '2026-03-02' })).toBe(5_000);
  });

  it('are not charged when the rent is paid, or without a rule', () => {
    expect(
      lateFeeFor({ ...base, rule: flat(5_000), rentOpen: cents(0), today: '2026-04-01' }),
    ).toBe(0);
    expect(lateFeeFor({ ...base, rule: null, today: '2026-04-01' })).toBe(0);
  });

  it('take a percent of the rent still open, rounded half up to the cent', () => {
    const rule = percent(5);
    expect(lateFeeFor({ ...base, rule, rentOpen: cents(30_000), today: '2026-03-10' })).toBe(1_500);
    // 2.5% of $10.01 is 25.025 cents: 25.
    expect(percentOf(cents(1_001), 2.5)).toBe(25);
    expect(percentOf(cents(1_020), 2.5)).toBe(26); // 25.5 -> 26 (half up)
    expect(percentOf(cents(333), 33.33)).toBe(111); // 110.9889
  });

  it('are held to the cap', () => {
    expect(
      lateFeeFor({ ...base, rule: percent(10, { cap: cents(7_500) }), today: '2026-03-10' }),
    ).toBe(7_500);
    expect(
      lateFeeFor({ ...base, rule: flat(9_000, { cap: cents(7_500) }), today: '2026-03-10' }),
    ).toBe(7_500);
  });

  it('never reach back to rent due before the rule took effect', () => {
    const rule = flat(5_000, { since: '2026-03-02' });
    expect(lateFeeFor({ ...base, rule, today: '2026-04-01' })).toBe(0);
    expect(lateFeeFor({ ...base, rule, dueDate: '2026-03-02', today: '2026-04-01' })).toBe(5_000);
  });
});

describe('late fees, for any rule and case', () => {
  const dateArb = fc
    .date({
      min: new Date('2020-01-01T00:00:00Z'),
      max: new Date('2030-12-31T00:00:00Z'),
      noInvalidDate: true,
    })
    .map((d) => d.toISOString().slice(0, 10));
  const capArb = fc.option(fc.integer({ min: 1, max: 1_000_000 }).map(cents), { nil: null });
  const ruleArb: fc.Arbitrary<LateFeeRule> = fc.oneof(
    fc.record({
      kind: fc.constant('flat' as const),
      amount: fc.integer({ min: 1, max: 1_000_000 }).map(cents),
      percent: fc.constant(null),
      graceDays: fc.integer({ min: 0, max: 60 }),
      cap: capArb,
      since: fc.constant(null),
    }),
    fc.record({
      kind: fc.constant('percent' as const),
      amount: fc.constant(null),
      // 0.01 .. 100.00, exact in hundredths
      percent: fc.integer({ min: 1, max: 10_000 }).map((bp) => bp / 100),
      graceDays: fc.integer({ min: 0, max: 60 }),
      cap: capArb,
      since: fc.constant(null),
    }),
  );
  const caseArb = fc
    .tuple(
      ruleArb,
      fc.integer({ min: 1, max: 10_000_000 }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      dateArb,
      fc.integer({ min: -30, max: 120 }),
    )
    .map(([rule, rent, share, dueDate, offset]) => ({
      rule,
      rentAmount: cents(rent),
      rentOpen: cents(Math.floor(rent * share)),
      dueDate,
      today: addDays(dueDate, offset),
    }));

  it('is a whole, non-negative number of cents, within the cap', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const fee = lateFeeFor(c);
        expect(Number.isSafeInteger(fee)).toBe(true);
        expect(fee).toBeGreaterThanOrEqual(0);
        if (c.rule.cap !== null) expect(fee).toBeLessThanOrEqual(c.rule.cap);
      }),
    );
  });

  it('is zero before the late day and when nothing is open, and positive otherwise for a flat rule', () => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const fee = lateFeeFor(c);
        const late = c.today >= lateFeeDay(c.dueDate, c.rule.graceDays);
        if (!late || c.rentOpen === 0) expect(fee).toBe(0);
        else if (c.rule.kind === 'flat')
          expect(fee).toBe(Math.min(c.rule.amount!, c.rule.cap ?? Infinity));
      }),
    );
  });

  it('as a percent, is never more than the rent still open and grows with it', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 10_000 }), (c, more) => {
        fc.pre(c.rule.kind === 'percent');
        const fee = lateFeeFor(c);
        expect(fee).toBeLessThanOrEqual(c.rentOpen);
        const bigger = Math.min(c.rentOpen + more, c.rentAmount);
        expect(lateFeeFor({ ...c, rentOpen: cents(bigger) })).toBeGreaterThanOrEqual(fee);
      }),
    );
  });

  it('does not depend on how late it is, once late', () => {
    fc.assert(
      fc.property(caseArb, fc.integer({ min: 0, max: 400 }), (c, later) => {
        fc.pre(c.today >= lateFeeDay(c.dueDate, c.rule.graceDays));
        expect(lateFeeFor({ ...c, today: addDays(c.today, later) })).toBe(lateFeeFor(c));
      }),
    );
  });
});
