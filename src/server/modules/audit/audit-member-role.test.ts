import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HistoryEvent } from '../../../shared/schemas/audit';
import { createLease } from '../../test/fixtures';
import {
  createTestApp,
  login,
  signUpAndLogin,
  type TestApp,
  type TestUser,
} from '../../test/test-app';
import { firstOrganisationOf, organisationMembersTable } from '../organisations';
import { auditEventsTable } from './audit.table';

describe('who did what: the member and their role', () => {
  let t: TestApp;
  let owner: TestUser;
  let bookkeeper: TestUser;
  let organisationId: number;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signUpAndLogin(t, 'Landlord');
    organisationId = (await firstOrganisationOf(t.database.db, owner.user.id))!;
    const person = await signUpAndLogin(t, 'Tenant');
    await t.database.db
      .insert(organisationMembersTable)
      .values({ organisationId, userId: person.user.id, role: 'Bookkeeper' });
    // Their only organisation is the owner's, so the new session acts for it.
    bookkeeper = await login(t, person.user.userName, person.password);
  });
  afterAll(() => t?.close());

  it("a bookkeeper's charge shows in the lease's history with the role and organisation", async () => {
    const lease = await createLease(owner);
    const charged = await bookkeeper.request({
      method: 'POST',
      url: `/api/leases/${lease.id}/ledger/charges`,
      payload: { amount: 40, category: 'fee', entryDate: '2026-01-05', description: 'Keys' },
    });
    expect(charged.statusCode, charged.body).toBe(201);

    const history = await owner.request({ method: 'GET', url: `/api/leases/${lease.id}/history` });
    expect(history.statusCode, history.body).toBe(200);
    const events = history.json() as HistoryEvent[];
    expect(events.find((event) => event.action === 'ledger.charge')?.actor).toEqual({
      kind: 'user',
      userId: bookkeeper.user.id,
      name: bookkeeper.user.userName,
      role: 'Bookkeeper',
    });
    expect(events.find((event) => event.action === 'create')?.actor.role).toBe('Owner');

    const rows = await t.database.db
      .select({ role: auditEventsTable.actorRole, organisationId: auditEventsTable.organisationId })
      .from(auditEventsTable)
      .where(eq(auditEventsTable.action, 'ledger.charge'));
    expect(rows).toEqual([{ role: 'Bookkeeper', organisationId }]);
  });
});
