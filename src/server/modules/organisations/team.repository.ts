import { invitationState } from '../invitations';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { MemberRole } from '../../../shared/constants';
import type { Member, MemberInvitation } from '../../../shared/schemas/organisations';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties';
import { usersTable } from '../users';
import {
  memberInvitationPropertiesTable,
  memberInvitationsTable,
  type MemberInvitationRow,
} from './member-invitations.table';
import { memberPropertiesTable } from './member-properties.table';
import {
  organisationMembersTable,
  organisationsTable,
  type OrganisationMemberRow,
  type OrganisationRow,
} from './organisations.table';

const members = organisationMembersTable;
const invitations = memberInvitationsTable;

/** How many invitations the team page lists at most: the newest. */
export const TEAM_INVITATION_LIMIT = 100;

/**
 * Locks the organisation's row: every change of its members (role, removal, a new member)
 * takes this lock first, so two Owners demoting each other at once queue, and the second
 * counts the Owners the first left.
 */
export async function lockOrganisation(
  tx: Database,
  organisationId: number,
): Promise<OrganisationRow | undefined> {
  const [row] = await tx
    .select()
    .from(organisationsTable)
    .where(eq(organisationsTable.id, organisationId))
    .for('update')
    .limit(1);
  return row;
}

export async function findOrganisation(
  db: Database,
  organisationId: number,
): Promise<OrganisationRow | undefined> {
  const [row] = await db
    .select()
    .from(organisationsTable)
    .where(eq(organisationsTable.id, organisationId))
    .limit(1);
  return row;
}

export async function renameOrganisation(
  tx: Database,
  organisationId: number,
  name: string,
): Promise<OrganisationRow> {
  const [row] = await tx
    .update(organisationsTable)
    .set({ name })
    .where(eq(organisationsTable.id, organisationId))
    .returning();
  return row!;
}

/** Of the ids given, those that are not properties of the organisation. */
export async function propertiesOutsideOrganisation(
  db: Database,
  organisationId: number,
  propertyIds: number[],
): Promise<number[]> {
  if (propertyIds.length === 0) return [];
  const found = await db
    .select({ id: propertiesTable.id })
    .from(propertiesTable)
    .where(
      and(
        eq(propertiesTable.organisationId, organisationId),
        inArray(propertiesTable.id, propertyIds),
      ),
    );
  const inside = new Set(found.map((row) => row.id));
  return propertyIds.filter((id) => !inside.has(id));
}

const memberPropertyIds = sql<number[] | null>`CASE WHEN ${members.allProperties} THEN NULL
  ELSE coalesce((SELECT array_agg(mp.property_id ORDER BY mp.property_id) FROM ${memberPropertiesTable} mp
    WHERE mp.organisation_id = ${members.organisationId} AND mp.member_id = ${members.id}), '{}') END`;

const invitationPropertyIds = sql<number[] | null>`CASE WHEN ${invitations.allProperties} THEN NULL
  ELSE coalesce((SELECT array_agg(ip.property_id ORDER BY ip.property_id)
    FROM ${memberInvitationPropertiesTable} ip
    WHERE ip.organisation_id = ${invitations.organisationId} AND ip.invitation_id = ${invitations.id}), '{}') END`;

const memberColumns = {
  id: members.id,
  userId: members.userId,
  userName: usersTable.userName,
  displayName: usersTable.displayName,
  email: usersTable.email,
  role: members.role,
  propertyIds: memberPropertyIds,
  joinedAt: members.createdAt,
};

type MemberRecord = Omit<Member, 'joinedAt' | 'isYou'> & { joinedAt: Date };

const toMember = (row: MemberRecord, youUserId: number): Member => ({
  ...row,
  joinedAt: row.joinedAt.toISOString(),
  isYou: row.userId === youUserId,
});

/** The organisation's members, the earliest first. */
export async function listMembers(
  db: Database,
  organisationId: number,
  youUserId: number,
): Promise<Member[]> {
  const rows = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(usersTable, eq(usersTable.id, members.userId))
    .where(eq(members.organisationId, organisationId))
    .orderBy(asc(members.id));
  return rows.map((row) => toMember(row, youUserId));
}

/** A member or an invitation, named by its organisation as well as its id (decision 0030). */
type TeamKey = { id: number; organisationId: number };

const thisMember = ({ id, organisationId }: TeamKey) =>
  and(eq(members.organisationId, organisationId), eq(members.id, id));

const thisInvitation = ({ id, organisationId }: TeamKey) =>
  and(eq(invitations.organisationId, organisationId), eq(invitations.id, id));

export async function describeMember(
  db: Database,
  member: TeamKey,
  youUserId: number,
): Promise<Member> {
  const [row] = await db
    .select(memberColumns)
    .from(members)
    .innerJoin(usersTable, eq(usersTable.id, members.userId))
    .where(thisMember(member))
    .limit(1);
  return toMember(row!, youUserId);
}

export async function findMember(
  db: Database,
  organisationId: number,
  memberId: number,
): Promise<OrganisationMemberRow | undefined> {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.id, memberId), eq(members.organisationId, organisationId)))
    .limit(1);
  return row;
}

export async function isMember(
  db: Database,
  organisationId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.userId, userId)))
    .limit(1);
  return row !== undefined;
}

export async function countOwners(db: Database, organisationId: number): Promise<number> {
  const [row] = await db
    .select({ owners: count() })
    .from(members)
    .where(and(eq(members.organisationId, organisationId), eq(members.role, 'Owner')));
  return row?.owners ?? 0;
}

