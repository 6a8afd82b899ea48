import { and, asc, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../context';
import { createLease, MID_MARCH_NOON, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { assessLateFees, postRentDue, ledgerEntriesTable } from '../ledger';
import { firstOrganisationOf } from '../organisations';
import { tenantsTable } from '../tenants';
import { leaseRecurringChargesTable } from './recurring-charges.table';

/** Lease recurring charges (docs/decisions/0020): CRUD, who may, and posting with the rent. */
describe('recurring charges of a lease', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenant: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, tenant] = await signUpAll(t, ['Landlord', 'Landlord', 'Tenant']);
  });
  afterAll(() => t.close());

  const url = (leaseId: number, chargeId?: number) =>
    `/api/leases/${leaseId}/recurring-charges${chargeId ? `/${chargeId}` : ''}`;
  const parking = { kind: 'parking', amount: 75, startDate: '2026-01-01', description: 'Bay 4' };

  const organisationOf = async (user: TestUser) =>
    (await firstOrganisationOf(t.database.db, user.user.id))!;
  const runRent = async (now = t.clock.now) =>
    runAsSystem(t.database.db, { name: 'jobs', now, timeZone: t.config.timeZone }, postRentDue, {
      organisationId: await organisationOf(landlord),
    });

  const entriesOf = (leaseId: number) =>
    t.database.db
      .select({
        category: ledgerEntriesTable.category,
        period: ledgerEntriesTable.period,
        amount: ledgerEntriesTable.amount,
        entryDate: ledgerEntriesTable.entryDate,
        recurring: ledgerEntriesTable.recurringChargeId,
      })
      .from(ledgerEntriesTable)
      .where(eq(ledgerEntriesTable.leaseId, leaseId))
      .orderBy(asc(ledgerEntriesTable.entryDate), asc(ledgerEntriesTable.id));

  const snapshot = async () => ({
    charges: await t.database.db.select().from(leaseRecurringChargesTable),
    events: (await t.database.db.select().from(auditEventsTable)).length,
  });

  it('a renewal carries over the charges still running when the lease ends, not those that ended', async () => {
    const lease = await createLease(landlord, { endDate: '2026-06-30' });
    const add = (body: object) => posted(landlord, url(lease.id), body);
    await add(parking);
    await add({ kind: 'storage', amount: 30, startDate: '2026-01-01', endDate: '2026-04-30' });
    await add({ kind: 'pet_rent', amount: 25, startDate: '2026-02-01', endDate: '2026-09-30' });
    const renewed = await landlord.request({
      method: 'POST',
      url: `/api/leases/${lease.id}/renew`,
      payload: { endDate: '2027-06-30', rent: 1050 },
    });
    expect(renewed.statusCode, renewed.body).toBe(201);
    const renewal = renewed.json() as { id: number };

    const carried = await landlord.request({ method: 'GET', url: url(renewal.id) });
    expect(carried.json()).toEqual([
      expect.objectContaining({
        kind: 'parking',
        amount: 75,
        description: 'Bay 4',
        startDate: '2026-07-01',
        endDate: null,
        postedCount: 0,
      }),
      expect.objectContaining({
        kind: 'pet_rent',
        amount: 25,
        startDate: '2026-07-01',
        endDate: '2026-09-30',
      }),
    ]);
    const trail = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityId, renewal.id),
          eq(auditEventsTable.action, 'recurring.add'),
        ),
      );
    expect(trail).toHaveLength(2);
    // The first lease keeps its own three.
    expect((await landlord.request({ method: 'GET', url: url(lease.id) })).json()).toHaveLength(3);
  });

  it('a landlord adds, lists, changes and removes a charge, each on the lease trail', async () => {
    const lease = await createLease(landlord);
    const added = await posted<{ id: number }>(landlord, url(lease.id), parking);
    expect(added).toMatchObject({ ...parking, leaseId: lease.id, endDate: null, postedCount: 0 });

    const list = await landlord.request({ method: 'GET', url: url(lease.id) });
    expect(list.json()).toEqual([added]);

    const changed = await landlord.request({
      method: 'PUT',
      url: url(lease.id, added.id),
      payload: { ...parking, amount: 80, endDate: '2026-06-30' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ amount: 80, endDate: '2026-06-30' });

    const removed = await landlord.request({ method: 'DELETE', url: url(lease.id, added.id) });
    expect(removed.statusCode).toBe(204);
    expect((await landlord.request({ method: 'GET', url: url(lease.id) })).json()).toEqual([]);

    const actions = await t.database.db
      .select({ action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityType, 'leases'), eq(auditEventsTable.entityId, lease.id)),
      )
      .orderBy(asc(auditEventsTable.id));
    expect(actions.map((row) => row.action)).toEqual([
      'create',
      'recurring.add',
      'recurring.change',
      'recurring.remove',
    ]);
  });

  it('refuses bad input, other landlords and tenants, and changes nothing', async () => {
    const lease = await createLease(landlord);
    const charge = await posted<{ id: number }>(landlord, url(lease.id), parking);
    const otherLease = await createLease(landlord);
    const before = await snapshot();
    const bad = [
      { ...parking, amount: 0 },
      { ...parking, amount: 10.005 },
      { ...parking, kind: 'rent' },
      { ...parking, startDate: '2026-02-30' },
      { ...parking, endDate: '2025-12-31' },
      { ...parking, startDate: '2027-01-01' },
    ];
    for (const payload of bad) {
      const response = await landlord.request({ method: 'POST', url: url(lease.id), payload });
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().message).toBeTruthy();
    }
    const refused: [TestUser, number][] = [
      [other, 404],
      [tenant, 403],
    ];
    for (const [user, status] of refused) {
      for (const request of [
        { method: 'GET' as const, url: url(lease.id) },
        { method: 'POST' as const, url: url(lease.id), payload: parking },
        { method: 'PUT' as const, url: url(lease.id, charge.id), payload: parking },
        { method: 'DELETE' as const, url: url(lease.id, charge.id) },
      ]) {
        const response = await user.request(request);
        expect(response.statusCode, `${request.method} ${response.body}`).toBe(status);
      }
    }
    // A charge of another lease is not found through this one.
    const wrong = await landlord.request({ method: 'DELETE', url: url(otherLease.id, charge.id) });
    expect(wrong.statusCode).toBe(404);
    expect(await snapshot()).toEqual(before);
  });

  it('posts each charge with the rent, once per period, under its own category', async () => {
    // Rent due on the 10th: January, February, March by March 15.
    const lease = await createLease(landlord);
    const charge = await posted<{ id: number }>(landlord, url(lease.id), parking);
    await posted(landlord, url(lease.id), {
      kind: 'pet_rent',
      amount: 25,
      startDate: '2026-02-01',
      endDate: '2026-02-28',
    });
    const first = await runRent();
    const second = await runRent();
    expect(second).toBe(0);
    expect(first).toBeGreaterThanOrEqual(7);
    const entries = await entriesOf(lease.id);
    expect(entries.map((e) => [e.category, e.period, e.amount])).toEqual([
      ['rent', '2026-01', 100_000],
      ['parking', '2026-01', 7_500],
      ['rent', '2026-02', 100_000],
      ['parking', '2026-02', 7_500],
      ['pet_rent', '2026-02', 2_500],
      ['rent', '2026-03', 100_000],
      ['parking', '2026-03', 7_500],
    ]);
    // Posted once: it can be ended, not removed.
    const removal = await landlord.request({ method: 'DELETE', url: url(lease.id, charge.id) });
    expect(removal.statusCode).toBe(409);
    const list = await landlord.request({ method: 'GET', url: url(lease.id) });
    expect(list.json()[0]).toMatchObject({ id: charge.id, postedCount: 3 });
    // Ended in March: April posts rent only.
    await landlord.request({
      method: 'PUT',
      url: url(lease.id, charge.id),
      payload: { ...parking, endDate: '2026-03-31' },
    });
    await runRent(new Date('2026-04-15T16:00:00Z'));
    const april = (await entriesOf(lease.id)).filter((e) => e.period === '2026-04');
    expect(april.map((e) => e.category)).toEqual(['rent']);
  });

  it('a job run twice at once posts each period once', async () => {
    const lease = await createLease(landlord);
    await posted(landlord, url(lease.id), { ...parking, kind: 'storage', amount: 40 });
    await Promise.all([runRent(), runRent()]);
    const storage = (await entriesOf(lease.id)).filter((e) => e.category === 'storage');
    expect(storage.map((e) => e.period)).toEqual(['2026-01', '2026-02', '2026-03']);
  });

  it('a short first period follows the landlord rule, read when posting', async () => {
    const setRule = async (firstPeriodRule: string) => {
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/users/${landlord.user.id}/rent-settings`,
        payload: { firstPeriodRule },
      });
      expect(response.statusCode, response.body).toBe(200);
    };
    const amounts = async (rule: string) => {
      await setRule(rule);
      // Jan 15 start, due on the 1st: January 15-31 is 17 of 31 days.
      const lease = await createLease(landlord, { startDate: '2026-01-15', rentDueDay: 1 });
      expect(lease.rentDueDay).toBe(1);
      await posted(landlord, url(lease.id), { ...parking, amount: 62 });
      await runRent(new Date('2026-02-15T17:00:00Z'));
      return (await entriesOf(lease.id)).map((e) => [e.category, e.period, e.amount]);
    };
    expect(await amounts('prorate')).toEqual([
      ['rent', '2026-01', 54_839],
      ['parking', '2026-01', 3_400],
      ['rent', '2026-02', 100_000],
      ['parking', '2026-02', 6_200],
    ]);
    expect(await amounts('full')).toEqual([
      ['rent', '2026-01', 100_000],
      ['parking', '2026-01', 6_200],
      ['rent', '2026-02', 100_000],
      ['parking', '2026-02', 6_200],
    ]);
    expect(await amounts('add_to_next')).toEqual([
      ['rent', '2026-02', 154_839],
      ['parking', '2026-02', 9_600],
    ]);
    const rule = await landlord.request({
      method: 'GET',
      url: `/api/users/${landlord.user.id}/rent-settings`,
    });
    expect(rule.json()).toEqual({ firstPeriodRule: 'add_to_next' });
    await setRule('prorate');
    const refused = await other.request({
      method: 'PUT',
      url: `/api/users/${landlord.user.id}/rent-settings`,
      payload: { firstPeriodRule: 'full' },
    });
    expect(refused.statusCode).toBe(403);
    const bad = await landlord.request({
      method: 'PUT',
      url: `/api/users/${landlord.user.id}/rent-settings`,
      payload: { firstPeriodRule: 'sometimes' },
    });
    expect(bad.statusCode).toBe(400);
  });

  it('the rent roll shows the charges running today beside the rent', async () => {
    const owner = (await signUpAll(t, ['Landlord']))[0];
    const lease = await createLease(owner);
    await posted(owner, url(lease.id), parking);
    await posted(owner, url(lease.id), { ...parking, kind: 'pet_rent', amount: 20 });
    // Ended before today (March 15): not a monthly charge any more.
    await posted(owner, url(lease.id), { ...parking, amount: 5, endDate: '2026-02-28' });
    const roll = await owner.request({ method: 'GET', url: '/api/rent-roll' });
    expect(roll.json()).toEqual([
      expect.objectContaining({ leaseId: lease.id, rent: 1000, recurringCharges: 95 }),
    ]);
  });

  it("a tenant reads their own lease's charges on their home, not ended ones", async () => {
    const lease = await createLease(landlord);
    await posted(landlord, url(lease.id), parking);
    await posted(landlord, url(lease.id), { ...parking, amount: 5, endDate: '2026-02-28' });
    const resident = (await signUpAll(t, ['Tenant']))[0];
    await t.database.db
      .update(tenantsTable)
      .set({ userId: resident.user.id })
      .where(eq(tenantsTable.id, lease.tenantId));
    const home = await resident.request({ method: 'GET', url: '/api/portal/home' });
    expect(home.json().lease.recurringCharges).toEqual([
      { kind: 'parking', description: 'Bay 4', amount: 75, startDate: '2026-01-01', endDate: null },
    ]);
  });

  it('late fees are charged on rent only, never on a recurring charge left unpaid', async () => {
    const lease = await createLease(landlord, {
      lateFeeKind: 'flat',
      lateFeeAmount: 30,
      lateFeeGraceDays: 0,
    });
    await posted(landlord, url(lease.id), parking);
    await runRent(new Date('2026-01-10T17:00:00Z'));
    // The tenant pays January's rent, not the parking.
    await posted(landlord, `/api/leases/${lease.id}/ledger/payments`, {
      amount: 1000,
      entryDate: '2026-01-10',
      method: 'check',
      idempotencyKey: `pay-${lease.id}-january`,
    });
    await runAsSystem(
      t.database.db,
      { name: 'jobs', now: new Date('2026-01-20T17:00:00Z'), timeZone: t.config.timeZone },
      assessLateFees,
      { organisationId: await organisationOf(landlord) },
    );
    const fees = await t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(
        and(eq(ledgerEntriesTable.leaseId, lease.id), eq(ledgerEntriesTable.category, 'late_fee')),
      );
    expect(fees).toEqual([]);
    const recurring = await t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(
        and(
          eq(ledgerEntriesTable.leaseId, lease.id),
          isNotNull(ledgerEntriesTable.recurringChargeId),
        ),
      );
    expect(recurring).toHaveLength(1);
  });
});
