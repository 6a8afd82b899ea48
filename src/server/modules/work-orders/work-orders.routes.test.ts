import { and, eq, gt } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WorkOrder, WorkOrderSummary } from '../../../shared/schemas/work-orders';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { createdId, leaseBody } from '../../test/fixtures';
import { auditEventsTable } from '../audit';
import { makePhoto, postPhoto } from '../uploads/uploads.test-helpers';

const HOUR = 3_600_000;

describe('work orders', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;
  let worker: TestUser;
  let unitId: number;
  let secondUnitId: number;
  let propertyId: number;
  let secondPropertyId: number;
  let otherUnitId: number;
  let staffId: number;
  let otherStaffId: number;

  async function post(user: TestUser, url: string, payload: object) {
    return user.request({ method: 'POST', url, payload });
  }
  async function propertyWithUnit(user: TestUser, name: string) {
    const property = await createdId(user, '/api/properties', {
      name,
      address: '4 Elm Row',
      city: 'Albany',
      state: 'NY',
      zipCode: '12207',
    });
    const unit = await createdId(user, '/api/units', {
      propertyId: property,
      unitNumber: '2B',
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 600,
      rent: 1000,
      status: 'Available',
    });
    return { property, unit };
  }

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    other = await signUpAndLogin(t, 'Landlord');
    admin = await signUpAndLogin(t, 'Admin');
    tenantUser = await signUpAndLogin(t, 'Tenant');
    worker = await signUpAndLogin(t, 'Maintenance');
    ({ property: propertyId, unit: unitId } = await propertyWithUnit(landlord, 'Elm Row'));
    ({ property: secondPropertyId, unit: secondUnitId } = await propertyWithUnit(
      landlord,
      'Oak Row',
    ));
    ({ unit: otherUnitId } = await propertyWithUnit(other, 'Not Yours'));
    const staff = {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '+12125550142',
      position: 'Handy',
    };
    staffId = await createdId(landlord, '/api/staff', { ...staff, propertyId });
    otherStaffId = await createdId(other, '/api/staff', {
      ...staff,
      propertyId: (
        await other.request({ method: 'GET', url: '/api/properties?mine=true' })
      ).json()[0].id,
    });
    const taraId = await createdId(landlord, '/api/tenants', {
      firstName: 'Tara',
      lastName: 'Ng',
      email: 'tara@example.com',
      phoneNumber: '+12125550199',
      unitId,
    });
    // A work order names the tenant whose lease covers the day it is filed.
    await createdId(
      landlord,
      '/api/leases',
      leaseBody(taraId, {
        startDate: '2020-01-01',
        endDate: '2099-12-31',
        confirmBackPosting: true,
      }),
    );
  });
  afterAll(() => t.close());

  const request = {
    title: 'Kitchen sink leaks',
    description: 'Water under the sink since last night',
    location: 'Kitchen',
    category: 'Plumbing',
    priority: 'Urgent',
    entryPermission: true,
  };

  async function file(body: object = {}, user = landlord): Promise<WorkOrder> {
    const response = await post(user, '/api/work-orders', { unitId, ...request, ...body });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  }
  const read = async (id: number, user = landlord): Promise<WorkOrder> =>
    (await user.request({ method: 'GET', url: `/api/work-orders/${id}` })).json();
  const setStatus = (id: number, status: string, reason?: string, user = landlord) =>
    post(user, `/api/work-orders/${id}/status`, { status, reason });
  const assign = (id: number, body: object = {}, user = landlord) =>
    post(user, `/api/work-orders/${id}/assign`, { staffId, scheduledFor: '2026-12-01', ...body });

  describe('filing a request', () => {
    it("files a New request for a managed unit with the unit's address and current tenant", async () => {
      const order = await file();
      expect(order).toMatchObject({
        ...request,
        status: 'New',
        unitId,
        unitNumber: '2B',
        propertyId,
        propertyName: 'Elm Row',
        address: '4 Elm Row, Albany, NY 12207',
        tenant: { name: 'Tara Ng', phone: '+12125550199', email: 'tara@example.com' },
        assignedStaffId: null,
        overdue: false,
        labourHours: 0,
        cost: 0,
        notes: [],
        photos: [],
      });
      expect(new Date(order.respondBy).getTime() - new Date(order.filedAt).getTime()).toBe(
        24 * HOUR,
      );
    });

    it('shows up to five photos the landlord sent, served only to whoever may see the work order', async () => {
      const uploads = [];
      for (let i = 0; i < 2; i++) {
        uploads.push(
          (await postPhoto(landlord, '/api/uploads', { bytes: await makePhoto('jpeg') })).json().id,
        );
      }
      const order = await file({ photoIds: uploads });
      expect(order.photos.map((p) => p.kind)).toEqual(['request', 'request']);
      const url = `/api/work-orders/${order.id}/photos/${order.photos[0]!.id}`;
      const served = await landlord.request({ method: 'GET', url });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
      expect((await admin.request({ method: 'GET', url })).statusCode).toBe(200);
      expect((await other.request({ method: 'GET', url })).statusCode).toBe(404);
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(401);
      // A photo shown on a work order can no longer be withdrawn.
      const withdraw = await landlord.request({
        method: 'DELETE',
        url: `/api/uploads/${uploads[0]}`,
      });
      expect(withdraw.statusCode).toBe(409);
      expect(served.statusCode).toBe(200);
    });

    it("refuses someone else's photo, a photo already shown, six photos, and writes nothing", async () => {
      const theirs = (
        await postPhoto(other, '/api/uploads', { bytes: await makePhoto('png') })
      ).json().id;
      const mine = (
        await postPhoto(landlord, '/api/uploads', { bytes: await makePhoto('png') })
      ).json().id;
      await file({ photoIds: [mine] });
      const before = await fingerprint(t);
      expect(
        (await post(landlord, '/api/work-orders', { unitId, ...request, photoIds: [theirs] }))
          .statusCode,
      ).toBe(400);
      expect(
        (await post(landlord, '/api/work-orders', { unitId, ...request, photoIds: [mine] }))
          .statusCode,
      ).toBe(409);
      const six = await post(landlord, '/api/work-orders', {
        unitId,
        ...request,
        photoIds: [1, 2, 3, 4, 5, 6],
      });
      expect(six.statusCode).toBe(400);
      expect(six.json().message).toBe('At most 5 photos');
      expect(await fingerprint(t)).toEqual(before);
    });

    it.each([
      ['no title', { title: '  ' }, 'What is wrong is required'],
      ['an unknown category', { category: 'Roof' }, 'Please choose a category'],
      ['an unknown priority', { priority: 'Whenever' }, 'Please choose a priority'],
      ['no unit', { unitId: undefined }, 'Please select a unit'],
      [
        'a NUL in the details',
        { description: 'a\u0000b' },
        'Details must not contain control characters',
      ],
    ])('answers 400 for %s and writes nothing', async (_label, change, message) => {
      const before = await fingerprint(t);
      const response = await post(landlord, '/api/work-orders', { unitId, ...request, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
      expect(await fingerprint(t)).toEqual(before);
    });

    it("answers 404 for another landlord's unit, 401/403 to visitor, Tenant and Maintenance, writing nothing", async () => {
      const before = await fingerprint(t);
      expect(
        (await post(landlord, '/api/work-orders', { ...request, unitId: otherUnitId })).statusCode,
      ).toBe(404);
      expect(
        (await post(t as unknown as TestUser, '/api/work-orders', { ...request, unitId }))
          .statusCode,
      ).toBe(401);
      expect((await post(tenantUser, '/api/work-orders', { ...request, unitId })).statusCode).toBe(
        403,
      );
      expect((await post(worker, '/api/work-orders', { ...request, unitId })).statusCode).toBe(403);
      expect(await fingerprint(t)).toEqual(before);
      const byAdmin = await file({ unitId: otherUnitId }, admin);
      expect(byAdmin.status).toBe('New');
    });
  });

  describe('triage and status', () => {
    it('assigns a staff member with a scheduled date; the request is acknowledged', async () => {
      const order = await file({ priority: 'Emergency' });
      const response = await assign(order.id);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        status: 'Assigned',
        assignedStaffId: staffId,
        assigneeName: 'Rosa Diaz',
        scheduledFor: '2026-12-01',
      });
    });

    it("refuses another landlord's staff member (404) and writes nothing", async () => {
      const order = await file();
      const before = await fingerprint(t);
      expect((await assign(order.id, { staffId: otherStaffId })).statusCode).toBe(404);
      expect((await assign(order.id, {}, other)).statusCode).toBe(404);
      expect(await fingerprint(t)).toEqual(before);
    });

    it('walks a work order through every allowed status to Closed, one audit event each', async () => {
      const order = await file();
      await assign(order.id);
      for (const status of [
        'In progress',
        'Waiting',
        'In progress',
        'Done',
        'In progress',
        'Done',
        'Closed',
      ]) {
        const ids = await t.database.db.select({ id: auditEventsTable.id }).from(auditEventsTable);
        const since = Math.max(0, ...ids.map((e) => e.id));
        const response = await setStatus(order.id, status);
        expect(response.statusCode, `${status}: ${response.body}`).toBe(200);
        expect(response.json().status).toBe(status);
        const events = await t.database.db
          .select()
          .from(auditEventsTable)
          .where(
            and(
              eq(auditEventsTable.entityType, 'work-orders'),
              eq(auditEventsTable.entityId, order.id),
              gt(auditEventsTable.id, since),
            ),
          );
        expect(events.map((e) => [e.action, e.after])).toEqual([
          ['status', expect.objectContaining({ status })],
        ]);
      }
      for (const status of ['New', 'Assigned', 'In progress', 'Waiting', 'Done', 'Cancelled']) {
        const refused = await setStatus(order.id, status, 'because');
        expect(refused.statusCode).toBe(409);
      }
      expect((await read(order.id)).status).toBe('Closed');
    });

    it.each([
      ['New', 'Done'],
      ['New', 'In progress'],
      ['New', 'Closed'],
      ['Assigned', 'Done'],
      ['Assigned', 'Closed'],
    ])('refuses %s -> %s with 409 and changes nothing', async (from, to) => {
      const order = await file();
      if (from === 'Assigned') await assign(order.id);
      const before = await fingerprint(t);
      const response = await setStatus(order.id, to);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(`A work order that is ${from} cannot become ${to}`);
      expect(await fingerprint(t)).toEqual(before);
    });

    it('triages only by assigning: New -> Assigned through the status call is refused', async () => {
      const order = await file();
      const response = await setStatus(order.id, 'Assigned');
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toMatch(/Choose who does the work/);
    });

    it('closes a request with a reason (Cancelled), and without one answers 400', async () => {
      const order = await file();
      const noReason = await setStatus(order.id, 'Cancelled');
      expect(noReason.statusCode).toBe(400);
      expect(noReason.json().message).toBe('Please say why the request is cancelled');
      const cancelled = await setStatus(order.id, 'Cancelled', 'Tenant fixed it themselves');
      expect(cancelled.json()).toMatchObject({
        status: 'Cancelled',
        closeReason: 'Tenant fixed it themselves',
      });
      expect((await assign(order.id)).statusCode).toBe(409);
    });

    it('answers another landlord 404 and Tenant/Maintenance 403 for every write, changing nothing', async () => {
      const order = await file();
      const before = await fingerprint(t);
      const calls = [
        [`/api/work-orders/${order.id}/assign`, { staffId }],
        [`/api/work-orders/${order.id}/status`, { status: 'Cancelled', reason: 'x' }],
        [`/api/work-orders/${order.id}/notes`, { body: 'hi' }],
        [`/api/work-orders/${order.id}/photos`, { uploadId: 1 }],
      ] as const;
      for (const [url, payload] of calls) {
        expect((await post(other, url, payload)).statusCode, url).toBe(404);
        expect((await post(tenantUser, url, payload)).statusCode, url).toBe(403);
        expect((await post(worker, url, payload)).statusCode, url).toBe(403);
      }
      expect(
        (await other.request({ method: 'GET', url: `/api/work-orders/${order.id}` })).statusCode,
      ).toBe(404);
      expect(await fingerprint(t)).toEqual(before);
    });
  });

  describe('notes, hours, cost and photos', () => {
    it('keeps internal and tenant notes and sums hours and cost exactly', async () => {
      const order = await file();
      await post(landlord, `/api/work-orders/${order.id}/notes`, {
        body: 'Ordered a trap',
        visibility: 'internal',
        cost: 0.1,
        labourHours: 0.25,
      });
      await post(landlord, `/api/work-orders/${order.id}/notes`, {
        body: 'Coming Tuesday',
        visibility: 'tenant',
        cost: 0.2,
        labourHours: 1.5,
      });
      const after = await read(order.id);
      expect(after.cost).toBe(0.3);
      expect(after.labourHours).toBe(1.75);
      expect(after.notes.map((n) => [n.body, n.visibility])).toEqual([
        ['Coming Tuesday', 'tenant'],
        ['Ordered a trap', 'internal'],
      ]);
      const bad = await post(landlord, `/api/work-orders/${order.id}/notes`, {
        body: 'x',
        cost: 0.001,
      });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Cost can have at most two decimals');
    });

    it('adds before and after photos the caller sent', async () => {
      const order = await file();
      const upload = (
        await postPhoto(landlord, '/api/uploads', { bytes: await makePhoto('webp') })
      ).json().id;
      const response = await post(landlord, `/api/work-orders/${order.id}/photos`, {
        uploadId: upload,
        kind: 'after',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().photos.map((p: { kind: string }) => p.kind)).toEqual(['after']);
    });
  });

  describe('the list, its filters and the counts', () => {
    it('is overdue once an unacknowledged request passes its priority target, and filters on it', async () => {
      // An app of its own: moving its clock a day on would end the other tests' sessions.
      const own = await createTestApp();
      const lister = await signUpAndLogin(own, 'Landlord');
      const { unit, property } = await propertyWithUnit(lister, 'Overdue Court');
      const { unit: unit2 } = await propertyWithUnit(lister, 'Second Court');
      const fileFor = async (u: number, priority: string) =>
        (
          await post(lister, '/api/work-orders', { ...request, unitId: u, priority })
        ).json() as WorkOrder;
      const emergency = await fileFor(unit, 'Emergency');
      const routine = await fileFor(unit2, 'Routine');
      const urgent = await fileFor(unit, 'Urgent');
      const list = async (query = '') =>
        (
          (
            await lister.request({ method: 'GET', url: `/api/work-orders${query}` })
          ).json() as WorkOrderSummary[]
        ).map((o) => o.id);
      expect(await list()).toEqual([emergency.id, urgent.id, routine.id]);
      expect(await list('?overdue=true')).toEqual([]);
      own.clock.advance(4 * HOUR + 1000);
      expect(await list('?overdue=true')).toEqual([emergency.id]);
      expect(await list(`?propertyId=${property}`)).toEqual([emergency.id, urgent.id]);
      expect(await list('?priority=Routine')).toEqual([routine.id]);
      const counts = (
        await lister.request({ method: 'GET', url: '/api/work-orders/counts' })
      ).json();
      expect(counts).toEqual({ open: 3, emergency: 1, overdue: 1 });
      // In steps shorter than the session's idle limit, each with a request, so the session lives.
      own.clock.advance(10 * HOUR);
      expect(await list('?overdue=true')).toEqual([emergency.id]);
      own.clock.advance(11 * HOUR);
      expect(
        (await lister.request({ method: 'GET', url: '/api/work-orders/counts' })).json().overdue,
      ).toBe(2);
      const staff = await createdId(lister, '/api/staff', {
        firstName: 'A',
        lastName: 'B',
        email: 'ab@example.com',
        phone: '+12125550101',
        position: 'P',
        propertyId: property,
      });
      await post(lister, `/api/work-orders/${emergency.id}/assign`, { staffId: staff });
      expect(await list(`?assigneeId=${staff}`)).toEqual([emergency.id]);
      expect(
        (await lister.request({ method: 'GET', url: '/api/work-orders/counts' })).json(),
      ).toEqual({ open: 3, emergency: 1, overdue: 1 });
      expect(await list('?status=Assigned')).toEqual([emergency.id]);
      const page = await lister.request({ method: 'GET', url: '/api/work-orders?limit=1' });
      expect(page.json()).toHaveLength(1);
      expect(page.headers['x-total-count']).toBe('3');
      await own.close();
    });

    it("lists one tenant's requests by tenantId; another landlord's tenant is 404", async () => {
      const tenantId = await createdId(landlord, '/api/tenants', {
        firstName: 'Ivy',
        lastName: 'Lane',
        email: 'ivy@example.com',
        phoneNumber: '(212) 555-0123',
        unitId: secondUnitId,
      });
      // A request names the tenant whose lease covers the day it is filed.
      await createdId(
        landlord,
        '/api/leases',
        leaseBody(tenantId, {
          startDate: '2020-01-01',
          endDate: '2099-12-31',
          confirmBackPosting: true,
        }),
      );
      const hers = (
        await post(landlord, '/api/work-orders', {
          ...request,
          unitId: secondUnitId,
          title: 'Window stuck',
        })
      ).json() as WorkOrder;
      await file({ title: 'Not about Ivy' });
      const listed = await landlord.request({
        method: 'GET',
        url: `/api/work-orders?tenantId=${tenantId}`,
      });
      expect(listed.statusCode, listed.body).toBe(200);
      expect((listed.json() as WorkOrderSummary[]).map((o) => o.id)).toEqual([hers.id]);
      const refused = await other.request({
        method: 'GET',
        url: `/api/work-orders?tenantId=${tenantId}`,
      });
      expect(refused.statusCode).toBe(404);
    });

    it("never lists another landlord's work orders; filtering by their property or staff is 404", async () => {
      const mine = await file();
      const theirs = (
        await other.request({ method: 'GET', url: '/api/work-orders' })
      ).json() as WorkOrderSummary[];
      expect(theirs.map((o) => o.id)).not.toContain(mine.id);
      for (const query of [`propertyId=${propertyId}`, `assigneeId=${staffId}`]) {
        const response = await other.request({ method: 'GET', url: `/api/work-orders?${query}` });
        expect(response.statusCode, query).toBe(404);
      }
      const own = await other.request({
        method: 'GET',
        url: `/api/work-orders?assigneeId=${otherStaffId}`,
      });
      expect(own.statusCode).toBe(200);
      void secondUnitId;
      void secondPropertyId;
    });
  });

  it('follows configured response targets', async () => {
    const custom = await createTestApp({
      responseTargets: { Emergency: 1, Urgent: 2, Routine: 3 },
    });
    try {
      const owner = await signUpAndLogin(custom, 'Landlord');
      const property = (
        await owner.request({
          method: 'POST',
          url: '/api/properties',
          payload: { name: 'P', address: 'A', city: 'C', state: 'NY', zipCode: '10001' },
        })
      ).json().id;
      const unit = (
        await owner.request({
          method: 'POST',
          url: '/api/units',
          payload: {
            propertyId: property,
            unitNumber: '1',
            bedrooms: 1,
            bathrooms: 1,
            squareFeet: 500,
            rent: 900,
            status: 'Available',
          },
        })
      ).json().id;
      const order = (
        await owner.request({
          method: 'POST',
          url: '/api/work-orders',
          payload: { ...request, unitId: unit, priority: 'Routine' },
        })
      ).json();
      expect(new Date(order.respondBy).getTime() - new Date(order.filedAt).getTime()).toBe(
        3 * HOUR,
      );
      custom.clock.advance(3 * HOUR + 1);
      expect(
        (await owner.request({ method: 'GET', url: `/api/work-orders/${order.id}` })).json()
          .overdue,
      ).toBe(true);
    } finally {
      await custom.close();
    }
  });
});
