import { and, eq, inArray } from 'drizzle-orm';
import type {
  CreateUnitBody,
  CreateUnitsBody,
  Unit,
  UpdateUnitBody,
} from '../../../shared/schemas/units';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { conflict, notFound, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http/errors';
import { applicationsTable } from '../applications';
import { anyOf, chunked } from '../../db/batches';
import { recordEvent, recordEvents } from '../audit';
import {
  requireManagedProperties,
  requireManagedProperty,
  requireManagedUnit,
  scopeFor,
} from '../authz';
import { inOrganisation } from '../../scope';
import { tenantsTable } from '../tenants';
import { workOrdersTable } from '../work-orders';
import {
  countTenantsOfUnit,
  deleteUnit as deleteUnitRow,
  insertUnit,
  insertUnits,
  toUnit,
  thisUnit,
  updateUnit as updateUnitRow,
} from './units.repository';
import { unitsTable, type UnitRow } from './units.table';

const NOT_FOUND = () => notFound('units.not_found', 'Unit not found');

function tenantsFirstMessage(tenants: number): string {
  const [noun, them] = tenants === 1 ? ['1 tenant', 'tenant'] : [`${tenants} tenants`, 'tenants'];
  return `This unit still has ${noun}. Remove its ${them} first, then delete the unit.`;
}

/** Runs a unit write, turning the per-property unique unit number into a 409. */
async function withUniqueUnitNumber<T>(unitNumber: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw conflict('units.duplicate', `Unit ${unitNumber} already exists in this property`);
    }
    throw error;
  }
}

export async function createUnit(ctx: Context, values: CreateUnitBody): Promise<Unit> {
  await requireManagedProperty(ctx.tx, ctx.actor, values.propertyId);
  const row = await withUniqueUnitNumber(values.unitNumber, () => insertUnit(ctx.tx, values));
  await recordEvent(ctx, { entityType: 'units', entityId: row.id, action: 'create', after: row });
  return toUnit(row);
}

/**
 * Several units of one layout at once (docs/product.md section 12): all or none. Numbers the
 * property already has are named in one 409, before anything is written; a number taken by
 * a concurrent write meanwhile fails the unique index and undoes the whole batch.
 */
export async function createUnits(ctx: Context, body: CreateUnitsBody): Promise<Unit[]> {
  const { unitNumbers, ...layout } = body;
  const property = await requireManagedProperty(ctx.tx, ctx.actor, layout.propertyId);
  const taken = await ctx.tx
    .select({ unitNumber: unitsTable.unitNumber })
    .from(unitsTable)
    .where(
      and(
        eq(unitsTable.organisationId, property.organisationId),
        eq(unitsTable.propertyId, layout.propertyId),
        inArray(unitsTable.unitNumber, unitNumbers),
      ),
    );
  if (taken.length > 0) {
    const names = taken
      .map((row) => row.unitNumber)
      .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
    throw conflict(
      'units.duplicate',
      `${names.length === 1 ? 'Unit' : 'Units'} ${names.join(', ')} already ${names.length === 1 ? 'exists' : 'exist'} in this property. Nothing was added.`,
    );
  }
  const rows = await withUniqueUnitNumber(unitNumbers.join(', '), () =>
    insertUnits(
      ctx.tx,
      unitNumbers.map((unitNumber) => ({ ...layout, unitNumber })),
      eq(unitsTable.organisationId, property.organisationId),
    ),
  );
  for (const row of rows) {
    await recordEvent(ctx, { entityType: 'units', entityId: row.id, action: 'create', after: row });
  }
  return rows.map(toUnit);
}

/**
 * Many new units, of any of the caller's properties (the import), in multi-row inserts, one
 * creation event per unit. The caller has left out the numbers its properties already have;
 * a number taken meanwhile fails the unique index and undoes the whole batch (409).
 */
export async function createUnitsInBatch(
  ctx: Context,
  bodies: readonly CreateUnitBody[],
): Promise<UnitRow[]> {
  if (bodies.length === 0) return [];
  await requireManagedProperties(
    ctx.tx,
    ctx.actor,
    bodies.map((body) => body.propertyId),
  );
  const rows: UnitRow[] = [];
  for (const chunk of chunked(bodies)) {
    rows.push(
      ...(await withUniqueUnitNumber(chunk.map((body) => body.unitNumber).join(', '), () =>
        insertUnits(ctx.tx, chunk, inOrganisation(unitsTable.organisationId, scopeFor(ctx.actor))),
      )),
    );
  }
  await recordEvents(
    ctx,
    rows.map((row) => ({ entityType: 'units', entityId: row.id, action: 'create', after: row })),
  );
  return rows;
}

/**
 * Edits a unit; a missing status keeps the current one, and moving it to another property
 * needs that property to be the caller's too. A new number reaches its tenants' copies in
 * the same transaction (a tenant shows the unit they live in, not the one they moved into).
 */
