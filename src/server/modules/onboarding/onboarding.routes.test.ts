import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, tenantBody } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const stepsOf = async (user: TestUser) => {
  const response = await user.request({ method: 'GET', url: '/api/onboarding' });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().done;
};

describe('first-run steps', () => {
  it('tick one by one as the landlord adds a property, a unit, a tenant, a lease and an invitation', async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    expect(await stepsOf(landlord)).toEqual({
      property: false,
      unit: false,
      tenant: false,
      lease: false,
      invitation: false,
    });

    const property = await landlord.request({
      method: 'POST',
      url: '/api/properties',
      payload: {
        name: 'Empty Court',
        address: '1 Main St',
        city: 'Springfield',
        state: 'IL',
        zipCode: '62701',
      },
    });
    expect(property.statusCode, property.body).toBe(201);
    expect(await stepsOf(landlord)).toMatchObject({ property: true, unit: false });

    const { units } = await createPropertyWithUnits(landlord);
    const tenant = await landlord.request({
      method: 'POST',
      url: '/api/tenants',
      payload: tenantBody(units[0]!.id),
    });
    expect(tenant.statusCode, tenant.body).toBe(201);
    expect(await stepsOf(landlord)).toMatchObject({ unit: true, tenant: true, lease: false });

    const lease = await landlord.request({
      method: 'POST',
      url: '/api/leases',
      payload: {
        tenantId: tenant.json().id,
        startDate: '2026-01-01',
        endDate: '2026-12-31',
        rent: 1000,
        deposit: 1000,
        status: 'Active',
      },
    });
    expect(lease.statusCode, lease.body).toBe(201);
    expect(await stepsOf(landlord)).toMatchObject({ lease: true, invitation: false });

    const invitation = await landlord.request({
      method: 'POST',
      url: `/api/tenants/${tenant.json().id}/invitations`,
    });
    expect(invitation.statusCode, invitation.body).toBe(201);
    expect(await stepsOf(landlord)).toEqual({
      property: true,
      unit: true,
      tenant: true,
      lease: true,
      invitation: true,
    });

    // Another landlord's portfolio says nothing about this one's.
    const neighbour = await signUpAndLogin(t, 'Landlord');
    expect(Object.values(await stepsOf(neighbour))).toEqual([false, false, false, false, false]);
  });

  it('is for managers only', async () => {
    expect((await t.request({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(401);
    const tenant = await signUpAndLogin(t, 'Tenant');
    expect((await tenant.request({ method: 'GET', url: '/api/onboarding' })).statusCode).toBe(403);
  });
});
