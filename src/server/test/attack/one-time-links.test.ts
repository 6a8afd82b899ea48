import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INVITATION_REVOKED } from '../../../shared/schemas/invitations';
import { createTenant } from '../fixtures';
import { createTestApp, login, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * One-time links (password resets, invitations) held by someone who should no longer hold
 * the account: the owner changed the password since, or an Admin disabled the account.
 */
let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAndLogin(t, 'Admin');
});
afterAll(() => t?.close());

const NEW_PASSWORD = 'quiet-harbor-lantern-77';
const LATER_PASSWORD = 'amber-meadow-compass-31';

/** An Admin's reset link for the account: its code. */
async function resetCode(userId: number): Promise<string> {
  const issued = await admin.request({
    method: 'POST',
    url: `/api/accounts/${userId}/password-reset`,
  });
  expect(issued.statusCode, issued.body).toBe(201);
  return (issued.json().path as string).replace('/reset-password/', '');
}

const readReset = (code: string) =>
  t.request({ method: 'GET', url: `/api/password-resets/${code}` });
const redeemReset = (code: string, password: string) =>
  t.request({ method: 'POST', url: `/api/password-resets/${code}`, payload: { password } });

async function invite(landlord: TestUser): Promise<string> {
  const tenant = await createTenant(landlord);
  const created = await landlord.request({
    method: 'POST',
    url: `/api/tenants/${tenant.id}/invitations`,
  });
  expect(created.statusCode, created.body).toBe(201);
  return (created.json().path as string).replace('/invitations/', '');
}

describe('password reset links', () => {
  it('a link issued before the owner changed the password no longer works', async () => {
    const owner = await signUpAndLogin(t, 'Tenant');
    const code = await resetCode(owner.user.id);
    const changed = await owner.request({
      method: 'POST',
      url: '/api/authentication/password',
      payload: { currentPassword: owner.password, newPassword: NEW_PASSWORD },
    });
    expect(changed.statusCode, changed.body).toBeLessThan(300);

    expect((await readReset(code)).statusCode).toBe(404);
    expect((await redeemReset(code, LATER_PASSWORD)).statusCode).toBe(404);
    // The password the owner chose still opens the account; the attacker's never did.
    await login(t, owner.user.userName, NEW_PASSWORD);
    await expect(login(t, owner.user.userName, LATER_PASSWORD)).rejects.toThrow(/401/);
  });

  it("disabling an account ends its pending links, and a disabled account's link is never honoured", async () => {
    const owner = await signUpAndLogin(t, 'Landlord');
    const code = await resetCode(owner.user.id);
    const disabled = await admin.request({
      method: 'POST',
      url: `/api/accounts/${owner.user.id}/disable`,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    const read = await readReset(code);
    expect(read.statusCode).toBeGreaterThanOrEqual(404);
    expect(read.body).not.toContain(owner.user.userName);
    expect([404, 410]).toContain((await redeemReset(code, LATER_PASSWORD)).statusCode);
    // No new link for a disabled account either.
    const refused = await admin.request({
      method: 'POST',
      url: `/api/accounts/${owner.user.id}/password-reset`,
    });
    expect(refused.statusCode).toBe(409);

    // Enabled again, the old link stays dead: only the owner's own password opens it.
    await admin.request({ method: 'POST', url: `/api/accounts/${owner.user.id}/enable` });
    expect([404, 410]).toContain((await redeemReset(code, LATER_PASSWORD)).statusCode);
    await expect(login(t, owner.user.userName, LATER_PASSWORD)).rejects.toThrow(/401/);
    await login(t, owner.user.userName, owner.password);
  });
});

describe('invitations', () => {
  it("a disabled landlord's pending invitations are withdrawn and cannot be accepted", async () => {
    const landlord = await signUpAndLogin(t, 'Landlord');
    const code = await invite(landlord);
    const disabled = await admin.request({
      method: 'POST',
      url: `/api/accounts/${landlord.user.id}/disable`,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);

    const preview = await t.request({ method: 'GET', url: `/api/invitations/by-code/${code}` });
    expect(preview.statusCode).toBe(410);
    expect(preview.json().message).toBe(INVITATION_REVOKED);
    const tenant = await signUpAndLogin(t, 'Tenant');
    const accepted = await tenant.request({
      method: 'POST',
      url: `/api/invitations/by-code/${code}/accept`,
    });
    expect(accepted.statusCode).toBe(410);
    const me = await tenant.request({ method: 'GET', url: '/api/portal/home' });
    expect(me.json().linked).toBe(false);
  });
});
