import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { INVITATION_TTL_MS } from '../../../shared/schemas/invitations';
import type { Database } from '../../db/client';
import { newOneTimeCode } from '../../modules/auth';
import { withPropertyOfTenant } from '../../modules/tenancy';
import { invitationsTable } from '../../modules/invitations';
import { leasesTable } from '../../modules/leases';
import { propertiesTable } from '../../modules/properties';
import { staffTable } from '../../modules/staff';
import { tenantsTable } from '../../modules/tenants';
import { unitsTable } from '../../modules/units';
import { workOrdersTable } from '../../modules/work-orders';

export interface DemoPortalAccounts {
  landlordId: number;
  tenantUserId: number;
  tenantUserName: string;
  workerUserId: number;
  workerUserName: string;
}

/** 'tina.tenant' -> first name Tina, email tina.tenant@example.com. */
function personOf(userName: string) {
  const first = userName.split('.')[0]!;
  return {
    firstName: first.charAt(0).toUpperCase() + first.slice(1),
    email: `${userName}@example.com`,
  };
}

const DAY_MS = 86_400_000;

/**
 * Links the demo's Tenant and Maintenance logins to one of the landlord's tenant records and
 * to the staff member the demo's work orders are assigned to, leaving what an accepted
 * invitation leaves: the record's user_id and an accepted invitation row. The code is thrown
 * away, so the database holds no working link. A record or account already linked is left
 * alone, so running it again changes nothing.
 */
export async function seedDemoPortal(
  db: Database,
  accounts: DemoPortalAccounts,
  today: Date,
): Promise<void> {
  const tenantId = await pickTenant(db, accounts);
  if (tenantId !== undefined) {
    // The record is the login's person: tina.tenant is Tina, with the login's address. Her
    // leases were written with her name, so they carry it too.
    const person = personOf(accounts.tenantUserName);
    await db
      .update(tenantsTable)
      .set({ userId: accounts.tenantUserId, ...person })
      .where(eq(tenantsTable.id, tenantId));
    await db
      .update(leasesTable)
      .set({ firstName: person.firstName })
      .where(eq(leasesTable.tenantId, tenantId));
    // What the work-order service records when it files one: who lived there, for contact.
    const unit = db
      .select({ unitId: tenantsTable.unitId })
      .from(tenantsTable)
      .where(eq(tenantsTable.id, tenantId));
    await db
      .update(workOrdersTable)
      .set({ tenantId })
      .where(and(inArray(workOrdersTable.unitId, unit), isNull(workOrdersTable.tenantId)));
    await insertAcceptedInvitation(db, { tenantId }, accounts, today);
  }

  const staffId = await pickStaff(db, accounts);
  if (staffId !== undefined) {
    await db
      .update(staffTable)
      .set({ userId: accounts.workerUserId, ...personOf(accounts.workerUserName) })
      .where(eq(staffTable.id, staffId));
    await insertAcceptedInvitation(db, { staffId }, accounts, today);
  }
}

/** A current tenant of the landlord, preferably one whose unit has work orders to show. */
async function pickTenant(
  db: Database,
  { landlordId, tenantUserId }: DemoPortalAccounts,
): Promise<number | undefined> {
  const [linked] = await db
    .select({ id: tenantsTable.id })
    .from(tenantsTable)
    .where(eq(tenantsTable.userId, tenantUserId))
    .limit(1);
  if (linked) return undefined;
  const candidates = await withPropertyOfTenant(
    db
      .select({ id: tenantsTable.id, unitId: tenantsTable.unitId })
      .from(tenantsTable)
      .innerJoin(leasesTable, eq(leasesTable.tenantId, tenantsTable.id))
      .$dynamic(),
  )
    .where(
      and(
        eq(propertiesTable.userId, landlordId),
        eq(leasesTable.status, 'Active'),
        isNull(tenantsTable.userId),
        isNull(tenantsTable.movedOutOn),
      ),
    )
    .orderBy(asc(tenantsTable.id));
  if (candidates.length === 0) return undefined;
  const withOrders = await db
    .selectDistinct({ unitId: workOrdersTable.unitId })
    .from(workOrdersTable)
    .where(
      inArray(
        workOrdersTable.unitId,
        candidates.map((c) => c.unitId),
      ),
    );
  const units = new Set(withOrders.map((row) => row.unitId));
  return (candidates.find((c) => units.has(c.unitId)) ?? candidates[0]!).id;
}

/** The landlord's staff member with the most assigned work orders, else their first one. */
async function pickStaff(
  db: Database,
  { landlordId, workerUserId }: DemoPortalAccounts,
): Promise<number | undefined> {
  const [linked] = await db
    .select({ id: staffTable.id })
    .from(staffTable)
    .where(eq(staffTable.userId, workerUserId))
    .limit(1);
  if (linked) return undefined;
  const staff = await db
    .select({ id: staffTable.id })
    .from(staffTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
    .where(and(eq(propertiesTable.userId, landlordId), isNull(staffTable.userId)))
    .orderBy(asc(staffTable.id));
  if (staff.length === 0) return undefined;
  const assigned = await db
    .select({ staffId: workOrdersTable.assignedStaffId })
    .from(workOrdersTable)
    .innerJoin(unitsTable, eq(unitsTable.id, workOrdersTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(eq(propertiesTable.userId, landlordId), isNotNull(workOrdersTable.assignedStaffId)));
  const counts = new Map<number, number>();
  for (const { staffId } of assigned) counts.set(staffId!, (counts.get(staffId!) ?? 0) + 1);
  const busiest = [...staff].sort((a, b) => (counts.get(b.id) ?? 0) - (counts.get(a.id) ?? 0));
  return busiest[0]!.id;
}

async function insertAcceptedInvitation(
  db: Database,
  record: { tenantId: number } | { staffId: number },
  accounts: DemoPortalAccounts,
  today: Date,
): Promise<void> {
  const createdAt = new Date(today.getTime() - 3 * DAY_MS);
  const acceptedByUserId = 'tenantId' in record ? accounts.tenantUserId : accounts.workerUserId;
  await db.insert(invitationsTable).values({
    ...record,
    codeHash: newOneTimeCode().codeHash,
    createdById: accounts.landlordId,
    createdAt,
    expiresAt: new Date(createdAt.getTime() + INVITATION_TTL_MS),
    acceptedAt: new Date(createdAt.getTime() + DAY_MS),
    acceptedByUserId,
  });
}
