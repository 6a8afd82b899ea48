import { and, eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import type { ResponseTargets } from '../../../shared/maintenance';
import {
  OVERVIEW_LIMITS,
  type PropertyOverview,
  type UnitOverview,
} from '../../../shared/schemas/overview';
import type { Context } from '../../context';
import { notFound } from '../../http/errors';
import { findManagedProperty, managedRecordsFilter, scopeFor } from '../authz';
import { listManagedLeases } from '../leases';
import { findPropertyWithOwner } from '../properties';
import { listStaff } from '../staff';
import { findUnit, toUnit } from '../units';
import { listWorkOrders, workOrdersTable } from '../work-orders';
import {
  applicationsOfUnit,
  currentTenantsOfProperty,
  leasesOfUnit,
  tenantsOfUnit,
  unitsOfProperty,
} from './overview.repository';

/** How many rows of a unit's history each section carries. */
const HISTORY_LIMIT = 100;

/** Which page, and the landlord's response targets (a work order's respond-by time). */
interface PageOf {
  id: number;
  targets: ResponseTargets;
}

const today = (ctx: Context) => calendarDate(ctx.now, ctx.timeZone);

/**
 * A property's page. Reads are public (decision 0005): anyone gets the property and its
 * units; who lives there, the leases, the staff and the repairs only its manager.
 */
export async function readPropertyOverview(
  ctx: Context,
  { id, targets }: PageOf,
): Promise<PropertyOverview> {
  const { tx: db, actor } = ctx;
  const property = await findPropertyWithOwner(db, id);
  if (!property) throw notFound('properties.not_found', 'Property not found');
  const units = await unitsOfProperty(db, id, OVERVIEW_LIMITS.units);
  if (!(await findManagedProperty(db, actor, id))) return { property, units, manager: null };

  const current = await currentTenantsOfProperty(db, id);
  const occupants = new Map<number, { id: number; firstName: string; lastName: string }[]>();
  for (const tenant of current) {
    const list = occupants.get(tenant.unitId) ?? [];
    list.push({ id: tenant.id, firstName: tenant.firstName, lastName: tenant.lastName });
    occupants.set(tenant.unitId, list);
  }
  const leases = await listManagedLeases(db, {
    scope: scopeFor(actor),
    today: today(ctx),
    propertyId: id,
    notEndedOn: today(ctx),
    limit: OVERVIEW_LIMITS.leases,
    offset: 0,
    order: 'asc',
  });
  const staff = await listStaff(db, {
    propertyFilter: undefined,
    propertyId: id,
    limit: OVERVIEW_LIMITS.staff,
    offset: 0,
    order: 'asc',
  });
  const workOrders = await listWorkOrders(db, {
    scope: managedRecordsFilter(actor, workOrdersTable),
    query: {
      propertyId: id,
      open: true,
      overdue: undefined,
      limit: OVERVIEW_LIMITS.workOrders,
      offset: 0,
    },
    now: ctx.now,
    targets,
  });
  return {
    property,
    units: {
      rows: units.rows.map((unit) => ({ ...unit, occupants: occupants.get(unit.id) ?? [] })),
      total: units.total,
    },
    manager: {
      tenants: { rows: current.slice(0, OVERVIEW_LIMITS.tenants), total: current.length },
      leases: { rows: leases.leases, total: leases.total },
      staff: { rows: staff.staff, total: staff.total },
      openWorkOrders: { rows: workOrders.workOrders, total: workOrders.total },
    },
  };
}

/** A unit's page: the unit and its property for anyone, its history for its manager. */
export async function readUnitOverview(
  ctx: Context,
  { id, targets }: PageOf,
): Promise<UnitOverview> {
  const { tx: db, actor } = ctx;
  const row = await findUnit(db, id);
  if (!row) throw notFound('units.not_found', 'Unit not found');
  const property = await findPropertyWithOwner(db, row.propertyId);
  if (!property) throw notFound('units.not_found', 'Unit not found');
  const unit = toUnit(row);
  if (!(await findManagedProperty(db, actor, row.propertyId))) {
    return { unit, property, manager: null };
  }
  const tenants = await tenantsOfUnit(db, id, HISTORY_LIMIT);
  const leases = await leasesOfUnit(db, id, { limit: HISTORY_LIMIT, today: today(ctx) });
  const applications = await applicationsOfUnit(db, id, HISTORY_LIMIT);
  const workOrders = await listWorkOrders(db, {
    scope: and(managedRecordsFilter(actor, workOrdersTable), eq(workOrdersTable.unitId, id)),
    query: { open: undefined, overdue: undefined, limit: HISTORY_LIMIT, offset: 0 },
    now: ctx.now,
    targets,
  });
  return {
    unit,
    property,
    manager: {
      tenants,
      leases,
      applications,
      workOrders: { rows: workOrders.workOrders, total: workOrders.total },
    },
  };
}
