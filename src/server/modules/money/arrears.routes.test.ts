import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, daysBetween } from '../../../shared/dates';
import { allocate, type LedgerLine } from '../../../shared/ledger';
import { cents, fromCents, toCents } from '../../../shared/money';
import {
  AGING_BUCKETS,
  agingBucketOf,
  type AgingBuckets,
  type ArrearsResponse,
} from '../../../shared/schemas/money-reports';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import {
  getJson,
  seedEntries,
  seedLease,
  seedProperty,
  seedReversal,
  seedTenant,
} from './money.test-helpers';

const AS_OF = '2026-03-15';
const daysBefore = (days: number) => addDays(AS_OF, -days);

describe('arrears', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let aging: number;
  let partly: number;
  let paidUp: number;
  let cedarId: number;
  let elsewhereId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    const { property, units } = await seedProperty(t, landlord, { name: 'Cedar Row', units: 3 });
    cedarId = property.id;
    const [ann, bob, cy] = [
      await seedTenant(t, units[0]!, { firstName: 'Ann', lastName: 'Aging' }),
      await seedTenant(t, units[1]!, { firstName: 'Bob', lastName: 'Partly' }),
      await seedTenant(t, units[2]!, { firstName: 'Cy', lastName: 'Paid' }),
    ];
    aging = (await seedLease(t, ann)).id;
    partly = (await seedLease(t, bob)).id;
    paidUp = (await seedLease(t, cy)).id;
    // One charge on each side of every bucket boundary, in cents that add up exactly.
    await seedEntries(t, aging, [
      { kind: 'charge', amount: 0.01, entryDate: daysBefore(0) },
      { kind: 'charge', amount: 0.02, entryDate: daysBefore(1) },
      { kind: 'charge', amount: 0.04, entryDate: daysBefore(30) },
      { kind: 'charge', amount: 0.08, entryDate: daysBefore(31) },
      { kind: 'charge', amount: 0.16, entryDate: daysBefore(60) },
      { kind: 'charge', amount: 0.32, entryDate: daysBefore(61) },
      { kind: 'charge', amount: 0.64, entryDate: daysBefore(90) },
      { kind: 'charge', amount: 1.28, entryDate: daysBefore(91) },
      { kind: 'charge', amount: 2.56, entryDate: daysBefore(400) },
      // Dated after asOf: not counted yet.
      { kind: 'charge', amount: 100, entryDate: addDays(AS_OF, 1) },
    ]);
    // 1000.10 + 1000.20 charged; 1000 paid goes to the oldest charge first, so 0.10 of the
    // oldest and all of the newest stay open.
    await seedEntries(t, partly, [
      { kind: 'charge', amount: 1000.1, entryDate: daysBefore(45) },
      { kind: 'charge', amount: 1000.2, entryDate: daysBefore(10) },
      { kind: 'payment', amount: 1000, entryDate: daysBefore(5) },
    ]);
    const [, bounced] = await seedEntries(t, paidUp, [
      { kind: 'charge', amount: 500, entryDate: daysBefore(20) },
      { kind: 'payment', amount: 500, entryDate: daysBefore(15) },
      { kind: 'payment', amount: 500, entryDate: daysBefore(14) },
    ]);
    // The second payment bounced: the lease is square, not in credit.
    await seedReversal(t, paidUp, bounced!, daysBefore(2));
    const elsewhere = await seedProperty(t, other, { name: 'Elsewhere', units: 1 });
    elsewhereId = elsewhere.property.id;
    const stranger = await seedLease(t, await seedTenant(t, elsewhere.units[0]!));
    await seedEntries(t, stranger.id, [{ kind: 'charge', amount: 9, entryDate: daysBefore(3) }]);
  });
  afterAll(() => t.close());

  const arrears = (user: TestUser, query = `?asOf=${AS_OF}`) =>
    getJson<ArrearsResponse>(user, `/api/arrears${query}`);

  it('splits each open charge into its bucket at the 30/31, 60/61 and 90/91 day boundaries', async () => {
    const { body } = await arrears(landlord);
    const row = body.leases.find((lease) => lease.leaseId === aging)!;
    expect(row.buckets).toEqual({
      current: 0.01,
      days1To30: 0.06,
      days31To60: 0.24,
      days61To90: 0.96,
      over90: 3.84,
    });
    expect(row.balance).toBe(5.11);
    expect(row.oldestOpenDate).toBe(daysBefore(400));
    expect(row).toMatchObject({
      tenantName: 'Ann Aging',
      propertyName: 'Cedar Row',
      unitNumber: '1A',
    });
  });

  it('applies payments to the oldest charges first, so the newest stay open', async () => {
    const { body } = await arrears(landlord);
    const row = body.leases.find((lease) => lease.leaseId === partly)!;
    expect(row.buckets).toEqual({
      current: 0,
      days1To30: 1000.2,
      days31To60: 0.1,
      days61To90: 0,
      over90: 0,
    });
    expect(row.balance).toBe(1000.3);
    expect(row.oldestOpenDate).toBe(daysBefore(45));
  });

  it('totals every lease in arrears, counts tenants, and leaves out the paid-up', async () => {
    const { body, headers } = await arrears(landlord);
    expect(body.asOf).toBe(AS_OF);
    expect(body.leases.map((lease) => lease.leaseId)).toEqual([partly, aging]);
    expect(body.leasesInArrears).toBe(2);
    expect(body.tenantsInArrears).toBe(2);
    expect(headers['x-total-count']).toBe('2');
    expect(body.totals).toEqual({
      balance: 1005.41,
      current: 0.01,
      days1To30: 1000.26,
      days31To60: 0.34,
      days61To90: 0.96,
      over90: 3.84,
    });
  });

  it('pages, with totals over every page', async () => {
    const { body, headers } = await arrears(landlord, `?asOf=${AS_OF}&limit=1&offset=1`);
    expect(body.leases.map((lease) => lease.leaseId)).toEqual([aging]);
    expect(body.totals.balance).toBe(1005.41);
    expect(headers['x-total-count']).toBe('2');
    const past = await arrears(landlord, `?asOf=${AS_OF}&limit=1&offset=5`);
    expect(past.body.leases).toEqual([]);
    expect(past.body.totals.balance).toBe(1005.41);
    const byTenant = await arrears(landlord, `?asOf=${AS_OF}&sort=tenant`);
    expect(byTenant.body.leases.map((lease) => lease.tenantName)).toEqual([
      'Ann Aging',
      'Bob Partly',
    ]);
    const search = await arrears(landlord, `?asOf=${AS_OF}&q=partly`);
    expect(search.body.leases.map((lease) => lease.leaseId)).toEqual([partly]);
    expect(search.body.totals.balance).toBe(1000.3);
  });

  it('reads the ledger as it stood on an earlier date', async () => {
    // On that day the payment (dated 5 days before) had not come in.
    const { body } = await arrears(landlord, `?asOf=${daysBefore(6)}`);
    const row = body.leases.find((lease) => lease.leaseId === partly)!;
    expect(row.balance).toBe(2000.3);
    expect(row.buckets.days1To30).toBe(1000.2);
    expect(row.buckets.days31To60).toBe(1000.1);
    // Before the bounce was recorded, the second payment stood: the lease was in credit.
    const before = await arrears(landlord, `?asOf=${daysBefore(3)}`);
    expect(before.body.leases.map((lease) => lease.leaseId)).not.toContain(paidUp);
  });

  it('defaults asOf to today in the landlord time zone', async () => {
    const { body } = await arrears(landlord, '');
    expect(body.asOf).toBe(AS_OF);
  });

  it('shows another landlord none of it, and refuses other roles', async () => {
    const { body } = await arrears(other);
    expect(body.leases.map((lease) => lease.tenantName)).not.toContain('Ann Aging');
    expect(body.totals.balance).toBe(9);
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    expect((await tenant.request({ method: 'GET', url: '/api/arrears' })).statusCode).toBe(403);
    expect((await maintenance.request({ method: 'GET', url: '/api/arrears' })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/arrears' })).statusCode).toBe(401);
  });

  it("filters by property, and answers another landlord's property as missing", async () => {
    const { body } = await arrears(landlord, `?asOf=${AS_OF}&propertyId=${cedarId}`);
    expect(body.leasesInArrears).toBe(2);
    const elsewhere = await landlord.request({
      method: 'GET',
      url: `/api/arrears?propertyId=${elsewhereId}`,
    });
    expect(elsewhere.statusCode).toBe(404);
    const summary = await landlord.request({
      method: 'GET',
      url: `/api/money/summary?propertyId=${elsewhereId}`,
    });
    expect(summary.statusCode).toBe(404);
  });

  it('answers a bad date with a 400', async () => {
    for (const asOf of ['2026-02-30', 'yesterday', '']) {
      const response = await landlord.request({ method: 'GET', url: `/api/arrears?asOf=${asOf}` });
      expect(response.statusCode, asOf).toBe(400);
    }
  });

  describe('agrees with the oldest-first allocation of shared/ledger.ts', () => {
    let owner: TestUser;
    let unit: { id: number; unitNumber: string };

    beforeAll(async () => {
      owner = await signUpAndLogin(t, 'Landlord');
      unit = (await seedProperty(t, owner, { units: 1 })).units[0]!;
    });

    const entryArb = fc.record({
      kind: fc.constantFrom('charge', 'charge', 'payment', 'credit') as fc.Arbitrary<
        'charge' | 'payment' | 'credit'
      >,
      amount: fc.integer({ min: 1, max: 200_000 }),
      daysBack: fc.integer({ min: -10, max: 200 }),
    });
    const ledgerArb = fc.record({
      entries: fc.array(entryArb, { minLength: 1, maxLength: 12 }),
      // Indexes (mod the entry count) of entries to reverse, and how many days back.
      reversals: fc.array(
        fc.record({ index: fc.nat(), daysBack: fc.integer({ min: -5, max: 150 }) }),
        {
          maxLength: 3,
        },
      ),
    });

    it('on random ledgers, with reversals and dates on both sides of asOf', async () => {
      await fc.assert(
        fc.asyncProperty(ledgerArb, async ({ entries, reversals }) => {
          const tenant = await seedTenant(t, unit);
          const lease = await seedLease(t, tenant);
          const seeded = entries.map((entry) => ({
            kind: entry.kind,
            amount: fromCents(cents(entry.amount)),
            entryDate: daysBefore(entry.daysBack),
          }));
          const ids = await seedEntries(t, lease.id, seeded);
          const lines: LedgerLine[] = seeded.map((entry, i) => {
            const amount = toCents(entry.amount);
            return {
              id: ids[i]!,
              kind: entry.kind,
              amount,
              delta: cents(entry.kind === 'charge' ? amount : -amount),
              entryDate: entry.entryDate,
              reversesId: null,
            };
          });
          const reversed = new Set<number>();
          for (const reversal of reversals) {
            const target = lines[reversal.index % entries.length]!;
            if (reversed.has(target.id)) continue;
            reversed.add(target.id);
            const entryDate = daysBefore(reversal.daysBack);
            const id = await seedReversal(t, lease.id, target.id, entryDate);
            lines.push({
              id,
              kind: 'reversal',
              amount: target.amount,
              delta: cents(-target.delta),
              entryDate,
              reversesId: target.id,
            });
          }

          const { charges } = allocate(lines.filter((line) => line.entryDate <= AS_OF));
          const expected = Object.fromEntries(AGING_BUCKETS.map((bucket) => [bucket, 0])) as Record<
            keyof AgingBuckets,
            number
          >;
          for (const charge of charges) {
            expected[agingBucketOf(daysBetween(charge.entryDate, AS_OF))] += charge.open;
          }
          const open = Object.values(expected).reduce((a, b) => a + b, 0);

          // Each run has its own tenant (a unique last name): shrinking adds leases by the hundred.
          const { body } = await arrears(owner, `?asOf=${AS_OF}&q=${tenant.lastName}`);
          const row = body.leases.find((item) => item.leaseId === lease.id);
          if (open === 0) {
            expect(row).toBeUndefined();
            return;
          }
          expect(row?.balance).toBe(fromCents(cents(open)));
          expect(row?.buckets).toEqual(
            Object.fromEntries(
              AGING_BUCKETS.map((bucket) => [bucket, fromCents(cents(expected[bucket]))]),
            ),
          );
        }),
        { numRuns: 40 },
      );
    });
  });
});
