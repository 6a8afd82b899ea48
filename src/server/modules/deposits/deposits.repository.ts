import { and, asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { DepositRegisterItem, DepositSortKey } from '../../../shared/schemas/deposits';
import type { SortOrder } from '../../../shared/schemas/paging';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import { amountOf } from '../../db/columns';
import type { Database } from '../../db/client';
import { readPage, sortOrder, textKey, totalColumn, type PageRequest } from '../../http/paging';
import { withPropertyOfLease } from '../tenancy';
import { leasesTable } from '../leases';
import { containsPattern, propertiesTable } from '../properties';
import { unitsTable } from '../units';
import {
  depositSettlementsTable,
  depositTransactionsTable,
  type DepositSettlementRow,
  type DepositTransactionRow,
} from './deposits.table';
import { unitNumberOrder } from '../../db/unit-order';

export type NewDepositTransaction = typeof depositTransactionsTable.$inferInsert;

/** A lease, named by its organisation as well as its id (decision 0030). */
type LeaseKey = { id: number; organisationId: number };

/** A lease's deposit transactions, by its organisation first. */
export function listTransactions(db: Database, lease: LeaseKey): Promise<DepositTransactionRow[]> {
  return db
    .select()
    .from(depositTransactionsTable)
    .where(
      and(
        eq(depositTransactionsTable.organisationId, lease.organisationId),
        eq(depositTransactionsTable.leaseId, lease.id),
      ),
    )
    .orderBy(asc(depositTransactionsTable.id));
}

export async function insertTransactions(
  db: Database,
  rows: NewDepositTransaction[],
): Promise<DepositTransactionRow[]> {
  if (rows.length === 0) return [];
  return db.insert(depositTransactionsTable).values(rows).returning();
}

export async function findSettlement(
  db: Database,
  lease: LeaseKey,
): Promise<DepositSettlementRow | undefined> {
  const [row] = await db
    .select()
    .from(depositSettlementsTable)
    .where(
      and(
        eq(depositSettlementsTable.organisationId, lease.organisationId),
        eq(depositSettlementsTable.leaseId, lease.id),
      ),
    )
    .limit(1);
  return row;
}

export async function insertSettlement(
  db: Database,
  row: typeof depositSettlementsTable.$inferInsert,
): Promise<DepositSettlementRow> {
  const [stored] = await db.insert(depositSettlementsTable).values(row).returning();
  return stored!;
}

export interface RegisterOptions extends PageRequest {
  /** Whose records (scopeFor in modules/authz). */
  scope: Scope;
  q?: string | undefined;
  propertyId?: number | undefined;
  status?: DepositRegisterItem['leaseStatus'] | undefined;
  sort?: DepositSortKey | undefined;
  order: SortOrder;
}

/** Received and held per lease of the scope, summed in the database. */
function sumsPerLease(db: Database, scope: Scope) {
  const t = depositTransactionsTable;
  return db
    .select({
      leaseId: t.leaseId,
      received: sql`sum(case when ${t.kind} = 'received' then ${t.amount} else 0 end)`.as(
        'received',
      ),
      held: sql`sum(case when ${t.kind} = 'received' then ${t.amount} else -${t.amount} end)`.as(
        'held',
      ),
    })
    .from(t)
    .where(inOrganisation(t.organisationId, scope))
    .groupBy(t.leaseId)
    .as('deposit_sums');
}

/** One page of the register: the leases in the scope, with what is agreed and held. */
export async function listRegister(
  db: Database,
  options: RegisterOptions,
): Promise<{ rows: DepositRegisterItem[]; total: number }> {
  const sums = sumsPerLease(db, options.scope);
  const held = sql`coalesce(${sums.held}, 0)`;
  const columns = {
    property: textKey(propertiesTable.name),
    unitNumber: unitNumberOrder(unitsTable.unitNumber),
    tenant: sql`lower(${leasesTable.lastName} || ' ' || ${leasesTable.firstName})`,
    startDate: leasesTable.startDate,
    agreed: leasesTable.deposit,
    held,
  };
  const pattern = options.q ? containsPattern(options.q) : undefined;
  const query = withPropertyOfLease(
    db
      .select({
        leaseId: leasesTable.id,
        leaseStatus: leasesTable.status,
        startDate: leasesTable.startDate,
        endDate: leasesTable.endDate,
        propertyId: propertiesTable.id,
        propertyName: propertiesTable.name,
        unitId: unitsTable.id,
        unitNumber: unitsTable.unitNumber,
        tenantId: leasesTable.tenantId,
        firstName: leasesTable.firstName,
        lastName: leasesTable.lastName,
        agreed: amountOf(leasesTable.deposit),
        received: amountOf(sql`${sums.received}`),
        held: amountOf(held),
        settledOn: depositSettlementsTable.settledOn,
        total: totalColumn(),
      })
      .from(leasesTable)
      .$dynamic(),
  )
    .leftJoin(sums, eq(sums.leaseId, leasesTable.id))
    .leftJoin(
      depositSettlementsTable,
      and(
        eq(depositSettlementsTable.leaseId, leasesTable.id),
        eq(depositSettlementsTable.organisationId, leasesTable.organisationId),
      ),
    )
    .where(
      and(
        inOrganisation(leasesTable.organisationId, options.scope),
        propertiesInScope(options.scope),
        options.propertyId ? eq(propertiesTable.id, options.propertyId) : undefined,
        options.status ? eq(leasesTable.status, options.status) : undefined,
        pattern
          ? or(
              ilike(leasesTable.firstName, pattern),
              ilike(leasesTable.lastName, pattern),
              ilike(sql`${leasesTable.firstName} || ' ' || ${leasesTable.lastName}`, pattern),
              ilike(unitsTable.unitNumber, pattern),
              ilike(propertiesTable.name, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(
      ...sortOrder(columns, options.sort, options.order, [
        desc(leasesTable.startDate),
        asc(leasesTable.id),
      ]),
    )
    .$dynamic();
  const { rows, total } = await readPage(query, options);
  return {
    rows: rows.map(({ total: _total, ...row }) => ({
      ...row,
      leaseStatus: row.leaseStatus as DepositRegisterItem['leaseStatus'],
    })),
    total,
  };
}
