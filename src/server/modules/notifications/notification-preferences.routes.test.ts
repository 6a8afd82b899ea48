import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../../../shared/schemas/notification-preferences';
import { fingerprint } from '../../test/attack/attack-kit';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';

let t: TestApp;
let user: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  user = await signUpAndLogin(t, 'Tenant');
});
afterAll(() => t?.close());

const read = (who: TestUser) =>
  who.request({ method: 'GET', url: '/api/notification-preferences' });
const save = (who: TestUser, payload: object) =>
  who.request({ method: 'PUT', url: '/api/notification-preferences', payload });

describe('notification preferences', () => {
  it('list every kind with its label, email on until turned off', async () => {
    const response = await read(user);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(
      NOTIFICATION_KINDS.map(({ kind, label }) => ({ kind, label, email: true })),
    );
    expect(response.json().map((p: { kind: string }) => p.kind)).toEqual(
      expect.arrayContaining(['payments.recorded', 'late_fee_assessed', 'work-orders.assigned']),
    );
  });

  it('turn email off and on per kind, the user’s own only, with one audit event', async () => {
    const other = await signUpAndLogin(t, 'Tenant');
    const saved = await save(user, [
      { kind: 'payments.recorded', email: false },
      { kind: 'charges.overdue', email: false },
    ]);
    expect(saved.statusCode, saved.body).toBe(200);
    const byKind = (list: { kind: string; email: boolean }[]) =>
      Object.fromEntries(list.map((p) => [p.kind, p.email]));
    expect(byKind(saved.json())).toMatchObject({
      'payments.recorded': false,
      'charges.overdue': false,
      'account.roles_changed': true,
    });
    expect(byKind((await read(user)).json())['payments.recorded']).toBe(false);
    expect(byKind((await read(other)).json())['payments.recorded']).toBe(true);

    const back = await save(user, [{ kind: 'payments.recorded', email: true }]);
    expect(byKind(back.json())).toMatchObject({
      'payments.recorded': true,
      'charges.overdue': false,
    });
    const events = await t.database.db
      .select()
      .from(auditEventsTable)
      .where(
        and(
          eq(auditEventsTable.entityId, user.user.id),
          eq(auditEventsTable.action, 'notification_preferences'),
        ),
      );
    expect(events).toHaveLength(2);
    expect(events[1]!.before).toEqual({ 'payments.recorded': false });
    expect(events[1]!.after).toEqual({ 'payments.recorded': true });
  });

  it.each([
    ['an unknown kind', [{ kind: 'lottery.won', email: false }]],
    [
      'a kind named twice',
      [
        { kind: 'charges.overdue', email: false },
        { kind: 'charges.overdue', email: true },
      ],
    ],
    ['email that is not a flag', [{ kind: 'charges.overdue', email: 'no' }]],
    ['an empty list', []],
    ['an object instead of a list', { kind: 'charges.overdue', email: false }],
  ])('answer 400 for %s and change nothing', async (_what, payload) => {
    const before = await fingerprint(t);
    const response = await save(user, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
    expect(await fingerprint(t)).toEqual(before);
  });

  it('ask a visitor to log in', async () => {
    expect(
      (await t.request({ method: 'GET', url: '/api/notification-preferences' })).statusCode,
    ).toBe(401);
    const put = await t.request({
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: [{ kind: 'charges.overdue', email: false }],
    });
    expect(put.statusCode).toBe(401);
  });
});
