import { and, count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/ledger';
import { runAsSystem } from '../../context';
import { createLease, leaseBody, signUpAll } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { leasesTable } from '../leases';
import { notificationsTable } from '../notifications';
import { tenantsTable } from '../tenants';
import { assessLateFees } from './late-fees.service';
import { listLeasesWithLateFeesDue } from './ledger.repository';
import { ledgerEntriesTable } from './ledger.table';

/** Noon in New York on a day. */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

describe('late fees', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let keyCounter = 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = noon('2026-01-05');
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
  });
  afterAll(() => t.close());

  /** Moves the clock (the app's 'today') and logs in again: sessions idle out meanwhile. */
  async function at(day: string) {
    t.clock.now = noon(day);
    landlord = await login(t, landlord.user.userName, landlord.password);
    other = await login(t, other.user.userName, other.password);
  }

  /** Runs this hour's jobs (rent first, then late fees) as the runner would. */
  async function runJobs() {
    await t.app.jobs.runDueJobs(t.clock.now);
  }

  const ledger = async (leaseId: number) => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/ledger`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Ledger;
  };
  const lateFees = async (leaseId: number) =>
    (await ledger(leaseId)).entries.filter((e) => e.category === 'late_fee');

  const pay = (leaseId: number, amount: number, entryDate: string) =>
    landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/payments`,
      payload: { amount, entryDate, method: 'cash', idempotencyKey: `late-key-${++keyCounter}` },
    });

  it('keeps a rule on the lease: answered, kept when a client omits it, removed with none', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, {
      lateFeeKind: 'percent',
      lateFeePercent: 5.25,
      lateFeeGraceDays: 3,
      lateFeeCap: 40,
      lateFeeAmount: 99, // ignored: a percent rule has no flat amount
    });
    expect(lease).toMatchObject({
      lateFeeKind: 'percent',
      lateFeePercent: 5.25,
      lateFeeGraceDays: 3,
      lateFeeCap: 40,
      lateFeeAmount: null,
    });
    const put = (body: Record<string, unknown>) =>
      landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: leaseBody(lease.tenantId, { rent: 1100, ...body }),
      });
    const kept = await put({});
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json()).toMatchObject({ rent: 1100, lateFeeKind: 'percent', lateFeePercent: 5.25 });

    const flat = await put({ lateFeeKind: 'flat', lateFeeAmount: 25.5 });
    expect(flat.json()).toMatchObject({
      lateFeeKind: 'flat',
      lateFeeAmount: 25.5,
      lateFeePercent: null,
      lateFeeGraceDays: 0,
      lateFeeCap: null,
    });
    const none = await put({ lateFeeKind: 'none', lateFeeAmount: 25.5 });
    expect(none.json()).toMatchObject({
      lateFeeKind: 'none',
      lateFeeAmount: null,
      lateFeeGraceDays: null,
    });

    // A lease saved without the fields has no rule.
    expect(await createLease(landlord)).toMatchObject({ lateFeeKind: 'none', lateFeeAmount: null });
  });

  it('carries the rule over to a renewal', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, {
      lateFeeKind: 'flat',
      lateFeeAmount: 35,
      lateFeeGraceDays: 4,
    });
    const renewal = await landlord.request({
      method: 'POST',
      url: `/api/leases/${lease.id}/renew`,
      payload: { endDate: '2027-12-31', rent: 1050 },
    });
    expect(renewal.statusCode, renewal.body).toBe(201);
    expect(renewal.json()).toMatchObject({
      rent: 1050,
      lateFeeKind: 'flat',
      lateFeeAmount: 35,
      lateFeeGraceDays: 4,
    });
  });

  it('refuses a bad rule with a 400 that names the field, changing nothing', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, { lateFeeKind: 'flat', lateFeeAmount: 50 });
    const cases: [Record<string, unknown>, string][] = [
      [{ lateFeeKind: 'flat', lateFeeAmount: 0 }, 'lateFeeAmount'],
      [{ lateFeeKind: 'flat', lateFeeAmount: -5 }, 'lateFeeAmount'],
      [{ lateFeeKind: 'flat', lateFeeAmount: 1.005 }, 'lateFeeAmount'],
      [{ lateFeeKind: 'flat' }, 'lateFeeAmount'],
      [{ lateFeeKind: 'percent' }, 'lateFeePercent'],
      [{ lateFeeKind: 'percent', lateFeePercent: 0 }, 'lateFeePercent'],
      [{ lateFeeKind: 'percent', lateFeePercent: 100.01 }, 'lateFeePercent'],
      [{ lateFeeKind: 'percent', lateFeePercent: 1.234 }, 'lateFeePercent'],
      [{ lateFeeKind: 'flat', lateFeeAmount: 5, lateFeeGraceDays: 61 }, 'lateFeeGraceDays'],
      [{ lateFeeKind: 'flat', lateFeeAmount: 5, lateFeeGraceDays: -1 }, 'lateFeeGraceDays'],
      [{ lateFeeKind: 'flat', lateFeeAmount: 5, lateFeeGraceDays: 1.5 }, 'lateFeeGraceDays'],
      [{ lateFeeKind: 'flat', lateFeeAmount: 5, lateFeeCap: 0 }, 'lateFeeCap'],
      [{ lateFeeKind: 'weekly', lateFeeAmount: 5 }, 'lateFeeKind'],
    ];
    for (const [body, field] of cases) {
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: leaseBody(lease.tenantId, body),
      });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(Object.keys(response.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
    const [row] = await t.database.db
      .select()
      .from(leasesTable)
      .where(eq(leasesTable.id, lease.id));
    expect(row).toMatchObject({ lateFeeKind: 'flat', lateFeeAmount: 5_000, lateFeeGraceDays: 0 });
  });

  it('charges a flat fee once, after the grace days, while the rent is open; a waived fee stays waived', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, {
      lateFeeKind: 'flat',
      lateFeeAmount: 50,
      lateFeeGraceDays: 5,
    });
    // A linked tenant account is told about the fee.
    const tenantUser = await signUpAndLogin(t, 'Tenant');
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenantUser.user.id })
      .where(eq(tenantsTable.id, lease.tenantId));

    await at('2026-01-10');
    await runJobs();
    await at('2026-01-15'); // the fifth grace day
    await runJobs();
    expect(await lateFees(lease.id)).toEqual([]);

    await at('2026-01-16');
    await runJobs();
    await runJobs();
    await runAsSystem(
      t.database.db,
      { name: 'again', now: t.clock.now, timeZone: t.config.timeZone },
      assessLateFees,
      undefined,
    );
    const fees = await lateFees(lease.id);
    expect(fees.map((f) => [f.kind, f.amount, f.period, f.entryDate])).toEqual([
      ['charge', 50, '2026-01', '2026-01-16'],
    ]);

    const events = await t.database.db
      .select({ actorName: auditEventsTable.actorName })
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityId, lease.id),
          eq(auditEventsTable.action, 'ledger.late_fee'),
        ),
      );
    expect(events).toEqual([{ actorName: 'jobs' }]);
    await runJobs(); // delivers the notification
    const notes = await t.database.db
      .select({ kind: notificationsTable.kind, title: notificationsTable.title })
      .from(notificationsTable)
      .where(
        and(
          eq(notificationsTable.userId, tenantUser.user.id),
          eq(notificationsTable.kind, 'late_fee_assessed'),
        ),
      );
    expect(notes).toEqual([{ kind: 'late_fee_assessed', title: 'Late fee of $50.00' }]);

    const waived = await landlord.request({
      method: 'POST',
      url: `/api/leases/${lease.id}/ledger/entries/${fees[0]!.id}/reversal`,
      payload: { reason: 'First time, waived' },
    });
    expect(waived.statusCode, waived.body).toBe(201);
    await at('2026-01-20');
    await runJobs();
    const after = await ledger(lease.id);
    expect(after.entries.filter((e) => e.category === 'late_fee')).toHaveLength(1);
    expect(after.balance).toBe(1000);

    // Everything owed is paid within February's grace days: no fee for February.
    await at('2026-02-12');
    await runJobs();
    expect((await pay(lease.id, 2000, '2026-02-12')).statusCode).toBe(201);
    await at('2026-02-20');
    await runJobs();
    expect((await lateFees(lease.id)).map((f) => f.period)).toEqual(['2026-01']);
  });

  it('reads only the leases with rent late: not one paid, nor one in its grace days or charged', async () => {
    await at('2026-01-05');
    const rule = { lateFeeKind: 'flat', lateFeeAmount: 15, lateFeeGraceDays: 5 } as const;
    const late = await createLease(landlord, rule);
    const paid = await createLease(landlord, rule);
    await at('2026-01-10');
    await runJobs(); // January's rent, due today
    expect((await pay(paid.id, 1000, '2026-01-10')).statusCode).toBe(201);
    const read = async (day: string) =>
      (await listLeasesWithLateFeesDue(t.database.db, day, { limit: 1_000 }))
        .map(({ lease }) => lease.id)
        .filter((id) => id === late.id || id === paid.id);
    expect(await read('2026-01-15')).toEqual([]);
    expect(await read('2026-01-16')).toEqual([late.id]);
    await at('2026-01-16');
    await runJobs();
    expect((await lateFees(late.id)).map((f) => f.amount)).toEqual([15]);
    expect(await read('2026-01-16')).toEqual([]);
  });

  it('takes a percent of the rent still open, held to the cap', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, {
      lateFeeKind: 'percent',
      lateFeePercent: 10,
      lateFeeGraceDays: 0,
      lateFeeCap: 35,
    });
    const small = await createLease(landlord, {
      lateFeeKind: 'percent',
      lateFeePercent: 2.5,
      lateFeeGraceDays: 0,
    });
    await at('2026-01-10');
    await runJobs();
    expect((await pay(lease.id, 700, '2026-01-10')).statusCode).toBe(201);
    expect((await pay(small.id, 999.99, '2026-01-10')).statusCode).toBe(201);
    await at('2026-01-11');
    await runJobs();
    // 10% of 300 is 30, under the cap; 2.5% of 0.01 rounds to nothing.
    expect((await lateFees(lease.id)).map((f) => f.amount)).toEqual([30]);
    expect(await lateFees(small.id)).toEqual([]);

    await at('2026-02-11');
    await runJobs();
    // 10% of 1000 is 100, small at 35; 2.5% of 1000 is 25.
    expect((await lateFees(lease.id)).map((f) => f.amount)).toEqual([30, 35]);
    expect((await lateFees(small.id)).map((f) => f.amount)).toEqual([25]);
  });

  it('never charges rent that was due before the rule was added, nor another landlord reads it', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord);
    await at('2026-03-01');
    await runJobs(); // January and February rent, unpaid
    const added = await landlord.request({
      method: 'PUT',
      url: `/api/leases/${lease.id}`,
      payload: leaseBody(lease.tenantId, { lateFeeKind: 'flat', lateFeeAmount: 20 }),
    });
    expect(added.statusCode, added.body).toBe(200);
    await at('2026-03-11');
    await runJobs();
    expect((await lateFees(lease.id)).map((f) => f.period)).toEqual(['2026-03']);
    const peek = await other.request({ method: 'GET', url: `/api/leases/${lease.id}` });
    expect(peek.statusCode).toBe(404);
  });

  it('posts one fee per period when two runs assess at the same moment', async () => {
    await at('2026-01-05');
    const lease = await createLease(landlord, { lateFeeKind: 'flat', lateFeeAmount: 10 });
    await at('2026-01-10');
    await runJobs();
    await at('2026-01-12');
    const system = { name: 'race', now: t.clock.now, timeZone: t.config.timeZone };
    const posted = await Promise.all(
      [1, 2, 3].map(() => runAsSystem(t.database.db, system, assessLateFees, undefined)),
    );
    const [fees] = await t.database.db
      .select({ n: count() })
      .from(ledgerEntriesTable)
      .where(
        and(
          eq(ledgerEntriesTable.leaseId, lease.id),
          sql`${ledgerEntriesTable.category} = 'late_fee'`,
        ),
      );
    expect(fees!.n).toBe(1);
    expect(posted.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
  });
});
