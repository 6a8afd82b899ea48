import { and, eq } from 'drizzle-orm';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type { TenantBody } from '../../../shared/schemas/tenants';
import type { LeaseStatus } from '../../../shared/constants';
import { calendarDate, formatDate } from '../../../shared/dates';
import { lastDayOf } from '../../../shared/lease-state';
import type { Context } from '../../context';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { conflict, notFound } from '../../http/errors';
import { chunked } from '../../db/batches';
import { recordEvent, recordEvents } from '../audit';
import { lockManagedUnits, requireManagedTenant, requireManagedUnit } from '../authz';
import { leasesTable, type LeaseRow } from '../leases';
import { findOpenLeaseOfTenant } from '../tenancy';
import { lockUnit, setUnitStatus, setUnitsStatus } from '../units';
import type { UnitRow } from '../units';
import {
  countTenantsInUnit,
  deleteTenant,
  insertTenant,
  insertTenants,
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
export const TENANT_MOVED_OUT = 'This tenant has moved out';
// Deleting is for records entered by mistake; a tenant with a lease history moves out instead.
// The count is named so that someone cleaning up a mistake knows how much is in the way.
export function tenantHasLeasesMessage(leases: number): string {
  const noun = leases === 1 ? '1 lease' : `${leases} leases`;
  return (
    "This tenant has lease history: use Move out to keep them in the unit's history. " +
    `If it was entered by mistake, delete this tenant's ${noun} first.`
  );
}

/** Refuses a write that would make a past tenant current again: their record is history. */
export function refuseMovedOut(tenant: TenantRow): void {
  if (tenant.movedOutOn) throw conflict('tenants.moved_out', TENANT_MOVED_OUT);
}

const UNIT_NOT_FOUND = () => notFound('units.not_found', 'Unit not found');

type UnitKey = Pick<UnitRow, 'id' | 'organisationId'>;

async function lockAvailableUnit(ctx: Context, key: UnitKey): Promise<UnitRow> {
  const unit = await lockUnit(ctx.tx, key);
  if (!unit) throw UNIT_NOT_FOUND();
  if (unit.status !== 'Available') throw conflict('units.not_available', UNIT_NOT_AVAILABLE);
  return unit;
}

/**
 * Frees a unit when its last tenant has left (recorded on the unit); a status the landlord
 * set by hand stays.
 */
export async function releaseUnitIfEmpty(
  ctx: Context,
  leaving: Pick<TenantRow, 'id' | 'unitId' | 'organisationId'>,
): Promise<void> {
  const unit = await lockUnit(ctx.tx, {
    id: leaving.unitId,
    organisationId: leaving.organisationId,
  });
  if (!unit || unit.status !== 'Rented') return;
  if ((await countTenantsInUnit(ctx.tx, unit, leaving.id)) === 0) {
    await setUnitStatus(ctx, unit, 'Available');
  }
}

/**
 * Places a new tenant on an Available unit and marks it Rented. The caller has checked
 * that the unit is theirs (the tenant form), or an application for it was approved.
 */
export async function moveInTenant(
  ctx: Context,
  { unit: key, fields }: { unit: UnitKey; fields: TenantFields },
): Promise<TenantRow> {
  const unit = await lockAvailableUnit(ctx, key);
  const tenant = await insertTenant(ctx.tx, unit, fields);
  await recordEvent(ctx, {
    entityType: 'tenants',
    entityId: tenant.id,
    action: 'create',
    after: tenant,
  });
  await setUnitStatus(ctx, unit, 'Rented');
  return tenant;
}

/** The tenant form: a new tenant on one of the caller's units. */
export async function placeTenant(ctx: Context, body: TenantBody): Promise<TenantRow> {
  const { unitId, unitNumber: _ignored, ...fields } = body;
  const unit = await requireManagedUnit(ctx.tx, ctx.actor, unitId);
  return moveInTenant(ctx, { unit, fields });
}

/**
 * The tenant form for many tenants at once (the import): the rule of `placeTenant` for each,
 * with the units locked together. Every unit must be Available and take one tenant of the
 * batch (it is Rented once placed); else nothing is written (409).
 */
export async function placeTenantsInBatch(
  ctx: Context,
  bodies: readonly TenantBody[],
): Promise<TenantRow[]> {
  if (bodies.length === 0) return [];
  const units = await lockManagedUnits(
    ctx.tx,
    ctx.actor,
    bodies.map((body) => body.unitId),
  );
  const placed = new Set<number>();
  const placements = bodies.map(({ unitId, unitNumber: _ignored, ...fields }) => {
    const unit = units.get(unitId)!;
    if (unit.status !== 'Available' || placed.has(unitId)) {
      throw conflict('units.not_available', UNIT_NOT_AVAILABLE);
    }
    placed.add(unitId);
    return { unit, fields };
  });
  const tenants: TenantRow[] = [];
  for (const chunk of chunked(placements)) tenants.push(...(await insertTenants(ctx.tx, chunk)));
  await recordEvents(
    ctx,
    tenants.map((tenant) => ({
      entityType: 'tenants',
      entityId: tenant.id,
      action: 'create',
      after: tenant,
    })),
  );
  await setUnitsStatus(ctx, [...units.values()], 'Rented');
  return tenants;
}

/**
 * A lease stays on its unit (docs/decisions/0013): a tenant whose lease is running or still to
 * start is not moved by editing their record. They move out of it, and the new unit gets a
 * new tenancy (a new tenant record and lease), so each unit keeps its own history and money.
 */
async function refuseMoveWithOpenLease(ctx: Context, tenant: TenantRow): Promise<void> {
  const lease = await findOpenLeaseOfTenant(ctx.tx, tenant.id, calendarDate(ctx.now, ctx.timeZone));
  if (lease) throw conflict('tenants.has_open_lease', tenantHasOpenLeaseMessage(lease));
}

export function tenantHasOpenLeaseMessage(lease: LeaseRow): string {
  return (
    `This tenant has a lease on unit ${lease.unitNumber} until ${formatDate(lastDayOf({ ...lease, status: lease.status as LeaseStatus }))}. ` +
    'To move them to another unit, use Move out on that lease, then add them to the new unit.'
  );
}

/** Edits a tenant; moving them needs an Available unit of the caller's and frees the old one. */
export async function changeTenant(
  ctx: Context,
  { id, body }: { id: number; body: TenantBody },
): Promise<TenantRow> {
  const { unitId, unitNumber: _ignored, ...fields } = body;
  const before = await requireManagedTenant(ctx.tx, ctx.actor, id, { lock: true });
  let after: TenantRow | undefined;
  if (unitId === before.unitId) {
    const unit = await lockUnit(ctx.tx, { id: unitId, organisationId: before.organisationId });
    if (!unit) throw UNIT_NOT_FOUND();
    after = await updateTenant(ctx.tx, before, unit, fields);
  } else {
    // A past tenant stays in the unit they left: they are that unit's history.
    refuseMovedOut(before);
    await refuseMoveWithOpenLease(ctx, before);
    const target = await requireManagedUnit(ctx.tx, ctx.actor, unitId);
    const current = { id: before.unitId, organisationId: before.organisationId };
    // Both units locked in id order, so two opposite moves cannot deadlock.
    for (const locked of [current, target].sort((a, b) => a.id - b.id))
      await lockUnit(ctx.tx, locked);
    const unit = await lockAvailableUnit(ctx, target);
    after = await updateTenant(ctx.tx, before, unit, fields);
    if (after) {
      await setUnitStatus(ctx, unit, 'Rented');
      await releaseUnitIfEmpty(ctx, before);
    }
  }
  if (!after) throw notFound('tenants.not_found', 'Tenant not found');
  await recordEvent(ctx, { entityType: 'tenants', entityId: id, action: 'update', before, after });
  return after;
}

/** A tenant's leases must go first; a linked portal login stays but loses this home. */
function tenantDeletion(tenant: TenantRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'leases',
        code: 'tenants.has_leases',
        count: (db) =>
          countRows(
            db,
            leasesTable,
            and(
              eq(leasesTable.organisationId, tenant.organisationId),
              eq(leasesTable.tenantId, tenant.id),
            )!,
          ),
        message: tenantHasLeasesMessage,
      },
    ],
    removes: [
      {
        kind: 'portalAccount',
        count: async () => (tenant.userId === null ? 0 : 1),
        message: () => 'Their portal login stays, but no longer opens this home.',
      },
    ],
  };
}

/** What deleting a tenant the caller manages would do now (nothing is changed). */
export async function previewTenantDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  const tenant = await requireManagedTenant(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, tenantDeletion(tenant));
}

/** Removes a tenant without leases and frees their unit when no tenant remains. */
export async function removeTenant(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedTenant(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, tenantDeletion(before), async (db) => {
    await deleteTenant(db, before);
  });
  await releaseUnitIfEmpty(ctx, before);
  await recordEvent(ctx, { entityType: 'tenants', entityId: id, action: 'delete', before });
}
