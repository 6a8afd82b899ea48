import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DepositRegisterItem, LeaseDeposit } from '../../../shared/schemas/deposits';
import type { Ledger } from '../../../shared/schemas/ledger';
import {
  createLease,
  createPropertyWithUnits,
  MID_MARCH_NOON,
  signUpAll,
} from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { ledgerEntriesTable } from '../ledger';
import { depositSettlementsTable, depositTransactionsTable } from './deposits.table';

describe('the deposit register', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin] = await signUpAll(t, ['Landlord', 'Landlord', 'Admin']);
  });
  afterAll(() => t.close());

  const newLease = async (owner: TestUser, deposit = 1500) =>
    (await createLease(owner, { deposit })).id;

  const receive = (user: TestUser, leaseId: number, amount: number, date = '2026-01-05') =>
    user.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/deposit/receipts`,
      payload: { amount, date },
    });

  const settle = (user: TestUser, leaseId: number, body: Record<string, unknown>) =>
    user.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/deposit/settlement`,
      payload: { date: '2026-03-14', deductions: [], applyToOpenCharges: false, ...body },
    });

  const deposit = async (user: TestUser, leaseId: number) => {
    const response = await user.request({ method: 'GET', url: `/api/leases/${leaseId}/deposit` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LeaseDeposit;
  };

  const ledger = async (leaseId: number) => {
    const response = await landlord.request({
      method: 'GET',
      url: `/api/leases/${leaseId}/ledger`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as Ledger;
  };

  const rowCounts = async () => ({
    transactions: (await t.database.db.select({ n: count() }).from(depositTransactionsTable))[0]!.n,
    settlements: (await t.database.db.select({ n: count() }).from(depositSettlementsTable))[0]!.n,
    entries: (await t.database.db.select({ n: count() }).from(ledgerEntriesTable))[0]!.n,
  });

  it('records receipts up to the agreed deposit and says what is held', async () => {
    const leaseId = await newLease(landlord);
    const first = await receive(landlord, leaseId, 1000.5);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({
      leaseId,
      agreed: 1500,
      received: 1000.5,
      held: 1000.5,
      outstanding: 499.5,
      settlement: null,
      transactions: [{ kind: 'received', amount: 1000.5, date: '2026-01-05' }],
    });

    const before = await rowCounts();
    const over = await receive(landlord, leaseId, 499.51);
    expect(over.statusCode).toBe(400);
    expect(over.json().errors.amount[0]).toMatch(/\$499\.50 still to receive/);
    expect((await receive(landlord, leaseId, 499.5)).json()).toMatchObject({
      held: 1500,
      outstanding: 0,
    });
    const full = await receive(landlord, leaseId, 1);
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe('The agreed deposit has been received in full');
    expect((await rowCounts()).transactions).toBe(before.transactions + 1);
  });

  it('refuses bad amounts and dates with a 400, storing nothing', async () => {
    const leaseId = await newLease(landlord);
    const before = await rowCounts();
    for (const amount of [0, -5, 0.1 + 0.2, 1.005, 10_000_000_000]) {
      expect((await receive(landlord, leaseId, amount)).statusCode, String(amount)).toBe(400);
    }
    const future = await receive(landlord, leaseId, 10, '2026-03-16');
    expect(future.statusCode).toBe(400);
    expect(future.json().errors.date).toEqual(['Date cannot be in the future']);
    for (const body of [
      { date: '2026-03-16' },
      { date: 'yesterday' },
      { applyToOpenCharges: 'yes' },
      { deductions: [{ description: 'Paint', amount: 0 }] },
      { deductions: [{ description: '', amount: 10 }] },
      { deductions: [{ description: 'Paint', amount: 10.001 }] },
      { deductions: [{ description: 'Paint', amount: 10, category: 'rent' }] },
    ]) {
      expect((await settle(landlord, leaseId, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('settles once: deductions charged and paid from the deposit, open charges applied, the rest returned', async () => {
    const leaseId = await newLease(landlord);
    expect((await receive(landlord, leaseId, 1500)).statusCode).toBe(201);
    await t.app.jobs.enqueue({ kind: 'ledger.post-rent', key: 'deposit-rent', runAt: t.clock.now });
    await t.app.jobs.runDueJobs(t.clock.now);
    // Three rent periods posted (Jan, Feb, Mar); all but 400 paid.
    const paid = await landlord.request({
      method: 'POST',
      url: `/api/leases/${leaseId}/ledger/payments`,
      payload: {
        amount: 2600,
        entryDate: '2026-03-10',
        method: 'cash',
        idempotencyKey: 'dep-pay-1',
      },
    });
    expect(paid.statusCode, paid.body).toBe(201);

    const response = await settle(landlord, leaseId, {
      deductions: [
        { description: 'Broken window', amount: 250.25, category: 'damages' },
        { description: 'Cleaning', amount: 100, category: 'other' },
      ],
      applyToOpenCharges: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    const settled = response.json() as LeaseDeposit;
    expect(settled).toMatchObject({
      held: 0,
      received: 1500,
      settlement: {
        date: '2026-03-14',
        deducted: 350.25,
        applied: 400,
        returned: 749.75,
        unpaidDeductions: 0,
      },
    });
    expect(settled.transactions.map((x) => [x.kind, x.amount, x.description])).toEqual([
      ['received', 1500, null],
      ['deducted', 250.25, 'Broken window'],
      ['deducted', 100, 'Cleaning'],
      ['applied', 400, 'Open charges at move-out'],
      ['returned', 749.75, 'Returned to tenant'],
    ]);

    // The ledger agrees: the deductions are charges, what the deposit paid are credits.
    const after = await ledger(leaseId);
    expect(after.balance).toBe(0);
    const fromDeposit = after.entries.filter((e) => e.description === 'Paid from deposit');
    expect(fromDeposit.map((e) => [e.kind, e.amount])).toEqual([
      ['credit', 250.25],
      ['credit', 100],
      ['credit', 400],
    ]);
    expect(
      after.entries
        .filter((e) => e.category === 'damages' || e.category === 'other')
        .map((e) => [e.category, e.amount, e.description]),
    ).toEqual([
      ['damages', 250.25, 'Broken window'],
      ['other', 100, 'Cleaning'],
    ]);
    const paidOut = settled.transactions.filter((x) => x.ledgerEntryId !== null);
    expect(paidOut.map((x) => x.ledgerEntryId)).toEqual(fromDeposit.map((e) => e.id));

    // Once only, and nothing is received after it.
    const before = await rowCounts();
    const again = await settle(landlord, leaseId, { applyToOpenCharges: false });
    expect(again.statusCode).toBe(409);
    expect((await receive(landlord, leaseId, 1)).statusCode).toBe(409);
    expect(await rowCounts()).toEqual(before);

    const events = await t.database.db
      .select({ action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(
        sql`${auditEventsTable.entityId} = ${leaseId} and ${auditEventsTable.action} like 'deposit.%'`,
      )
      .orderBy(auditEventsTable.id);
    expect(events.map((e) => e.action)).toEqual(['deposit.receipt', 'deposit.settlement']);
  });

  it('leaves deductions beyond what is held owing on the ledger', async () => {
    const leaseId = await newLease(landlord);
    await receive(landlord, leaseId, 300);
    const response = await settle(landlord, leaseId, {
      deductions: [{ description: 'New carpet', amount: 500 }],
      applyToOpenCharges: true,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      held: 0,
      settlement: { deducted: 300, applied: 0, returned: 0, unpaidDeductions: 200 },
    });
    expect((await ledger(leaseId)).balance).toBe(200);
  });

  it('lets two settlements race and keeps one', async () => {
    const leaseId = await newLease(landlord);
    await receive(landlord, leaseId, 800);
    const before = await rowCounts();
    const answers = await Promise.all([
      settle(landlord, leaseId, { applyToOpenCharges: false }),
      settle(landlord, leaseId, { applyToOpenCharges: false }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect((await rowCounts()).transactions).toBe(before.transactions + 1);
    expect((await deposit(landlord, leaseId)).transactions.at(-1)).toMatchObject({
      kind: 'returned',
      amount: 800,
    });
  });

  it("answers 404 for another landlord's lease and changes nothing; an Admin may act", async () => {
    const leaseId = await newLease(landlord);
    await receive(landlord, leaseId, 100);
    const before = await rowCounts();
    for (const response of [
      await other.request({ method: 'GET', url: `/api/leases/${leaseId}/deposit` }),
      await receive(other, leaseId, 10),
      await settle(other, leaseId, { applyToOpenCharges: true }),
    ]) {
      expect(response.statusCode).toBe(404);
    }
    expect(await rowCounts()).toEqual(before);
    expect((await receive(admin, leaseId, 10)).statusCode).toBe(201);
    expect((await deposit(admin, leaseId)).held).toBe(110);
  });

  it('lists the register in the caller’s scope, paged, with agreed and held', async () => {
    const mine = await newLease(landlord, 1200);
    await receive(landlord, mine, 1000);
    const theirs = await newLease(other, 900);

    const page = await landlord.request({ method: 'GET', url: '/api/deposits?limit=100' });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json() as DepositRegisterItem[];
    expect(rows.some((r) => r.leaseId === theirs)).toBe(false);
    expect(rows.find((r) => r.leaseId === mine)).toMatchObject({
      agreed: 1200,
      received: 1000,
      held: 1000,
      settledOn: null,
      leaseStatus: 'Active',
    });
    expect(Number(page.headers['x-total-count'])).toBe(rows.length);

    const sorted = await landlord.request({
      method: 'GET',
      url: '/api/deposits?sort=held&order=desc&limit=1',
    });
    expect((sorted.json() as DepositRegisterItem[])[0]!.held).toBe(
      Math.max(...rows.map((r) => r.held)),
    );
    expect(sorted.headers.link).toMatch(/offset=1/);

    const all = (await admin.request({ method: 'GET', url: '/api/deposits?limit=100' })).json();
    expect((all as DepositRegisterItem[]).some((r) => r.leaseId === theirs)).toBe(true);

    const { propertyId } = await createPropertyWithUnits(other);
    const foreign = await landlord.request({
      method: 'GET',
      url: `/api/deposits?propertyId=${propertyId}`,
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses in the database to change or delete a deposit record, and a lease with one is not deleted', async () => {
    const leaseId = await newLease(landlord);
    await receive(landlord, leaseId, 10);
    const [row] = await t.database.db
      .select()
      .from(depositTransactionsTable)
      .where(eq(depositTransactionsTable.leaseId, leaseId));
    await expect(
      t.database.db.execute(sql`update deposit_transactions set amount = 1 where id = ${row!.id}`),
    ).rejects.toThrow();
    await expect(
      t.database.db.execute(sql`delete from deposit_transactions where id = ${row!.id}`),
    ).rejects.toThrow();
    const removed = await landlord.request({ method: 'DELETE', url: `/api/leases/${leaseId}` });
    expect(removed.statusCode).toBe(409);
  });
});
