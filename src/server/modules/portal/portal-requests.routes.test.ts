import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LinkedPortalHome, PortalWorkOrder } from '../../../shared/schemas/portal';
import type { WorkOrder, WorkOrderSummary } from '../../../shared/schemas/work-orders';
import { fingerprint } from '../../test/attack/attack-kit';
import {
  createPropertyWithUnits,
  MID_MARCH_NOON,
  tenantBody,
  signUpAll,
} from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { tenantsTable } from '../tenants';

describe("a tenant's maintenance request", () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenant: TestUser;
  let unlinked: TestUser;
  let movedOut: TestUser;
  let units: { id: number; unitNumber: string }[];
  let tenantId: number;

  const request = {
    title: 'Kitchen sink leaks',
    location: 'Kitchen, under the sink',
    category: 'Plumbing',
    priority: 'Urgent',
    entryPermission: true,
    description: 'Water on the floor every morning.',
  };

  const file = (user: TestUser, payload: unknown) =>
    user.request({ method: 'POST', url: '/api/portal/requests', payload: payload as object });

  async function createTenant(unitId: number, firstName: string): Promise<number> {
    const response = await landlord.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(unitId, { firstName, lastName: 'Tenant', email: `${firstName}@x.org` }),
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json().id as number;
  }

  /** Only an invitation links an account (decision 0011); its flow is tested elsewhere. */
  async function link(id: number, user: TestUser, values: { movedOutOn?: string } = {}) {
    await t.database.db
      .update(tenantsTable)
      .set({ userId: user.user.id, ...values })
      .where(eq(tenantsTable.id, id));
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, tenant, unlinked, movedOut] = await signUpAll(t, [
      'Landlord',
      'Tenant',
      'Tenant',
      'Tenant',
    ]);
    ({ units } = await createPropertyWithUnits(landlord, ['Available', 'Available']));
    tenantId = await createTenant(units[0]!.id, 'Ada');
    await link(tenantId, tenant);
    await link(await createTenant(units[1]!.id, 'Grace'), movedOut, { movedOutOn: '2026-03-01' });
  });
  afterAll(() => t.close());

  it("files a New request on the tenant's own unit that the tenant and the landlord see", async () => {
    // A unit id in the body is dropped: the request goes to the tenant's own unit.
    const response = await file(tenant, { ...request, unitId: units[1]!.id });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as PortalWorkOrder;
    expect(created).toEqual({
      id: expect.any(Number),
      title: 'Kitchen sink leaks',
      status: 'New',
      priority: 'Urgent',
      createdAt: '2026-03-15T16:00:00.000Z',
    });

    const home = (
      await tenant.request({ method: 'GET', url: '/api/portal/home' })
    ).json() as LinkedPortalHome;
    expect(home.workOrders).toEqual([created]);

    const list = await landlord.request({ method: 'GET', url: '/api/work-orders' });
    expect(list.statusCode, list.body).toBe(200);
    const summaries = list.json() as WorkOrderSummary[];
    expect(summaries.map((order) => [order.id, order.unitId, order.status])).toEqual([
      [created.id, units[0]!.id, 'New'],
    ]);

    const detail = await landlord.request({ method: 'GET', url: `/api/work-orders/${created.id}` });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json() as WorkOrder).toMatchObject({
      unitId: units[0]!.id,
      category: 'Plumbing',
      location: 'Kitchen, under the sink',
      description: 'Water on the floor every morning.',
      entryPermission: true,
      tenant: { id: tenantId, name: 'Ada Tenant' },
    });

    // The audit event says who filed it, in the request's transaction.
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityType, 'work-orders'),
          eq(auditEventsTable.entityId, created.id),
        ),
      );
    expect(events.map((event) => [event.action, event.actorUserId])).toEqual([
      ['create', tenant.user.id],
    ]);
    expect(events[0]!.after).toMatchObject({ unitId: units[0]!.id, filedBy: tenant.user.id });
  });

  it('notifies the landlord in the app', async () => {
    await t.app.jobs.runDueJobs(t.clock.now);
    const response = await landlord.request({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json() as
      | { title: string; link: string | null }[]
      | { notifications: { title: string; link: string | null }[] };
    const items = Array.isArray(body) ? body : body.notifications;
    const home = (
      await tenant.request({ method: 'GET', url: '/api/portal/home' })
    ).json() as LinkedPortalHome;
    expect(items).toContainEqual(
      expect.objectContaining({
        title: 'New maintenance request: Kitchen sink leaks',
        link: `/work-orders/${home.workOrders[0]!.id}`,
      }),
    );
  });

  it('refuses a Tenant not linked to a tenancy, or moved out (409), and writes nothing', async () => {
    const before = await fingerprint(t);
    const notLinked = await file(unlinked, request);
    expect(notLinked.statusCode).toBe(409);
    expect(notLinked.json().message).toBe('Your account is not linked to a tenancy yet');
    const gone = await file(movedOut, request);
    expect(gone.statusCode).toBe(409);
    expect(gone.json().message).toBe(
      'You have moved out of this unit, so you cannot send maintenance requests for it',
    );
    expect(await fingerprint(t)).toEqual(before);
  });

  it('refuses a Landlord (403) and a visitor (401)', async () => {
    const before = await fingerprint(t);
    const asLandlord = await file(landlord, { ...request, unitId: units[0]!.id });
    expect(asLandlord.statusCode).toBe(403);
    expect(asLandlord.json().message).toBe('This page is for tenants');
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/portal/requests',
      payload: request,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers a bad body with 400 and the fields, and writes nothing', async () => {
    const before = await fingerprint(t);
    const empty = await file(tenant, { title: '  ', category: 'Roof', priority: 'Soon' });
    expect(empty.statusCode).toBe(400);
    expect(Object.keys(empty.json().errors).sort()).toEqual([
      'category',
      'location',
      'priority',
      'title',
    ]);
    const nul = await file(tenant, { ...request, description: 'bad\u0000text' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().errors.description).toEqual(['Details must not contain control characters']);
    const notBoolean = await file(tenant, { ...request, entryPermission: 'yes' });
    expect(notBoolean.statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
  });
});
