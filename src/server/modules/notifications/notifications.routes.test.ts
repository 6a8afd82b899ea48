import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { notificationsTable } from './notifications.table';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signUpAndLogin(t, 'Admin');
});
afterAll(() => t?.close());

const unread = async (user: TestUser) =>
  (await user.request({ method: 'GET', url: '/api/notifications/unread-count' })).json().unread;
const list = (user: TestUser) => user.request({ method: 'GET', url: '/api/notifications' });
const changeRoles = (id: number, roles: string[]) =>
  admin.request({ method: 'PUT', url: `/api/accounts/${id}/roles`, payload: { roles } });

describe('in-app notifications', () => {
  it('arrive through the jobs runner after the event commits, once, and are marked read', async () => {
    const user = await signUpAndLogin(t, 'Tenant');
    expect((await changeRoles(user.user.id, ['Tenant', 'Maintenance'])).statusCode).toBe(200);
    // The request only put it in the outbox; delivery is the runner's.
    expect(await unread(user)).toBe(0);
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);

    const first = await list(user);
    expect(first.headers['x-total-count']).toBe('1');
    expect(first.json()).toEqual([
      {
        id: expect.any(Number),
        kind: 'account.roles_changed',
        title: 'Your roles changed',
        body: 'An administrator changed your roles to Tenant, Maintenance.',
        link: '/',
        createdAt: expect.any(String),
        read: false,
      },
    ]);
    expect(await unread(user)).toBe(1);

    const id = first.json()[0].id;
    const read = await user.request({ method: 'POST', url: `/api/notifications/${id}/read` });
    expect(read.statusCode).toBe(204);
    expect(await unread(user)).toBe(0);
    expect((await list(user)).json()[0].read).toBe(true);
  });

  it('a refused event notifies nobody', async () => {
    const fresh = await createTestApp();
    try {
      const only = await signUpAndLogin(fresh, 'Admin');
      const refused = await only.request({
        method: 'PUT',
        url: `/api/accounts/${only.user.id}/roles`,
        payload: { roles: ['Landlord'] },
      });
      expect(refused.statusCode).toBe(409);
      await fresh.app.jobs.runDueJobs(fresh.clock.now);
      expect(await fresh.database.db.select().from(notificationsTable)).toEqual([]);
    } finally {
      await fresh.close();
    }
  });

  it('mark all read touches only the caller’s own', async () => {
    const one = await signUpAndLogin(t, 'Tenant');
    const two = await signUpAndLogin(t, 'Tenant');
    await changeRoles(one.user.id, ['Tenant', 'Landlord']);
    await changeRoles(two.user.id, ['Tenant', 'Landlord']);
    await t.app.jobs.runDueJobs(t.clock.now);
    expect(
      (await one.request({ method: 'POST', url: '/api/notifications/read-all' })).statusCode,
    ).toBe(204);
    expect(await unread(one)).toBe(0);
    expect(await unread(two)).toBe(1);
  });

  it("answers 404 for another user's notification and changes nothing", async () => {
    const owner = await signUpAndLogin(t, 'Tenant');
    const stranger = await signUpAndLogin(t, 'Tenant');
    await changeRoles(owner.user.id, ['Tenant', 'Landlord']);
    await t.app.jobs.runDueJobs(t.clock.now);
    const id = (await list(owner)).json()[0].id;
    const before = await fingerprint(t);
    const response = await stranger.request({
      method: 'POST',
      url: `/api/notifications/${id}/read`,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe('Notification not found');
    expect((await list(stranger)).json()).toEqual([]);
    expect(await fingerprint(t)).toEqual(before);
  });
});
