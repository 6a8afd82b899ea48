import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminMail } from '../../../shared/schemas/admin-mail';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { jobsTable } from '../jobs';

/** Without SMTP: every mail that would have gone out is kept for the Admin to read. */
describe('the Admin’s mail page without SMTP', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    expect(t.config.mail).toBeNull();
    admin = await signUpAndLogin(t, 'Admin');
  });
  afterAll(() => t.close());

  const list = (who: TestUser, query = '') =>
    who.request({ method: 'GET', url: `/api/admin/mail${query}` });

  it('shows what would have been sent, as not sent, and queues no SMTP job', async () => {
    const users = [await signUpAndLogin(t, 'Tenant'), await signUpAndLogin(t, 'Tenant')];
    for (const user of users) {
      await admin.request({
        method: 'PUT',
        url: `/api/accounts/${user.user.id}/roles`,
        payload: { roles: ['Tenant', 'Maintenance'] },
      });
    }
    await t.app.jobs.runDueJobs(t.clock.now);
    const response = await list(admin);
    expect(response.statusCode).toBe(200);
    const mail = response.json() as AdminMail[];
    expect(mail.map((m) => m.to)).toEqual([users[1]!.user.email, users[0]!.user.email]);
    expect(mail[0]).toEqual({
      id: expect.any(Number),
      to: users[1]!.user.email,
      subject: 'Your roles changed',
      kind: 'account.roles_changed',
      state: 'not_sent',
      preview: expect.stringContaining(
        'An administrator changed your roles to Tenant, Maintenance.',
      ),
      attempts: 0,
      lastError: null,
      createdAt: t.clock.now.toISOString(),
      sentAt: null,
    });
    const jobs = await t.database.db.select({ kind: jobsTable.kind }).from(jobsTable);
    expect(jobs.some((job) => job.kind === 'mail.send')).toBe(false);
  });

  it('pages, with the total and the next page', async () => {
    const first = await list(admin, '?limit=1');
    expect(first.json()).toHaveLength(1);
    expect(Number(first.headers['x-total-count'])).toBeGreaterThanOrEqual(2);
    expect(first.headers.link).toBe('</api/admin/mail?limit=1&offset=1>; rel="next"');
    const second = await list(admin, '?limit=1&offset=1');
    expect(second.json()[0].id).not.toBe(first.json()[0].id);
    expect((await list(admin, '?limit=0')).statusCode).toBe(400);
  });

  it('is for Admins only: 401 for a visitor, 403 for a landlord or tenant', async () => {
    expect((await t.request({ method: 'GET', url: '/api/admin/mail' })).statusCode).toBe(401);
    for (const role of ['Landlord', 'Tenant'] as const) {
      const user = await signUpAndLogin(t, role);
      expect((await list(user)).statusCode).toBe(403);
    }
  });

  it('forgets mail after 90 days', async () => {
    expect((await list(admin)).json()).not.toHaveLength(0);
    t.clock.advance(91 * 86_400_000);
    await t.app.jobs.runDueJobs(t.clock.now);
    admin = await login(t, admin.user.userName, admin.password);
    const response = await list(admin);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });
});
