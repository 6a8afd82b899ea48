import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  CashFlow,
  ExpenseReport,
  Form1099Report,
  ProfitAndLoss,
  ScheduleE,
  BooksSummary,
} from '../../../shared/schemas/reports';
import { toCents } from '../../../shared/money';
import { MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { leasesTable } from '../leases';
import { getJson, seedLease, seedProperty, seedTenant } from '../money/money.test-helpers';
import { ledgerApi, seedExpenses, seedVendor } from './reports.test-helpers';

describe('the landlord’s books: reports', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let p1: number;
  let p2: number;
  let strangerProperty: number;
  let rentRuns = 0;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON; // 2026-03-15
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
    const first = await seedProperty(t, landlord, { name: 'Alder Court', units: 2 });
    const second = await seedProperty(t, landlord, { name: 'Birch Row', units: 1 });
    const elsewhere = await seedProperty(t, other, { name: 'Cedar Flats', units: 1 });
    p1 = first.property.id;
    p2 = second.property.id;
    strangerProperty = elsewhere.property.id;
    const lease1 = (await seedLease(t, await seedTenant(t, first.units[0]!), { rent: 1000 })).id;
    const lease2 = (await seedLease(t, await seedTenant(t, second.units[0]!), { rent: 800 })).id;
    const strangerLease = (
      await seedLease(t, await seedTenant(t, elsewhere.units[0]!), { rent: 555 })
    ).id;
    await t.database.db
      .update(leasesTable)
      .set({ deposit: toCents(500) })
      .where(eq(leasesTable.id, lease2));
    // The rent job posts Jan, Feb and Mar: 3,000 and 2,400 (and the stranger's 1,665).
    await t.app.jobs.enqueue({
      kind: 'ledger.post-rent',
      key: `rent-${++rentRuns}`,
      runAt: t.clock.now,
    });
    await t.app.jobs.runDueJobs(t.clock.now);

    await ledgerApi.charge(landlord, lease1, 100, '2026-01-05');
    await ledgerApi.charge(landlord, lease2, 50.25, '2026-02-10', 'damages');
    await ledgerApi.payment(landlord, lease1, 1000, '2026-01-10');
    await ledgerApi.payment(landlord, lease2, 300.1, '2026-02-15');
    await ledgerApi.credit(landlord, lease1, 20, '2026-02-20');
    const bounced = await ledgerApi.payment(landlord, lease1, 40, '2026-03-01');
    await ledgerApi.reverse(landlord, lease1, bounced); // dated today, Mar 15
    await ledgerApi.payment(other, strangerLease, 555, '2026-01-03');

    // A deposit of 500 received, then settled: 120 kept for damages, 380 returned.
    const deposit = async (url: string, payload: object) => {
      const response = await landlord.request({ method: 'POST', url, payload });
      expect(response.statusCode, response.body).toBe(201);
    };
    await deposit(`/api/leases/${lease2}/deposit/receipts`, { amount: 500, date: '2026-01-02' });
    await deposit(`/api/leases/${lease2}/deposit/settlement`, {
      date: '2026-03-10',
      deductions: [{ description: 'Carpet', amount: 120, category: 'damages' }],
      applyToOpenCharges: false,
    });

    const plumber = await seedVendor(t, landlord, {
      name: 'Drip Plumbing',
      receives1099: true,
      taxId: '12-3456789',
    });
    const lawyer = await seedVendor(t, landlord, { name: 'Esq. Law', receives1099: true });
    const county = await seedVendor(t, landlord, { name: 'County Treasurer' });
    const strangerVendor = await seedVendor(t, other, { name: 'Far Away', receives1099: true });
    await seedExpenses(t, [
      {
        propertyId: p1,
        category: 'repairs',
        amount: 200,
        expenseDate: '2026-01-20',
        paidOn: '2026-02-02',
        vendorId: plumber.id,
      },
      {
        propertyId: p1,
        category: 'insurance',
        amount: 1200,
        expenseDate: '2026-01-01',
        paidOn: '2026-01-01',
      },
      { propertyId: p2, category: 'utilities', amount: 75.5, expenseDate: '2026-03-01' },
      {
        propertyId: p2,
        category: 'repairs',
        amount: 500,
        expenseDate: '2025-12-20',
        paidOn: '2026-01-05',
        vendorId: plumber.id,
      },
      {
        propertyId: p2,
        category: 'legal_professional',
        amount: 100,
        expenseDate: '2026-03-10',
        paidOn: '2026-03-10',
        vendorId: lawyer.id,
      },
      {
        propertyId: p2,
        category: 'taxes',
        amount: 3000,
        expenseDate: '2025-04-01',
        paidOn: '2025-04-01',
        vendorId: county.id,
      },
      {
        propertyId: strangerProperty,
        category: 'repairs',
        amount: 999,
        expenseDate: '2026-01-15',
        paidOn: '2026-01-15',
        vendorId: strangerVendor.id,
      },
    ]);
  });
  afterAll(() => t.close());

  const q1 = 'from=2026-01-01&to=2026-03-31';
  const line = (lines: { key: string; total: number }[], key: string) =>
    lines.find((l) => l.key === key)?.total;

  it('reads a cash-basis profit and loss: payments less their reversals, deposits kept, expenses paid', async () => {
    const { body } = await getJson<ProfitAndLoss>(
      landlord,
      `/api/reports/profit-and-loss?${q1}&basis=cash`,
    );
    expect(body.periods.map((p) => p.label)).toEqual(['Jan 2026', 'Feb 2026', 'Mar 2026']);
    expect(line(body.income, 'payments')).toBe(1300.1);
    expect(body.income.find((l) => l.key === 'payments')!.amounts).toEqual([1000, 300.1, 0]);
    expect(line(body.income, 'deposit_kept')).toBe(120);
    expect(body.totalIncome.total).toBe(1420.1);
    expect(body.expenses.map((l) => [l.scheduleELine, l.total])).toEqual([
      [9, 1200],
      [10, 100],
      [14, 700],
    ]);
    expect(body.totalExpenses.amounts).toEqual([1700, 200, 100]);
    expect(body.netOperatingIncome.total).toBe(-579.9);
    // Properties add up to the portfolio.
    expect(body.byProperty).toEqual([
      {
        propertyId: p1,
        propertyName: 'Alder Court',
        income: 1000,
        expenses: 1400,
        netOperatingIncome: -400,
      },
      {
        propertyId: p2,
        propertyName: 'Birch Row',
        income: 420.1,
        expenses: 600,
        netOperatingIncome: -179.9,
      },
    ]);
  });

  it('reads an accrual-basis profit and loss: charges by category less credits, expenses incurred', async () => {
    const { body } = await getJson<ProfitAndLoss>(
      landlord,
      `/api/reports/profit-and-loss?${q1}&basis=accrual&groupBy=quarter`,
    );
    expect(body.periods.map((p) => p.key)).toEqual(['2026-Q1']);
    expect(body.income.map((l) => [l.key, l.total])).toEqual([
      ['rent', 5400],
      ['fee', 100],
      ['damages', 170.25],
      ['credits', -20],
    ]);
    expect(body.totalIncome.total).toBe(5650.25);
    expect(body.totalExpenses.total).toBe(1575.5);
    expect(body.netOperatingIncome.total).toBe(4074.75);
  });

  it('reads some properties only, and refuses another landlord’s property', async () => {
    const { body } = await getJson<ProfitAndLoss>(
      landlord,
      `/api/reports/profit-and-loss?${q1}&propertyIds=${p2}`,
    );
    expect(body.properties).toEqual([{ id: p2, name: 'Birch Row' }]);
    expect(body.totalIncome.total).toBe(420.1);
    await getJson(
      landlord,
      `/api/reports/profit-and-loss?propertyIds=${p1},${strangerProperty}`,
      404,
    );
    await getJson(other, `/api/reports/schedule-e?propertyIds=${p1}`, 404);
    await getJson(
      other,
      `/api/reports/expenses?organisationId=${landlord.organisation!.organisationId}`,
      404,
    );
  });

  it('never shows another landlord’s books; an Admin reads everyone’s or one landlord’s', async () => {
    const { body: theirs } = await getJson<ProfitAndLoss>(
      other,
      `/api/reports/profit-and-loss?${q1}`,
    );
    expect(theirs.totalIncome.total).toBe(555);
    expect(theirs.totalExpenses.total).toBe(999);
    const { body: all } = await getJson<ProfitAndLoss>(admin, `/api/reports/profit-and-loss?${q1}`);
    expect(all.totalIncome.total).toBe(1975.1);
    const { body: one } = await getJson<ProfitAndLoss>(
      admin,
      `/api/reports/profit-and-loss?${q1}&organisationId=${landlord.organisation!.organisationId}`,
    );
    expect(one.totalIncome.total).toBe(1420.1);
    const { body: vendors } = await getJson<Form1099Report>(other, '/api/reports/1099?year=2026');
    expect(vendors.vendors.map((v) => v.name)).toEqual(['Far Away']);
  });

  it('refuses callers who manage nothing', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/reports/profit-and-loss' })).statusCode,
    ).toBe(401);
    await getJson(tenantUser, '/api/reports/profit-and-loss', 403);
    await getJson(tenantUser, '/api/reports/schedule-e.csv', 403);
  });

  it('refuses a bad query with a clear message', async () => {
    for (const query of [
      'from=2026-03-01&to=2026-01-01',
      'from=2020-01-01&to=2026-01-01',
      'basis=weekly',
      'groupBy=day',
      'propertyIds=1,abc',
      'year=2026&from=2026-01-01',
      'from=2026-02-30',
    ]) {
      const response = await landlord.request({
        method: 'GET',
        url: `/api/reports/profit-and-loss?${query}`,
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().message, query).toBeTruthy();
    }
    await getJson(landlord, '/api/reports/schedule-e?year=1800', 400);
  });

  it('reads the cash flow: money in and out, deposits apart from income', async () => {
    const { body } = await getJson<CashFlow>(
      landlord,
      `/api/reports/cash-flow?${q1}&basis=accrual&groupBy=year`,
    );
    expect(body.basis).toBe('cash');
    expect(body.lines.map((l) => [l.key, l.total])).toEqual([
      ['payments', 1300.1],
      ['deposits_received', 500],
      ['expenses_paid', 2000],
      ['deposits_returned', 380],
    ]);
    expect(body.moneyIn.total).toBe(1800.1);
    expect(body.moneyOut.total).toBe(2380);
    expect(body.netCashFlow.total).toBe(-579.9);
  });

  it('reads expenses by category and by vendor', async () => {
    const { body } = await getJson<ExpenseReport>(
      landlord,
      `/api/reports/expenses?${q1}&basis=accrual`,
    );
    expect(body.byCategory.map((l) => [l.label, l.total])).toEqual([
      ['Insurance', 1200],
      ['Legal and other professional fees', 100],
      ['Repairs', 200],
      ['Utilities', 75.5],
    ]);
    expect(body.byVendor.map((l) => [l.label, l.total])).toEqual([
      ['Drip Plumbing', 200],
      ['Esq. Law', 100],
      ['No vendor', 1275.5],
    ]);
    expect(body.total.total).toBe(1575.5);
  });

  it('reads the Schedule E summary per property for a tax year', async () => {
    const { body } = await getJson<ScheduleE>(landlord, '/api/reports/schedule-e?year=2026');
    expect(body.properties.map((p) => p.propertyName)).toEqual(['Alder Court', 'Birch Row']);
    const lines = (index: number) =>
      Object.fromEntries(body.properties[index]!.lines.map((l) => [l.line, l.amount]));
    expect(lines(0)).toMatchObject({ 3: 1000, 9: 1200, 14: 200, 20: 1400, 21: -400 });
    expect(lines(1)).toMatchObject({ 3: 420.1, 10: 100, 14: 500, 16: 0, 20: 600, 21: -179.9 });
    const total = Object.fromEntries(body.total.map((l) => [l.line, l.amount]));
    expect(total).toMatchObject({ 3: 1420.1, 20: 2000, 21: -579.9 });
    expect(body.total.find((l) => l.line === 3)!.label).toBe('Rents received');
    expect(body.total.find((l) => l.line === 14)!.label).toBe('Repairs');
    // Last year by default: the county's taxes paid in 2025.
    const { body: last } = await getJson<ScheduleE>(landlord, '/api/reports/schedule-e');
    expect(last.year).toBe(2025);
    expect(last.total.find((l) => l.line === 16)!.amount).toBe(3000);
  });

  it('reads the 1099 vendor totals with the $600 threshold marked', async () => {
    const { body } = await getJson<Form1099Report>(landlord, '/api/reports/1099?year=2026');
    expect(body.vendors).toEqual([
      {
        vendorId: expect.any(Number),
        name: 'Drip Plumbing',
        taxIdLast4: '6789',
        payments: 2,
        total: 700,
        meetsThreshold: true,
      },
      {
        vendorId: expect.any(Number),
        name: 'Esq. Law',
        taxIdLast4: null,
        payments: 1,
        total: 100,
        meetsThreshold: false,
      },
    ]);
  });

  it('downloads every report as CSV with exact amounts', async () => {
    const csv = async (url: string) => {
      const response = await landlord.request({ method: 'GET', url });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.headers['content-type']).toContain('text/csv');
      expect(response.headers['content-disposition']).toContain('attachment');
      return response.body.trimEnd().split('\r\n');
    };
    const pl = await csv(`/api/reports/profit-and-loss.csv?${q1}`);
    expect(pl[0]).toBe('Section,Line,Schedule E line,Jan 2026,Feb 2026,Mar 2026,Total');
    expect(pl).toContain('Income,Rent and charges received,,1000.00,300.10,0.00,1300.10');
    expect(pl.at(-1)).toBe('Result,Net operating income,,-700.00,100.10,20.00,-579.90');
    const flow = await csv(`/api/reports/cash-flow.csv?${q1}&groupBy=year`);
    expect(flow).toContain('Money out,Deposits returned,,380.00,380.00');
    const expenses = await csv(`/api/reports/expenses.csv?${q1}&groupBy=year`);
    expect(expenses).toContain('By vendor,Drip Plumbing,,700.00,700.00');
    const scheduleE = await csv('/api/reports/schedule-e.csv?year=2026');
    expect(scheduleE[0]).toBe('Property,Address,Line,Description,Amount');
    expect(scheduleE).toContain('All properties,,21,Income or (loss),-579.90');
    const form1099 = await csv('/api/reports/1099.csv?year=2026');
    expect(form1099[1]).toBe('Drip Plumbing,6789,2,700.00,Yes');
    const refused = await landlord.request({
      method: 'GET',
      url: `/api/reports/expenses.csv?propertyIds=${strangerProperty}`,
    });
    expect(refused.statusCode).toBe(404);
  });

  it('gives the dashboard this month’s and this year’s net operating income, and 12 months', async () => {
    const { body } = await getJson<BooksSummary>(landlord, '/api/reports/books-summary');
    expect(body.month).toEqual({ income: 120, expenses: 100, netOperatingIncome: 20 });
    expect(body.yearToDate).toEqual({ income: 1420.1, expenses: 2000, netOperatingIncome: -579.9 });
    expect(body.series).toHaveLength(12);
    expect(body.series[0]!.month).toBe('2025-04');
    expect(body.series[0]!.expenses).toBe(3000);
    expect(body.series.at(-1)).toEqual({ month: '2026-03', income: 120, expenses: 100 });
  });
});
