import { and, desc, eq, gt, isNotNull, isNull, type SQL } from 'drizzle-orm';
import type {
  Invitation,
  InvitationKind,
  InvitationList,
  InvitationPreview,
  InvitationState,
} from '../../../shared/schemas/invitations';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties';
import { staffTable, type StaffRow } from '../staff';
import { tenantsTable, type TenantRow } from '../tenants';
import { unitsTable } from '../units';
import { usersTable } from '../users';
import { invitationsTable, type InvitationRow } from './invitations.table';

/** The record an invitation is for. */
export interface InvitedRecord {
  kind: InvitationKind;
  id: number;
}

/** How many invitations of one record a list answers at most: the newest. */
export const INVITATION_LIST_LIMIT = 50;

export function recordOf(row: InvitationRow): ManagedRecord {
  return row.tenantId !== null
    ? { kind: 'tenant', id: row.tenantId, organisationId: row.organisationId }
    : { kind: 'staff', id: row.staffId!, organisationId: row.organisationId };
}

/** The record as its manager found it: its organisation names where its invitations are. */
export type ManagedRecord = InvitedRecord & { organisationId: number };

function ofRecord(record: ManagedRecord): SQL {
  return and(
    eq(invitationsTable.organisationId, record.organisationId),
    record.kind === 'tenant'
      ? eq(invitationsTable.tenantId, record.id)
      : eq(invitationsTable.staffId, record.id),
  )!;
}

/** Used wins over withdrawn, withdrawn over expired; otherwise it still works. */
/** A one-time link's state (a portal or a team invitation): its row and the clock decide. */
export function invitationState(
  row: Pick<InvitationRow, 'acceptedAt' | 'revokedAt' | 'expiresAt'>,
  now: Date,
): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

