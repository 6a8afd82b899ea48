import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder } from '../../../shared/schemas/work-orders';
import type { WorkerQueue } from '../../../shared/schemas/worker-queue';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { createdId, leaseBody } from '../../test/fixtures';
import { auditEventsTable } from '../audit';
import { staffTable } from '../staff';
import { makePhoto, postPhoto } from '../uploads/uploads.test-helpers';

describe("the maintenance worker's queue", () => {
  let t: TestApp;
  let landlord: TestUser;
  let worker: TestUser;
  let otherWorker: TestUser;
  let unlinkedWorker: TestUser;
  let unitId: number;
  let staffId: number;
  let otherStaffId: number;

  const staffBody = (firstName: string, propertyId: number) => ({
    firstName,
    lastName: 'Diaz',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: '+12125550142',
    position: 'Handy',
    propertyId,
  });

  /**
   * Links a staff record to an account directly in the database. In the product only an
   * accepted invitation does this; that flow is tested in src/server/modules/invitations.
   */
  async function link(staff: number, user: TestUser) {
    await t.database.db
      .update(staffTable)
      .set({ userId: user.user.id })
      .where(eq(staffTable.id, staff));
  }

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    worker = await signUpAndLogin(t, 'Maintenance');
    otherWorker = await signUpAndLogin(t, 'Maintenance');
    unlinkedWorker = await signUpAndLogin(t, 'Maintenance');
    const propertyId = await createdId(landlord, '/api/properties', {
      name: 'Elm Row',
      address: '4 Elm Row',
      city: 'Albany',
      state: 'NY',
      zipCode: '12207',
    });
    unitId = await createdId(landlord, '/api/units', {
      propertyId,
      unitNumber: '2B',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 600,
      rent: 1000,
      status: 'Available',
    });
    const taraId = await createdId(landlord, '/api/tenants', {
      firstName: 'Tara',
      lastName: 'Ng',
      email: 'tara@example.com',
      phoneNumber: '+12125550199',
      unitId,
    });
    // The work orders name the tenant whose lease covers the day they are filed.
    await createdId(
      landlord,
      '/api/leases',
      leaseBody(taraId, {
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        confirmBackPosting: true,
      }),
    );
    staffId = await createdId(landlord, '/api/staff', staffBody('Rosa', propertyId));
    otherStaffId = await createdId(landlord, '/api/staff', staffBody('Sam', propertyId));
    await link(staffId, worker);
    await link(otherStaffId, otherWorker);
  });
  afterAll(() => t.close());

  async function fileAndAssign(body: object, assignee = staffId): Promise<number> {
    const id = await createdId(landlord, '/api/work-orders', {
      unitId,
      title: 'Kitchen sink leaks',
      description: 'Water under the sink',
      location: 'Kitchen',
      category: 'Plumbing',
      priority: 'Urgent',
      entryPermission: true,
      ...body,
    });
    const assigned = await landlord.request({
      method: 'POST',
      url: `/api/work-orders/${id}/assign`,
      payload: { staffId: assignee, scheduledFor: '2026-12-01' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    return id;
  }
  const queue = async (user: TestUser) => {
    const response = await user.request({ method: 'GET', url: '/api/worker/work-orders' });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as WorkerQueue;
  };
  const setStatus = (user: TestUser, id: number, status: string) =>
    user.request({
      method: 'POST',
      url: `/api/worker/work-orders/${id}/status`,
      payload: { status },
    });

  it('lists, opens, moves and notes the work orders assigned to the linked worker', async () => {
    const routine = await fileAndAssign({ title: 'Dripping tap', priority: 'Routine' });
    const emergency = await fileAndAssign({ title: 'Burst pipe', priority: 'Emergency' });
    const notMine = await fileAndAssign({ title: 'Broken window' }, otherStaffId);

    const mine = await queue(worker);
    expect(mine.linked).toBe(true);
    expect(mine.workOrders.map((order) => order.id)).toEqual([emergency, routine]);
    expect(mine.workOrders[0]).toMatchObject({
      title: 'Burst pipe',
      status: 'Assigned',
      priority: 'Emergency',
      category: 'Plumbing',
      propertyName: 'Elm Row',
      address: '4 Elm Row, Albany, NY 12207',
      unitNumber: '2B',
      scheduledFor: '2026-12-01',
      overdue: false,
    });
    expect(mine.workOrders.some((order) => order.id === notMine)).toBe(false);

    const opened = await worker.request({
      method: 'GET',
      url: `/api/worker/work-orders/${emergency}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json()).toMatchObject({
      id: emergency,
      address: '4 Elm Row, Albany, NY 12207',
      unitNumber: '2B',
      entryPermission: true,
      tenant: { name: 'Tara Ng', phone: '+12125550199' },
      labourHours: 0,
      cost: 0,
    });

    const started = await setStatus(worker, emergency, 'In progress');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().status).toBe('In progress');
    const noted = await worker.request({
      method: 'POST',
      url: `/api/worker/work-orders/${emergency}/notes`,
      payload: { note: 'Replaced the pipe section', hours: 1.5, cost: 42.1 },
    });
    expect(noted.statusCode, noted.body).toBe(200);
    const withNote = noted.json() as WorkOrder;
    expect(withNote).toMatchObject({ labourHours: 1.5, cost: 42.1 });
    expect(withNote.notes[0]).toMatchObject({
      body: 'Replaced the pipe section',
      labourHours: 1.5,
      cost: 42.1,
      visibility: 'internal',
      author: worker.user.userName,
    });
    const done = await setStatus(worker, emergency, 'Done');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().status).toBe('Done');

    // Done is no longer open: it leaves the queue. The landlord sees the worker's changes.
    expect((await queue(worker)).workOrders.map((order) => order.id)).toEqual([routine]);
    const landlordView = (
      await landlord.request({ method: 'GET', url: `/api/work-orders/${emergency}` })
    ).json() as WorkOrder;
    expect(landlordView).toMatchObject({ status: 'Done', labourHours: 1.5, cost: 42.1 });

    // Each change is an audit event by the worker.
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityType, 'work-orders'),
          eq(auditEventsTable.entityId, emergency),
          eq(auditEventsTable.actorUserId, worker.user.id),
        ),
      );
    expect(events.map((event) => event.action).sort()).toEqual(['add-note', 'status', 'status']);
  });

  it('keeps a note to staff or shows it to the tenant as the worker chooses, and notes Done in the same step', async () => {
    const id = await fileAndAssign({ title: 'Sticky lock' });
    expect((await setStatus(worker, id, 'In progress')).statusCode).toBe(200);
    const note = (payload: object) =>
      worker.request({ method: 'POST', url: `/api/worker/work-orders/${id}/notes`, payload });
    const shared = await note({ note: 'Parts ordered, back Friday', visibility: 'tenant' });
    expect(shared.statusCode, shared.body).toBe(200);
    const kept = await note({ note: 'Tenant was rude', visibility: 'internal' });
    expect(kept.statusCode, kept.body).toBe(200);
    const refused = await note({ note: 'Somewhere', visibility: 'everyone' });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Please choose who sees this note');

    // Done with what was done: the note is the tenant's unless the worker keeps it to staff.
    const done = await worker.request({
      method: 'POST',
      url: `/api/worker/work-orders/${id}/status`,
      payload: { status: 'Done', note: 'Replaced the lock cylinder' },
    });
    expect(done.statusCode, done.body).toBe(200);
    const order = done.json() as WorkOrder;
    expect(order.status).toBe('Done');
    const visibilityOf = Object.fromEntries(order.notes.map((n) => [n.body, n.visibility]));
    expect(visibilityOf).toEqual({
      'Parts ordered, back Friday': 'tenant',
      'Tenant was rude': 'internal',
      'Replaced the lock cylinder': 'tenant',
    });

    // A refused note refuses the move with it: nothing changes.
    const other = await fileAndAssign({ title: 'Squeaky door' });
    const before = await fingerprint(t);
    const tooLong = await worker.request({
      method: 'POST',
      url: `/api/worker/work-orders/${other}/status`,
      payload: { status: 'In progress', note: 'x'.repeat(2001) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
  });

  it('answers 404 for a work order assigned to someone else, and changes nothing', async () => {
    const id = await fileAndAssign({ title: 'Loose railing' });
    expect((await queue(otherWorker)).workOrders.some((order) => order.id === id)).toBe(false);
    const before = await fingerprint(t);
    for (const [method, url, payload] of [
      ['GET', `/api/worker/work-orders/${id}`, undefined],
      ['POST', `/api/worker/work-orders/${id}/status`, { status: 'In progress' }],
      ['POST', `/api/worker/work-orders/${id}/notes`, { note: 'Not mine', hours: 1 }],
      ['GET', '/api/worker/work-orders/999999', undefined],
    ] as const) {
      const response = await otherWorker.request({ method, url, payload });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().message).toBe('Work order not found');
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it('gives an unlinked Maintenance account an empty list and linked: false', async () => {
    expect(await queue(unlinkedWorker)).toEqual({ linked: false, workOrders: [] });
  });

  it('gives another linked worker with nothing assigned an empty list', async () => {
    const idle = await signUpAndLogin(t, 'Maintenance');
    const propertyId = (
      await landlord.request({ method: 'GET', url: '/api/properties?mine=true' })
    ).json()[0].id;
    await link(await createdId(landlord, '/api/staff', staffBody('Ida', propertyId)), idle);
    expect(await queue(idle)).toEqual({ linked: true, workOrders: [] });
  });

  it('refuses a Landlord (403) and anyone logged out (401)', async () => {
    const id = await fileAndAssign({ title: 'Squeaky door' });
    const before = await fingerprint(t);
    for (const [method, url, payload] of [
      ['GET', '/api/worker/work-orders', undefined],
      ['GET', `/api/worker/work-orders/${id}`, undefined],
      ['POST', `/api/worker/work-orders/${id}/status`, { status: 'In progress' }],
      ['POST', `/api/worker/work-orders/${id}/notes`, { note: 'Hello' }],
    ] as const) {
      const asLandlord = await landlord.request({ method, url, payload });
      expect(asLandlord.statusCode, `${method} ${url}`).toBe(403);
      expect(asLandlord.json().message).toBe('This page is for maintenance staff');
      expect((await t.request({ method, url, payload })).statusCode).toBe(401);
    }
    expect(await fingerprint(t)).toEqual(before);
  });

  it("refuses the landlord's transitions (Closed, Cancelled) and changes nothing", async () => {
    const id = await fileAndAssign({ title: 'No hot water' });
    expect((await setStatus(worker, id, 'In progress')).statusCode).toBe(200);
    expect((await setStatus(worker, id, 'Done')).statusCode).toBe(200);
    const before = await fingerprint(t);
    for (const status of ['Closed', 'Cancelled', 'New', 'Assigned']) {
      const response = await setStatus(worker, id, status);
      expect([400, 409], `${status}: ${response.body}`).toContain(response.statusCode);
    }
    expect((await setStatus(worker, id, 'Nonsense')).statusCode).toBe(400);
    const badNote = await worker.request({
      method: 'POST',
      url: `/api/worker/work-orders/${id}/notes`,
      payload: { note: 'Bad', hours: -1, cost: 1.234 },
    });
    expect(badNote.statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);
    const opened = await worker.request({ method: 'GET', url: `/api/worker/work-orders/${id}` });
    expect(opened.json().status).toBe('Done');
  });

  it('shows the photos of an assigned work order and takes after photos from its worker only', async () => {
    const id = await fileAndAssign({ title: 'Cracked tile' });
    const upload = async (user: TestUser) => {
      const response = await postPhoto(user, '/api/uploads', { bytes: await makePhoto('png') });
      expect(response.statusCode, response.body).toBe(201);
      return response.json().id as number;
    };
    const addPhoto = (user: TestUser, uploadId: number) =>
      user.request({
        method: 'POST',
        url: `/api/worker/work-orders/${id}/photos`,
        payload: { uploadId },
      });

    const [theirs, landlords, mine] = [
      await upload(otherWorker),
      await upload(landlord),
      await upload(worker),
    ];
    const before = await fingerprint(t);
    expect((await addPhoto(otherWorker, theirs)).statusCode).toBe(404);
    expect((await addPhoto(landlord, landlords)).statusCode).toBe(403);
    // Someone else's upload is not the worker's to show.
    expect((await addPhoto(worker, theirs)).statusCode).toBe(400);
    expect(await fingerprint(t)).toEqual(before);

    const added = await addPhoto(worker, mine);
    expect(added.statusCode, added.body).toBe(200);
    const photos = (added.json() as WorkOrder).photos;
    expect(photos.map((p) => p.kind)).toEqual(['after']);
    const url = `/api/worker/work-orders/${id}/photos/${photos[0]!.id}`;
    const bytes = await worker.request({ method: 'GET', url });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.headers['content-type']).toBe('image/webp');
    expect((await otherWorker.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await landlord.request({ method: 'GET', url })).statusCode).toBe(403);
    expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
  });
});
