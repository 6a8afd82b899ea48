import { eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import type { PropertyExport } from '../../../shared/schemas/property-export';
import type { Context } from '../../context';
import { pagesOf } from '../../http/csv';
import { notFound } from '../../http/errors';
import type { ResponseTargets } from '../../../shared/maintenance';
import { managedRecordsFilter, requireManagedProperty, scopeFor } from '../authz';
import { getLeaseDeposit } from '../deposits';
import { listManagedLeases } from '../leases';
import { listEntriesOfLeases, ledgerOf } from '../ledger';
import { listStaff, staffTable } from '../staff';
import { listManagedTenants } from '../tenants';
import { listUnits, unitsTable } from '../units';
import { listWorkOrders, readWorkOrder, workOrdersTable } from '../work-orders';
import { findPropertyWithOwner } from './properties.repository';
import { propertiesTable } from './properties.table';

async function everyRow<Row>(
  readPage: (page: { limit: number; offset: number }) => Promise<Row[]>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for await (const page of pagesOf(readPage)) rows.push(...page);
  return rows;
}

/**
 * A property's full record as one document, read in one transaction so that its parts agree
 * (a payment is never in a ledger but missing from a balance). Each part comes from the same
 * repository as its list, so the export says what the screens say.
 */
export async function exportProperty(
  ctx: Context,
  { id, targets }: { id: number; targets: ResponseTargets },
): Promise<PropertyExport> {
  const { tx: db, actor } = ctx;
  const managed = await requireManagedProperty(db, actor, id);
  const property = await findPropertyWithOwner(
    db,
    id,
    eq(propertiesTable.organisationId, managed.organisationId),
  );
  if (!property) throw notFound('properties.not_found', 'Property not found');
  const today = calendarDate(ctx.now, ctx.timeZone);
  const byName = { order: 'asc' } as const;

  const units = await everyRow(
    async (page) =>
      (
        await listUnits(db, {
          ...page,
          ...byName,
          propertyId: id,
          propertyFilter: managedRecordsFilter(actor, unitsTable),
        })
      ).units,
  );
  const staff = await everyRow(
    async (page) =>
      (
        await listStaff(db, {
          ...page,
          ...byName,
          propertyId: id,
          propertyFilter: managedRecordsFilter(actor, staffTable),
        })
      ).staff,
  );
  const tenants = await everyRow(
    async (page) =>
      (await listManagedTenants(db, { ...page, ...byName, scope: scopeFor(actor), propertyId: id }))
        .tenants,
  );
  const leases = await everyRow(
    async (page) =>
      (
        await listManagedLeases(db, {
          ...page,
          ...byName,
          scope: scopeFor(actor),
          today,
          propertyId: id,
        })
      ).leases,
  );
  const entries = await listEntriesOfLeases(
    db,
    leases.map((lease) => lease.id),
    managed.organisationId,
  );
  const withMoney = [];
  for (const lease of leases) {
    const { leaseId: _ledgerLease, ...ledger } = ledgerOf(
      lease.id,
      entries.filter((entry) => entry.leaseId === lease.id),
    );
    const { leaseId: _depositLease, ...depositAccount } = await getLeaseDeposit(ctx, lease.id);
    withMoney.push({ ...lease, ledger, depositAccount });
  }

  const scope = managedRecordsFilter(actor, workOrdersTable);
  const clock = { now: ctx.now, targets };
  const { workOrders: summaries } = await listWorkOrders(db, {
    scope,
    query: { propertyId: id, open: undefined, overdue: undefined },
    ...clock,
  });
  const workOrders = [];
  for (const summary of summaries) {
    const { photos: _photos, ...order } = await readWorkOrder(db, summary.id, scope, clock);
    workOrders.push(order);
  }

  return {
    exportedAt: ctx.now.toISOString(),
    property,
    units,
    staff,
    tenants,
    leases: withMoney,
    workOrders,
  };
}
