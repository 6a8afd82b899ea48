import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../shared/schemas/work-orders';
import { createdId, createPropertyWithUnits, posted, signUpAll } from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { expensesTable } from './expenses.table';

/** Work orders given to a vendor, and a finished one's cost as one expense (section 29). */
describe('work orders and vendors', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let unitId: number;
  let propertyId: number;
  let vendorId: number;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp();
    [landlord, other] = await signUpAll(t, ['Landlord', 'Landlord']);
    const property = await createPropertyWithUnits(landlord);
    propertyId = property.propertyId;
    unitId = property.units[0]!.id;
    vendorId = await createdId(landlord, '/api/vendors', {
      name: 'Drip Stop Plumbing',
      trade: 'Plumbing',
    });
    staffId = await createdId(landlord, '/api/staff', {
      propertyId,
      firstName: 'Kim',
      lastName: 'Lee',
      email: 'kim@example.com',
      phone: '+12125550123',
      position: 'Super',
    });
  });
  afterAll(() => t.close());

  const act = (path: string, payload: object, user = landlord) =>
    user.request({ method: 'POST', url: path, payload });

  async function finishedOrder(costs: number[] = [120.5, 30.25]): Promise<number> {
    const id = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Leaking trap',
      category: 'Plumbing',
      priority: 'Routine',
    });
    expect((await act(`/api/work-orders/${id}/assign`, { vendorId })).statusCode).toBe(200);
    await act(`/api/work-orders/${id}/status`, { status: 'In progress' });
    for (const cost of costs)
      await act(`/api/work-orders/${id}/notes`, { body: 'Parts and labour', cost });
    await act(`/api/work-orders/${id}/status`, { status: 'Done' });
    return id;
  }

  it('a work order goes to a vendor or a staff member, never both', async () => {
    const id = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Dripping tap',
      category: 'Plumbing',
      priority: 'Routine',
    });
    const toVendor = await act(`/api/work-orders/${id}/assign`, { vendorId });
    expect(toVendor.json()).toMatchObject({
      assignedVendorId: vendorId,
      assignedStaffId: null,
      assigneeName: 'Drip Stop Plumbing',
    });
    const toStaff = await act(`/api/work-orders/${id}/assign`, { staffId });
    expect(toStaff.json()).toMatchObject({
      assignedVendorId: null,
      assignedStaffId: staffId,
      assigneeName: 'Kim Lee',
    });
    for (const payload of [{ staffId, vendorId }, {}]) {
      const refused = await act(`/api/work-orders/${id}/assign`, payload);
      expect(refused.statusCode).toBe(400);
    }
    const othersVendor = await createdId(other, '/api/vendors', { name: 'Elsewhere' });
    expect(
      (await act(`/api/work-orders/${id}/assign`, { vendorId: othersVendor })).statusCode,
    ).toBe(404);
  });

  it("a finished work order's cost becomes one expense, linked both ways; a second attempt is refused (409)", async () => {
    const id = await finishedOrder();
    const expense = await posted<Record<string, unknown>>(
      landlord,
      `/api/work-orders/${id}/expense`,
      {},
    );
    expect(expense).toMatchObject({
      propertyId,
      unitId,
      vendorId,
      category: 'repairs',
      amount: 150.75,
      status: 'unpaid',
      workOrderId: id,
      workOrderTitle: 'Leaking trap',
    });
    const order = (
      await landlord.request({ method: 'GET', url: `/api/work-orders/${id}` })
    ).json() as WorkOrder;
    expect(order.expenseId).toBe(expense.id);

    const again = await act(`/api/work-orders/${id}/expense`, { paidOn: '2026-03-01' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(
      `This work order's cost is already in the books as expense #${expense.id}`,
    );
    const rows = await t.database.db
      .select()
      .from(expensesTable)
      .where(eq(expensesTable.workOrderId, id));
    expect(rows).toHaveLength(1);
  });

  it('an unfinished work order, one without cost, and another landlord are refused, writing nothing', async () => {
    const open = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Squeaky door',
      category: 'Other',
      priority: 'Routine',
    });
    expect((await act(`/api/work-orders/${open}/expense`, {})).json().code).toBe(
      'work-orders.not_finished',
    );
    const free = await finishedOrder([]);
    expect((await act(`/api/work-orders/${free}/expense`, {})).json().code).toBe(
      'work-orders.no_cost',
    );
    const done = await finishedOrder();
    expect((await act(`/api/work-orders/${done}/expense`, {}, other)).statusCode).toBe(404);
    const rows = await t.database.db
      .select()
      .from(expensesTable)
      .where(eq(expensesTable.workOrderId, done));
    expect(rows).toEqual([]);
  });

  it('a vendor a work order is given to cannot be deleted (409), only archived', async () => {
    const refused = await landlord.request({ method: 'DELETE', url: `/api/vendors/${vendorId}` });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/work orders? (is|are) given to this vendor/);
  });
});
