import { and, asc, count, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import { maskTaxId } from '../../../shared/tax-ids';
import type { Vendor, VendorListItem, VendorListParams } from '../../../shared/schemas/vendors';
import type { Database } from '../../db/client';
import { readPage, sortOrder, textKey, totalColumn } from '../../http/paging';
import type { Scope } from '../../scope';
import { expensesTable } from '../expenses';
import { containsPattern } from '../properties';
import { vendorsTable, type VendorRow } from './vendors.table';

const v = vendorsTable;

/** A condition on vendors: those of the scope's organisation (undefined: all of them). */
export function vendorsInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'organisation':
      return eq(v.organisationId, scope.organisationId);
    case 'none':
      return sql`false`;
  }
}

export function toVendorListItem(row: VendorRow): VendorListItem {
  return {
    id: row.id,
    name: row.name,
    contactName: row.contactName,
    email: row.email,
    phone: row.phone,
    trade: row.trade,
    receives1099: row.receives1099,
    hasTaxId: row.taxId !== null,
    archived: row.archivedAt !== null,
  };
}

export function toVendor(row: VendorRow, expenseCount: number): Vendor {
  return { ...toVendorListItem(row), taxIdMasked: maskTaxId(row.taxId), expenseCount };
}

export async function findVendor(
  db: Database,
  scope: Scope,
  id: number,
  { lock = false } = {},
): Promise<VendorRow | undefined> {
  const query = db
    .select()
    .from(v)
    .where(and(eq(v.id, id), vendorsInScope(scope)))
    .limit(1)
    .$dynamic();
  const [row] = await (lock ? query.for('update') : query);
  return row;
}

/** The expenses that name a vendor, read in the vendor's own organisation. */
export async function countExpensesOfVendor(
  db: Database,
  vendor: Pick<VendorRow, 'id' | 'organisationId'>,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(expensesTable)
    .where(
      and(
        eq(expensesTable.organisationId, vendor.organisationId),
        eq(expensesTable.vendorId, vendor.id),
      ),
    );
  return Number(row?.n ?? 0);
}

const SORT_COLUMNS = { name: textKey(v.name), trade: textKey(v.trade) };

export async function listVendors(
  db: Database,
  scope: Scope,
  query: VendorListParams,
): Promise<{ rows: VendorListItem[]; total: number }> {
  const pattern = query.q ? containsPattern(query.q) : undefined;
  const select = db
    .select({ vendor: v, total: totalColumn() })
    .from(v)
    .where(
      and(
        vendorsInScope(scope),
        query.archived ? isNotNull(v.archivedAt) : isNull(v.archivedAt),
        pattern
          ? or(ilike(v.name, pattern), ilike(v.contactName, pattern), ilike(v.trade, pattern))
          : undefined,
      ),
    )
    .orderBy(...sortOrder(SORT_COLUMNS, query.sort, query.order, [asc(textKey(v.name)), asc(v.id)]))
    .$dynamic();
  const { rows, total } = await readPage(select, query);
  return { rows: rows.map((row) => toVendorListItem(row.vendor)), total };
}
