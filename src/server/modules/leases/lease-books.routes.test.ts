import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PostingPreview } from '../../../shared/schemas/lease-books';
import type { Lease } from '../../../shared/schemas/leases';
import type { Ledger } from '../../../shared/schemas/ledger';
import { createTenant, leaseBody, MID_MARCH_NOON, posted, signUpAll } from '../../test/fixtures';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';

/** docs/product.md section 28: a lease's books from the first day. Today is 2026-03-15. */
describe("a lease's books", () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenantUser: TestUser;
  let worker: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, tenantUser, worker] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Tenant',
      'Maintenance',
    ]);
  });
  afterAll(() => t.close());

  let rentRuns = 0;
  /** The hourly rent job, run now; the landlords log in again (the run sweeps idle sessions). */
  async function postRent() {
    await t.app.jobs.enqueue({
      kind: 'ledger.post-rent',
      key: `books-${++rentRuns}`,
      runAt: t.clock.now,
    });
    await t.app.jobs.runDueJobs(t.clock.now);
    landlord = await login(t, landlord.user.userName, landlord.password);
    other = await login(t, other.user.userName, other.password);
    tenantUser = await login(t, tenantUser.user.userName, tenantUser.password);
    worker = await login(t, worker.user.userName, worker.password);
  }

  const preview = (user: TestUser, payload: object) =>
    user.request({ method: 'POST', url: '/api/leases/posting-preview', payload });

  const ledger = async (leaseId: number) => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/ledger`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Ledger;
  };

  const events = (leaseId: number, action: string) =>
    t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityType, 'leases'),
          eq(auditEventsTable.entityId, leaseId),
          eq(auditEventsTable.action, action),
        ),
      )
      .orderBy(asc(auditEventsTable.id));

  async function newLease(overrides: Record<string, unknown> = {}, owner = landlord) {
    const tenant = await createTenant(owner);
    return posted<Lease>(owner, '/api/leases', leaseBody(tenant.id, overrides));
  }

  describe('an existing lease starts where the books are', () => {
    it('charges only from the first rent to charge, after one opening entry of what was owed', async () => {
      const terms = {
        startDate: '2025-06-10',
        endDate: '2026-06-09',
        rent: 1000,
        rentChargedFrom: '2026-02-10',
        openingBalance: 250.5,
      };
      const shown = await preview(landlord, terms);
      expect(shown.statusCode, shown.body).toBe(200);
      const plan = shown.json() as PostingPreview;
      expect(plan.post.periods.map((p) => p.dueDate)).toEqual(['2026-02-10', '2026-03-10']);
      expect(plan).toMatchObject({
        post: { count: 2, total: 2000 },
        reverse: { count: 0, total: 0 },
        opening: { kind: 'charge', amount: 250.5, entryDate: '2026-02-10' },
        firstChargedDate: '2026-02-10',
        needsConfirmation: false,
      });

      const lease = await newLease(terms);
      expect(lease.rentChargedFrom).toBe('2026-02-10');
      await postRent();
      const { entries, balance } = await ledger(lease.id);
      expect(entries.map((e) => [e.kind, e.category, e.entryDate, e.amount])).toEqual([
        ['charge', 'opening_balance', '2026-02-10', 250.5],
        ['charge', 'rent', '2026-02-10', 1000],
        ['charge', 'rent', '2026-03-10', 1000],
      ]);
      expect(balance).toBe(2250.5);
      expect(await events(lease.id, 'ledger.charge')).toHaveLength(1);
    });

    it('records a balance in credit as one credit', async () => {
      const lease = await newLease({
        startDate: '2025-01-05',
        endDate: '2026-12-31',
        rentChargedFrom: '2026-03-05',
        openingBalance: -80,
      });
      const { entries, balance } = await ledger(lease.id);
      expect(entries.map((e) => [e.kind, e.category, e.entryDate, e.amount])).toEqual([
        ['credit', 'opening_balance', '2026-03-05', 80],
      ]);
      expect(balance).toBe(-80);
    });

    it('refuses a first rent to charge before the start, changing nothing', async () => {
      const tenant = await createTenant(landlord);
      const before = await fingerprint(t);
      const response = await landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: leaseBody(tenant.id, { rentChargedFrom: '2025-12-31' }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().errors.rentChargedFrom).toEqual([
        'The first rent to charge cannot be before the start date',
      ]);
      expect(await fingerprint(t)).toEqual(before);
    });
  });

  describe('more than a year of past rent needs a confirmation', () => {
    const longAgo = { startDate: '2024-01-10', endDate: '2026-12-31', rent: 1000 };

    it('previews 27 periods and refuses to save them unconfirmed, changing nothing', async () => {
      const plan = (await preview(landlord, longAgo)).json() as PostingPreview;
      expect(plan).toMatchObject({ post: { count: 27, total: 27000 }, needsConfirmation: true });

      const tenant = await createTenant(landlord);
      const before = await fingerprint(t);
      const refused = await landlord.request({
        method: 'POST',
        url: '/api/leases',
        payload: leaseBody(tenant.id, longAgo),
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().message).toMatch(
        /^This will post 27 charges totalling \$27,000\.00, back to Jan 10, 2024\./,
      );
      expect(await fingerprint(t)).toEqual(before);

      const saved = await posted<Lease>(landlord, '/api/leases', {
        ...leaseBody(tenant.id, longAgo),
        confirmBackPosting: true,
      });
      await postRent();
      expect((await ledger(saved.id)).entries).toHaveLength(27);
    });

    it('twelve periods need no confirmation', async () => {
      const lease = await newLease({ startDate: '2025-04-10' });
      const plan = (
        await preview(landlord, { ...longAgo, startDate: '2025-04-10' })
      ).json() as PostingPreview;
      expect(plan).toMatchObject({ post: { count: 12 }, needsConfirmation: false });
      expect(lease.startDate).toBe('2025-04-10');
    });
  });

  describe('changing the dates', () => {
    it('reverses the periods an earlier end no longer covers, as one step, and never posts them twice', async () => {
      const lease = await newLease();
      await postRent();
      const edit = { ...leaseBody(lease.tenantId), endDate: '2026-02-20' };
      const plan = (
        await preview(landlord, { ...edit, leaseId: lease.id })
      ).json() as PostingPreview;
      expect(plan).toMatchObject({
        post: { count: 0 },
        reverse: { count: 1, total: 1000, entries: [{ period: '2026-03', amount: 1000 }] },
      });

      const response = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: edit,
      });
      expect(response.statusCode, response.body).toBe(200);
      const after = await ledger(lease.id);
      expect(after.balance).toBe(2000);
      const march = after.entries.find((e) => e.period === '2026-03' && e.kind === 'charge')!;
      expect(march.reversedById).not.toBeNull();
      const [rebooked] = await events(lease.id, 'ledger.rebook');
      expect(rebooked?.after).toMatchObject({ posted: 0, reversed: 1, reversedAmount: 1000 });

      // Moved back: March is covered again, but a period once posted is not posted twice.
      const back = (
        await preview(landlord, { ...leaseBody(lease.tenantId), leaseId: lease.id })
      ).json() as PostingPreview;
      expect(back).toMatchObject({
        post: { count: 0 },
        reverse: { count: 0 },
        notReposted: ['2026-03'],
      });
    });

    it('posts the periods a start moved earlier brings, in the save', async () => {
      const lease = await newLease();
      await postRent();
      const edit = { ...leaseBody(lease.tenantId), startDate: '2025-11-10' };
      const plan = (
        await preview(landlord, { ...edit, leaseId: lease.id })
      ).json() as PostingPreview;
      expect(plan.post.periods.map((p) => p.period)).toEqual(['2025-11', '2025-12']);
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: edit,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect((await ledger(lease.id)).balance).toBe(5000);
      expect(await events(lease.id, 'ledger.rebook')).toHaveLength(1);
    });

    it('reverses the periods before a first rent to charge moved later', async () => {
      const lease = await newLease();
      await postRent();
      const edit = { ...leaseBody(lease.tenantId), rentChargedFrom: '2026-03-01' };
      const response = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: edit,
      });
      expect(response.statusCode, response.body).toBe(200);
      const { balance, entries } = await ledger(lease.id);
      expect(balance).toBe(1000);
      expect(entries.filter((e) => e.kind === 'reversal').map((e) => e.period)).toEqual([
        '2026-01',
        '2026-02',
      ]);
    });

    it('refuses a start moved two years back unconfirmed, changing nothing', async () => {
      const lease = await newLease();
      await postRent();
      const edit = { ...leaseBody(lease.tenantId), startDate: '2024-01-10' };
      const before = await fingerprint(t);
      const refused = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: edit,
      });
      expect(refused.statusCode, refused.body).toBe(422);
      expect(await fingerprint(t)).toEqual(before);
      const confirmed = await landlord.request({
        method: 'PUT',
        url: `/api/leases/${lease.id}`,
        payload: { ...edit, confirmBackPosting: true },
      });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect((await ledger(lease.id)).entries).toHaveLength(27);
    });
  });

  describe('voiding a lease entered by mistake', () => {
    it('reverses every standing entry, payments too, and the lease never runs', async () => {
      const lease = await newLease();
      await postRent();
      await posted(landlord, `/api/leases/${lease.id}/ledger/payments`, {
        amount: 1000,
        entryDate: '2026-03-01',
        method: 'check',
        idempotencyKey: 'void-pay-0001',
      });
      const voided = await landlord.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/void`,
        payload: { reason: 'Entered for the wrong tenant' },
      });
      expect(voided.statusCode, voided.body).toBe(200);
      expect(voided.json()).toMatchObject({
        status: 'Terminated',
        endedOn: null,
        endReason: 'Entered for the wrong tenant',
        state: 'ended_early',
      });
      const { balance, entries } = await ledger(lease.id);
      expect(balance).toBe(0);
      expect(entries.filter((e) => e.kind === 'reversal')).toHaveLength(4);
      expect(entries.filter((e) => e.kind !== 'reversal').every((e) => e.reversedById)).toBe(true);
      const [event] = await events(lease.id, 'void');
      expect(event?.after).toMatchObject({ entriesReversed: 4, amountReversed: 2000 });
      expect(await events(lease.id, 'ledger.reversal')).toHaveLength(4);

      // Never charged again.
      t.clock.now = new Date('2026-04-20T16:00:00Z');
      await postRent();
      t.clock.now = MID_MARCH_NOON;
      expect((await ledger(lease.id)).entries).toHaveLength(8);

      const again = await landlord.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/void`,
        payload: { reason: 'Twice' },
      });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe('This lease is already void');
    });

    it('frees the unit: a tenant left with no lease that runs is archived, one with another lease stays', async () => {
      const unitOf = async (tenantId: number) => {
        const tenant = (
          await landlord.request({ method: 'GET', url: `/api/tenants/${tenantId}` })
        ).json() as { unitId: number; movedOutOn: string | null };
        const unit = (
          await landlord.request({ method: 'GET', url: `/api/units/${tenant.unitId}` })
        ).json() as { status: string };
        return { movedOutOn: tenant.movedOutOn, unitStatus: unit.status };
      };
      const voidLease = async (leaseId: number, reason: string) => {
        const response = await landlord.request({
          method: 'POST',
          url: `/api/leases/${leaseId}/void`,
          payload: { reason },
        });
        expect(response.statusCode, response.body).toBe(200);
      };
      const mistaken = await createTenant(landlord);
      const only = await posted<Lease>(landlord, '/api/leases', leaseBody(mistaken.id));
      expect(await unitOf(mistaken.id)).toEqual({ movedOutOn: null, unitStatus: 'Rented' });
      await voidLease(only.id, 'Wrong unit');
      expect(await unitOf(mistaken.id)).toEqual({
        movedOutOn: '2026-03-15',
        unitStatus: 'Available',
      });
      const [archived] = await t.database.db
        .select()
        .from(auditEventsTable)
        .where(
          and(
            eq(auditEventsTable.entityType, 'tenants'),
            eq(auditEventsTable.entityId, mistaken.id),
            eq(auditEventsTable.action, 'move-out'),
          ),
        );
      expect(archived).toBeDefined();

      // A renewal entered by mistake: the tenant keeps the lease they have, and the unit.
      const staying = await createTenant(landlord);
      const current = await posted<Lease>(landlord, '/api/leases', leaseBody(staying.id));
      const renewal = await posted<Lease>(
        landlord,
        '/api/leases',
        leaseBody(staying.id, {
          startDate: '2027-01-01',
          endDate: '2027-12-31',
        }),
      );
      await voidLease(renewal.id, 'Not agreed yet');
      expect(await unitOf(staying.id)).toEqual({ movedOutOn: null, unitStatus: 'Rented' });
      expect(current.id).not.toBe(renewal.id);
    });

    it('refuses a lease with deposit records, and a missing reason, changing nothing', async () => {
      const lease = await newLease();
      await postRent();
      let before = await fingerprint(t);
      const noReason = await landlord.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/void`,
        payload: { reason: '  ' },
      });
      expect(noReason.statusCode).toBe(400);
      expect(await fingerprint(t)).toEqual(before);

      await posted(landlord, `/api/leases/${lease.id}/deposit/receipts`, {
        amount: 500,
        date: '2026-01-10',
      });
      before = await fingerprint(t);
      const refused = await landlord.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/void`,
        payload: { reason: 'Mistake' },
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/deposit records/);
      expect(await fingerprint(t)).toEqual(before);
    });
  });

  describe('who may', () => {
    it('refuses a tenant, a worker and another landlord, changing nothing', async () => {
      const lease = await newLease();
      await postRent();
      const before = await fingerprint(t);
      for (const user of [tenantUser, worker]) {
        const shown = await preview(user, { ...leaseBody(lease.tenantId), leaseId: lease.id });
        expect(shown.statusCode).toBe(403);
        const voided = await user.request({
          method: 'POST',
          url: `/api/leases/${lease.id}/void`,
          payload: { reason: 'Not mine' },
        });
        expect(voided.statusCode).toBe(403);
      }
      const shown = await preview(other, { ...leaseBody(lease.tenantId), leaseId: lease.id });
      expect(shown.statusCode).toBe(404);
      const voided = await other.request({
        method: 'POST',
        url: `/api/leases/${lease.id}/void`,
        payload: { reason: 'Not mine' },
      });
      expect(voided.statusCode).toBe(404);
      expect(await fingerprint(t)).toEqual(before);
    });
  });
});
