import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, signUpAndLogin, type TestApp } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { usersTable } from '../users';
import { sessionsTable } from './sessions.table';

const NEW_PASSWORD = 'quiet-harbor-lantern-77';

describe('POST /api/authentication/password', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const change = (
    user: { request: (typeof t)['request'] } | TestApp,
    body: Record<string, unknown>,
  ) => user.request({ method: 'POST', url: '/api/authentication/password', payload: body });

  const passwordHashOf = async (id: number) =>
    (await t.database.db.select().from(usersTable).where(eq(usersTable.id, id)))[0]!.passwordHash;

  it('changes the password, keeps this session and ends every other one', async () => {
    const here = await signUpAndLogin(t, 'Tenant');
    const elsewhere = await login(t, here.user.userName, here.password);

    const response = await change(here, {
      currentPassword: here.password,
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(204);

    expect((await here.request({ method: 'GET', url: '/api/authentication/me' })).statusCode).toBe(
      200,
    );
    expect(
      (await elsewhere.request({ method: 'GET', url: '/api/authentication/me' })).statusCode,
    ).toBe(401);
    const sessions = await t.database.db
      .select()
      .from(sessionsTable)
      .where(eq(sessionsTable.userId, here.user.id));
    expect(sessions).toHaveLength(1);

    await expect(login(t, here.user.userName, here.password)).rejects.toThrow(/401/);
    await login(t, here.user.userName, NEW_PASSWORD);

    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(eq(auditEventsTable.action, 'change_password'));
    const mine = events.filter((event) => event.entityId === here.user.id);
    expect(mine).toHaveLength(1);
    expect(JSON.stringify(mine[0])).not.toContain(NEW_PASSWORD);
  });

  it('refuses a wrong current password with a field error and changes nothing', async () => {
    const user = await signUpAndLogin(t, 'Landlord');
    const before = await passwordHashOf(user.user.id);
    const response = await change(user, {
      currentPassword: 'not-my-password-at-all',
      newPassword: NEW_PASSWORD,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.currentPassword).toEqual(['Your current password is not right']);
    expect(await passwordHashOf(user.user.id)).toBe(before);
  });

  it('refuses a weak or missing new password, and changes nothing', async () => {
    const user = await signUpAndLogin(t, 'Maintenance');
    const before = await passwordHashOf(user.user.id);
    const weak = await change(user, { currentPassword: user.password, newPassword: 'password1' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().errors.newPassword).toBeDefined();
    const missing = await change(user, { currentPassword: user.password });
    expect(missing.statusCode).toBe(400);
    expect(await passwordHashOf(user.user.id)).toBe(before);
  });

  it('answers 401 without a session', async () => {
    const response = await change(t, { currentPassword: 'x', newPassword: NEW_PASSWORD });
    expect(response.statusCode).toBe(401);
  });

  it('counts wrong current passwords as failed logins: guessing is throttled', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    const before = await passwordHashOf(user.user.id);
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await change(user, {
        currentPassword: `guess-number-${i}`,
        newPassword: NEW_PASSWORD,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toContain(429);
    // Blocked: even the right password is not checked now.
    const right = await change(user, { currentPassword: user.password, newPassword: NEW_PASSWORD });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    expect(await passwordHashOf(user.user.id)).toBe(before);
  });
});
