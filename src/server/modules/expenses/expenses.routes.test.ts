import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem } from '../../context';
import { createdId, createPropertyWithUnits, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { makePhoto, postPhoto, storedFiles } from '../uploads/uploads.test-helpers';
import { expenseReceiptsTable, expensesTable } from './expenses.table';
import { postRecurringExpensesDue } from './recurring-expenses.service';

/** A small but real PDF: header, one empty page, trailer. */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);

/** Expenses (docs/product.md section 29): the landlord's side of the books. */
describe('expenses', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenant: TestUser;
  let admin: TestUser;
  let propertyId: number;
  let unitId: number;
  let otherUnitId: number;
  let vendorId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-03-15T16:00:00Z');
    [landlord, other, tenant, admin] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Tenant',
      'Admin',
    ]);
    const property = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    propertyId = property.propertyId;
    unitId = property.units[0]!.id;
    otherUnitId = (await createPropertyWithUnits(landlord)).units[0]!.id;
    vendorId = await createdId(landlord, '/api/vendors', { name: 'Drip Stop Plumbing' });
  });
  afterAll(() => t.close());

  const expense = (overrides: object = {}) => ({
    propertyId,
    unitId,
    vendorId,
    category: 'repairs',
    amount: 1234.56,
    expenseDate: '2026-03-02',
    paidOn: '2026-03-03',
    memo: 'Kitchen sink trap',
    ...overrides,
  });
  const expensesRows = () =>
    t.database.db.select().from(expensesTable).orderBy(asc(expensesTable.id));
  const photoOf = async (user: TestUser) =>
    (
      await postPhoto(user, '/api/uploads', {
        bytes: await makePhoto('jpeg', { width: 64, height: 48 }),
      })
    ).json().id as number;

  it('a landlord records a paid expense in exact cents, lists it with totals, reads and changes it', async () => {
    const created = await posted<Record<string, unknown>>(landlord, '/api/expenses', expense());
    expect(created).toMatchObject({
      propertyId,
      unitId,
      vendorId,
      vendorName: 'Drip Stop Plumbing',
      category: 'repairs',
      amount: 1234.56,
      status: 'paid',
      paidOn: '2026-03-03',
      receipts: [],
    });
    const [row] = await t.database.db
      .select({ amount: expensesTable.amount })
      .from(expensesTable)
      .where(eq(expensesTable.id, created.id as number));
    expect(row!.amount).toBe(123456);

    await posted(
      landlord,
      '/api/expenses',
      expense({ amount: 0.1, paidOn: null, dueDate: '2026-04-01', category: 'utilities' }),
    );
    await posted(
      landlord,
      '/api/expenses',
      expense({ amount: 0.2, paidOn: null, category: 'utilities' }),
    );
    const unpaid = await landlord.request({
      method: 'GET',
      url: `/api/expenses?status=unpaid&propertyId=${propertyId}`,
    });
    expect(unpaid.headers['x-total-count']).toBe('2');
    expect(unpaid.json().map((e: { status: string }) => e.status)).toEqual(['unpaid', 'unpaid']);
    const totals = await landlord.request({
      method: 'GET',
      url: `/api/expenses/totals?propertyId=${propertyId}`,
    });
    // 1234.56 + 0.10 + 0.20, exactly.
    expect(totals.json()).toEqual({ count: 3, total: 1234.86, paid: 1234.56, unpaid: 0.3 });

    const changed = await landlord.request({
      method: 'PATCH',
      url: `/api/expenses/${created.id}`,
      payload: { amount: 99.99, vendorId: null, memo: '' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({
      amount: 99.99,
      vendorId: null,
      memo: null,
      unitId,
      category: 'repairs',
    });

    const paid = await posted<{ status: string; paidOn: string }>(
      landlord,
      `/api/expenses/${(unpaid.json()[0] as { id: number }).id}/paid`,
      { paidOn: '2026-03-10' },
      200,
    );
    expect(paid).toMatchObject({ status: 'paid', paidOn: '2026-03-10' });
  });

  it('refuses a unit of another property and another landlord\u2019s vendor (422), writing nothing', async () => {
    const othersVendor = await createdId(other, '/api/vendors', { name: 'Not yours' });
    const before = await expensesRows();
    for (const [payload, field] of [
      [expense({ unitId: otherUnitId }), 'unitId'],
      [expense({ vendorId: othersVendor }), 'vendorId'],
    ] as const) {
      const response = await landlord.request({ method: 'POST', url: '/api/expenses', payload });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual([field]);
    }
    const bad = await landlord.request({
      method: 'POST',
      url: '/api/expenses',
      payload: expense({ amount: 10.005 }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.amount).toEqual(['Amount can have at most two decimals']);
    expect(await expensesRows()).toEqual(before);
  });

  it('another landlord cannot see or touch the expenses (404); a tenant is refused (403); an Admin sees them', async () => {
    const id = await createdId(landlord, '/api/expenses', expense());
    for (const request of [
      { method: 'GET' as const, url: `/api/expenses/${id}` },
      { method: 'PATCH' as const, url: `/api/expenses/${id}`, payload: { amount: 1 } },
      { method: 'DELETE' as const, url: `/api/expenses/${id}` },
      { method: 'POST' as const, url: '/api/expenses', payload: expense() },
    ]) {
      expect((await other.request(request)).statusCode, `${request.method} ${request.url}`).toBe(
        404,
      );
      expect((await tenant.request(request)).statusCode).toBe(403);
    }
    expect((await other.request({ method: 'GET', url: '/api/expenses' })).json()).toEqual([]);
    expect((await admin.request({ method: 'GET', url: `/api/expenses/${id}` })).statusCode).toBe(
      200,
    );
  });

  it('a receipt photo and a PDF attach at creation and later; a PDF is only downloaded; removing one deletes its file', async () => {
    const photo = await photoOf(landlord);
    const created = await posted<{ id: number; receipts: { id: number; contentType: string }[] }>(
      landlord,
      '/api/expenses',
      expense({ receiptUploadIds: [photo] }),
    );
    expect(created.receipts).toMatchObject([{ id: photo, contentType: 'image/webp' }]);

    const pdf = await postPhoto(landlord, '/api/uploads', {
      bytes: PDF,
      filename: 'invoice.pdf',
      type: 'application/pdf',
    });
    expect(pdf.statusCode, pdf.body).toBe(201);
    expect(pdf.json()).toMatchObject({ contentType: 'application/pdf', width: null, height: null });
    const withPdf = await posted<{ receipts: { id: number }[] }>(
      landlord,
      `/api/expenses/${created.id}/receipts`,
      { uploadId: pdf.json().id },
    );
    expect(withPdf.receipts.map((r) => r.id)).toEqual([photo, pdf.json().id]);

    const download = await landlord.request({
      method: 'GET',
      url: `/api/expenses/${created.id}/receipts/${pdf.json().id}`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toMatch(
      /^attachment; filename="receipt-\d+\.pdf"$/,
    );
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const image = await landlord.request({
      method: 'GET',
      url: `/api/expenses/${created.id}/receipts/${photo}`,
    });
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['content-disposition']).toMatch(/^inline/);

    // Only those who may see the expense get its receipts.
    for (const caller of [other, tenant]) {
      const refused = await caller.request({
        method: 'GET',
        url: `/api/expenses/${created.id}/receipts/${pdf.json().id}`,
      });
      expect([403, 404]).toContain(refused.statusCode);
      expect(refused.headers['content-type']).toContain('application/json');
    }
    // A receipt cannot also be a work order's photo, nor another expense's receipt.
    const again = await landlord.request({
      method: 'POST',
      url: '/api/expenses',
      payload: expense({ receiptUploadIds: [photo] }),
    });
    expect(again.statusCode).toBe(409);

    const files = storedFiles(t).length;
    const removed = await landlord.request({
      method: 'DELETE',
      url: `/api/expenses/${created.id}/receipts/${pdf.json().id}`,
    });
    expect(removed.statusCode).toBe(204);
    expect(storedFiles(t).length).toBe(files - 1);
    const detail = await landlord.request({ method: 'GET', url: `/api/expenses/${created.id}` });
    expect(detail.json().receipts.map((r: { id: number }) => r.id)).toEqual([photo]);
  });

  it('refuses a fake PDF and a file that is neither photo nor PDF, storing nothing', async () => {
    const files = storedFiles(t).length;
    for (const bytes of [
      Buffer.from('%PDF-1.4\n<script>alert(1)</script>'),
      Buffer.from('<html><body>invoice</body></html>'),
    ]) {
      const response = await postPhoto(landlord, '/api/uploads', {
        bytes,
        filename: 'invoice.pdf',
        type: 'application/pdf',
      });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toMatch(/^uploads\.(unreadable|unsupported_type)$/);
    }
    expect(storedFiles(t).length).toBe(files);
  });

  it('another user\u2019s upload is not a receipt of mine (400), and a PDF is no work-order photo', async () => {
    const theirs = await photoOf(other);
    const response = await landlord.request({
      method: 'POST',
      url: '/api/expenses',
      payload: expense({ receiptUploadIds: [theirs] }),
    });
    expect(response.statusCode).toBe(400);
    const pdf = (
      await postPhoto(landlord, '/api/uploads', {
        bytes: PDF,
        filename: 'a.pdf',
        type: 'application/pdf',
      })
    ).json().id;
    const order = await landlord.request({
      method: 'POST',
      url: '/api/work-orders',
      payload: {
        unitId,
        title: 'Leak',
        category: 'Plumbing',
        priority: 'Routine',
        photoIds: [pdf],
      },
    });
    expect(order.statusCode).toBe(400);
    expect(order.json().code).toBe('work-orders.not_a_photo');
  });

  it('a file is one record\u2019s: a receipt is no work-order photo nor another receipt, a photo no receipt', async () => {
    const receipt = await photoOf(landlord);
    await createdId(landlord, '/api/expenses', expense({ receiptUploadIds: [receipt] }));
    const workOrder = (photoIds: number[]) =>
      landlord.request({
        method: 'POST',
        url: '/api/work-orders',
        payload: { unitId, title: 'Leak', category: 'Plumbing', priority: 'Routine', photoIds },
      });
    const asPhoto = await workOrder([receipt]);
    expect(asPhoto.statusCode).toBe(400);
    expect(asPhoto.json().code).toBe('work-orders.not_a_photo');
    const again = await landlord.request({
      method: 'POST',
      url: '/api/expenses',
      payload: expense({ receiptUploadIds: [receipt] }),
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('expenses.receipt_in_use');

    const photo = await photoOf(landlord);
    expect((await workOrder([photo])).statusCode).toBe(201);
    const asReceipt = await landlord.request({
      method: 'POST',
      url: '/api/expenses',
      payload: expense({ receiptUploadIds: [photo] }),
    });
    expect(asReceipt.statusCode).toBe(409);
    expect(asReceipt.json().code).toBe('expenses.receipt_in_use');
  });

  it('deleting an expense removes it with its receipts, on its trail', async () => {
    const photo = await photoOf(landlord);
    const id = await createdId(landlord, '/api/expenses', expense({ receiptUploadIds: [photo] }));
    const files = storedFiles(t).length;
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/expenses/${id}` })).statusCode,
    ).toBe(204);
    expect((await landlord.request({ method: 'GET', url: `/api/expenses/${id}` })).statusCode).toBe(
      404,
    );
    expect(
      await t.database.db
        .select()
        .from(expenseReceiptsTable)
        .where(eq(expenseReceiptsTable.expenseId, id)),
    ).toEqual([]);
    expect(storedFiles(t).length).toBe(files - 1);
    const actions = await t.database.db
      .select({ action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(and(eq(auditEventsTable.entityType, 'expenses'), eq(auditEventsTable.entityId, id)))
      .orderBy(asc(auditEventsTable.id));
    expect(actions.map((a) => a.action)).toEqual(['create', 'expense.receipt_add', 'delete']);
  });
});

describe('recurring expenses', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let propertyId: number;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-03-15T16:00:00Z');
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    propertyId = (await createPropertyWithUnits(landlord)).propertyId;
  });
  afterAll(() => t.close());

  const run = (now = t.clock.now) =>
    runAsSystem(
      t.database.db,
      { name: 'jobs', now, timeZone: t.config.timeZone },
      postRecurringExpensesDue,
      {
        landlordId: landlord.user.id,
      },
    );
  const postedOf = (recurringId: number) =>
    t.database.db
      .select({
        date: expensesTable.expenseDate,
        period: expensesTable.period,
        paidOn: expensesTable.paidOn,
        dueDate: expensesTable.dueDate,
      })
      .from(expensesTable)
      .where(eq(expensesTable.recurringExpenseId, recurringId))
      .orderBy(asc(expensesTable.expenseDate));

  it('the job posts one expense per period whose date has come, once across two runs', async () => {
    const insurance = await posted<{ id: number }>(landlord, '/api/recurring-expenses', {
      propertyId,
      category: 'insurance',
      amount: 95.5,
      frequency: 'monthly',
      startDate: '2026-01-31',
      autopay: 'paid',
    });
    const hoa = await posted<{ id: number }>(landlord, '/api/recurring-expenses', {
      propertyId,
      category: 'other',
      amount: 300,
      frequency: 'quarterly',
      startDate: '2025-12-01',
      autopay: 'unpaid',
    });
    expect(await run()).toBe(4);
    expect(await run()).toBe(0);
    expect(await postedOf(insurance.id)).toEqual([
      { date: '2026-01-31', period: '2026-01', paidOn: '2026-01-31', dueDate: null },
      { date: '2026-02-28', period: '2026-02', paidOn: '2026-02-28', dueDate: null },
    ]);
    expect((await postedOf(hoa.id)).map((e) => [e.date, e.paidOn, e.dueDate])).toEqual([
      ['2025-12-01', null, '2025-12-01'],
      ['2026-03-01', null, '2026-03-01'],
    ]);
    // Two runs at once post each period once.
    const later = new Date('2026-04-30T16:00:00Z');
    const results = await Promise.all([run(later), run(later)]);
    expect(results.reduce((a, b) => a + b, 0)).toBe(2);
    expect((await postedOf(insurance.id)).map((e) => e.period)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
    ]);

    const list = await landlord.request({ method: 'GET', url: '/api/recurring-expenses' });
    expect(
      list.json().map((r: { id: number; postedCount: number }) => [r.id, r.postedCount]),
    ).toEqual([
      [hoa.id, 2],
      [insurance.id, 4],
    ]);
    // A posted one is ended, not removed; a posted expense is changed, not deleted.
    const removed = await landlord.request({
      method: 'DELETE',
      url: `/api/recurring-expenses/${insurance.id}`,
    });
    expect(removed.statusCode).toBe(409);
    const [first] = await t.database.db
      .select({ id: expensesTable.id })
      .from(expensesTable)
      .where(eq(expensesTable.recurringExpenseId, insurance.id))
      .limit(1);
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/expenses/${first!.id}` })).statusCode,
    ).toBe(409);
    const events = await t.database.db
      .select({ action: auditEventsTable.action, actor: auditEventsTable.actorKind })
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityType, 'expenses'), eq(auditEventsTable.entityId, first!.id)),
      );
    expect(events).toEqual([{ action: 'expense.recurring', actor: 'system' }]);
  });

  it('a recurring expense never posted is removed; another landlord gets 404', async () => {
    const future = await posted<{ id: number }>(landlord, '/api/recurring-expenses', {
      propertyId,
      category: 'mortgage_interest',
      amount: 800,
      frequency: 'yearly',
      startDate: '2027-01-01',
    });
    expect(
      (await other.request({ method: 'GET', url: `/api/recurring-expenses/${future.id}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (await other.request({ method: 'DELETE', url: `/api/recurring-expenses/${future.id}` }))
        .statusCode,
    ).toBe(404);
    const changed = await landlord.request({
      method: 'PUT',
      url: `/api/recurring-expenses/${future.id}`,
      payload: {
        propertyId,
        category: 'mortgage_interest',
        amount: 850,
        frequency: 'yearly',
        startDate: '2027-01-01',
        endDate: '2029-12-31',
      },
    });
    expect(changed.json()).toMatchObject({ amount: 850, endDate: '2029-12-31', postedCount: 0 });
    expect(
      (await landlord.request({ method: 'DELETE', url: `/api/recurring-expenses/${future.id}` }))
        .statusCode,
    ).toBe(204);
  });
});