export async function updateUnit(
  ctx: Context,
  { id, body }: { id: number; body: Omit<UpdateUnitBody, 'id'> },
): Promise<Unit> {
  const before = await requireManagedUnit(ctx.tx, ctx.actor, id, { lock: true });
  const values: CreateUnitBody = {
    ...body,
    status: body.status ?? (before.status as CreateUnitBody['status']),
  };
  if (values.propertyId !== before.propertyId) {
    await requireManagedProperty(ctx.tx, ctx.actor, values.propertyId);
  }
  const after = await withUniqueUnitNumber(values.unitNumber, () =>
    updateUnitRow(ctx.tx, before, values),
  );
  if (!after) throw NOT_FOUND();
  await recordEvent(ctx, { entityType: 'units', entityId: id, action: 'update', before, after });
  if (after.unitNumber !== before.unitNumber) await renumberTenants(ctx, before, after);
  return toUnit(after);
}

/** The tenants' copy of their unit's number follows a renumbering, one event per tenant. */
async function renumberTenants(ctx: Context, before: UnitRow, unit: UnitRow): Promise<void> {
  const changed = await ctx.tx
    .update(tenantsTable)
    .set({ unitNumber: unit.unitNumber })
    .where(
      and(eq(tenantsTable.organisationId, unit.organisationId), eq(tenantsTable.unitId, unit.id)),
    )
    .returning({ id: tenantsTable.id });
  for (const { id } of changed) {
    await recordEvent(ctx, {
      entityType: 'tenants',
      entityId: id,
      action: 'update',
      before: { unitNumber: before.unitNumber },
      after: { unitNumber: unit.unitNumber },
    });
  }
}

/**
 * A unit's tenants must be removed first; its work orders are its history, so a unit that
 * has any is kept (made Unavailable). Its rental applications go with it.
 */
function unitDeletion(unit: UnitRow): DeletionRules {
  const { id, organisationId } = unit;
  return {
    blockers: [
      {
        kind: 'tenants',
        code: 'units.has_tenants',
        count: (db) => countTenantsOfUnit(db, unit),
        message: tenantsFirstMessage,
      },
      {
        kind: 'workOrders',
        code: 'units.has_work_orders',
        count: (db) =>
          countRows(
            db,
            workOrdersTable,
            and(
              eq(workOrdersTable.organisationId, organisationId),
              eq(workOrdersTable.unitId, id),
            )!,
          ),
        message: (orders) =>
          `This unit has ${orders === 1 ? '1 work order' : `${orders} work orders`} in its ` +
          'history and cannot be deleted; set its status to Unavailable instead.',
      },
    ],
    removes: [
      {
        kind: 'applications',
        count: (db) =>
          countRows(
            db,
            applicationsTable,
            and(
              eq(applicationsTable.organisationId, organisationId),
              eq(applicationsTable.unitId, id),
            )!,
          ),
        message: (applications) =>
          applications === 1
            ? 'Its 1 rental application goes with it.'
            : `Its ${applications} rental applications go with it.`,
      },
    ],
  };
}

/** What deleting a unit the caller manages would do now (nothing is changed). */
export async function previewUnitDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  const unit = await requireManagedUnit(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, unitDeletion(unit));
}

export async function deleteUnit(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedUnit(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, unitDeletion(before), async (db) => {
    if (!(await deleteUnitRow(db, before))) throw NOT_FOUND();
  });
  await recordEvent(ctx, { entityType: 'units', entityId: id, action: 'delete', before });
}

/** Reads a unit and locks it until the transaction ends, so two placements cannot race. */
export async function lockUnit(
  tx: Database,
  unit: Pick<UnitRow, 'id' | 'organisationId'>,
): Promise<UnitRow | undefined> {
  const [row] = await tx.select().from(unitsTable).where(thisUnit(unit)).for('update').limit(1);
  return row;
}

/** `setUnitStatus` for many units (a batch of placements): one UPDATE, one event per changed unit. */
export async function setUnitsStatus(
  ctx: Context,
  units: readonly UnitRow[],
  status: UnitRow['status'],
): Promise<void> {
  const changing = units.filter((unit) => unit.status !== status);
  for (const chunk of chunked(changing)) {
    await ctx.tx
      .update(unitsTable)
      .set({ status })
      .where(
        anyOf(
          unitsTable.id,
          chunk.map((unit) => unit.id),
        ),
      );
  }
  await recordEvents(
    ctx,
    changing.map((unit) => ({
      entityType: 'units',
      entityId: unit.id,
      action: 'update',
      before: { status: unit.status },
      after: { status },
    })),
  );
}

/** A status that follows tenancy (docs/decisions/0004), recorded on the unit's history. */
export async function setUnitStatus(
  ctx: Context,
  unit: UnitRow,
  status: UnitRow['status'],
): Promise<void> {
  if (unit.status === status) return;
  await ctx.tx.update(unitsTable).set({ status }).where(thisUnit(unit));
  await recordEvent(ctx, {
    entityType: 'units',
    entityId: unit.id,
    action: 'update',
    before: { status: unit.status },
    after: { status },
  });
}
