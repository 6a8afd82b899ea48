import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createdId, createPropertyWithUnits, leaseBody, tenantBody } from '../fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * What a maintenance worker learns of a tenant through the worker's calls: the name, the
 * phone and whether they allow entry; never the email, in any answer.
 */
let t: TestApp;
let landlord: TestUser;
let worker: TestUser;
let workOrderId: number;
const TENANT_EMAIL = 'private.tenant.mail@example.com';

beforeAll(async () => {
  t = await createTestApp();
  landlord = await signUpAndLogin(t, 'Landlord');
  worker = await signUpAndLogin(t, 'Maintenance');
  const { propertyId, units } = await createPropertyWithUnits(landlord);
  const tenantId = await createdId(
    landlord,
    '/api/tenants',
    tenantBody(units[0]!.id, { email: TENANT_EMAIL }),
  );
  // A work order names the tenant whose lease covers the day it is filed.
  await createdId(
    landlord,
    '/api/leases',
    leaseBody(tenantId, {
      startDate: '2020-01-01',
      endDate: '2099-12-31',
      confirmBackPosting: true,
    }),
  );
  const staffId = await createdId(landlord, '/api/staff', {
    firstName: 'Rosa',
    lastName: 'Diaz',
    email: 'rosa@example.com',
    phone: '(212) 555-0142',
    position: 'Handy',
    propertyId,
  });
  const invited = await landlord.request({
    method: 'POST',
    url: `/api/staff/${staffId}/invitations`,
  });
  expect(invited.statusCode, invited.body).toBe(201);
  const accepted = await worker.request({
    method: 'POST',
    url: `/api/invitations/by-code/${invited.json().path.replace('/invitations/', '')}/accept`,
  });
  expect(accepted.statusCode, accepted.body).toBe(200);
  workOrderId = await createdId(landlord, '/api/work-orders', {
    unitId: units[0]!.id,
    title: 'Kitchen sink leaks',
    category: 'Plumbing',
    priority: 'Urgent',
    entryPermission: true,
  });
  const assigned = await landlord.request({
    method: 'POST',
    url: `/api/work-orders/${workOrderId}/assign`,
    payload: { staffId },
  });
  expect(assigned.statusCode, assigned.body).toBe(200);
});
afterAll(() => t?.close());

describe("the worker's view of a work order", () => {
  it("shows the tenant's phone and entry permission, never their email", async () => {
    const base = `/api/worker/work-orders/${workOrderId}`;
    const answers = [
      await worker.request({ method: 'GET', url: base }),
      await worker.request({ method: 'GET', url: '/api/worker/work-orders' }),
      await worker.request({
        method: 'POST',
        url: `${base}/status`,
        payload: { status: 'In progress' },
      }),
      await worker.request({ method: 'POST', url: `${base}/notes`, payload: { note: 'On it' } }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(TENANT_EMAIL);
    }
    expect(answers[0]!.json()).toMatchObject({
      entryPermission: true,
      tenant: { name: 'Ada Lovelace', phone: '+12125550101' },
    });
    expect(Object.keys(answers[0]!.json().tenant).sort()).toEqual(['id', 'name', 'phone']);
    // The landlord's own view keeps the email.
    const landlordView = await landlord.request({
      method: 'GET',
      url: `/api/work-orders/${workOrderId}`,
    });
    expect(landlordView.json().tenant.email).toBe(TENANT_EMAIL);
  });
});
