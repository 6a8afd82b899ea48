import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPropertyWithUnits, posted, tenantBody } from '../../test/fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

const WORDS = 'must be a phone number, such as (212) 555-0101 or +44 20 7946 0958';

/**
 * Every phone the API takes (tenants, staff, applications, sign-up, contact) is checked by the
 * one shared rule and stored in E.164; a refusal is a 400 naming the field, and writes nothing.
 */
describe('phone numbers are checked and stored in one form', () => {
  let t: TestApp;
  let landlord: TestUser;
  let propertyId: number;
  let unitIds: number[];

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    const property = await createPropertyWithUnits(landlord, ['Available', 'Available']);
    propertyId = property.propertyId;
    unitIds = property.units.map((unit) => unit.id);
  });
  afterAll(() => t.close());

  const expectRefused = (
    response: Awaited<ReturnType<TestApp['request']>>,
    field: string,
    message: string,
  ) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().errors[field]).toEqual([message]);
  };

  it('tenants: a US number as typed becomes E.164; words are refused', async () => {
    const tenant = await posted<{ id: number; phoneNumber: string }>(
      landlord,
      '/api/tenants',
      tenantBody(unitIds[0]!, { phoneNumber: '(212) 555-0101' }),
    );
    expect(tenant.phoneNumber).toBe('+12125550101');
    const refused = await landlord.request({
      method: 'PUT',
      url: `/api/tenants/${tenant.id}`,
      payload: tenantBody(unitIds[0]!, { phoneNumber: 'call me' }),
    });
    expectRefused(refused, 'phoneNumber', `Phone number ${WORDS}`);
    const read = await landlord.request({ method: 'GET', url: `/api/tenants/${tenant.id}` });
    expect(read.json().phoneNumber).toBe('+12125550101');

    // Found as people write it, though stored as E.164.
    for (const q of ['555-0101', '(212) 555-0101', '212.555']) {
      const found = await landlord.request({
        method: 'GET',
        url: `/api/tenants?q=${encodeURIComponent(q)}`,
      });
      expect(
        (found.json() as { id: number }[]).map((row) => row.id),
        q,
      ).toEqual([tenant.id]);
    }
    const other = await landlord.request({ method: 'GET', url: '/api/tenants?q=555-0199' });
    expect(other.json()).toEqual([]);
  });

  it('staff: an international number keeps its country; a short one is refused', async () => {
    const staff = {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      position: 'Super',
      propertyId,
    };
    const made = await posted<{ phone: string }>(landlord, '/api/staff', {
      ...staff,
      phone: '+44 20 7946 0958',
    });
    expect(made.phone).toBe('+442079460958');
    const found = await landlord.request({ method: 'GET', url: '/api/staff?q=7946%200958' });
    expect((found.json() as { phone: string }[]).map((row) => row.phone)).toEqual([
      '+442079460958',
    ]);
    const refused = await landlord.request({
      method: 'POST',
      url: '/api/staff',
      payload: { ...staff, phone: '555-0101' },
    });
    expectRefused(
      refused,
      'phone',
      'Phone is not a valid US phone number; start a number abroad with + and its country code',
    );
  });

  it('applications from the public listing', async () => {
    const body = {
      unitId: unitIds[1],
      unitNumber: '102',
      firstName: 'Jane',
      lastName: 'Applicant',
      email: 'jane@example.com',
      moveInDate: new Date(t.clock.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
    };
    const refused = await t.request({
      method: 'POST',
      url: '/api/applications',
      payload: { ...body, phoneNumber: 'call me' },
    });
    expectRefused(refused, 'phoneNumber', `Phone ${WORDS}`);
    const made = await t.request({
      method: 'POST',
      url: '/api/applications',
      payload: { ...body, phoneNumber: '212 555 0199' },
    });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().phoneNumber).toBe('+12125550199');
  });

  it("sign-up and a user's contact: optional, but a phone given must be one", async () => {
    const signUp = (Phone: unknown) =>
      t.request({
        method: 'POST',
        url: '/api/users',
        payload: {
          Username: `phone_${Math.random().toString(36).slice(2, 10)}`,
          Password: 'tidy-lantern-orchard-42',
          Roles: ['Tenant'],
          Email: null,
          Phone,
        },
      });
    expectRefused(await signUp('call me'), 'phone', `Phone ${WORDS}`);
    expect((await signUp(null)).json().phone).toBeNull();
    expect((await signUp('1-212-555-0100')).json().phone).toBe('+12125550100');

    const user = await signUpAndLogin(t, 'Tenant');
    const put = (phone: unknown) =>
      user.request({
        method: 'PUT',
        url: `/api/users/${user.user.id}/contact`,
        payload: { email: null, phone },
      });
    expectRefused(
      await put('12'),
      'phone',
      `Phone is not a valid US phone number; start a number abroad with + and its country code`,
    );
    expect((await put('(312) 555-0142')).json().phone).toBe('+13125550142');
    expect((await put('')).json().phone).toBeNull();
  });
});
