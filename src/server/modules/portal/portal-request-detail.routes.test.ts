import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PortalWorkOrder, PortalWorkOrderDetail } from '../../../shared/schemas/portal';
import type { Upload } from '../../../shared/schemas/uploads';
import { fingerprint } from '../../test/attack/attack-kit';
import {
  createdId,
  createPropertyWithUnits,
  MID_MARCH_NOON,
  tenantBody,
  signUpAll,
} from '../../test/fixtures';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { makePhoto, postPhoto } from '../uploads/uploads.test-helpers';

describe("a tenant's request: photos, status and the notes meant for them", () => {
  let t: TestApp;
  let landlord: TestUser;
  let tenant: TestUser;
  let neighbour: TestUser;
  let worker: TestUser;
  let staffId: number;

  const request = {
    title: 'Heater is cold',
    location: 'Living room',
    category: 'Heating/Cooling',
    priority: 'Urgent',
  };

  async function upload(user: TestUser): Promise<number> {
    const response = await postPhoto(user, '/api/uploads', { bytes: await makePhoto('jpeg') });
    expect(response.statusCode, response.body).toBe(201);
    return (response.json() as Upload).id;
  }
  const fileRequest = (user: TestUser, payload: object) =>
    user.request({ method: 'POST', url: '/api/portal/requests', payload });
  const detail = (user: TestUser, id: number) =>
    user.request({ method: 'GET', url: `/api/portal/requests/${id}` });
  async function notifications(user: TestUser): Promise<{ title: string; link: string | null }[]> {
    await t.app.jobs.runDueJobs(t.clock.now);
    const body = (await user.request({ method: 'GET', url: '/api/notifications' })).json() as
      | { title: string; link: string | null }[]
      | { notifications: { title: string; link: string | null }[] };
    return Array.isArray(body) ? body : body.notifications;
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, tenant, neighbour, worker] = await signUpAll(t, [
      'Landlord',
      'Tenant',
      'Tenant',
      'Maintenance',
    ]);
    const { propertyId, units } = await createPropertyWithUnits(landlord, [
      'Available',
      'Available',
    ]);
    // Only an invitation links an account (decision 0011); its flow is tested elsewhere.
    for (const [index, user] of [tenant, neighbour].entries()) {
      const id = await createdId(landlord, '/api/tenants', {
        ...tenantBody(units[index]!.id),
        email: `t${index}@example.com`,
      });
      await t.database.db
        .update(tenantsTable)
        .set({ userId: user.user.id })
        .where(eq(tenantsTable.id, id));
    }
    staffId = await createdId(landlord, '/api/staff', {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '+12125550142',
      position: 'Handy',
      propertyId,
    });
    await t.database.db
      .update(staffTable)
      .set({ userId: worker.user.id })
      .where(eq(staffTable.id, staffId));
  });
  afterAll(() => t.close());

  it('files a request with photos the tenant sent, which the tenant and the landlord see', async () => {
    const photoIds = [await upload(tenant), await upload(tenant)];
    const response = await fileRequest(tenant, { ...request, photoIds });
    expect(response.statusCode, response.body).toBe(201);
    const { id } = response.json() as PortalWorkOrder;

    const mine = await detail(tenant, id);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json() as PortalWorkOrderDetail;
    expect(body).toMatchObject({ id, status: 'New', location: 'Living room', notes: [] });
    expect(body.photos.map((p) => p.kind)).toEqual(['request', 'request']);

    const bytes = await tenant.request({
      method: 'GET',
      url: `/api/portal/requests/${id}/photos/${body.photos[0]!.id}`,
    });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect(bytes.headers['x-content-type-options']).toBe('nosniff');

    const landlordView = await landlord.request({ method: 'GET', url: `/api/work-orders/${id}` });
    expect(landlordView.json().photos).toHaveLength(2);
  });

  it("refuses someone else's photo, an unknown one and six photos (400), writing nothing", async () => {
    const theirs = await upload(neighbour);
    const six = await Promise.all(Array.from({ length: 6 }, () => upload(tenant)));
    const before = await fingerprint(t);
    for (const photoIds of [[theirs], [2_000_000], six, [six[0], six[0]]]) {
      const response = await fileRequest(tenant, { ...request, photoIds });
      expect(response.statusCode, JSON.stringify(photoIds)).toBe(400);
      expect(response.json().errors.photoIds).toBeDefined();
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it("shows another tenant's request and its photos as missing (404); a Landlord gets 403", async () => {
    const id = (
      (await fileRequest(tenant, { ...request, photoIds: [await upload(tenant)] })).json() as {
        id: number;
      }
    ).id;
    const photoId = ((await detail(tenant, id)).json() as PortalWorkOrderDetail).photos[0]!.id;
    expect((await detail(neighbour, id)).statusCode).toBe(404);
    expect(
      (
        await neighbour.request({
          method: 'GET',
          url: `/api/portal/requests/${id}/photos/${photoId}`,
        })
      ).statusCode,
    ).toBe(404);
    expect((await detail(tenant, 2_000_000)).statusCode).toBe(404);
    expect((await detail(landlord, id)).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url: `/api/portal/requests/${id}` })).statusCode).toBe(
      401,
    );
  });

  it('tells the worker of an assignment and the tenant of each status and shared note, never of internal ones', async () => {
    const { id } = (await fileRequest(tenant, request)).json() as PortalWorkOrder;
    const post = (url: string, payload: object) =>
      landlord.request({ method: 'POST', url: `/api/work-orders/${id}/${url}`, payload });
    expect((await post('assign', { staffId })).statusCode).toBe(200);
    expect((await post('notes', { body: 'Parts ordered', visibility: 'tenant' })).statusCode).toBe(
      200,
    );
    expect(
      (await post('notes', { body: 'Tenant was rude', visibility: 'internal' })).statusCode,
    ).toBe(200);
    const done = await worker.request({
      method: 'POST',
      url: `/api/worker/work-orders/${id}/status`,
      payload: { status: 'In progress' },
    });
    expect(done.statusCode, done.body).toBe(200);

    expect(await notifications(worker)).toContainEqual(
      expect.objectContaining({
        title: 'Assigned to you: Heater is cold',
        link: `/my-work-orders/${id}`,
      }),
    );
    const tenantTitles = (await notifications(tenant))
      .filter((n) => n.link === `/requests/${id}`)
      .map((n) => n.title);
    expect(tenantTitles.sort()).toEqual([
      'New note on your request: Heater is cold',
      'Your request is Assigned: Heater is cold',
      'Your request is In progress: Heater is cold',
    ]);
    expect(await notifications(landlord)).toContainEqual(
      expect.objectContaining({ title: 'Work order In progress: Heater is cold' }),
    );

    const seen = (await detail(tenant, id)).json() as PortalWorkOrderDetail;
    expect(seen.status).toBe('In progress');
    expect(seen.notes.map((n) => n.body)).toEqual(['Parts ordered']);
    expect(JSON.stringify(seen)).not.toContain('rude');
  });
});
