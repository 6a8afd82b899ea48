import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOTIFICATION_KINDS } from '../shared/schemas/notification-preferences';
import { allSubscribers } from './event-bus';
import { kindOf, type EventKind } from './events';
import { auditEventsTable } from './modules/audit';
import { notificationsTable, REMINDER_KINDS } from './modules/notifications';
import { staffTable } from './modules/staff';
import { tenantsTable } from './modules/tenants';
import {
  createdId,
  createPropertyWithUnits,
  leaseBody,
  signUpAll,
  tenantBody,
} from './test/fixtures';
import { createTestApp, login, type TestApp, type TestUser } from './test/test-app';

/** Noon in New York on a day. */
const noon = (day: string) => new Date(`${day}T17:00:00Z`);

describe('side effects follow events', () => {
  it('every notification kind has its subscriber, or is sent by the calendar', async () => {
    const subscribed = (await allSubscribers()).flatMap((subscriber) => subscriber.notifies);
    const scheduled: readonly string[] = REMINDER_KINDS;
    for (const { kind } of NOTIFICATION_KINDS) {
      expect(
        subscribed.includes(kind) !== scheduled.includes(kind),
        `${kind}: one subscriber, or the reminders' schedule`,
      ).toBe(true);
    }
  });

  it('names each subscriber once', async () => {
    const names = (await allSubscribers()).map((subscriber) => subscriber.name);
    expect(new Set(names).size).toBe(names.length);
  });

  /**
   * One walk through the commands that have subscribers: afterwards every subscribed kind has
   * been recorded (so a subscriber of a kind no command emits fails here), and every kind a
   * subscriber sends has reached its account.
   */
  describe('a walk through the commands', () => {
    let t: TestApp;
    let landlord: TestUser;
    let tenant: TestUser;
    let worker: TestUser;
    let admin: TestUser;

    beforeAll(async () => {
      t = await createTestApp();
      t.clock.now = noon('2026-01-05');
      [landlord, tenant, worker, admin] = await signUpAll(t, [
        'Landlord',
        'Tenant',
        'Maintenance',
        'Admin',
      ]);
    });
    afterAll(() => t?.close());

    it('emits every subscribed kind, and each subscriber notifies', async () => {
      const { propertyId, units } = await createPropertyWithUnits(landlord, [
        'Available',
        'Available',
      ]);
      const tenantId = await createdId(landlord, '/api/tenants', tenantBody(units[0]!.id));
      // Only an invitation links accounts in the product (decision 0011); here it is set directly.
      await t.database.db
        .update(tenantsTable)
        .set({ userId: tenant.user.id })
        .where(eq(tenantsTable.id, tenantId));
      const staffId = await createdId(landlord, '/api/staff', {
        firstName: 'Rosa',
        lastName: 'Diaz',
        email: 'rosa@example.com',
        phone: '+12125550142',
        position: 'Handy',
        propertyId,
      });
      await t.database.db
        .update(staffTable)
        .set({ userId: worker.user.id })
        .where(eq(staffTable.id, staffId));
      const leaseId = await createdId(
        landlord,
        '/api/leases',
        leaseBody(tenantId, { startDate: '2026-01-01', lateFeeKind: 'flat', lateFeeAmount: 50 }),
      );

      const ok = async (user: TestUser, method: 'POST' | 'PUT', url: string, payload: object) => {
        const response = await user.request({ method, url, payload });
        expect(response.statusCode, `${url}: ${response.body}`).toBeLessThan(300);
        return response.json() as { id: number };
      };
      const ledger = `/api/leases/${leaseId}/ledger`;
      await ok(landlord, 'POST', `${ledger}/charges`, {
        amount: 40,
        category: 'fee',
        entryDate: '2026-01-05',
        description: 'Key replacement',
      });
      await ok(landlord, 'POST', `${ledger}/credits`, {
        amount: 10,
        entryDate: '2026-01-05',
        description: 'Goodwill',
      });
      await ok(landlord, 'POST', `${ledger}/payments`, {
        amount: 100,
        entryDate: '2026-01-05',
        method: 'cash',
        idempotencyKey: 'events-walk-1',
      });

      const application = await t.request({
        method: 'POST',
        url: '/api/applications',
        payload: {
          unitId: units[1]!.id,
          firstName: 'Jane',
          lastName: 'Applicant',
          email: 'jane@example.com',
          phoneNumber: '+12125550199',
          moveInDate: '2026-02-01',
          backgroundCheckConsent: true,
        },
      });
      expect(application.statusCode, application.body).toBe(201);

      const request = await ok(tenant, 'POST', '/api/portal/requests', {
        title: 'Heater is cold',
        location: 'Living room',
        category: 'Heating/Cooling',
        priority: 'Urgent',
      });
      const order = `/api/work-orders/${request.id}`;
      await ok(landlord, 'POST', `${order}/assign`, { staffId });
      await ok(landlord, 'POST', `${order}/notes`, { body: 'Parts ordered', visibility: 'tenant' });
      await ok(worker, 'POST', `/api/worker/work-orders/${request.id}/status`, {
        status: 'In progress',
      });
      await ok(admin, 'PUT', `/api/accounts/${worker.user.id}/roles`, {
        roles: ['Maintenance', 'Tenant'],
      });

      // The rule holds from today: February's rent, unpaid on the 10th, is charged a late fee.
      t.clock.now = noon('2026-02-10');
      landlord = await login(t, landlord.user.userName, landlord.password);
      await t.app.jobs.runDueJobs(t.clock.now);
      await t.app.jobs.runDueJobs(t.clock.now);

      const recorded = new Set(
        (await t.database.db.select().from(auditEventsTable)).map((event) =>
          kindOf({ entityType: event.entityType as never, action: event.action as never }),
        ),
      );
      const subscribed = new Set<EventKind>((await allSubscribers()).flatMap((s) => s.on));
      expect([...subscribed].filter((kind) => !recorded.has(kind))).toEqual([]);

      const sent = new Set(
        (await t.database.db.select().from(notificationsTable)).map((n) => n.kind),
      );
      const promised = new Set((await allSubscribers()).flatMap((s) => s.notifies));
      expect([...promised].filter((kind) => !sent.has(kind))).toEqual([]);
    });
  });
});