export async function updateMember(
  tx: Database,
  member: TeamKey,
  values: { role: MemberRole; propertyIds: number[] | null },
): Promise<void> {
  await tx
    .update(members)
    .set({ role: values.role, allProperties: values.propertyIds === null })
    .where(thisMember(member));
  await tx
    .delete(memberPropertiesTable)
    .where(
      and(
        eq(memberPropertiesTable.organisationId, member.organisationId),
        eq(memberPropertiesTable.memberId, member.id),
      ),
    );
  if (values.propertyIds?.length) {
    await tx
      .insert(memberPropertiesTable)
      .values(values.propertyIds.map((propertyId) => ({ memberId: member.id, propertyId })));
  }
}

export async function deleteMember(tx: Database, member: TeamKey): Promise<void> {
  await tx.delete(members).where(thisMember(member));
}

/** Used wins over withdrawn, withdrawn over expired; otherwise it still works. */

const invitationColumns = {
  row: invitations,
  propertyIds: invitationPropertyIds,
  invitedBy: sql<string | null>`coalesce(${usersTable.displayName}, ${usersTable.userName})`,
};

type InvitationRecord = {
  row: MemberInvitationRow;
  propertyIds: number[] | null;
  invitedBy: string | null;
};

const toMemberInvitation = (
  { row, propertyIds, invitedBy }: InvitationRecord,
  now: Date,
): MemberInvitation => ({
  id: row.id,
  role: row.role,
  propertyIds,
  email: row.email,
  invitedBy,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  state: invitationState(row, now),
});

/** The organisation's invitations, newest first. */
export async function listMemberInvitations(
  db: Database,
  organisationId: number,
  now: Date,
): Promise<MemberInvitation[]> {
  const rows = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(usersTable, eq(usersTable.id, invitations.createdById))
    .where(eq(invitations.organisationId, organisationId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(TEAM_INVITATION_LIMIT);
  return rows.map((row) => toMemberInvitation(row, now));
}

export async function describeMemberInvitation(
  db: Database,
  invitation: TeamKey,
  now: Date,
): Promise<MemberInvitation> {
  const [row] = await db
    .select(invitationColumns)
    .from(invitations)
    .leftJoin(usersTable, eq(usersTable.id, invitations.createdById))
    .where(thisInvitation(invitation))
    .limit(1);
  return toMemberInvitation(row!, now);
}

export async function insertMemberInvitation(
  tx: Database,
  values: {
    organisationId: number;
    role: MemberRole;
    email: string | null;
    propertyIds: number[] | null;
    codeHash: string;
    createdById: number | null;
    createdAt: Date;
    expiresAt: Date;
  },
): Promise<MemberInvitationRow> {
  const { propertyIds, ...rest } = values;
  const [row] = await tx
    .insert(invitations)
    .values({ ...rest, allProperties: propertyIds === null })
    .returning();
  if (propertyIds?.length) {
    await tx
      .insert(memberInvitationPropertiesTable)
      .values(propertyIds.map((propertyId) => ({ invitationId: row!.id, propertyId })));
  }
  return row!;
}

export async function findMemberInvitation(
  db: Database,
  where: { id: number; organisationId: number } | { codeHash: string },
  options: { lock?: boolean } = {},
): Promise<MemberInvitationRow | undefined> {
  const query = db
    .select()
    .from(invitations)
    .where(
      'id' in where
        ? and(eq(invitations.id, where.id), eq(invitations.organisationId, where.organisationId))
        : eq(invitations.codeHash, where.codeHash),
    )
    .limit(1);
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function propertyIdsOfInvitation(
  db: Database,
  invitation: TeamKey,
): Promise<number[] | null> {
  const [row] = await db
    .select({ propertyIds: invitationPropertyIds })
    .from(invitations)
    .where(thisInvitation(invitation))
    .limit(1);
  return row?.propertyIds ?? null;
}

export async function markMemberInvitation(
  tx: Database,
  invitation: TeamKey,
  change: { revokedAt: Date } | { acceptedAt: Date; acceptedByUserId: number },
): Promise<void> {
  await tx.update(invitations).set(change).where(thisInvitation(invitation));
}

/**
 * Withdraws the pending invitations a person made: in one organisation (they left it), or in
 * every one (their account was disabled).
 */
export async function revokePendingInvitationsBy(
  tx: Database,
  {
    organisationId,
    userId,
    now,
  }: { organisationId: number | undefined; userId: number; now: Date },
): Promise<{ id: number; organisationId: number }[]> {
  const rows = await tx
    .update(invitations)
    .set({ revokedAt: now })
    .where(
      and(
        organisationId === undefined ? undefined : eq(invitations.organisationId, organisationId),
        eq(invitations.createdById, userId),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning({ id: invitations.id, organisationId: invitations.organisationId });
  return rows.sort((a, b) => a.id - b.id);
}

/**
 * Whether the invitation still has someone to vouch for it: its maker is still a member of the
 * organisation, with an account that works (null: the maker's account was deleted).
 */
export async function isVouchedFor(db: Database, row: MemberInvitationRow): Promise<boolean> {
  if (row.createdById === null) return true;
  const [maker] = await db
    .select({ id: members.id })
    .from(members)
    .innerJoin(usersTable, eq(usersTable.id, members.userId))
    .where(
      and(
        eq(members.organisationId, row.organisationId),
        eq(members.userId, row.createdById),
        sql`${usersTable.disabledAt} IS NULL`,
      ),
    )
    .limit(1);
  return maker !== undefined;
}
