import { count, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { conflict, notFound, pgErrorCode, PG_FOREIGN_KEY_VIOLATION } from '../../http/errors';
import { leasesTable } from '../leases/leases.table';
import type { UnitRow } from '../units/units.table';
import {
  countTenantsInUnit,
  deleteTenant,
  insertTenant,
  lockUnit,
  setUnitStatus,
  updateTenant,
  type TenantFields,
} from './tenants.repository';
import type { TenantRow } from './tenants.table';

/**
 * Unit status follows tenancy (docs/decisions/0004): a tenant is placed only on an
 * Available unit (or kept on their own), placing marks the unit Rented, and a unit that
 * loses its last tenant goes back to Available. Each change is one transaction, with the
 * unit row locked so that two placements on one unit cannot both succeed.
 */

export const UNIT_NOT_AVAILABLE = 'This unit is no longer available';

async function lockAvailableUnit(tx: Database, unitId: number): Promise<UnitRow> {
  const unit = await lockUnit(tx, unitId);
  if (!unit) throw notFound('units.not_found', 'Unit not found');
  if (unit.status !== 'Available') throw conflict('units.not_available', UNIT_NOT_AVAILABLE);
  return unit;
}

/** Frees a unit when its last tenant has left; a status the landlord set by hand stays. */
async function releaseUnitIfEmpty(tx: Database, unitId: number, leavingTenantId: number): Promise<void> {
  const unit = await lockUnit(tx, unitId);
  if (!unit || unit.status !== 'Rented') return;
  if ((await countTenantsInUnit(tx, unitId, leavingTenantId)) === 0) {
    await setUnitStatus(tx, unitId, 'Available');
  }
}

/** Places a new tenant on an Available unit and marks it Rented. Call inside a transaction. */
export async function placeTenantInTx(tx: Database, unitId: number, fields: TenantFields): Promise<TenantRow> {
  const unit = await lockAvailableUnit(tx, unitId);
  const tenant = await insertTenant(tx, unit, fields);
  await setUnitStatus(tx, unit.id, 'Rented');
  return tenant;
}

export function placeTenant(db: Database, unitId: number, fields: TenantFields): Promise<TenantRow> {
  return db.transaction((tx) => placeTenantInTx(tx, unitId, fields));
}

/** Edits a tenant; moving them needs an Available unit and frees the old one when empty. */
export function changeTenant(db: Database, current: TenantRow, unitId: number, fields: TenantFields): Promise<TenantRow> {
  return db.transaction(async (tx) => {
    if (unitId === current.unitId) {
      const unit = await lockUnit(tx, unitId);
      if (!unit) throw notFound('units.not_found', 'Unit not found');
      return updateTenant(tx, current.id, unit, fields);
    }
    const unit = await lockAvailableUnit(tx, unitId);
    const updated = await updateTenant(tx, current.id, unit, fields);
    await setUnitStatus(tx, unit.id, 'Rented');
    await releaseUnitIfEmpty(tx, current.unitId, current.id);
    return updated;
  });
}

export const TENANT_HAS_LEASES = "Delete this tenant's leases first";

/** Removes a tenant without leases and frees their unit when no tenant remains. */
export async function removeTenant(db: Database, tenant: TenantRow): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      const [leases] = await tx.select({ n: count() }).from(leasesTable).where(eq(leasesTable.tenantId, tenant.id));
      if (Number(leases?.n ?? 0) > 0) throw conflict('tenants.has_leases', TENANT_HAS_LEASES);
      await releaseUnitIfEmpty(tx, tenant.unitId, tenant.id);
      await deleteTenant(tx, tenant.id);
    });
  } catch (error) {
    // A lease added between the check and the delete: the RESTRICT key has the last word.
    if (pgErrorCode(error) === PG_FOREIGN_KEY_VIOLATION) throw conflict('tenants.has_leases', TENANT_HAS_LEASES);
    throw error;
  }
}
