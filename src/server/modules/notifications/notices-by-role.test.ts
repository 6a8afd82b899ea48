import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MemberRole } from '../../../shared/constants';
import type { Notification } from '../../../shared/schemas/notifications';
import {
  createdId,
  createPropertyWithUnits,
  leaseBody,
  MID_MARCH_NOON,
  tenantBody,
} from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { outgoingMailTable } from '../mail';
import {
  firstOrganisationOf,
  memberPropertiesTable,
  organisationMembersTable,
} from '../organisations';
import { tenantsTable } from '../tenants';

/** Notices once meant for "the landlord" reach the organisation's members by role. */
describe('notices by role', () => {
  let t: TestApp;
  let owner: TestUser;
  let bookkeeper: TestUser;
  let coordinator: TestUser;
  let leasingAgent: TestUser;
  let tenant: TestUser;
  let leaseId: number;
  let mainUnits: { id: number }[];
  let otherUnits: { id: number }[];

  const notices = async (user: TestUser, kind: string) => {
    const response = await user.request({ method: 'GET', url: '/api/notifications?limit=100' });
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as Notification[]).filter((n) => n.kind === kind);
  };
  const mailed = async (user: TestUser, kind: string) =>
    t.database.db
      .select()
      .from(outgoingMailTable)
      .where(and(eq(outgoingMailTable.userId, user.user.id), eq(outgoingMailTable.kind, kind)));
  const runJobs = async () => {
    await t.app.jobs.runDueJobs(t.clock.now);
    await t.app.jobs.runDueJobs(t.clock.now);
  };

  /** A person whose only organisation is the owner's, so their sessions act for it. */
  async function member(role: MemberRole, propertyIds: number[] | null): Promise<TestUser> {
    const person = await signUpAndLogin(t, 'Tenant');
    const organisationId = await firstOrganisationOf(t.database.db, owner.user.id);
    const [row] = await t.database.db
      .insert(organisationMembersTable)
      .values({
        organisationId: organisationId!,
        userId: person.user.id,
        role,
        allProperties: propertyIds === null,
      })
      .returning();
    for (const propertyId of propertyIds ?? []) {
      await t.database.db.insert(memberPropertiesTable).values({ memberId: row!.id, propertyId });
    }
    return login(t, person.user.userName, person.password);
  }

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    owner = await signUpAndLogin(t, 'Landlord');
    tenant = await signUpAndLogin(t, 'Tenant');
    const main = await createPropertyWithUnits(owner, ['Available', 'Available']);
    const other = await createPropertyWithUnits(owner, ['Available']);
    mainUnits = main.units;
    otherUnits = other.units;
    bookkeeper = await member('Bookkeeper', null);
    coordinator = await member('Maintenance coordinator', null);
    leasingAgent = await member('Leasing agent', [other.propertyId]);

    const tenantId = await createdId(owner, '/api/tenants', tenantBody(mainUnits[0]!.id));
    leaseId = await createdId(owner, '/api/leases', leaseBody(tenantId));
    // Only an invitation links accounts in the product; here the link is set directly.
    await t.database.db
      .update(tenantsTable)
      .set({ userId: tenant.user.id })
      .where(eq(tenantsTable.id, tenantId));
  });
  afterAll(() => t?.close());

  it('a payment is told to the money people, never to the one who recorded it', async () => {
    const pay = async (who: TestUser, amount: number) => {
      const response = await who.request({
        method: 'POST',
        url: `/api/leases/${leaseId}/ledger/payments`,
        payload: {
          amount,
          entryDate: '2026-03-14',
          method: 'cash',
          idempotencyKey: `by-role-${amount}`,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await pay(owner, 100);
    await pay(bookkeeper, 200);
    await runJobs();

    const toBookkeeper = await notices(bookkeeper, 'payments.recorded');
    expect(toBookkeeper.map((n) => n.title)).toEqual(['Payment of $100.00 recorded: Ada Lovelace']);
    expect(toBookkeeper[0]!.link).toBe(`/lease/${leaseId}`);
    expect((await notices(owner, 'payments.recorded')).map((n) => n.title)).toEqual([
      'Payment of $200.00 recorded: Ada Lovelace',
    ]);
    expect(await notices(coordinator, 'payments.recorded')).toEqual([]);
    expect(await notices(leasingAgent, 'payments.recorded')).toEqual([]);
    expect(await notices(tenant, 'payments.recorded')).toHaveLength(2);
  });

  it("a tenant's request is told to the owner and the coordinator, and emailed only to who wants it", async () => {
    const quiet = await coordinator.request({
      method: 'PUT',
      url: '/api/notification-preferences',
      payload: [{ kind: 'work-orders.requested', email: false }],
    });
    expect(quiet.statusCode, quiet.body).toBe(200);
    const filed = await tenant.request({
      method: 'POST',
      url: '/api/portal/requests',
      payload: {
        title: 'Heater is cold',
        location: 'Living room',
        category: 'Heating/Cooling',
        priority: 'Urgent',
      },
    });
    expect(filed.statusCode, filed.body).toBe(201);
    await runJobs();

    for (const told of [owner, coordinator]) {
      expect(await notices(told, 'work-orders.requested')).toMatchObject([
        { title: 'New maintenance request: Heater is cold' },
      ]);
    }
    expect(await notices(bookkeeper, 'work-orders.requested')).toEqual([]);
    expect(await notices(leasingAgent, 'work-orders.requested')).toEqual([]);
    // The coordinator turned this kind's email off: the owner is mailed, the coordinator not.
    expect(await mailed(owner, 'work-orders.requested')).toHaveLength(1);
    expect(await mailed(coordinator, 'work-orders.requested')).toEqual([]);
  });

  it('an application is told to the leasing people of its property only', async () => {
    const apply = async (unitId: number, firstName: string, remoteAddress: string) => {
      const response = await t.request({
        method: 'POST',
        url: '/api/applications',
        remoteAddress,
        payload: {
          unitId,
          firstName,
          lastName: 'Applicant',
          email: `${firstName.toLowerCase()}@example.com`,
          phoneNumber: '+12125550199',
          moveInDate: '2026-04-01',
          backgroundCheckConsent: true,
        },
      });
      expect(response.statusCode, response.body).toBe(201);
    };
    await apply(mainUnits[1]!.id, 'Jane', '10.7.0.1');
    await apply(otherUnits[0]!.id, 'Kim', '10.7.0.2');
    await runJobs();

    const titles = async (user: TestUser) =>
      (await notices(user, 'applications.received')).map((n) => n.title).sort();
    expect(await titles(owner)).toEqual([
      'New application: Jane Applicant',
      'New application: Kim Applicant',
    ]);
    // Limited to the other property: nothing of the main one.
    expect(await titles(leasingAgent)).toEqual(['New application: Kim Applicant']);
    expect(await titles(bookkeeper)).toEqual([]);
    expect(await titles(coordinator)).toEqual([]);
  });
});
