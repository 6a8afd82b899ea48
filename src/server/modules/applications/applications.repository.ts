import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { fromCents, type Cents } from '../../../shared/money';
import type { SortOrder } from '../../../shared/schemas/paging';
import {
  type APPLICATION_SORT_KEYS,
  type Application,
  type ApplicationReceipt,
} from '../../../shared/schemas/applications';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import type { Database } from '../../db/client';
import { withPropertyOfUnit } from '../tenancy';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { containsPattern, propertiesTable } from '../properties';
import { unitsTable } from '../units';
import { applicationsTable, type ApplicationRow } from './applications.table';
import { unitNumberOrder } from '../../db/unit-order';

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

export function toApplication(
  row: ApplicationRow,
  property: { id: number; name: string },
): Application {
  return {
    ...toReceipt(row),
    propertyId: property.id,
    propertyName: property.name,
    tenantId: row.tenantId,
    declineReason: row.declineReason,
    decidedAt: row.decidedAt ? row.decidedAt.toISOString() : null,
    screening: {
      monthlyIncome: row.monthlyIncome === null ? null : fromCents(row.monthlyIncome),
      employer: row.employer,
      currentAddress: row.currentAddress,
      currentLandlordName: row.currentLandlordName,
      currentLandlordPhone: row.currentLandlordPhone,
      hasPets: row.hasPets,
      petsDescription: row.petsDescription,
      backgroundCheckConsent: row.backgroundCheckConsent,
    },
  };
}

const managedSelection = {
  application: applicationsTable,
  property: { id: propertiesTable.id, name: propertiesTable.name },
};

export interface NewApplication {
  unitId: number;
  unitNumber: string;
  firstName: string;
  lastName: string;
  email: string;
  phoneNumber: string;
  moveInDate: string | null;
  message: string | null;
  monthlyIncome?: Cents | null;
  employer?: string | null;
  currentAddress?: string | null;
  currentLandlordName?: string | null;
  currentLandlordPhone?: string | null;
  hasPets?: boolean | null;
  petsDescription?: string | null;
  backgroundCheckConsent?: boolean;
}

export async function insertApplication(
  db: Database,
  values: NewApplication,
): Promise<ApplicationRow> {
  const [row] = await db.insert(applicationsTable).values(values).returning();
  return row!;
}

export async function decideApplication(
  db: Database,
  application: Pick<ApplicationRow, 'id' | 'organisationId'>,
  decision: { status: Exclude<Status, 'Pending'>; tenantId: number | null; decidedAt: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applicationsTable)
    .set(decision)
    .where(
      and(
        eq(applicationsTable.organisationId, application.organisationId),
        eq(applicationsTable.id, application.id),
      ),
    )
    .returning();
  return row;
}

export const UNIT_TAKEN = 'unit taken';

/** When one application for a unit is approved, the others still pending are declined. */
export async function declineOtherPending(
  db: Database,
  approved: ApplicationRow,
  decidedAt: Date,
): Promise<Pick<ApplicationRow, 'id' | 'email' | 'firstName' | 'unitNumber'>[]> {
  return db
    .update(applicationsTable)
    .set({ status: 'Rejected', declineReason: UNIT_TAKEN, decidedAt })
    .where(
      and(
        eq(applicationsTable.organisationId, approved.organisationId),
        eq(applicationsTable.unitId, approved.unitId),
        eq(applicationsTable.status, 'Pending'),
        ne(applicationsTable.id, approved.id),
      ),
    )
    .returning({
      id: applicationsTable.id,
      email: applicationsTable.email,
      firstName: applicationsTable.firstName,
      unitNumber: applicationsTable.unitNumber,
    });
}

export interface ApplicationListOptions extends PageRequest {
  /** Whose records (scopeFor in modules/authz). */
  scope: Scope;
  q?: string | undefined;
  status?: Status | undefined;
  sort?: (typeof APPLICATION_SORT_KEYS)[number] | undefined;
  order: SortOrder;
}

const applicationSortColumns = {
  name: sql`lower(${applicationsTable.lastName} || ' ' || ${applicationsTable.firstName})`,
  unitNumber: unitNumberOrder(unitsTable.unitNumber),
  property: textKey(propertiesTable.name),
  moveInDate: applicationsTable.moveInDate,
  createdAt: applicationsTable.createdAt,
  status: applicationsTable.status,
};

/** One page of the applications for the units the user manages: pending first, then newest. */
export async function listManagedApplications(
  db: Database,
  options: ApplicationListOptions,
): Promise<{ applications: Application[]; total: number }> {
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const query = withPropertyOfUnit(
    db
      .select({ ...managedSelection, total: totalColumn() })
      .from(applicationsTable)
      .innerJoin(
        unitsTable,
        and(
          eq(unitsTable.id, applicationsTable.unitId),
          eq(unitsTable.organisationId, applicationsTable.organisationId),
        ),
      )
      .$dynamic(),
  )
    .where(
      and(
        inOrganisation(applicationsTable.organisationId, options.scope),
        propertiesInScope(options.scope),
        options.status ? eq(applicationsTable.status, options.status) : undefined,
        pattern
          ? or(
              ilike(applicationsTable.firstName, pattern),
              ilike(applicationsTable.lastName, pattern),
              ilike(applicationsTable.email, pattern),
              ilike(applicationsTable.unitNumber, pattern),
              ilike(propertiesTable.name, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...sortOrder(applicationSortColumns, options.sort, options.order, [
        sql`case when ${applicationsTable.status} = 'Pending' then 0 else 1 end`,
        desc(applicationsTable.createdAt),
        desc(applicationsTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    applications: rows.map((row) => toApplication(row.application, row.property)),
    total,
  };
}
