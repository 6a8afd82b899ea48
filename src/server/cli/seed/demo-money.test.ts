import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../shared/schemas/audit';
import type { DepositRegisterItem, LeaseDeposit } from '../../../shared/schemas/deposits';
import type { Lease } from '../../../shared/schemas/leases';
import type { Ledger } from '../../../shared/schemas/ledger';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './generate';

describe('seed --demo: money', () => {
  let t: TestApp;
  let alice: TestUser;
  const today = new Date('2026-06-20T12:00:00Z');

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = today;
    expect((await seedDemo(t.database.db, t.config.timeZone, today)).created).toBe(true);
    alice = await login(t, 'alice.landlord', DEMO_PASSWORD);
  });
  afterAll(() => t.close());

  const get = async <T>(url: string): Promise<T> => {
    const response = await alice.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it('gives every current lease rent history and a deposit held, and one tenant arrears with a late fee', async () => {
    // Current leases: a signed renewal that has not started yet has no history.
    const leases = (await get<Lease[]>('/api/leases?status=Active')).filter(
      (lease) => lease.state !== 'upcoming',
    );
    expect(leases.length).toBeGreaterThan(2);
    const ledgers = await Promise.all(
      leases.map((lease) => get<Ledger>(`/api/leases/${lease.id}/ledger`)),
    );
    for (const ledger of ledgers) {
      expect(ledger.entries.some((e) => e.category === 'rent')).toBe(true);
    }
    expect(ledgers.some((l) => l.entries.some((e) => e.kind === 'payment'))).toBe(true);
    const inArrears = ledgers.filter((l) => l.entries.some((e) => e.category === 'late_fee'));
    expect(inArrears).toHaveLength(1);
    const lease = leases.find((l) => l.id === inArrears[0]!.leaseId)!;
    expect(lease.lateFeeKind).toBe('flat');
    expect(inArrears[0]!.balance).toBeGreaterThan(lease.rent);

    // The product posted the rent and the fees, as its rent job does: each has its audit event,
    // by the system, one per entry.
    const history = await get<HistoryEvent[]>(`/api/leases/${lease.id}/history`);
    const postedBy = (action: string) =>
      history.filter((event) => event.action === action).map((event) => event.actor);
    const count = (category: string) =>
      inArrears[0]!.entries.filter((e) => e.category === category).length;
    expect(postedBy('ledger.rent')).toHaveLength(count('rent'));
    expect(postedBy('ledger.late_fee')).toHaveLength(count('late_fee'));
    expect(
      [...postedBy('ledger.rent'), ...postedBy('ledger.late_fee')].every(
        (actor) => actor.kind === 'system' && actor.name === 'seed-demo',
      ),
    ).toBe(true);

    for (const lease of leases) {
      const deposit = await get<LeaseDeposit>(`/api/leases/${lease.id}/deposit`);
      expect(deposit.held).toBe(lease.deposit);
    }
    const register = await get<DepositRegisterItem[]>('/api/deposits?status=Active');
    // The renewal agrees the same deposit; the money stays held on the lease it was paid on.
    const current = new Set(leases.map((lease) => lease.id));
    const held = register.filter((row) => current.has(row.leaseId));
    expect(held).toHaveLength(leases.length);
    expect(held.every((row) => row.held === row.agreed)).toBe(true);

    // The jobs carry on from the seeded history: nothing is posted twice.
    const before = ledgers.reduce((n, l) => n + l.entries.length, 0);
    await t.app.jobs.runDueJobs(today);
    alice = await login(t, 'alice.landlord', DEMO_PASSWORD);
    const after = await Promise.all(
      leases.map((lease) => get<Ledger>(`/api/leases/${lease.id}/ledger`)),
    );
    expect(after.reduce((n, l) => n + l.entries.length, 0)).toBe(before);
  });
});
