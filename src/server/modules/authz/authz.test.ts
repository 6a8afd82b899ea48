import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '../../context';
import { createTestApp, signUpAndLogin, type TestApp, type TestUser } from '../../test/test-app';
import { createdId } from '../../test/fixtures';
import { staffTable } from '../staff';
import { tenantsTable } from '../tenants';
import { findLeaseOfTenantAccount, managedPropertiesFilter } from './authz';

const asActor = (user: TestUser): Actor => ({ kind: 'user', user: user.user });

describe('identity links and the tenant policy', () => {
  let t: TestApp;
  let landlord: TestUser;
  let renter: TestUser;
  let stranger: TestUser;
  let tenantId: number;
  let leaseId: number;
  let staffId: number;

  beforeAll(async () => {
    t = await createTestApp();
    landlord = await signUpAndLogin(t, 'Landlord');
    renter = await signUpAndLogin(t, 'Tenant');
    stranger = await signUpAndLogin(t, 'Tenant');
    const post = (url: string, payload: object) => createdId(landlord, url, payload);
    const propertyId = await post('/api/properties', {
      name: 'Linked Court',
      address: '2 Link Road',
      city: 'Springfield',
      state: 'IL',
      zipCode: '62701',
    });
    const unitId = await post('/api/units', {
      unitNumber: '1',
      propertyId,
      bedrooms: 1,
      bathrooms: 1,
      squareFeet: 500,
      rent: 900,
    });
    // userId in a body is never taken: the link is made only by an invitation.
    tenantId = await post('/api/tenants', {
      unitId,
      firstName: 'Rita',
      lastName: 'Renter',
      phoneNumber: '+12125550102',
      email: 'rita@example.com',
      userId: renter.user.id,
    });
    staffId = await post('/api/staff', {
      propertyId,
      firstName: 'Max',
      lastName: 'Fixit',
      email: 'max@example.com',
      phone: '+12125550103',
      position: 'Maintenance',
      userId: renter.user.id,
    });
    leaseId = await post('/api/leases', {
      tenantId,
      startDate: '2026-01-01',
      endDate: '2026-12-31',
      rent: 900,
      deposit: 900,
      status: 'Active',
    });
  });
  afterAll(() => t.close());

  it('never takes userId from a tenant or staff body', async () => {
    const [tenant] = await t.database.db
      .select()
      .from(tenantsTable)
      .where(eq(tenantsTable.id, tenantId));
    const [staff] = await t.database.db.select().from(staffTable).where(eq(staffTable.id, staffId));
    expect(tenant!.userId).toBeNull();
    expect(staff!.userId).toBeNull();
  });

  it("finds a lease only for the account linked to the lease's tenant", async () => {
    expect(await findLeaseOfTenantAccount(t.database.db, asActor(renter), leaseId)).toBeUndefined();
    // What accepting an invitation will do (the portal issue builds that flow).
    await t.database.db
      .update(tenantsTable)
      .set({ userId: renter.user.id })
      .where(eq(tenantsTable.id, tenantId));
    expect((await findLeaseOfTenantAccount(t.database.db, asActor(renter), leaseId))?.id).toBe(
      leaseId,
    );
    expect(
      await findLeaseOfTenantAccount(t.database.db, asActor(stranger), leaseId),
    ).toBeUndefined();
    // Managing the property is a different right from being the tenant.
    expect(
      await findLeaseOfTenantAccount(t.database.db, asActor(landlord), leaseId),
    ).toBeUndefined();
    expect(
      await findLeaseOfTenantAccount(t.database.db, { kind: 'visitor' }, leaseId),
    ).toBeUndefined();
  });

  it('links one account to at most one tenant', async () => {
    await expect(
      t.database.db.insert(tenantsTable).values({
        unitId: (
          await t.database.db.select().from(tenantsTable).where(eq(tenantsTable.id, tenantId))
        )[0]!.unitId,
        unitNumber: '1',
        firstName: 'Second',
        lastName: 'Copy',
        phoneNumber: '555',
        email: 'copy@example.com',
        userId: renter.user.id,
      }),
    ).rejects.toThrow();
  });

  it('lets only Landlords and Admins (and the system) manage properties', () => {
    expect(managedPropertiesFilter(asActor(renter))).toBeDefined();
    expect(managedPropertiesFilter({ kind: 'system', name: 'jobs' })).toBeUndefined();
  });
});
