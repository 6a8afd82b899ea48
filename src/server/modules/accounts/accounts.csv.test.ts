import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';

const lines = (body: string) => body.trimEnd().split('\r\n');

describe('the accounts CSV download', () => {
  let t: TestApp;
  let admin: TestUser;
  let landlord: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = new Date('2026-11-24T15:00:00Z');
    admin = await signUpAndLogin(t, 'Admin', 'root_admin');
    landlord = await signUpAndLogin(t, 'Landlord', 'lana_landlord');
    await signUpAndLogin(t, 'Tenant', 'tom_tenant');
    const tom = await admin.request({ method: 'GET', url: '/api/accounts?q=tom_tenant' });
    const disable = await admin.request({
      method: 'POST',
      url: `/api/accounts/${tom.json()[0].id}/disable`,
    });
    expect(disable.statusCode, disable.body).toBeLessThan(300);
  });
  afterAll(() => t?.close());

  it('writes every account as the Users screen shows it, for an Admin', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/accounts.csv' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      'attachment; filename="accounts-2026-11-24.csv"',
    );
    expect(lines(response.body)).toEqual([
      'Username,Email,Roles,Status',
      'lana_landlord,lana_landlord@example.com,Landlord,Active',
      'root_admin,root_admin@example.com,Admin,Active',
      'tom_tenant,tom_tenant@example.com,Tenant,Disabled',
    ]);
    expect(response.body).not.toMatch(/argon2|passwordHash/);
  });

  it('honours the search', async () => {
    const response = await admin.request({ method: 'GET', url: '/api/accounts.csv?q=lana' });
    expect(lines(response.body)).toHaveLength(2);
  });

  it('is for Admins only', async () => {
    expect((await landlord.request({ method: 'GET', url: '/api/accounts.csv' })).statusCode).toBe(
      403,
    );
    expect((await t.request({ method: 'GET', url: '/api/accounts.csv' })).statusCode).toBe(401);
  });
});
