import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../context';
import { createLease, signUpAll } from '../../test/fixtures';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { jobsTable } from '../jobs';
import { firstOrganisationOf } from '../organisations';
import { LEASES_PER_STEP, postRentDue } from './ledger.service';
import { insertUser, seedPortfolio } from '../../cli/seed/generate';
import { leasesPerStepOn, RENT_AND_FEES_JOB } from './ledger.jobs';
import { ledgerEntriesTable } from './ledger.table';

/** Noon in New York on a day. */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

/**
 * Rent and late fees are one ordered chain (docs/product.md section 19): one job per landlord
 * posts the due rent, then assesses the fees, so a period whose rent and late day both fall
 * before a run is charged both in that run.
 */
describe('the hourly rent and late-fee chain', () => {
  let t: TestApp;
  let first: TestUser;
  let second: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = noon('2026-01-05');
    // The third landlord has no lease: no job is made for them.
    [first, second] = await signUpAll(t, ['Landlord', 'Landlord', 'Landlord']);
  });
  afterAll(() => t.close());

  /** Moves the clock back to lease-making day and logs in again: runs sweep idle sessions. */
  async function beforeRent() {
    t.clock.now = noon('2026-01-05');
    first = await login(t, first.user.userName, first.password);
    second = await login(t, second.user.userName, second.password);
  }

  const feeRule = { lateFeeKind: 'flat', lateFeeAmount: 25, lateFeeGraceDays: 2 };

  const entriesOf = (leaseIds: number[]) =>
    t.database.db
      .select({
        leaseId: ledgerEntriesTable.leaseId,
        category: ledgerEntriesTable.category,
        period: ledgerEntriesTable.period,
        amount: ledgerEntriesTable.amount,
      })
      .from(ledgerEntriesTable)
      .where(inArray(ledgerEntriesTable.leaseId, leaseIds))
      .orderBy(asc(ledgerEntriesTable.leaseId), asc(ledgerEntriesTable.id));

  const chainJobs = () =>
    t.database.db
      .select({ payload: jobsTable.payload, status: jobsTable.status })
      .from(jobsTable)
      .where(eq(jobsTable.kind, RENT_AND_FEES_JOB))
      .orderBy(asc(jobsTable.id));

  it("charges a period's rent and its late fee in the same run, once, one job per landlord", async () => {
    await beforeRent();
    const leases = [
      await createLease(first, feeRule),
      await createLease(first, feeRule),
      await createLease(second, feeRule),
    ];
    const ids = leases.map((lease) => lease.id);
    // Nothing ran since: on the 14th, January's rent (due the 10th) is late since the 13th.
    const hour = noon('2026-01-14');
    await t.app.jobs.runDueJobs(hour);

    const expected = ids.flatMap((leaseId) => [
      { leaseId, category: 'rent', period: '2026-01', amount: 100_000 },
      { leaseId, category: 'late_fee', period: '2026-01', amount: 2_500 },
    ]);
    expect(await entriesOf(ids)).toEqual(expected);
    // The landlord without leases gets no job; each of the others one step (few leases), done.
    const organisations = [
      await firstOrganisationOf(t.database.db, first.user.id),
      await firstOrganisationOf(t.database.db, second.user.id),
    ].sort((a, b) => a! - b!);
    expect(
      (await chainJobs()).map(({ payload, status }) => ({
        organisationId: (payload as { organisationId: number }).organisationId,
        phase: (payload as { phase: string }).phase,
        status,
      })),
    ).toEqual(
      organisations.map((organisationId) => ({ organisationId, phase: 'rent', status: 'done' })),
    );

    // The rent event comes before the fee event on every lease's trail.
    const trail = await t.database.db
      .select({ entityId: auditEventsTable.entityId, action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(
        and(
          inArray(auditEventsTable.entityId, ids),
          eq(auditEventsTable.entityType, 'leases'),
          inArray(auditEventsTable.action, ['ledger.rent', 'ledger.late_fee']),
        ),
      )
      .orderBy(asc(auditEventsTable.id));
    for (const id of ids) {
      expect(trail.filter((event) => event.entityId === id).map((event) => event.action)).toEqual([
        'ledger.rent',
        'ledger.late_fee',
      ]);
    }

    // Another run in the hour, a later hour and the old fee job kind charge nothing again.
    await t.app.jobs.enqueue({ kind: 'ledger.post-rent', key: 'again-this-hour', runAt: hour });
    await t.app.jobs.runDueJobs(hour);
    await t.app.jobs.runDueJobs(new Date(hour.getTime() + 3_600_000));
    expect(await entriesOf(ids)).toEqual(expected);
  });

  it('charges every fee once when two runs of the hour work at the same time', async () => {
    await beforeRent();
    const third = (await signUpAll(t, ['Landlord']))[0];
    const leases = [];
    for (const owner of [first, second, third, first, second, third]) {
      leases.push(await createLease(owner, feeRule));
    }
    const ids = leases.map((lease) => lease.id);
    // Two runners at once (on PostgreSQL, two connections: as two processes would).
    const hour = noon('2026-01-17');
    await Promise.all([t.app.jobs.runDueJobs(hour), t.app.jobs.runDueJobs(hour)]);
    const entries = await entriesOf(ids);
    expect(entries.filter((entry) => entry.category === 'rent')).toHaveLength(ids.length);
    expect(entries.filter((entry) => entry.category === 'late_fee')).toEqual(
      ids.map((leaseId) => ({ leaseId, category: 'late_fee', period: '2026-01', amount: 2_500 })),
    );
  });

  it('the fee job kind of earlier versions, still queued, posts the rent before it looks for fees', async () => {
    await beforeRent();
    const lease = await createLease(second, feeRule);
    const hour = noon('2026-01-14');
    // Queued by an earlier version for this hour; this hour's rent job already ran.
    await t.app.jobs.enqueue({
      kind: 'ledger.assess-late-fees',
      key: `ledger.assess-late-fees@${hour.toISOString()}`,
      runAt: hour,
    });
    await t.app.jobs.runDueJobs(hour);
    expect(await entriesOf([lease.id])).toEqual([
      { leaseId: lease.id, category: 'rent', period: '2026-01', amount: 100_000 },
      { leaseId: lease.id, category: 'late_fee', period: '2026-01', amount: 2_500 },
    ]);
  });

  it("posts one organisation's rent only, when scoped to that organisation", async () => {
    await beforeRent();
    const mine = await createLease(first);
    const theirs = await createLease(second);
    const system = { name: 'jobs', now: noon('2026-01-10'), timeZone: t.config.timeZone };
    const organisationId = (await firstOrganisationOf(t.database.db, first.user.id))!;
    await runAsSystem(t.database.db, system, postRentDue, { organisationId });
    expect(await entriesOf([mine.id, theirs.id])).toEqual([
      { leaseId: mine.id, category: 'rent', period: '2026-01', amount: 100_000 },
    ]);
  });

  it("posts a large organisation's rent in steps, then its fees, each once", async () => {
    const today = new Date('2026-03-20T17:00:00Z');
    const landlordId = await insertUser(
      t.database.db,
      { userName: 'steps.landlord', password: 'tidy-lantern-orchard-42', roles: ['Landlord'] },
      { email: null, phone: null },
    );
    await seedPortfolio(t.database.db, landlordId, {
      properties: 6,
      unitsPerProperty: 100,
      rentedShare: 1,
      today,
    });
    const organisationId = (await firstOrganisationOf(t.database.db, landlordId))!;
    const mine = sql`select l.id from leases l join units u on u.id = l.unit_id
      join properties p on p.id = u.property_id where p.organisation_id = ${organisationId}`;
    await t.database.db.execute(
      sql`update leases set late_fee_kind = 'flat', late_fee_amount = 3000, late_fee_grace_days = 0,
            late_fee_since = '2026-02-01' where id in (${mine})`,
    );
    const count = async (query: ReturnType<typeof sql>) =>
      Number(
        ((await t.database.db.execute(query)) as unknown as { rows: { n: unknown }[] }).rows[0]!.n,
      );
    const leases = await count(sql`select count(*) as n from (${mine}) m`);
    expect(leases).toBeGreaterThan(LEASES_PER_STEP);

    const hour = noon('2026-03-20');
    // As the runner's polls do: each run takes at most its batch of jobs (the fees' notices too).
    while ((await t.app.jobs.runDueJobs(hour)).done > 0);

    // Rent steps (the last one with the first fees), then the fees of the rest, all done.
    const steps = (await chainJobs())
      .map(({ payload, status }) => ({
        ...(payload as { organisationId: number; phase: string }),
        status,
      }))
      .filter((step) => step.organisationId === organisationId);
    const perStep = leasesPerStepOn(t.database.kind);
    const charged = await count(
      sql`select count(distinct lease_id) as n from ledger_entries
          where lease_id in (${mine}) and category = 'late_fee'`,
    );
    expect(charged).toBeGreaterThan(perStep);
    expect(steps.map((step) => step.phase)).toEqual([
      ...Array<string>(Math.floor(leases / perStep) + 1).fill('rent'),
      ...Array<string>(Math.floor(charged / perStep)).fill('fees'),
    ]);
    expect(steps.every((step) => step.status === 'done')).toBe(true);
    // Every rent period due is in: a posting run now finds nothing missing.
    const system = { name: 'jobs', now: hour, timeZone: t.config.timeZone };
    expect(await runAsSystem(t.database.db, system, postRentDue, { organisationId })).toBe(0);
    // Each period since the rule and past its late day (nothing paid) has its fee, once.
    const rent = await count(
      sql`select count(*) as n from ledger_entries where lease_id in (${mine}) and category = 'rent'
            and entry_date >= '2026-02-01' and entry_date < '2026-03-20'`,
    );
    expect(rent).toBeGreaterThan(LEASES_PER_STEP);
    const fees = await count(
      sql`select count(*) as n from ledger_entries f where f.lease_id in (${mine})
            and f.category = 'late_fee' and exists (select 1 from ledger_entries r
              where r.lease_id = f.lease_id and r.category = 'rent' and r.period = f.period)`,
    );
    expect(fees).toBe(rent);
    const feeEvents = await count(
      sql`select count(*) as n from audit_events where action = 'ledger.late_fee'
            and entity_id in (${mine})`,
    );
    expect(feeEvents).toBe(fees);
  }, 180_000); // 600 units seeded and a few hundred jobs run: slower than the default

  it('fails a chain job whose payload names no organisation, and charges nothing', async () => {
    const hour = noon('2026-01-20');
    await t.app.jobs.enqueue({
      kind: RENT_AND_FEES_JOB,
      key: 'no-landlord',
      payload: {},
      runAt: hour,
    });
    const summary = await t.app.jobs.runDueJobs(hour);
    expect(summary.retried + summary.failed).toBeGreaterThanOrEqual(1);
    const [job] = await t.database.db
      .select({ lastError: jobsTable.lastError })
      .from(jobsTable)
      .where(eq(jobsTable.key, 'no-landlord'));
    expect(job!.lastError).toMatch(/organisationId/);
  });
});
