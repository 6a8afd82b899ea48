import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { CreateStaffBody, Staff } from '../../../shared/schemas/staff';
import type { Database } from '../../db/client';
import { propertiesTable } from '../properties/properties.table';
import { staffTable, type StaffRow } from './staff.table';

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

export interface StaffListOptions {
  /** Which properties' staff the caller may list. */
  propertyFilter: SQL | undefined;
  /** A containsPattern() of the search text. */
  pattern?: string | undefined;
  limit?: number | undefined;
  offset?: number | undefined;
}

export async function listStaff(db: Database, options: StaffListOptions): Promise<{ staff: Staff[]; total: number }> {
  const pattern = options.pattern;
  const where = and(
    options.propertyFilter,
    pattern
      ? or(
          ilike(staffTable.firstName, pattern),
          ilike(staffTable.lastName, pattern),
          ilike(staffTable.email, pattern),
          ilike(staffTable.phone, pattern),
          ilike(staffTable.position, pattern),
          ilike(propertiesTable.name, pattern),
        )
      : undefined,
  );
  let query = db
    .select({ staff: staffTable })
    .from(staffTable)
    .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
    .where(where)
    .orderBy(asc(staffTable.lastName), asc(staffTable.firstName), asc(staffTable.id))
    .$dynamic();
  if (options.limit !== undefined) query = query.limit(options.limit);
  if (options.offset !== undefined) query = query.offset(options.offset);
  const rows = await query;

  let total = rows.length;
  if (options.limit !== undefined || options.offset !== undefined) {
    const [counted] = await db
      .select({ total: count() })
      .from(staffTable)
      .innerJoin(propertiesTable, eq(propertiesTable.id, staffTable.propertyId))
      .where(where);
    total = counted?.total ?? 0;
  }
  return { staff: rows.map(({ staff }) => toStaff(staff)), total };
}

export async function insertStaff(db: Database, values: CreateStaffBody): Promise<StaffRow> {
  const [row] = await db.insert(staffTable).values(values).returning();
  return row!;
}

export async function updateStaff(db: Database, id: number, values: CreateStaffBody): Promise<StaffRow | undefined> {
  const [row] = await db.update(staffTable).set(values).where(eq(staffTable.id, id)).returning();
  return row;
}

export async function deleteStaff(db: Database, id: number): Promise<boolean> {
  const rows = await db.delete(staffTable).where(eq(staffTable.id, id)).returning({ id: staffTable.id });
  return rows.length > 0;
}
