import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Ledger } from '../../../shared/schemas/ledger';
import type { WorkOrder } from '../../../shared/schemas/work-orders';
import { fingerprint } from '../../test/attack/attack-kit';
import {
  createdId,
  createPropertyWithUnits,
  MID_MARCH_NOON,
  tenantBody,
  signUpAll,
} from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';

describe("charging a work order's cost to the tenant", () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let tenantUser: TestUser;
  let worker: TestUser;
  let leasedUnit: number;
  let emptyUnit: number;
  let leaseId: number;
  let staffId: number;

  async function ok(user: TestUser, url: string, payload: object): Promise<WorkOrder> {
    const response = await user.request({ method: 'POST', url, payload });
    expect(response.statusCode, `${url} ${response.body}`).toBe(200);
    return response.json();
  }

  /** A work order worked to `status`, with notes recording `costs`. */
  async function workOrder({
    unitId = leasedUnit,
    costs = [120.5, 30.25],
    status = 'Done',
  } = {}): Promise<number> {
    const id = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Broken window',
      category: 'Other',
      priority: 'Routine',
    });
    await ok(landlord, `/api/work-orders/${id}/assign`, { staffId });
    await ok(landlord, `/api/work-orders/${id}/status`, { status: 'In progress' });
    for (const cost of costs) {
      await ok(landlord, `/api/work-orders/${id}/notes`, { body: 'Glass and labour', cost });
    }
    if (status !== 'In progress') {
      await ok(landlord, `/api/work-orders/${id}/status`, { status: 'Done' });
    }
    if (status === 'Closed') {
      await ok(landlord, `/api/work-orders/${id}/status`, { status: 'Closed' });
    }
    return id;
  }

  const charge = (id: number, payload: object = {}, user = landlord) =>
    user.request({ method: 'POST', url: `/api/work-orders/${id}/charge`, payload });
  const ledger = async (): Promise<Ledger> =>
    (await landlord.request({ method: 'GET', url: `/api/leases/${leaseId}/ledger` })).json();

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, tenantUser, worker] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Tenant',
      'Maintenance',
    ]);
    const { propertyId, units } = await createPropertyWithUnits(landlord, [
      'Available',
      'Available',
    ]);
    [leasedUnit, emptyUnit] = [units[0]!.id, units[1]!.id];
    const tenantId = await createdId(landlord, '/api/tenants', tenantBody(leasedUnit));
    leaseId = await createdId(landlord, '/api/leases', {
      tenantId,
      startDate: '2026-01-10',
      endDate: '2026-12-31',
      rent: 1000,
      deposit: 500,
      status: 'Active',
    });
    staffId = await createdId(landlord, '/api/staff', {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '+12125550142',
      position: 'Handy',
      propertyId,
    });
  });
  afterAll(() => t.close());

  it('posts the recorded cost once as a damages charge on the current lease, and shows the link', async () => {
    const id = await workOrder();
    const response = await charge(id);
    expect(response.statusCode, response.body).toBe(200);
    const order = response.json() as WorkOrder;
    const entries = (await ledger()).entries;
    const entry = entries.find((e) => e.id === order.chargedLedgerEntryId);
    expect(entry).toMatchObject({
      kind: 'charge',
      category: 'damages',
      amount: 150.75,
      entryDate: '2026-03-15',
      description: `Repair: Broken window (work order #${id})`,
    });

    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(eq(auditEventsTable.entityType, 'work-orders'), eq(auditEventsTable.entityId, id)),
      );
    expect(events.filter((e) => e.action === 'charge')).toHaveLength(1);
    expect(events.find((e) => e.action === 'charge')!.after).toMatchObject({
      chargedLedgerEntryId: entry!.id,
    });

    // A second click, or a second tab, charges nothing more.
    const before = await fingerprint(t);
    const again = await charge(id);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This work order is already on the tenant's ledger");
    expect(await fingerprint(t)).toEqual(before);
  });

  it('charges a Closed work order with the amount and words the landlord chose', async () => {
    const id = await workOrder({ status: 'Closed' });
    const response = await charge(id, { amount: 99.99, description: 'Window, half the cost' });
    expect(response.statusCode, response.body).toBe(200);
    const entryId = (response.json() as WorkOrder).chargedLedgerEntryId;
    expect((await ledger()).entries.find((e) => e.id === entryId)).toMatchObject({
      amount: 99.99,
      description: 'Window, half the cost',
    });
  });

  it('refuses unfinished work, work without a cost and a unit without a current lease (409), writing nothing', async () => {
    const unfinished = await workOrder({ status: 'In progress' });
    const free = await workOrder({ costs: [] });
    const vacant = await workOrder({ unitId: emptyUnit });
    const before = await fingerprint(t);
    const answers = await Promise.all([charge(unfinished), charge(free), charge(vacant)]);
    expect(answers.map((a) => [a.statusCode, a.json().message])).toEqual([
      [409, 'A work order that is In progress cannot be charged; only Done or Closed ones can'],
      [409, 'This work order has no recorded cost to charge'],
      [409, 'The unit has no current lease to charge'],
    ]);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers bad amounts and descriptions with 400, writing nothing', async () => {
    const id = await workOrder();
    const before = await fingerprint(t);
    for (const payload of [
      { amount: 0 },
      { amount: -5 },
      { amount: 1.005 },
      { amount: '10' },
      { description: 'x'.repeat(201) },
      { description: 'bad\u0000text' },
    ]) {
      const response = await charge(id, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().errors).toBeDefined();
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers another landlord 404, Tenant and Maintenance 403 and a visitor 401, writing nothing', async () => {
    const id = await workOrder();
    const before = await fingerprint(t);
    expect((await charge(id, {}, other)).statusCode).toBe(404);
    expect((await charge(id, {}, tenantUser)).statusCode).toBe(403);
    expect((await charge(id, {}, worker)).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/work-orders/${id}/charge`, payload: {} }))
        .statusCode,
    ).toBe(401);
    expect((await charge(2_000_000, {})).statusCode).toBe(404);
    expect(await fingerprint(t)).toEqual(before);
  });
});
