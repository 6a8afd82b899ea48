import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvitationList } from '../../../shared/schemas/invitations';
import type { Lease } from '../../../shared/schemas/leases';
import type { PortalHome } from '../../../shared/schemas/portal';
import type { Tenant } from '../../../shared/schemas/tenants';
import type { WorkerQueue } from '../../../shared/schemas/worker-queue';
import type { WorkOrderSummary } from '../../../shared/schemas/work-orders';
import { createTestApp, login, type TestApp, type TestUser } from '../../test/test-app';
import { DEMO_PASSWORD, seedDemo } from './generate';

describe('seed --demo: portal accounts', () => {
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

  const get = async <T>(user: TestUser, url: string): Promise<T> => {
    const response = await user.request({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as T;
  };

  it("links the demo tenant login to one of alice's tenants, whose home shows the lease and ledger", async () => {
    const tina = await login(t, 'tina.tenant', DEMO_PASSWORD);
    const home = await get<PortalHome>(tina, '/api/portal/home');
    if (!home.linked) throw new Error('the demo tenant is not linked');

    const tenant = await get<Tenant>(alice, `/api/tenants/${home.tenant.id}`);
    expect(tenant.firstName).toBe(home.tenant.firstName);
    const [lease] = await get<Lease[]>(alice, `/api/leases?tenantId=${tenant.id}&status=Active`);
    expect(home.lease).toMatchObject({ id: lease!.id, rent: lease!.rent, status: 'Active' });
    expect(home.ledger.some((line) => line.kind === 'charge')).toBe(true);
    expect(home.workOrders.length).toBeGreaterThan(0);

    const invitations = await get<InvitationList>(alice, `/api/tenants/${tenant.id}/invitations`);
    expect(invitations.linkedUser).toEqual({ id: tina.user.id, userName: 'tina.tenant' });
    expect(invitations.invitations.map((i) => i.state)).toEqual(['accepted']);
  });

  it("links the demo maintenance login to the staff member alice's work orders are assigned to", async () => {
    const max = await login(t, 'max.maintenance', DEMO_PASSWORD);
    const queue = await get<WorkerQueue>(max, '/api/worker/work-orders');
    expect(queue.linked).toBe(true);
    expect(queue.workOrders.map((o) => o.status).sort()).toEqual(['Assigned', 'In progress']);

    const staffId = queue.workOrders[0]!.assignedStaffId!;
    const all = await get<WorkOrderSummary[]>(alice, `/api/work-orders?assigneeId=${staffId}`);
    expect(all.map((o) => o.status).sort()).toEqual(['Assigned', 'Closed', 'Done', 'In progress']);
    // Finished work stays readable to the worker it was assigned to.
    const done = all.find((o) => o.status === 'Done')!;
    expect(
      (await max.request({ method: 'GET', url: `/api/worker/work-orders/${done.id}` })).statusCode,
    ).toBe(200);

    const invitations = await get<InvitationList>(alice, `/api/staff/${staffId}/invitations`);
    expect(invitations.linkedUser).toEqual({ id: max.user.id, userName: 'max.maintenance' });
    expect(invitations.invitations.map((i) => i.state)).toEqual(['accepted']);
  });

  it('changes nothing when the demo is seeded again', async () => {
    const tina = await login(t, 'tina.tenant', DEMO_PASSWORD);
    const before = await get<PortalHome>(tina, '/api/portal/home');
    expect((await seedDemo(t.database.db, t.config.timeZone, today)).created).toBe(false);
    expect(await get<PortalHome>(tina, '/api/portal/home')).toEqual(before);
  });
});
