import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MoneySummary } from '../../../shared/schemas/money-reports';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { ledgerEntriesTable } from '../ledger';
import {
  getJson,
  seedEntries,
  seedLease,
  seedProperty,
  seedReversal,
  seedTenant,
} from './money.test-helpers';

describe('the money summary', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let lease1: number;
  let lease2: number;
  let lease3: number;
  let strangerLease: number;
  let rentRuns = 0;

  /** The hourly rent job, run now. */
  async function postRent() {
    await t.app.jobs.enqueue({
      kind: 'ledger.post-rent',
      key: `rent-now-${++rentRuns}`,
      runAt: t.clock.now,
    });
    await t.app.jobs.runDueJobs(t.clock.now);
  }

  const rentCharge = async (leaseId: number, period: string) => {
    const [row] = await t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(
        and(
          eq(ledgerEntriesTable.leaseId, leaseId),
          eq(ledgerEntriesTable.category, 'rent'),
          eq(ledgerEntriesTable.period, period),
        ),
      );
    return row!;
  };

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    const { units } = await seedProperty(t, landlord, { units: 4 });
    const tenants = [];
    for (const unit of units) tenants.push(await seedTenant(t, unit));
    // Due on the 10th; on the 20th but ending Mar 25 (March prorated: 6 of 31 days);
    // on the 31st (Feb 28, Mar 31); and a Terminated lease that expects nothing.
    lease1 = (await seedLease(t, tenants[0]!, { startDate: '2026-01-10', rent: 1000 })).id;
    lease2 = (
      await seedLease(t, tenants[1]!, { startDate: '2026-01-20', endDate: '2026-03-25', rent: 900 })
    ).id;
    lease3 = (await seedLease(t, tenants[2]!, { startDate: '2026-01-31', rent: 1200.01 })).id;
    await seedLease(t, tenants[3]!, { startDate: '2026-01-05', rent: 5000, status: 'Terminated' });
    const elsewhere = await seedProperty(t, other, { units: 1 });
    const stranger = await seedLease(t, await seedTenant(t, elsewhere.units[0]!), {
      startDate: '2026-01-01',
      rent: 777,
    });
    strangerLease = stranger.id;
    await postRent();
    await seedEntries(t, lease1, [
      { kind: 'payment', amount: 1000, entryDate: '2026-02-11' },
      { kind: 'payment', amount: 1000, entryDate: '2026-03-11' },
    ]);
    const [bouncedInMarch] = await seedEntries(t, lease2, [
      { kind: 'payment', amount: 900, entryDate: '2026-03-01' },
    ]);
    await seedReversal(t, lease2, bouncedInMarch!, '2026-03-05');
    const [bouncedFromFebruary] = await seedEntries(t, lease3, [
      { kind: 'payment', amount: 1200.01, entryDate: '2026-02-27' },
    ]);
    await seedReversal(t, lease3, bouncedFromFebruary!, '2026-03-02');
    // January's rent of lease 1 was charged in error and reversed.
    await seedReversal(t, lease1, (await rentCharge(lease1, '2026-01')).id, '2026-03-03');
    await seedEntries(t, stranger.id, [{ kind: 'payment', amount: 777, entryDate: '2026-03-02' }]);
  });
  afterAll(() => t.close());

  const summary = (user: TestUser, query = '?months=3') =>
    getJson<MoneySummary>(user, `/api/money/summary${query}`);

  it("adds this month's posted rent and the rent still to be posted", async () => {
    const { body } = await summary(landlord);
    expect(body.today).toBe('2026-03-15');
    expect(body.month).toBe('2026-03');
    // 1000 posted on the 10th; 174.19 (900 x 6/31) and 1200.01 due later this month.
    expect(body.expected).toBe(2374.2);
  });

  it('collects payments less the payments reversed this month', async () => {
    const { body } = await summary(landlord);
    // 1000 + 900 - 900 (bounced) - 1200.01 (February's payment, bounced in March).
    expect(body.collected).toBe(-200.01);
  });

  it('totals the open charges past due and counts the tenants owing', async () => {
    const { body } = await summary(landlord);
    // Lease 1 is paid up; lease 2 owes Jan and Feb (1800); lease 3 owes Jan 31 and Feb 28.
    expect(body.overdue).toBe(4200.02);
    expect(body.tenantsInArrears).toBe(2);
  });

  it('gives a monthly series, oldest first', async () => {
    const { body } = await summary(landlord);
    expect(body.series).toEqual([
      // Lease 1's January rent was reversed: it is not expected.
      { month: '2026-01', expected: 2100.01, collected: 0 },
      { month: '2026-02', expected: 3100.01, collected: 2200.01 },
      { month: '2026-03', expected: 2374.2, collected: -200.01 },
    ]);
    const { body: year } = await summary(landlord, '');
    expect(year.series).toHaveLength(12);
    expect(year.series[0]!.month).toBe('2025-04');
    expect(year.series[11]).toEqual(body.series[2]);
  });

  it('expects the same this month once the rent job has posted it', async () => {
    t.clock.now = new Date('2026-03-31T16:00:00Z');
    await postRent();
    landlord = await login(t, landlord.user.userName, landlord.password);
    expect((await rentCharge(lease2, '2026-03')).amount).toBe(17419);
    expect((await rentCharge(lease3, '2026-03')).amount).toBe(120001);
    const { body } = await summary(landlord);
    expect(body.expected).toBe(2374.2);
    t.clock.now = MID_MARCH_NOON;
  });

  it('shows another landlord only their own figures', async () => {
    other = await login(t, other.user.userName, other.password);
    const { body } = await summary(other);
    expect(body.collected).toBe(777);
    expect(body.expected).toBe(777);
    // January, February and March posted (2331), 777 paid.
    expect(body.overdue).toBe(1554);
    expect(body.tenantsInArrears).toBe(1);
  });

  it("gives a landlord the same figures whatever another landlord's ledger holds", async () => {
    landlord = await login(t, landlord.user.userName, landlord.password);
    const { body: before } = await summary(landlord, '');
    // Entries of every kind on the other landlord's lease, reversals among them.
    const [fee, payment] = await seedEntries(t, strangerLease, [
      { kind: 'charge', amount: 50, entryDate: '2026-03-01' },
      { kind: 'payment', amount: 5000, entryDate: '2026-03-10' },
      { kind: 'credit', amount: 25, entryDate: '2026-03-11' },
    ]);
    await seedReversal(t, strangerLease, payment!, '2026-03-12');
    await seedReversal(t, strangerLease, fee!, '2026-03-13');
    await seedReversal(
      t,
      strangerLease,
      (await rentCharge(strangerLease, '2026-02')).id,
      '2026-03-14',
    );
    const { body: after } = await summary(landlord, '');
    expect(after).toEqual(before);
    // The other landlord's own figures did change: February's rent no longer stands.
    other = await login(t, other.user.userName, other.password);
    const { body: theirs } = await summary(other);
    expect(theirs.series[1]).toEqual({ month: '2026-02', expected: 0, collected: 0 });
    expect(theirs.overdue).toBe(777 - 25);
  });

  it('refuses other roles and bad input', async () => {
    const tenant = await signUpAndLogin(t, 'Tenant');
    const maintenance = await signUpAndLogin(t, 'Maintenance');
    const url = '/api/money/summary';
    expect((await tenant.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await maintenance.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
    landlord = await login(t, landlord.user.userName, landlord.password);
    for (const months of ['0', '37', '1.5', 'x']) {
      const response = await landlord.request({ method: 'GET', url: `${url}?months=${months}` });
      expect(response.statusCode, months).toBe(400);
    }
  });
});
