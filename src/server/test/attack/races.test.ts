import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAsSystem, type Service } from '../../context';
import { applicationsTable } from '../../modules/applications';
import { tenantsTable } from '../../modules/tenants';
import { usersTable } from '../../modules/users';
import {
  createdId,
  createPropertyWithUnits,
  createTenant,
  leaseBody,
  MID_MARCH_NOON,
  posted,
  tenantBody,
} from '../fixtures';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../test-app';

/**
 * Writes that lock more than one row, raced over HTTP at the same moment (on PostgreSQL the
 * requests really overlap; the embedded database runs them one after another). The data
 * stays right, and every loser is told so: 409 with a human message, never a 500.
 */
let t: TestApp;
let landlord: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  landlord = await signUpAndLogin(t, 'Landlord');
});
afterAll(() => t?.close());

let address = 0;
async function apply(unitId: number, firstName: string): Promise<number> {
  const response = await t.request({
    method: 'POST',
    url: '/api/applications',
    remoteAddress: `198.51.100.${(address++ % 200) + 1}`,
    payload: {
      unitId,
      unitNumber: 'ignored',
      firstName,
      lastName: 'Applicant',
      email: `${firstName.toLowerCase()}@example.com`,
      phoneNumber: '(212) 555-0199',
      // A month ahead: never 'in the past' in any time zone.
      moveInDate: new Date(t.clock.now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10),
      message: '',
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().id;
}

function expectWinnerAndConflicts(answers: LightMyRequestResponse[], winners: number): void {
  const summary = answers.map((a) => `${a.statusCode} ${a.json().message ?? ''}`);
  expect(
    answers.filter((a) => a.statusCode < 300),
    summary.join('\n'),
  ).toHaveLength(winners);
  for (const answer of answers.filter((a) => a.statusCode >= 300)) {
    expect(answer.statusCode, summary.join('\n')).toBe(409);
    expect(answer.json().message).toMatch(/^[A-Z].+/);
  }
}

describe('the transaction runner', () => {
  // The embedded database runs one transaction at a time: two cannot wait on each other.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))(
    'runs again a service that lost a deadlock: both writers succeed',
    async () => {
      const [a, b] = [await signUpAndLogin(t, 'Tenant'), await signUpAndLogin(t, 'Tenant')];
      let holding = 0;
      let bothHold!: () => void;
      const barrier = new Promise<void>((resolve) => (bothHold = resolve));
      let attempts = 0;
      const lockBoth =
        (first: number, second: number): Service<null, number> =>
        async (ctx) => {
          attempts++;
          const lock = (id: number) =>
            ctx.tx.select().from(usersTable).where(eq(usersTable.id, id)).for('update');
          await lock(first);
          if (++holding === 2) bothHold();
          await barrier;
          await lock(second);
          return first;
        };
      const system = { name: 'race-test', now: t.clock.now, timeZone: t.config.timeZone };
      const results = await Promise.all([
        runAsSystem(t.database.db, system, lockBoth(a.user.id, b.user.id), null),
        runAsSystem(t.database.db, system, lockBoth(b.user.id, a.user.id), null),
      ]);
      expect(results).toEqual([a.user.id, b.user.id]);
      // PostgreSQL chose one victim; its rerun found the way clear.
      expect(attempts).toBe(3);
    },
  );
});

describe('racing writes', () => {
  it.each([1, 2, 3, 4, 5, 6])(
    'round %i: one application approved twice and a rival approved at the same moment: one tenant, the others 409',
    async () => {
      const { units } = await createPropertyWithUnits(landlord);
      const unitId = units[0]!.id;
      const first = await apply(unitId, 'Ada');
      const rival = await apply(unitId, 'Bea');
      const third = await apply(unitId, 'Cy');
      const approve = (id: number) =>
        landlord.request({ method: 'POST', url: `/api/applications/${id}/approve` });
      const answers = await Promise.all([
        approve(first),
        approve(rival),
        approve(first),
        approve(third),
        approve(rival),
      ]);
      expectWinnerAndConflicts(answers, 1);

      const db = t.database.db;
      const tenants = await db.select().from(tenantsTable).where(eq(tenantsTable.unitId, unitId));
      expect(tenants).toHaveLength(1);
      const applications = await db
        .select()
        .from(applicationsTable)
        .where(eq(applicationsTable.unitId, unitId));
      expect(applications.filter((a) => a.status === 'Approved')).toHaveLength(1);
      expect(applications.filter((a) => a.status === 'Pending')).toHaveLength(0);
    },
  );

  it.each([1, 2, 3])(
    'round %i: two accounts accept one invitation while its record is invited again: one link at most, no 500',
    async () => {
      const tenant = await createTenant(landlord);
      const invite = () =>
        landlord.request({ method: 'POST', url: `/api/tenants/${tenant.id}/invitations` });
      const created = await invite();
      expect(created.statusCode, created.body).toBe(201);
      const code = (created.json().path as string).replace('/invitations/', '');
      const [a, b] = [await signUpAndLogin(t, 'Tenant'), await signUpAndLogin(t, 'Tenant')];
      const accept = (user: TestUser) =>
        user.request({ method: 'POST', url: `/api/invitations/by-code/${code}/accept` });
      const answers = await Promise.all([accept(a), accept(b), invite(), accept(a)]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        if (answer.statusCode >= 300) expect(answer.json().message).toMatch(/^[A-Z].+/);
      }
      expect(answers.filter((x) => x.statusCode === 200).length).toBeLessThanOrEqual(1);
    },
  );

  it.each([1, 2, 3])(
    'round %i: a lease renewed twice, its tenant moved out and its deposit settled twice, all at once: no 500',
    async () => {
      t.clock.now = MID_MARCH_NOON;
      const tenant = await createTenant(landlord);
      const lease = await posted<{ id: number }>(landlord, '/api/leases', leaseBody(tenant.id));
      const post = (url: string, payload: object) =>
        landlord.request({ method: 'POST', url, payload });
      const renew = () =>
        post(`/api/leases/${lease.id}/renew`, { endDate: '2027-12-31', rent: 1100 });
      const settle = () =>
        post(`/api/leases/${lease.id}/deposit/settlement`, {
          date: '2026-03-14',
          deductions: [{ description: 'Cleaning', amount: 100 }],
          applyToOpenCharges: true,
        });
      const answers = await Promise.all([
        renew(),
        settle(),
        post(`/api/tenants/${tenant.id}/move-out`, { moveOutDate: '2026-03-14', reason: 'Moved' }),
        renew(),
        settle(),
        post(`/api/leases/${lease.id}/deposit/receipts`, { amount: 500, date: '2026-01-05' }),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        if (answer.statusCode >= 300) expect(answer.json().message).toMatch(/^[A-Z].+/);
      }
      expect([answers[0]!, answers[3]!].filter((a) => a.statusCode < 300).length).toBeLessThan(2);
      expect([answers[1]!, answers[4]!].filter((a) => a.statusCode < 300).length).toBeLessThan(2);
    },
  );

  it('a finished work order charged twice while a note is added: one charge, no 500', async () => {
    t.clock.now = MID_MARCH_NOON;
    const { propertyId, units } = await createPropertyWithUnits(landlord);
    const tenantId = await createdId(landlord, '/api/tenants', tenantBody(units[0]!.id));
    await posted(landlord, '/api/leases', leaseBody(tenantId));
    const staffId = await createdId(landlord, '/api/staff', {
      firstName: 'Rosa',
      lastName: 'Diaz',
      email: 'rosa@example.com',
      phone: '(212) 555-0142',
      position: 'Handy',
      propertyId,
    });
    const id = await createdId(landlord, '/api/work-orders', {
      unitId: units[0]!.id,
      title: 'Broken window',
      category: 'Other',
      priority: 'Routine',
    });
    const step = (path: string, payload: object) =>
      landlord.request({ method: 'POST', url: `/api/work-orders/${id}/${path}`, payload });
    for (const [path, payload] of [
      ['assign', { staffId }],
      ['status', { status: 'In progress' }],
      ['notes', { body: 'Glass and labour', cost: 120.5 }],
      ['status', { status: 'Done' }],
    ] as const) {
      expect((await step(path, payload)).statusCode).toBe(200);
    }
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([
        step('charge', {}),
        step('notes', { body: 'More glass', cost: 10 }),
        step('charge', {}),
      ]);
      for (const answer of answers) {
        expect(answer.statusCode, answer.body).toBeLessThan(500);
        if (answer.statusCode >= 300) expect(answer.json().message).toMatch(/^[A-Z].+/);
      }
      if (round === 0) {
        expect([answers[0]!, answers[2]!].filter((a) => a.statusCode < 300)).toHaveLength(1);
      }
    }
  });
});