export function toInvitation(row: InvitationRow, now: Date): Invitation {
  return {
    id: row.id,
    state: invitationState(row, now),
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    acceptedAt: row.acceptedAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

export async function insertInvitation(
  tx: Database,
  values: {
    record: InvitedRecord;
    codeHash: string;
    createdById: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<InvitationRow> {
  const { record, ...rest } = values;
  const [row] = await tx
    .insert(invitationsTable)
    .values({
      ...rest,
      tenantId: record.kind === 'tenant' ? record.id : null,
      staffId: record.kind === 'staff' ? record.id : null,
    })
    .returning();
  return row!;
}

/** Withdraws the record's invitations that still work; answers their ids. */
export async function revokePendingInvitations(
  tx: Database,
  record: ManagedRecord,
  now: Date,
): Promise<number[]> {
  const rows = await tx
    .update(invitationsTable)
    .set({ revokedAt: now })
    .where(
      and(
        ofRecord(record),
        isNull(invitationsTable.acceptedAt),
        isNull(invitationsTable.revokedAt),
        gt(invitationsTable.expiresAt, now),
      ),
    )
    .returning({ id: invitationsTable.id });
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

/** The record's invitation that still works, if any (there is at most one). */
export async function findPendingInvitation(
  db: Database,
  record: ManagedRecord,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select()
    .from(invitationsTable)
    .where(
      and(
        ofRecord(record),
        isNull(invitationsTable.acceptedAt),
        isNull(invitationsTable.revokedAt),
        gt(invitationsTable.expiresAt, now),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Withdraws the pending invitations an account made: a disabled account's links stop
 * vouching for anyone. Answers the withdrawn invitations' records, for their history.
 */
export async function revokeInvitationsCreatedBy(
  tx: Database,
  userId: number,
  now: Date,
): Promise<{ id: number; record: InvitedRecord }[]> {
  const rows = await tx
    .update(invitationsTable)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitationsTable.createdById, userId),
        isNull(invitationsTable.acceptedAt),
        isNull(invitationsTable.revokedAt),
        gt(invitationsTable.expiresAt, now),
      ),
    )
    .returning();
  return rows.sort((a, b) => a.id - b.id).map((row) => ({ id: row.id, record: recordOf(row) }));
}

/** Whether the account that made an invitation is disabled now (null: nobody's, or deleted). */
export async function isCreatorDisabled(db: Database, row: InvitationRow): Promise<boolean> {
  if (row.createdById === null) return false;
  const [creator] = await db
    .select({ disabledAt: usersTable.disabledAt })
    .from(usersTable)
    .where(eq(usersTable.id, row.createdById))
    .limit(1);
  return Boolean(creator?.disabledAt);
}

export async function findInvitation(
  db: Database,
  where: { id: number; organisationId?: number } | { codeHash: string },
  options: { lock?: boolean } = {},
): Promise<InvitationRow | undefined> {
  const query = db
    .select()
    .from(invitationsTable)
    .where(
      'id' in where
        ? and(
            // Known once the invitation was found: the re-reads that lock it name it.
            where.organisationId === undefined
              ? undefined
              : eq(invitationsTable.organisationId, where.organisationId),
            eq(invitationsTable.id, where.id),
          )
        : eq(invitationsTable.codeHash, where.codeHash),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function markInvitationRevoked(
  tx: Database,
  invitation: Pick<InvitationRow, 'id' | 'organisationId'>,
  now: Date,
): Promise<InvitationRow> {
  const [row] = await tx
    .update(invitationsTable)
    .set({ revokedAt: now })
    .where(
      and(
        eq(invitationsTable.organisationId, invitation.organisationId),
        eq(invitationsTable.id, invitation.id),
      ),
    )
    .returning();
  return row!;
}

export async function markInvitationAccepted(
  tx: Database,
  id: number,
  { now, userId }: { now: Date; userId: number },
): Promise<InvitationRow> {
  const [row] = await tx
    .update(invitationsTable)
    .set({ acceptedAt: now, acceptedByUserId: userId })
    .where(eq(invitationsTable.id, id))
    .returning();
  return row!;
}

/** The linked account and the record's invitations, newest first. */
export async function listInvitations(
  db: Database,
  record: ManagedRecord & { userId: number | null },
  now: Date,
): Promise<InvitationList> {
  const rows = await db
    .select()
    .from(invitationsTable)
    .where(ofRecord(record))
    .orderBy(desc(invitationsTable.createdAt), desc(invitationsTable.id))
    .limit(INVITATION_LIST_LIMIT);
  let linkedUser: InvitationList['linkedUser'] = null;
  if (record.userId !== null) {
    const [user] = await db
      .select({ id: usersTable.id, userName: usersTable.userName })
      .from(usersTable)
      .where(eq(usersTable.id, record.userId))
      .limit(1);
    linkedUser = user ?? null;
  }
  return { linkedUser, invitations: rows.map((row) => toInvitation(row, now)) };
}

/** Who is invited, where, and by whom: the invitation page and the mail say it. */
export async function describeInvitedRecord(
  db: Database,
  record: ManagedRecord,
): Promise<Omit<InvitationPreview, 'expiresAt'> | undefined> {
  if (record.kind === 'tenant') {
    const [row] = await db
      .select({
        firstName: tenantsTable.firstName,
        lastName: tenantsTable.lastName,
        email: tenantsTable.email,
        unitNumber: tenantsTable.unitNumber,
        propertyName: propertiesTable.name,
        landlordName: usersTable.userName,
      })
      .from(tenantsTable)
      .innerJoin(
        unitsTable,
        and(
          eq(unitsTable.id, tenantsTable.unitId),
          eq(unitsTable.organisationId, tenantsTable.organisationId),
        ),
      )
      .innerJoin(
        propertiesTable,
        and(
          eq(propertiesTable.id, unitsTable.propertyId),
          eq(propertiesTable.organisationId, unitsTable.organisationId),
        ),
      )
      .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
      .where(
        and(eq(tenantsTable.organisationId, record.organisationId), eq(tenantsTable.id, record.id)),
      )
      .limit(1);
    if (!row) return undefined;
    return {
      kind: 'tenant',
      name: `${row.firstName} ${row.lastName}`,
      propertyName: row.propertyName,
      unitNumber: row.unitNumber,
      landlordName: row.landlordName,
      email: row.email,
    };
  }
  const [row] = await db
    .select({
      firstName: staffTable.firstName,
      lastName: staffTable.lastName,
      email: staffTable.email,
      propertyName: propertiesTable.name,
      landlordName: usersTable.userName,
    })
    .from(staffTable)
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.id, staffTable.propertyId),
        eq(propertiesTable.organisationId, staffTable.organisationId),
      ),
    )
    .innerJoin(usersTable, eq(usersTable.id, propertiesTable.userId))
    .where(and(eq(staffTable.organisationId, record.organisationId), eq(staffTable.id, record.id)))
    .limit(1);
  if (!row) return undefined;
  return {
    kind: 'staff',
    name: `${row.firstName} ${row.lastName}`,
    propertyName: row.propertyName,
    unitNumber: null,
    landlordName: row.landlordName,
    email: row.email,
  };
}

/** Locks the invited record's row (always before its invitations: one lock order). */
export async function lockInvitedRecord(
  tx: Database,
  record: InvitedRecord,
): Promise<TenantRow | StaffRow | undefined> {
  const table = record.kind === 'tenant' ? tenantsTable : staffTable;
  const [row] = await tx.select().from(table).where(eq(table.id, record.id)).for('update').limit(1);
  return row;
}

/** Whether another record of this kind is already linked to the account. */
export async function isAccountLinked(
  db: Database,
  kind: InvitationKind,
  userId: number,
): Promise<boolean> {
  const table = kind === 'tenant' ? tenantsTable : staffTable;
  const [row] = await db
    .select({ id: table.id })
    .from(table)
    .where(eq(table.userId, userId))
    .limit(1);
  return row !== undefined;
}

/**
 * The tenant record the account acts as, when that tenancy is over (moved out): a person who
 * moves to another unit keeps one login, which the new tenancy's invitation takes over.
 */
export async function findPastTenancyOfAccount(
  db: Database,
  userId: number,
): Promise<TenantRow | undefined> {
  const [row] = await db
    .select()
    .from(tenantsTable)
    .where(and(eq(tenantsTable.userId, userId), isNotNull(tenantsTable.movedOutOn)))
    .for('update')
    .limit(1);
  return row;
}

export async function unlinkTenant(db: Database, tenantId: number): Promise<void> {
  await db.update(tenantsTable).set({ userId: null }).where(eq(tenantsTable.id, tenantId));
}

/** Links the record to the account (the unique user_id may refuse it: a race lost). */
export async function linkRecord(
  tx: Database,
  record: InvitedRecord,
  userId: number,
): Promise<void> {
  if (record.kind === 'tenant') {
    await tx.update(tenantsTable).set({ userId }).where(eq(tenantsTable.id, record.id));
  } else {
    await tx.update(staffTable).set({ userId }).where(eq(staffTable.id, record.id));
  }
}
