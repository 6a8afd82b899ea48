import { and, asc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { SortOrder } from '../../../shared/schemas/paging';
import type {
  CreateStaffBody,
  Staff,
  StaffListItem,
  StaffSortKey,
} from '../../../shared/schemas/staff';
import type { Database } from '../../db/client';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { propertiesTable } from '../properties';
import { staffTable, type StaffRow } from './staff.table';
import { phoneDigitsMatch } from '../../db/phone-search';

export function toStaff(row: StaffRow): Staff {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
    propertyId: row.propertyId,
  };
}

export interface StaffListOptions extends PageRequest {
  /** Which properties' staff the caller may list. */
  propertyFilter: SQL | undefined;
  /** A containsPattern() of the search text. */
  pattern?: string | undefined;
  propertyId?: number | undefined;
  sort?: StaffSortKey | undefined;
  order: SortOrder;
}

const staffSortColumns = {
  name: sql`lower(${staffTable.lastName} || ' ' || ${staffTable.firstName})`,
  email: textKey(staffTable.email),
  phone: staffTable.phone,
  position: textKey(staffTable.position),
  property: textKey(propertiesTable.name),
};

/** One page of staff with their property's name, by last then first name by default. */
export async function listStaff(
  db: Database,
  options: StaffListOptions,
): Promise<{ staff: StaffListItem[]; total: number }> {
  const pattern = options.pattern;
  const where = and(
    options.propertyFilter,
    options.propertyId ? eq(staffTable.propertyId, options.propertyId) : undefined,
    pattern
      ? or(
          ilike(staffTable.firstName, pattern),
          ilike(staffTable.lastName, pattern),
          ilike(staffTable.email, pattern),
          ilike(staffTable.phone, pattern),
          // The pattern is '%text%': its digits are the search's.
          phoneDigitsMatch(staffTable.phone, pattern.slice(1, -1)),
          ilike(staffTable.position, pattern),
          ilike(propertiesTable.name, pattern),
        )
      : undefined,
  );
  const query = db
    .select({ staff: staffTable, propertyName: propertiesTable.name, total: totalColumn() })
    .from(staffTable)
    .innerJoin(
      propertiesTable,
      and(
        eq(propertiesTable.id, staffTable.propertyId),
        eq(propertiesTable.organisationId, staffTable.organisationId),
      ),
    )
    .where(where)
    .orderBy(
      ...sortOrder(staffSortColumns, options.sort, options.order, [
        asc(staffTable.lastName),
        asc(staffTable.firstName),
        asc(staffTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    staff: rows.map(({ staff, propertyName }) => ({ ...toStaff(staff), propertyName })),
    total,
  };
}

export async function insertStaff(db: Database, values: CreateStaffBody): Promise<StaffRow> {
  const [row] = await db.insert(staffTable).values(values).returning();
  return row!;
}

/** A staff member's own row, found by its organisation first (decision 0030). */
function thisStaffMember({ id, organisationId }: Pick<StaffRow, 'id' | 'organisationId'>) {
  return and(eq(staffTable.organisationId, organisationId), eq(staffTable.id, id));
}

export async function updateStaff(
  db: Database,
  staff: Pick<StaffRow, 'id' | 'organisationId'>,
  values: CreateStaffBody,
): Promise<StaffRow | undefined> {
  const [row] = await db.update(staffTable).set(values).where(thisStaffMember(staff)).returning();
  return row;
}

export async function deleteStaff(
  db: Database,
  staff: Pick<StaffRow, 'id' | 'organisationId'>,
): Promise<boolean> {
  const rows = await db
    .delete(staffTable)
    .where(thisStaffMember(staff))
    .returning({ id: staffTable.id });
  return rows.length > 0;
}
