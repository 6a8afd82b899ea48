import { and, eq } from 'drizzle-orm';
import { calendarDate } from '../../../shared/dates';
import {
  OVERVIEW_LIMITS,
  type PropertyOverview,
  type UnitOverview,
} from '../../../shared/schemas/overview';
import type { Actor } from '../../context';
import type { Database } from '../../db/client';
import { notFound } from '../../http/errors';
import type { Config } from '../../config';
import { findManagedProperty, managedPropertiesFilter, scopeFor } from '../authz';
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

interface Reader {
  db: Database;
  actor: Actor;
  config: Config;
}

const today = (config: Config) => calendarDate(config.now(), config.timeZone);
const clock = (config: Config) => ({ now: config.now(), targets: config.responseTargets });

/**
 * A property's page. Reads are public (decision 0005): anyone gets the property and its
 * units; who lives there, the leases, the staff and the repairs only its manager.
 */
export async function readPropertyOverview(
  { db, actor, config }: Reader,
  id: number,
): Promise<PropertyOverview> {
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
    today: today(config),
    propertyId: id,
    notEndedOn: today(config),
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
    scope: managedPropertiesFilter(actor),
    query: {
      propertyId: id,
      open: true,
      overdue: undefined,
      limit: OVERVIEW_LIMITS.workOrders,
      offset: 0,
    },
    ...clock(config),
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
  { db, actor, config }: Reader,
  id: number,
): Promise<UnitOverview> {
  const row = await findUnit(db, id);
  if (!row) throw notFound('units.not_found', 'Unit not found');
  const property = await findPropertyWithOwner(db, row.propertyId);
  if (!property) throw notFound('units.not_found', 'Unit not found');
  const unit = toUnit(row);
  if (!(await findManagedProperty(db, actor, row.propertyId))) {
    return { unit, property, manager: null };
  }
  const tenants = await tenantsOfUnit(db, id, HISTORY_LIMIT);
  const leases = await leasesOfUnit(db, id, { limit: HISTORY_LIMIT, today: today(config) });
  const applications = await applicationsOfUnit(db, id, HISTORY_LIMIT);
  const workOrders = await listWorkOrders(db, {
    scope: and(managedPropertiesFilter(actor), eq(workOrdersTable.unitId, id)),
    query: { open: undefined, overdue: undefined, limit: HISTORY_LIMIT, offset: 0 },
    ...clock(config),
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
