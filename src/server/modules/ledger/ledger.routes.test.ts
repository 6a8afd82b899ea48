import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/ledger';
import { createLease, MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { ledgerEntriesTable } from './ledger.table';

describe('the rent ledger', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let keyCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
  });
  afterAll(() => t.close());

  const newLease = async (owner: TestUser, overrides: Record<string, unknown> = {}) =>
    (await createLease(owner, overrides)).id;

  /** Running the jobs at a later hour also sweeps the sessions that are idle by then. */
  async function runJobsAt(now: Date) {
    await t.app.jobs.runDueJobs(now);
    const relogin = (u: TestUser) => login(t, u.user.userName, u.password);
    [landlord, other, admin] = [
      await relogin(landlord),
      await relogin(other),
      await relogin(admin),
    ];
  }

  /** The hourly rent job, run now (the scheduler already ran this hour's). */
  let rentRuns = 0;
  async function postRent(now = t.clock.now) {
    await t.app.jobs.enqueue({
      kind: 'ledger.post-rent',
      key: `rent-now-${++rentRuns}`,
      runAt: now,
    });
    await t.app.jobs.runDueJobs(now);
  }

  const ledger = async (user: TestUser, leaseId: number) => {
    const response = await user.request({ method: 'GET', url: `/api/leases/${leaseId}/ledger` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Ledger;
  };

  const pay = (user: TestUser, leaseId: number, amount: number, extra = {}) =>
    user.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/payments`,
      payload: {
        amount,
        entryDate: '2026-03-14',
        method: 'check',
        reference: '#1001',
        idempotencyKey: `pay-key-${++keyCounter}`,
        ...extra,
      },
    });

  const charge = (user: TestUser, leaseId: number, amount: number, entryDate = '2026-03-01') =>
    user.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/charges`,
      payload: { category: 'utilities', amount, entryDate, description: 'Water' },
    });

  const reverse = (user: TestUser, leaseId: number, entryId: number, reason = 'Bounced') =>
    user.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/entries/${entryId}/reversal`,
      payload: { reason },
    });

  const entryCount = async () =>
    (await t.database.db.select({ n: count() }).from(ledgerEntriesTable))[0]!.n;

  it('posts each due rent period once, however often the job runs', async () => {
    const leaseId = await newLease(landlord);
    await postRent();
    await postRent();
    const { entries, balance } = await ledger(landlord, leaseId);
    expect(entries.map((e) => [e.kind, e.category, e.period, e.entryDate, e.amount])).toEqual([
      ['charge', 'rent', '2026-01', '2026-01-10', 1000],
      ['charge', 'rent', '2026-02', '2026-02-10', 1000],
      ['charge', 'rent', '2026-03', '2026-03-10', 1000],
    ]);
    expect(balance).toBe(3000);

    // April's rent comes on April 10 in the landlord's calendar, not before.
    await runJobsAt(new Date('2026-04-10T03:00:00Z')); // still Apr 9 in New York
    expect((await ledger(landlord, leaseId)).entries).toHaveLength(3);
    await runJobsAt(new Date('2026-04-10T05:00:00Z'));
    expect((await ledger(landlord, leaseId)).balance).toBe(4000);
  });

  it('prorates a short last period by days', async () => {
    const leaseId = await newLease(landlord, { startDate: '2026-02-01', endDate: '2026-03-10' });
    await postRent();
    const { entries } = await ledger(landlord, leaseId);
    // March 1-10 of a 31-day period: 1000 x 10 / 31 = 322.58.
    expect(entries.map((e) => e.amount)).toEqual([1000, 322.58]);
    expect(entries[1]!.description).toMatch(/prorated/);
  });

  it('applies a payment to the oldest open charge and keeps an overpayment as credit', async () => {
    const leaseId = await newLease(landlord);
    await postRent();
    const paid = await pay(landlord, leaseId, 1500.25);
    expect(paid.statusCode, paid.body).toBe(201);
    const after = paid.json() as Ledger;
    expect(after.balance).toBe(1499.75);
    expect(after.entries.filter((e) => e.kind === 'charge').map((e) => e.open)).toEqual([
      0, 499.75, 1000,
    ]);
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'payment',
      method: 'check',
      reference: '#1001',
      amount: 1500.25,
      runningBalance: 1499.75,
    });

    const over = await pay(landlord, leaseId, 2000);
    expect(over.json()).toMatchObject({ balance: -500.25, unapplied: 500.25 });
  });

  it('records one payment for a repeated idempotency key', async () => {
    const leaseId = await newLease(landlord);
    const body = { idempotencyKey: 'double-click-0001' };
    const first = await pay(landlord, leaseId, 100, body);
    const again = await pay(landlord, leaseId, 100, body);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    const [a, b] = await Promise.all([
      pay(landlord, leaseId, 50, { idempotencyKey: 'parallel-key-01' }),
      pay(landlord, leaseId, 50, { idempotencyKey: 'parallel-key-01' }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 201]);
    expect((await ledger(landlord, leaseId)).entries).toHaveLength(2);
  });

  it('reverses a bounced payment once, putting the charges back open', async () => {
    const leaseId = await newLease(landlord);
    await postRent();
    const payment = (await pay(landlord, leaseId, 1000)).json() as Ledger;
    const paymentId = payment.entries.at(-1)!.id;
    expect(payment.entries[0]!.open).toBe(0);

    const reversed = await reverse(landlord, leaseId, paymentId, 'Check bounced');
    expect(reversed.statusCode, reversed.body).toBe(201);
    const after = reversed.json() as Ledger;
    expect(after.balance).toBe(3000);
    expect(after.entries[0]!.open).toBe(1000);
    expect(after.entries.at(-1)).toMatchObject({
      kind: 'reversal',
      reversesId: paymentId,
      description: 'Check bounced',
      delta: 1000,
    });
    expect(after.entries.find((e) => e.id === paymentId)!.reversedById).toBe(
      after.entries.at(-1)!.id,
    );

    const before = await entryCount();
    const twice = await reverse(landlord, leaseId, paymentId);
    expect(twice.statusCode).toBe(409);
    const ofReversal = await reverse(landlord, leaseId, after.entries.at(-1)!.id);
    expect(ofReversal.statusCode).toBe(409);
    const [x, y] = await Promise.all([
      reverse(landlord, leaseId, after.entries[1]!.id),
      reverse(landlord, leaseId, after.entries[1]!.id),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    expect(await entryCount()).toBe(before + 1);
  });

  it("dates the reversal of an entry dated ahead on that entry's day, never before it", async () => {
    const leaseId = await newLease(landlord, { startDate: '2026-03-12' });
    const ahead = await charge(landlord, leaseId, 250, '2026-04-20');
    expect(ahead.statusCode, ahead.body).toBe(201);
    const aheadId = (ahead.json() as Ledger).entries[0]!.id;
    const reversed = await reverse(landlord, leaseId, aheadId, 'Posted by mistake');
    expect(reversed.statusCode, reversed.body).toBe(201);
    const { entries, balance } = reversed.json() as Ledger;
    // Made on March 15, dated April 20: the running balance never shows a credit for a charge
    // that had not come yet.
    expect(entries.map((e) => [e.kind, e.entryDate, e.runningBalance])).toEqual([
      ['charge', '2026-04-20', 250],
      ['reversal', '2026-04-20', 0],
    ]);
    expect(balance).toBe(0);
    // An entry dated today or before is reversed on the day the reversal is made.
    const paid = await pay(landlord, leaseId, 40, { entryDate: '2026-03-12' });
    const paymentId = (paid.json() as Ledger).entries.find((e) => e.kind === 'payment')!.id;
    const bounced = (await reverse(landlord, leaseId, paymentId)).json() as Ledger;
    expect(bounced.entries.find((e) => e.reversesId === paymentId)!.entryDate).toBe('2026-03-15');
  });

  it('keeps a reversed rent charge from being posted again', async () => {
    const leaseId = await newLease(landlord);
    await postRent();
    const { entries } = await ledger(landlord, leaseId);
    expect((await reverse(landlord, leaseId, entries[0]!.id, 'Waived')).statusCode).toBe(201);
    await runJobsAt(new Date(t.clock.now.getTime() + 2 * 3_600_000));
    const after = await ledger(landlord, leaseId);
    expect(after.entries).toHaveLength(4);
    expect(after.balance).toBe(2000);
  });

  it('adds charges and credits, and refuses bad amounts and dates, storing nothing', async () => {
    const leaseId = await newLease(landlord);
    expect((await charge(landlord, leaseId, 45.1)).json().balance).toBe(45.1);
    const credit = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/credits`,
      payload: { amount: 5.05, entryDate: '2026-03-02', description: 'Goodwill' },
    });
    expect(credit.statusCode).toBe(201);
    expect(credit.json().balance).toBe(40.05);

    const before = await entryCount();
    for (const amount of [0, -5, 0.1 + 0.2, 1.005, 10_000_000_000]) {
      expect((await charge(landlord, leaseId, amount)).statusCode, String(amount)).toBe(400);
      expect((await pay(landlord, leaseId, amount)).statusCode, String(amount)).toBe(400);
    }
    const future = await pay(landlord, leaseId, 10, { entryDate: '2026-03-16' });
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.entryDate).toEqual(['Date received cannot be in the future']);
    expect((await pay(landlord, leaseId, 10, { method: 'bitcoin' })).statusCode).toBe(400);
    expect((await pay(landlord, leaseId, 10, { idempotencyKey: 'x' })).statusCode).toBe(400);
    const rentByHand = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/charges`,
      payload: { category: 'rent', amount: 5, entryDate: '2026-03-01', description: 'x' },
    });
    expect(rentByHand.statusCode).toBe(400);
    expect(await entryCount()).toBe(before);
  });

  it("answers 404 for another landlord's ledger and changes nothing; an Admin may post", async () => {
    const leaseId = await newLease(landlord);
    await pay(landlord, leaseId, 10);
    const before = await entryCount();
    const entryId = (await ledger(landlord, leaseId)).entries[0]!.id;
    for (const response of [
      await other.request({ method: 'GET', url: `/api/leases/${leaseId}/ledger` }),
      await pay(other, leaseId, 10),
      await charge(other, leaseId, 10),
      await reverse(other, leaseId, entryId),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    const otherLease = await newLease(other);
    expect((await reverse(landlord, otherLease, entryId)).statusCode).toBe(404);
    expect((await reverse(other, otherLease, entryId)).statusCode).toBe(404);
    expect(await entryCount()).toBe(before);
    expect((await pay(admin, leaseId, 10)).statusCode).toBe(201);
  });

  it('records an audit event for every posted entry, by the person or the jobs runner', async () => {
    const leaseId = await newLease(landlord);
    await postRent();
    await pay(landlord, leaseId, 10);
    const events = await t.database.db
      .select({ action: auditEventsTable.action, actorName: auditEventsTable.actorName })
      .from(auditEventsTable)
      .where(
        sql`${auditEventsTable.entityType} = 'leases' and ${auditEventsTable.entityId} = ${leaseId} and ${auditEventsTable.action} like 'ledger.%'`,
      );
    expect(events).toEqual([
      { action: 'ledger.rent', actorName: 'jobs' },
      { action: 'ledger.rent', actorName: 'jobs' },
      { action: 'ledger.rent', actorName: 'jobs' },
      { action: 'ledger.payment', actorName: landlord.user.userName },
    ]);
  });

  it('refuses to delete a lease that has entries (409), keeping the ledger', async () => {
    const leaseId = await newLease(landlord);
    await pay(landlord, leaseId, 10);
    const response = await landlord.request({ method: 'DELETE', url: `/api/leases/${leaseId}` });
    expect(response.statusCode).toBe(409);
    expect((await ledger(landlord, leaseId)).entries).toHaveLength(1);
  });

  it('refuses in the database to change or delete an entry', async () => {
    const leaseId = await newLease(landlord);
    await pay(landlord, leaseId, 10);
    const [row] = await t.database.db
      .select()
      .from(ledgerEntriesTable)
      .where(eq(ledgerEntriesTable.leaseId, leaseId));
    await expect(
      t.database.db.execute(sql`update ledger_entries set amount = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from ledger_entries where id = ${row!.id}`),
    ).rejects.toThrow();
  });
});
