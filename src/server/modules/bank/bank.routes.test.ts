import { readFileSync } from 'node:fs';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  BankAccount,
  BankLine,
  Reconciliation,
  StatementImport,
  StatementPreview,
} from '../../../shared/schemas/bank';
import type { Ledger } from '../../../shared/schemas/ledger';
import { createLease, MID_MARCH_NOON, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { expensesTable } from '../expenses';
import { leasesTable } from '../leases';
import { unitsTable } from '../units';
import { bankAccountsTable, bankLineRejectionsTable, bankLinesTable } from './bank.table';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const SIGNED_MAPPING = {
  date: 'Posting Date',
  dateFormat: 'MM/DD/YYYY',
  amountStyle: 'signed',
  amount: 'Amount',
  debit: null,
  credit: null,
  description: 'Description',
  reference: null,
  balance: 'Balance',
};

describe("the landlord's bank", () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
  });
  afterAll(() => t.close());

  const newAccount = (owner: TestUser, openingBalance = 5000) =>
    posted<BankAccount>(owner, '/api/bank-accounts', {
      name: 'Operating account',
      last4: '4321',
      openingBalance,
      openingDate: '2026-03-01',
    });

  const importFile = (owner: TestUser, accountId: number, content: string, mapping?: object) =>
    owner.request({
      method: 'POST',
      url: `/api/bank-accounts/${accountId}/statements`,
      payload: { fileName: 'statement.csv', content, mapping },
    });

  const lines = async (owner: TestUser, accountId: number, query = '') => {
    const response = await owner.request({
      method: 'GET',
      url: `/api/bank-accounts/${accountId}/lines${query}`,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as BankLine[];
  };

  const lineOf = async (owner: TestUser, accountId: number, amount: number) =>
    (await lines(owner, accountId)).find((line) => line.amount === amount)!;

  const recordPayment = async (leaseId: number, amount: number, entryDate: string) => {
    const ledger = await posted<Ledger>(landlord, `/api/leases/${leaseId}/ledger/payments`, {
      amount,
      entryDate,
      method: 'bank_transfer',
      idempotencyKey: `pay-${leaseId}-${amount}-${entryDate}`,
    });
    return ledger.entries.at(-1)!.id;
  };

  const propertyOfLease = async (leaseId: number) => {
    const [row] = await t.database.db
      .select({ propertyId: unitsTable.propertyId })
      .from(leasesTable)
      .innerJoin(unitsTable, eq(unitsTable.id, leasesTable.unitId))
      .where(eq(leasesTable.id, leaseId));
    return row!.propertyId;
  };

  const addExpense = async (
    propertyId: number,
    amount: number,
    dates: { expenseDate: string; paidOn?: string | null; dueDate?: string | null },
  ) =>
    (
      await posted(landlord, '/api/expenses', {
        propertyId,
        category: 'repairs',
        amount,
        expenseDate: dates.expenseDate,
        paidOn: dates.paidOn ?? null,
        dueDate: dates.dueDate ?? null,
      })
    ).id;

  const lineCount = async () =>
    (await t.database.db.select({ n: count() }).from(bankLinesTable))[0]!.n;

  it('previews a CSV through a mapping, imports it, remembers the mapping, and adds nothing the second time', async () => {
    const account = await newAccount(landlord);
    const preview = await landlord.request({
      method: 'POST',
      url: `/api/bank-accounts/${account.id}/statements/preview`,
      payload: { content: fixture('signed-amounts.csv'), mapping: SIGNED_MAPPING },
    });
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json() as StatementPreview;
    expect(body).toMatchObject({
      format: 'csv',
      headers: ['Posting Date', 'Description', 'Amount', 'Balance'],
      errors: [],
      lineCount: 5,
      newCount: 5,
      alreadyThereCount: 0,
      balances: [{ month: '2026-03', amount: 5760.75 }],
    });
    expect(body.lines[0]).toMatchObject({
      postedOn: '2026-03-02',
      amount: 1200,
      alreadyThere: false,
    });
    expect(await lineCount()).toBe(0);

    const first = await importFile(
      landlord,
      account.id,
      fixture('signed-amounts.csv'),
      SIGNED_MAPPING,
    );
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ added: 5, alreadyThere: 0 });
    const saved = await lines(landlord, account.id);
    expect(saved.map((line) => line.amount)).toEqual([1200, -350, -4.5, -4.5, -80.25]);

    const remembered = await landlord.request({
      method: 'GET',
      url: `/api/bank-accounts/${account.id}`,
    });
    expect(remembered.json().csvMapping).toMatchObject({
      date: 'Posting Date',
      balance: 'Balance',
    });

    // The same file again, now read with the remembered mapping: nothing is added twice.
    const again = await importFile(landlord, account.id, fixture('signed-amounts.csv'));
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json() as StatementImport).toMatchObject({ added: 0, alreadyThere: 5 });
    expect(await lines(landlord, account.id)).toHaveLength(5);

    // One more line at the end of the same file: only it is new.
    const longer = `${fixture('signed-amounts.csv')}03/10/2026,COUNTY WATER,-12.00,"5,748.75"\n`;
    expect((await importFile(landlord, account.id, longer)).json()).toMatchObject({
      added: 1,
      alreadyThere: 5,
    });
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(eq(auditEventsTable.entityType, 'bank-accounts'));
    expect(events.map((e) => e.action)).toEqual([
      'create',
      'bank.import',
      'bank.import',
      'bank.import',
    ]);
  });

  it('imports an OFX statement by FITID, with its ledger balance, once', async () => {
    const account = await newAccount(landlord);
    const first = await importFile(landlord, account.id, fixture('statement.ofx'));
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toEqual({
      added: 3,
      alreadyThere: 0,
      balances: [{ month: '2026-03', amount: 2674.6, asOf: '2026-03-11' }],
    });
    expect((await importFile(landlord, account.id, fixture('statement.ofx'))).json()).toMatchObject(
      {
        added: 0,
        alreadyThere: 3,
      },
    );
    const reconciliation = await landlord.request({
      method: 'GET',
      url: `/api/bank-accounts/${account.id}/reconciliation?month=2026-03`,
    });
    expect(reconciliation.json().statementClosing).toEqual({
      amount: 2674.6,
      source: 'ofx',
      asOf: '2026-03-11',
    });
  });

  it('refuses a file with unreadable lines, saving nothing, and says which', async () => {
    const account = await newAccount(landlord);
    const before = await lineCount();
    const response = await importFile(
      landlord,
      account.id,
      'Posting Date,Description,Amount\n03/02/2026,Ok,10.00\n02/30/2026,Bad,5.00\n',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/line 3: "02\/30\/2026" is not a date/);
    expect(await lineCount()).toBe(before);
    const bad = await importFile(landlord, account.id, 'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1>');
    expect(bad.statusCode).toBe(400);
    expect(await lineCount()).toBe(before);
  });

  it('suggests payments and expenses of the same amount within five days; confirm, reject and unmatch', async () => {
    const lease = await createLease(landlord);
    const propertyId = await propertyOfLease(lease.id);
    const account = await newAccount(landlord);
    await importFile(landlord, account.id, fixture('signed-amounts.csv'), SIGNED_MAPPING);
    const payment = await recordPayment(lease.id, 1200, '2026-02-27');
    const plumber = await addExpense(propertyId, 350, {
      expenseDate: '2026-03-01',
      paidOn: '2026-03-04',
    });
    // Due in the window and unpaid: suggested by its due date.
    const water = await addExpense(propertyId, 80.25, {
      expenseDate: '2026-02-01',
      dueDate: '2026-03-08',
    });
    // The right amount, but eleven days away: never suggested.
    await addExpense(propertyId, 4.5, { expenseDate: '2026-02-23', paidOn: '2026-02-23' });

    const suggested = await lines(landlord, account.id);
    const byAmount = (amount: number) => suggested.find((line) => line.amount === amount)!;
    expect(byAmount(1200).suggestion).toMatchObject({
      kind: 'payment',
      id: payment,
      leaseId: lease.id,
    });
    expect(byAmount(-350).suggestion).toMatchObject({ kind: 'expense', id: plumber, amount: -350 });
    expect(byAmount(-80.25).suggestion).toMatchObject({ kind: 'expense', id: water, unpaid: true });
    expect(suggested.filter((line) => line.amount === -4.5).map((line) => line.suggestion)).toEqual(
      [null, null],
    );

    // Confirm: the line is matched, and neither side can be matched again.
    const rent = byAmount(1200);
    const confirmed = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${rent.id}/match`,
      payload: { kind: 'payment', recordId: payment },
    });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({
      match: { kind: 'payment', id: payment },
      suggestion: null,
    });
    const twice = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${rent.id}/match`,
      payload: { kind: 'payment', recordId: payment },
    });
    expect(twice.statusCode).toBe(409);
    const otherAccount = await newAccount(landlord);
    await importFile(landlord, otherAccount.id, fixture('signed-amounts.csv'), SIGNED_MAPPING);
    const sameRentElsewhere = await lineOf(landlord, otherAccount.id, 1200);
    expect(sameRentElsewhere.suggestion).toBeNull();
    const stolen = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${sameRentElsewhere.id}/match`,
      payload: { kind: 'payment', recordId: payment },
    });
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().message).toMatch(/already matched to another bank line/);

    // Amounts must agree.
    const wrong = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${byAmount(-350).id}/match`,
      payload: { kind: 'expense', recordId: water },
    });
    expect(wrong.statusCode).toBe(400);

    // Confirming the unpaid water bill marks it paid on the line's date.
    const waterLine = byAmount(-80.25);
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/bank-lines/${waterLine.id}/match`,
          payload: { kind: 'expense', recordId: water },
        })
      ).statusCode,
    ).toBe(200);
    const [paidWater] = await t.database.db
      .select()
      .from(expensesTable)
      .where(eq(expensesTable.id, water));
    expect(paidWater!.paidOn).toBe('2026-03-09');

    // Reject: the plumber is no longer suggested for that line.
    const plumberLine = byAmount(-350);
    const rejected = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${plumberLine.id}/rejections`,
      payload: { kind: 'expense', recordId: plumber },
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().suggestion).toBeNull();
    expect((await lineOf(landlord, account.id, -350)).suggestion).toBeNull();
    expect((await t.database.db.select().from(bankLineRejectionsTable)).length).toBe(1);

    // Unmatch: the line is open again and the payment suggested again.
    const unmatched = await landlord.request({
      method: 'DELETE',
      url: `/api/bank-lines/${rent.id}/match`,
    });
    expect(unmatched.statusCode, unmatched.body).toBe(200);
    expect(unmatched.json()).toMatchObject({ match: null, suggestion: { id: payment } });
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/bank-lines/${rent.id}/match` }))
        .statusCode,
    ).toBe(409);
    const actions = (
      await t.database.db
        .select()
        .from(auditEventsTable)
        .where(eq(auditEventsTable.entityId, account.id))
    )
      .filter((e) => e.entityType === 'bank-accounts')
      .map((e) => e.action);
    expect(actions).toEqual([
      'create',
      'bank.import',
      'bank.match',
      'bank.match',
      'bank.reject',
      'bank.unmatch',
    ]);
  });

  it('records an unmatched deposit as a payment on a chosen lease, through the ledger', async () => {
    const lease = await createLease(landlord);
    const account = await newAccount(landlord);
    await importFile(landlord, account.id, fixture('statement.ofx'));
    const deposit = await lineOf(landlord, account.id, 950);
    const response = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${deposit.id}/payment`,
      payload: { leaseId: lease.id },
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({
      match: { kind: 'payment', amount: 950, leaseId: lease.id },
    });
    const ledger = (
      await landlord.request({ method: 'GET', url: `/api/leases/${lease.id}/ledger` })
    ).json() as Ledger;
    expect(ledger.entries.filter((e) => e.kind === 'payment')).toMatchObject([
      { amount: 950, entryDate: '2026-03-03', method: 'bank_transfer' },
    ]);
    // Once matched, not again; a withdrawal is no payment; another landlord's lease is a 404.
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/bank-lines/${deposit.id}/payment`,
          payload: { leaseId: lease.id },
        })
      ).statusCode,
    ).toBe(409);
    const withdrawal = await lineOf(landlord, account.id, -75.4);
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/bank-lines/${withdrawal.id}/payment`,
          payload: { leaseId: lease.id },
        })
      ).statusCode,
    ).toBe(400);
    const othersLease = await createLease(other);
    const second = await newAccount(landlord);
    await importFile(landlord, second.id, fixture('signed-amounts.csv'), SIGNED_MAPPING);
    const rent = await lineOf(landlord, second.id, 1200);
    const refused = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${rent.id}/payment`,
      payload: { leaseId: othersLease.id },
    });
    expect(refused.statusCode).toBe(404);
    expect((await lineOf(landlord, second.id, 1200)).match).toBeNull();
  });

  it('records an unmatched withdrawal as a paid expense of a chosen property, matched to the line', async () => {
    const lease = await createLease(landlord);
    const propertyId = await propertyOfLease(lease.id);
    const account = await newAccount(landlord);
    await importFile(landlord, account.id, fixture('statement.ofx'));
    const electric = await lineOf(landlord, account.id, -75.4);
    const response = await landlord.request({
      method: 'POST',
      url: `/api/bank-lines/${electric.id}/expense`,
      payload: { propertyId, category: 'utilities' },
    });
    expect(response.statusCode, response.body).toBe(201);
    const line = response.json() as BankLine;
    expect(line.match).toMatchObject({ kind: 'expense', amount: -75.4, propertyId, unpaid: false });
    const [expense] = await t.database.db
      .select()
      .from(expensesTable)
      .where(eq(expensesTable.id, line.match!.id));
    expect(expense).toMatchObject({
      amount: 7540,
      category: 'utilities',
      expenseDate: '2026-03-05',
      paidOn: '2026-03-05',
      memo: 'CITY ELECTRIC',
    });
    // Money in is no expense; another landlord's property is a 404; bad input a 400; none writes.
    const before = (await t.database.db.select({ n: count() }).from(expensesTable))[0]!.n;
    const deposit = await lineOf(landlord, account.id, 950);
    const refusals = [
      [deposit.id, { propertyId, category: 'utilities' }, 400],
      [
        (await lineOf(landlord, account.id, -200)).id,
        {
          propertyId: await createLease(other).then((l) => propertyOfLease(l.id)),
          category: 'repairs',
        },
        404,
      ],
      [(await lineOf(landlord, account.id, -200)).id, { propertyId, category: 'rent' }, 400],
      [electric.id, { propertyId, category: 'utilities' }, 409],
    ] as const;
    for (const [lineId, payload, status] of refusals) {
      const refused = await landlord.request({
        method: 'POST',
        url: `/api/bank-lines/${lineId}/expense`,
        payload,
      });
      expect(refused.statusCode, refused.body).toBe(status);
    }
    expect((await t.database.db.select({ n: count() }).from(expensesTable))[0]!.n).toBe(before);
  });

  it('reconciles a month: the statement against the opening balance and the matched lines', async () => {
    const lease = await createLease(landlord);
    const propertyId = await propertyOfLease(lease.id);
    const account = await newAccount(landlord, 5000);
    await importFile(landlord, account.id, fixture('signed-amounts.csv'), SIGNED_MAPPING);
    const payment = await recordPayment(lease.id, 1200, '2026-03-02');
    const plumber = await addExpense(propertyId, 350, {
      expenseDate: '2026-03-04',
      paidOn: '2026-03-04',
    });
    const unrelated = await addExpense(propertyId, 99, {
      expenseDate: '2026-03-12',
      paidOn: '2026-03-12',
    });
    for (const [amount, kind, recordId] of [
      [1200, 'payment', payment],
      [-350, 'expense', plumber],
    ] as const) {
      const line = await lineOf(landlord, account.id, amount);
      const response = await landlord.request({
        method: 'POST',
        url: `/api/bank-lines/${line.id}/match`,
        payload: { kind, recordId },
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    const response = await landlord.request({
      method: 'GET',
      url: `/api/bank-accounts/${account.id}/reconciliation?month=2026-03`,
    });
    expect(response.statusCode, response.body).toBe(200);
    const month = response.json() as Reconciliation;
    expect(month).toMatchObject({
      month: '2026-03',
      openingBalance: 5000,
      matchedIn: 1200,
      matchedOut: -350,
      booksClosing: 5850,
      statementClosing: { amount: 5760.75, source: 'csv', asOf: '2026-03-09' },
      difference: -89.25,
      unmatchedLinesTotal: -89.25,
    });
    expect(month.unmatchedLines.map((line) => line.amount)).toEqual([-4.5, -4.5, -80.25]);
    expect(month.unmatchedRecords.map((r) => [r.kind, r.id])).toContainEqual([
      'expense',
      unrelated,
    ]);
    expect(month.unmatchedRecords.map((r) => r.id)).not.toContain(plumber);

    // A typed balance replaces the file's, and April starts from March's books.
    const typed = await landlord.request({
      method: 'POST',
      url: `/api/bank-accounts/${account.id}/balances`,
      payload: { month: '2026-03', closingBalance: 5850 },
    });
    expect(typed.statusCode, typed.body).toBe(200);
    expect(typed.json()).toMatchObject({ difference: 0, statementClosing: { source: 'typed' } });
    const april = await landlord.request({
      method: 'GET',
      url: `/api/bank-accounts/${account.id}/reconciliation?month=2026-04`,
    });
    expect(april.json()).toMatchObject({
      openingBalance: 5850,
      booksClosing: 5850,
      statementClosing: null,
    });
  });

  it("refuses another landlord everything about a landlord's bank, and writes nothing", async () => {
    const lease = await createLease(landlord);
    const account = await newAccount(landlord);
    await importFile(landlord, account.id, fixture('signed-amounts.csv'), SIGNED_MAPPING);
    const payment = await recordPayment(lease.id, 1200, '2026-03-01');
    const line = await lineOf(landlord, account.id, 1200);
    const accountsBefore = await t.database.db.select().from(bankAccountsTable);
    const linesBefore = await t.database.db.select().from(bankLinesTable);
    const calls = [
      { method: 'GET', url: `/api/bank-accounts/${account.id}` },
      {
        method: 'PUT',
        url: `/api/bank-accounts/${account.id}`,
        payload: { name: 'Mine', openingBalance: 0, openingDate: '2026-01-01' },
      },
      { method: 'GET', url: `/api/bank-accounts/${account.id}/lines` },
      { method: 'GET', url: `/api/bank-accounts/${account.id}/reconciliation?month=2026-03` },
      {
        method: 'POST',
        url: `/api/bank-accounts/${account.id}/statements/preview`,
        payload: { content: fixture('statement.ofx') },
      },
      {
        method: 'POST',
        url: `/api/bank-accounts/${account.id}/statements`,
        payload: { content: fixture('statement.ofx') },
      },
      {
        method: 'POST',
        url: `/api/bank-accounts/${account.id}/balances`,
        payload: { month: '2026-03', closingBalance: 1 },
      },
      {
        method: 'POST',
        url: `/api/bank-lines/${line.id}/match`,
        payload: { kind: 'payment', recordId: payment },
      },
      {
        method: 'POST',
        url: `/api/bank-lines/${line.id}/rejections`,
        payload: { kind: 'payment', recordId: payment },
      },
      { method: 'POST', url: `/api/bank-lines/${line.id}/payment`, payload: { leaseId: lease.id } },
      {
        method: 'POST',
        url: `/api/bank-lines/${line.id}/expense`,
        payload: { propertyId: await propertyOfLease(lease.id), category: 'repairs' },
      },
      { method: 'DELETE', url: `/api/bank-lines/${line.id}/match` },
    ] as const;
    for (const call of calls) {
      const response = await other.request(call);
      expect(response.statusCode, `${call.method} ${call.url}`).toBe(404);
    }
    expect((await other.request({ method: 'GET', url: '/api/bank-accounts' })).json()).toEqual([]);
    // Nor may a landlord match their own line to another landlord's payment.
    const othersLease = await createLease(other);
    const othersPayment = (
      await posted<Ledger>(other, `/api/leases/${othersLease.id}/ledger/payments`, {
        amount: 1200,
        entryDate: '2026-03-02',
        method: 'check',
        idempotencyKey: 'others-payment-1',
      })
    ).entries.at(-1)!.id;
    expect(
      (
        await landlord.request({
          method: 'POST',
          url: `/api/bank-lines/${line.id}/match`,
          payload: { kind: 'payment', recordId: othersPayment },
        })
      ).statusCode,
    ).toBe(404);
    expect(await t.database.db.select().from(bankAccountsTable)).toEqual(accountsBefore);
    expect(await t.database.db.select().from(bankLinesTable)).toEqual(linesBefore);
  });
});
