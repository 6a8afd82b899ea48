import { and, eq } from 'drizzle-orm';
import { MANAGER_ROLES, type Role } from '../../../shared/constants';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type { CreatePropertyBody, Property } from '../../../shared/schemas/properties';
import { actingUser, type Context } from '../../context';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { badRequest, forbidden, notFound } from '../../http/errors';
import { chunked } from '../../db/batches';
import { recordEvent, recordEvents } from '../audit';
import { isAdmin, requireManagedProperty } from '../authz';
import { ensureOwnOrganisation } from '../organisations';
import { staffTable } from '../staff';
import { propertiesTable, type PropertyRow } from './properties.table';
import {
  countUnitsOfProperty,
  deleteProperty as deletePropertyRow,
  findOwnerCandidate,
  findPropertyWithOwner,
  insertProperties,
  insertProperty,
  updateProperty as updatePropertyRow,
  type NewPropertyOwner,
  type PropertyValues,
} from './properties.repository';

const NOT_FOUND = () => notFound('properties.not_found', 'Property not found');

function unitsFirstMessage(units: number): string {
  const [noun, them] = units === 1 ? ['1 unit', 'unit'] : [`${units} units`, 'units'];
  return `This property still has ${noun}. Delete its ${them} first, then delete the property.`;
}

/**
 * Whose a new property is: the organisation the caller acts for, with the caller as its
 * contact. An Admin may name a Landlord or Admin (docs/decisions/0005), whose organisation it
 * joins; an Admin's own goes to their own organisation. Anyone else's userId is ignored.
 */
async function ownerOfNewProperty(
  ctx: Context,
  userId: number | null | undefined,
): Promise<NewPropertyOwner> {
  const user = actingUser(ctx);
  const membership = ctx.actor.kind === 'user' ? ctx.actor.membership : null;
  if (!isAdmin(user)) {
    if (!membership) throw forbidden('You need to be a Landlord or Admin to do that');
    if (membership.propertyIds !== null) {
      throw forbidden('A member limited to some properties cannot add properties');
    }
    return { userId: user.id, organisationId: membership.organisationId };
  }
  if (!userId || userId === user.id) {
    return {
      userId: user.id,
      organisationId: membership?.organisationId ?? (await ensureOwnOrganisation(ctx, user)),
    };
  }
  const owner = await findOwnerCandidate(ctx.tx, userId);
  if (!owner) {
    throw badRequest('properties.owner_not_found', 'The chosen owner does not exist', 'userId');
  }
  if (!owner.roles.some((role) => MANAGER_ROLES.includes(role as Role))) {
    throw badRequest(
      'properties.owner_not_manager',
      'The owner must be a Landlord or Admin',
      'userId',
    );
  }
  return { userId: owner.id, organisationId: await ensureOwnOrganisation(ctx, owner) };
}

export async function createProperty(ctx: Context, body: CreatePropertyBody): Promise<Property> {
  const { userId, ...values } = body;
  const row = await insertProperty(ctx.tx, await ownerOfNewProperty(ctx, userId), values);
  await recordEvent(ctx, {
    entityType: 'properties',
    entityId: row.id,
    action: 'create',
    after: row,
  });
  return (await findPropertyWithOwner(
    ctx.tx,
    row.id,
    eq(propertiesTable.organisationId, row.organisationId),
  ))!;
}

/**
 * Many new properties of the caller's own (the import), in multi-row inserts: the rule of
 * `createProperty` without a chosen owner, one creation event per property.
 */
export async function createPropertiesInBatch(
  ctx: Context,
  bodies: readonly PropertyValues[],
): Promise<PropertyRow[]> {
  if (bodies.length === 0) return [];
  const owner = await ownerOfNewProperty(ctx, undefined);
  const rows: PropertyRow[] = [];
  for (const chunk of chunked(bodies)) rows.push(...(await insertProperties(ctx.tx, owner, chunk)));
  await recordEvents(
    ctx,
    rows.map((row) => ({
      entityType: 'properties',
      entityId: row.id,
      action: 'create',
      after: row,
    })),
  );
  return rows;
}

/** Edits a property the caller manages; its owner never changes here. */
export async function updateProperty(
  ctx: Context,
  { id, values }: { id: number; values: PropertyValues },
): Promise<Property> {
  const before = await requireManagedProperty(ctx.tx, ctx.actor, id, { lock: true });
  const after = await updatePropertyRow(ctx.tx, before, values);
  if (!after) throw NOT_FOUND();
  await recordEvent(ctx, {
    entityType: 'properties',
    entityId: id,
    action: 'update',
    before,
    after,
  });
  return (await findPropertyWithOwner(
    ctx.tx,
    id,
    eq(propertiesTable.organisationId, before.organisationId),
  ))!;
}

/** A property's units must go first; its staff go with it (their assignment ends with it). */
function propertyDeletion(property: PropertyRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'units',
        code: 'properties.has_units',
        count: (db) => countUnitsOfProperty(db, property),
        message: unitsFirstMessage,
      },
    ],
    removes: [
      {
        kind: 'staff',
        count: (db) =>
          countRows(
            db,
            staffTable,
            and(
              eq(staffTable.organisationId, property.organisationId),
              eq(staffTable.propertyId, property.id),
            )!,
          ),
        message: (staff) =>
          staff === 1
            ? 'Its 1 staff member goes with it.'
            : `Its ${staff} staff members go with it.`,
      },
    ],
  };
}

/** What deleting a property the caller manages would do now (nothing is changed). */
export async function previewPropertyDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  const property = await requireManagedProperty(ctx.tx, ctx.actor, id);
  return previewDeletion(ctx.tx, propertyDeletion(property));
}

/** Deletes a property the caller manages, with its staff; refused while it has units. */
export async function deleteProperty(ctx: Context, id: number): Promise<void> {
  const before = await requireManagedProperty(ctx.tx, ctx.actor, id, { lock: true });
  await deleteUnlessUsed(ctx.tx, propertyDeletion(before), async (db) => {
    if (!(await deletePropertyRow(db, before))) throw NOT_FOUND();
  });
  await recordEvent(ctx, { entityType: 'properties', entityId: id, action: 'delete', before });
}
