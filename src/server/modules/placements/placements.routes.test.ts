import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fingerprint } from '../../test/attack/attack-kit';
import { createPropertyWithUnits, MID_MARCH_NOON, signUpAll } from '../../test/fixtures';
import { startSmtpReceiver, type SmtpReceiver } from '../../test/smtp-receiver';
import { createTestApp, type TestApp, type TestUser } from '../../test/test-app';
import { auditEventsTable } from '../audit';
import { unitStatus } from '../tenants/tenants.test-helpers';

/** A whole placement: Ada on the unit from 2026-03-01, a deposit of 1,450 of which 1,000 is in. */
const placementBody = (unitId: number, overrides: Record<string, unknown> = {}) => ({
  unitId,
  firstName: 'Ada',
  lastName: 'Lovelace',
  phoneNumber: '(212) 555-0142',
  email: 'ada@example.com',
  startDate: '2026-03-01',
  endDate: '2027-02-28',
  rent: 1450,
  deposit: 1450,
  status: 'Active',
  depositReceived: 1000,
  depositReceivedOn: '2026-03-01',
  invite: false,
  ...overrides,
});

describe('placing a tenant in one step', () => {
  let t: TestApp;
  let landlord: TestUser;
  let other: TestUser;
  let admin: TestUser;
  let tenantUser: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    t.clock.now = MID_MARCH_NOON;
    [landlord, other, admin, tenantUser] = await signUpAll(t, [
      'Landlord',
      'Landlord',
      'Admin',
      'Tenant',
    ]);
  });
  afterAll(() => t.close());

  const place = (user: TestUser, payload: object) =>
    user.request({ method: 'POST', url: '/api/placements', payload });

  it('makes the tenant, the lease and the deposit receipt, each with its own history', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unit = units[0]!;
    const response = await place(landlord, placementBody(unit.id));
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.tenant).toMatchObject({
      unitId: unit.id,
      unitNumber: unit.unitNumber,
      firstName: 'Ada',
      phoneNumber: '+12125550142',
    });
    expect(made.lease).toMatchObject({
      tenantId: made.tenant.id,
      unitNumber: unit.unitNumber,
      firstName: 'Ada',
      startDate: '2026-03-01',
      rent: 1450,
      deposit: 1450,
      state: 'active',
    });
    expect(made.deposit).toMatchObject({ agreed: 1450, received: 1000, outstanding: 450 });
    expect(made.invitation).toBeNull();
    expect(await unitStatus(t, unit.id)).toBe('Rented');

    // The same reads as the separate forms' records.
    const lease = await landlord.request({ method: 'GET', url: `/api/leases/${made.lease.id}` });
    expect(lease.json()).toEqual(made.lease);
    const events = await t.database.db
      .select({ entityType: auditEventsTable.entityType, action: auditEventsTable.action })
      .from(auditEventsTable)
      .where(eq(auditEventsTable.actorUserId, landlord.user.id))
      .orderBy(desc(auditEventsTable.id))
      .limit(4);
    expect(events.reverse()).toEqual([
      { entityType: 'tenants', action: 'create' },
      { entityType: 'units', action: 'update' },
      { entityType: 'leases', action: 'create' },
      { entityType: 'leases', action: 'deposit.receipt' },
    ]);
  });

  it('without a deposit received, records no receipt; with invite, answers the one-time link', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const response = await place(
      landlord,
      placementBody(units[0]!.id, { depositReceived: null, depositReceivedOn: null, invite: true }),
    );
    expect(response.statusCode, response.body).toBe(201);
    const made = response.json();
    expect(made.deposit).toBeNull();
    expect(made.invitation.path).toMatch(/^\/invitations\/[A-Za-z0-9_-]{43}$/);
    // No mail on this server: the link is there to copy.
    expect(made.invitation.emailedTo).toBeNull();
    const preview = await t.request({
      method: 'GET',
      url: `/api${made.invitation.path.replace('/invitations/', '/invitations/by-code/')}`,
    });
    expect(preview.json()).toMatchObject({ name: 'Ada Lovelace', email: 'ada@example.com' });
  });

  it("an Admin places a tenant on any landlord's unit", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const response = await place(admin, placementBody(units[0]!.id));
    expect(response.statusCode, response.body).toBe(201);
  });

  it('is all or nothing: a bad lease, deposit or invitation part leaves no tenant behind', async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const unitId = units[0]!.id;
    const before = await fingerprint(t);
    // Refused by the schema, each naming its field.
    const cases: [Record<string, unknown>, string][] = [
      [{ endDate: '2026-01-01' }, 'endDate'],
      [{ rent: '1,65' }, 'rent'],
      [{ depositReceived: 2000 }, 'depositReceived'],
      [{ email: 'not-an-email' }, 'email'],
      [{ phoneNumber: 'call me' }, 'phoneNumber'],
      [{ lateFeeKind: 'flat' }, 'lateFeeAmount'],
    ];
    for (const [overrides, field] of cases) {
      const response = await place(landlord, placementBody(unitId, overrides));
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(Object.keys(response.json().errors), JSON.stringify(overrides)).toContain(field);
    }
    // Refused by a service after the tenant was written: the deposit's date in the future.
    const future = await place(
      landlord,
      placementBody(unitId, { depositReceivedOn: '2026-04-01' }),
    );
    expect(future.statusCode, future.body).toBe(400);
    expect(future.json().errors).toEqual({ depositReceivedOn: ['Date cannot be in the future'] });
    expect(await fingerprint(t)).toEqual(before);
    expect(await unitStatus(t, unitId)).toBe('Available');
  });

  it('refuses a unit that is not Available, and changes nothing', async () => {
    const { units } = await createPropertyWithUnits(landlord, ['Available']);
    const unitId = units[0]!.id;
    expect((await place(landlord, placementBody(unitId))).statusCode).toBe(201);
    const before = await fingerprint(t);
    const again = await place(landlord, placementBody(unitId, { firstName: 'Grace' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This unit is no longer available');
    expect(await fingerprint(t)).toEqual(before);
  });

  it("answers another landlord's unit as missing, refuses non-landlords, and changes nothing", async () => {
    const { units } = await createPropertyWithUnits(landlord);
    const before = await fingerprint(t);
    expect((await place(other, placementBody(units[0]!.id))).statusCode).toBe(404);
    expect((await place(tenantUser, placementBody(units[0]!.id))).statusCode).toBe(403);
    const visitor = await t.request({
      method: 'POST',
      url: '/api/placements',
      payload: placementBody(units[0]!.id),
    });
    expect(visitor.statusCode).toBe(401);
    expect(await fingerprint(t)).toEqual(before);
  });
});

describe('placing a tenant with mail configured', () => {
  let smtp: SmtpReceiver;
  let m: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    m = await createTestApp({
      mail: { smtpUrl: smtp.url, from: 'Porchlight <no-reply@example.test>', timeoutMs: 5_000 },
      publicUrl: 'https://rent.example.test',
    });
  });
  afterAll(async () => {
    await m?.close();
    await smtp?.close();
  });

  it('mails the invitation to the new tenant once the placement is written', async () => {
    const [landlord] = await signUpAll(m, ['Landlord']);
    const { units } = await createPropertyWithUnits(landlord);
    const response = await landlord.request({
      method: 'POST',
      url: '/api/placements',
      payload: placementBody(units[0]!.id, {
        email: 'ada.placed@example.com',
        depositReceivedOn: null,
        startDate: '2020-01-01',
        endDate: '2020-12-31',
        invite: true,
      }),
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().invitation.emailedTo).toBe('ada.placed@example.com');
    await m.app.jobs.runDueJobs(m.clock.now);
    expect(smtp.received.map((mail) => mail.to)).toMatchObject([
      { value: [{ address: 'ada.placed@example.com' }] },
    ]);
  });
});
