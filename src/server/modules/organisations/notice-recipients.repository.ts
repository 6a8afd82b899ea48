import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { NOTICE_RECIPIENTS, type NoticeCategory } from '../../../shared/permissions';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties';
import { memberPropertiesTable } from './member-properties.table';
import { organisationMembersTable } from './organisations.table';

/**
 * The accounts of a property's organisation told of its notices of `category`: the members
 * whose role hears of it (NOTICE_RECIPIENTS), except those limited to other properties.
 * Every landlord-side notice asks here, so who hears of what is decided in one place. The
 * caller names the property's organisation (the record it tells of carries it), which every
 * table is read by first (decision 0030).
 */
export async function recipientsOf(
  db: Database,
  input: { organisationId: number; propertyId: number; category: NoticeCategory },
): Promise<number[]> {
  const members = organisationMembersTable;
  const rows = await db
    .selectDistinct({ userId: members.userId })
    .from(propertiesTable)
    .innerJoin(members, eq(members.organisationId, propertiesTable.organisationId))
    .leftJoin(
      memberPropertiesTable,
      and(
        eq(memberPropertiesTable.organisationId, input.organisationId),
        eq(memberPropertiesTable.memberId, members.id),
        eq(memberPropertiesTable.propertyId, propertiesTable.id),
      ),
    )
    .where(
      and(
        eq(propertiesTable.organisationId, input.organisationId),
        eq(propertiesTable.id, input.propertyId),
        inArray(members.role, [...NOTICE_RECIPIENTS[input.category]]),
        or(eq(members.allProperties, true), isNotNull(memberPropertiesTable.memberId)),
      ),
    )
    .orderBy(members.userId);
  return rows.map((row) => row.userId);
}
