import { and, desc, eq, sql } from 'drizzle-orm';
import type { Application, ApplicationReceipt } from '../../../shared/schemas/applications';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { managedPropertiesFilter } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import { unitsTable } from '../units/units.table';
import { applicationsTable, type ApplicationRow } from './applications.table';

type Status = Application['status'];

export function toReceipt(row: ApplicationRow): ApplicationReceipt {
  return {
    id: row.id,
    unitId: row.unitId,
    unitNumber: row.unitNumber,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phoneNumber: row.phoneNumber,
    moveInDate: row.moveInDate,
    message: row.message,
    status: row.status as Status,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toApplication(row: ApplicationRow, property: { id: number; name: string }): Application {
  return {
    ...toReceipt(row),
    propertyId: property.id,
    propertyName: property.name,
    tenantId: row.tenantId,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
  };
}

const managedSelection = {
  application: applicationsTable,
  property: { id: propertiesTable.id, name: propertiesTable.name },
};

/** Applications for the units the user manages: pending first, then newest first. */
export async function listManagedApplications(db: Database, user: User): Promise<Application[]> {
  const rows = await db
    .select(managedSelection)
    .from(applicationsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, applicationsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(managedPropertiesFilter(user))
    .orderBy(
      sql`case when ${applicationsTable.status} = 'Pending' then 0 else 1 end`,
      desc(applicationsTable.createdAt),
      desc(applicationsTable.id),
    );
  return rows.map((row) => toApplication(row.application, row.property));
}

/**
 * One application of a unit the user manages, locked for the rest of the transaction so
 * that two decisions on it cannot both succeed. Another landlord's answers as missing.
 */
export async function lockManagedApplication(
  db: Database,
  user: User,
  id: number,
): Promise<{ application: ApplicationRow; property: { id: number; name: string } } | undefined> {
  const [row] = await db
    .select(managedSelection)
    .from(applicationsTable)
    .innerJoin(unitsTable, eq(unitsTable.id, applicationsTable.unitId))
    .innerJoin(propertiesTable, eq(propertiesTable.id, unitsTable.propertyId))
    .where(and(eq(applicationsTable.id, id), managedPropertiesFilter(user)))
    .for('update', { of: applicationsTable })
    .limit(1);
  return row;
}

export interface NewApplication {
  unitId: number;
  unitNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  moveInDate: string | null;
  message: string | null;
}

export async function insertApplication(db: Database, values: NewApplication): Promise<ApplicationRow> {
  const [row] = await db.insert(applicationsTable).values(values).returning();
  return row!;
}

export async function decideApplication(
  db: Database,
  id: number,
  decision: { status: Exclude<Status, 'Pending'>; tenantId: number | null; decidedAt: Date },
): Promise<ApplicationRow> {
  const [row] = await db.update(applicationsTable).set(decision).where(eq(applicationsTable.id, id)).returning();
  return row!;
}
