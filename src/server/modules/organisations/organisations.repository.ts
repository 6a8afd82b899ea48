import { and, asc, eq, sql } from 'drizzle-orm';
import type { MemberRole } from '../../../shared/constants';
import type { Membership, OrganisationChoice } from '../../../shared/schemas/organisations';
import type { SignedInUser, User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { memberPropertiesTable } from './member-properties.table';
import { organisationMembersTable, organisationsTable } from './organisations.table';

const members = organisationMembersTable;

/**
 * The properties of a limited member, or null for every property of the organisation: read
 * by the membership's organisation first (decision 0030), as the team's list reads them.
 */
const propertyIdsOfMember = sql<number[] | null>`CASE WHEN ${members.allProperties} THEN NULL
  ELSE coalesce((SELECT array_agg(mp.property_id ORDER BY mp.property_id) FROM ${memberPropertiesTable} mp
    WHERE mp.organisation_id = ${members.organisationId} AND mp.member_id = ${members.id}), '{}') END`;

/** The person's place in the organisation, or null when they are not (or no longer) in it. */
export async function findMembership(
  db: Database,
  userId: number,
  organisationId: number,
): Promise<Membership | null> {
  const [row] = await db
    .select({
      organisationId: organisationsTable.id,
      organisationName: organisationsTable.name,
      role: members.role,
      propertyIds: propertyIdsOfMember,
    })
    .from(members)
    .innerJoin(organisationsTable, eq(organisationsTable.id, members.organisationId))
    .where(and(eq(members.userId, userId), eq(members.organisationId, organisationId)))
    .limit(1);
  return row ?? null;
}

/** Every organisation the person belongs to, the one they joined first first. */
export function listOrganisationsOf(db: Database, userId: number): Promise<OrganisationChoice[]> {
  return db
    .select({ id: organisationsTable.id, name: organisationsTable.name, role: members.role })
    .from(members)
    .innerJoin(organisationsTable, eq(organisationsTable.id, members.organisationId))
    .where(eq(members.userId, userId))
    .orderBy(asc(members.id));
}

/** The organisation a new session of the person acts for: the one they joined first. */
export async function firstOrganisationOf(db: Database, userId: number): Promise<number | null> {
  const [first] = await listOrganisationsOf(db, userId);
  return first?.id ?? null;
}

export async function insertOrganisation(db: Database, name: string) {
  const [row] = await db.insert(organisationsTable).values({ name }).returning();
  return row!;
}

export async function insertMember(
  db: Database,
  values: {
    organisationId: number;
    userId: number;
    role: MemberRole;
    propertyIds: number[] | null;
  },
) {
  const [row] = await db
    .insert(members)
    .values({
      organisationId: values.organisationId,
      userId: values.userId,
      role: values.role,
      allProperties: values.propertyIds === null,
    })
    .returning();
  if (values.propertyIds?.length) {
    await db
      .insert(memberPropertiesTable)
      .values(values.propertyIds.map((propertyId) => ({ memberId: row!.id, propertyId })));
  }
  return row!;
}

/** The signed-in user as login and /me answer it: with the organisation the session acts for. */
export async function signedInUser(
  db: Database,
  user: User,
  organisationId: number | null,
): Promise<SignedInUser> {
  const organisations = await listOrganisationsOf(db, user.id);
  const organisation =
    organisationId === null ? null : await findMembership(db, user.id, organisationId);
  return { ...user, organisation, organisations };
}
