import { and, eq } from 'drizzle-orm';
import type { DeletionPreview } from '../../../shared/schemas/deletion';
import type {
  CreateVendorBody,
  UpdateVendorBody,
  Vendor,
  VendorListItem,
  VendorListParams,
} from '../../../shared/schemas/vendors';
import type { Context } from '../../context';
import {
  countRows,
  deleteUnlessUsed,
  previewDeletion,
  type DeletionRules,
} from '../../db/delete-unless-used';
import { conflict, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { actingOrganisation } from '../organisations';
import { scopeFor } from '../authz';
import { expensesTable, recurringExpensesTable } from '../expenses';
import { workOrdersTable } from '../work-orders';
import * as repository from './vendors.repository';
import { vendorsTable, type VendorRow } from './vendors.table';

const NOT_FOUND = () => notFound('vendors.not_found', 'Vendor not found');

/** What the trail keeps of a vendor: never the tax id, only whether one is on file. */
function audited({ taxId, ...kept }: VendorRow) {
  return { ...kept, hasTaxId: taxId !== null };
}

/** A vendor of the caller's (an Admin: anyone's), or 404 as if it did not exist. */
export async function requireVendor(ctx: Context, id: number, lock = false): Promise<VendorRow> {
  const row = await repository.findVendor(ctx.tx, scopeFor(ctx.actor), id, { lock });
  if (!row) throw NOT_FOUND();
  return row;
}

export async function listVendors(
  ctx: Context,
  query: VendorListParams,
): Promise<{ rows: VendorListItem[]; total: number }> {
  return repository.listVendors(ctx.tx, scopeFor(ctx.actor), query);
}

export async function readVendor(ctx: Context, id: number): Promise<Vendor> {
  const row = await requireVendor(ctx, id);
  return repository.toVendor(row, await repository.countExpensesOfVendor(ctx.tx, row));
}

/** An organisation's new payee; an Admin's vendor is the Admin's own organisation's. */
export async function createVendor(ctx: Context, body: CreateVendorBody): Promise<Vendor> {
  const [row] = await ctx.tx
    .insert(vendorsTable)
    .values({
      organisationId: await actingOrganisation(ctx),
      name: body.name,
      contactName: body.contactName,
      email: body.email,
      phone: body.phone,
      trade: body.trade,
      taxId: body.taxId ?? null,
      receives1099: body.receives1099,
    })
    .returning();
  await recordEvent(ctx, {
    entityType: 'vendors',
    entityId: row!.id,
    action: 'create',
    after: audited(row!),
  });
  return repository.toVendor(row!, 0);
}

export async function updateVendor(
  ctx: Context,
  { id, body }: { id: number; body: UpdateVendorBody },
): Promise<Vendor> {
  const before = await requireVendor(ctx, id, true);
  const changes = Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<VendorRow>;
  const [after] = await ctx.tx
    .update(vendorsTable)
    .set({ ...changes, updatedAt: ctx.now })
    .where(thisVendor(before))
    .returning();
  await recordEvent(ctx, {
    entityType: 'vendors',
    entityId: id,
    action: 'update',
    before: audited(before),
    after: audited(after!),
  });
  return repository.toVendor(after!, await repository.countExpensesOfVendor(ctx.tx, after!));
}

/** Archived vendors leave the pickers; their expenses keep naming them. */
export async function setVendorArchived(
  ctx: Context,
  { id, archived }: { id: number; archived: boolean },
): Promise<Vendor> {
  const before = await requireVendor(ctx, id, true);
  if ((before.archivedAt !== null) === archived) {
    throw conflict(
      archived ? 'vendors.already_archived' : 'vendors.not_archived',
      archived ? 'This vendor is already archived' : 'This vendor is not archived',
    );
  }
  const [after] = await ctx.tx
    .update(vendorsTable)
    .set({ archivedAt: archived ? ctx.now : null, updatedAt: ctx.now })
    .where(thisVendor(before))
    .returning();
  const action = archived ? 'archive' : 'restore';
  await recordEvent(ctx, {
    entityType: 'vendors',
    entityId: id,
    action,
    before: { archivedAt: before.archivedAt?.toISOString() ?? null },
    after: { name: after!.name, archivedAt: after!.archivedAt?.toISOString() ?? null },
  });
  return repository.toVendor(after!, await repository.countExpensesOfVendor(ctx.tx, after!));
}

const times = (n: number, one: string, many: string) => (n === 1 ? one : `${n} ${many}`);

/** The vendor's own row, found by its organisation first (decision 0030). */
function thisVendor({ id, organisationId }: VendorRow) {
  return and(eq(vendorsTable.organisationId, organisationId), eq(vendorsTable.id, id));
}

/** A vendor that any record names is archived instead: the books keep who was paid. */
function vendorDeletion({ id, organisationId }: VendorRow): DeletionRules {
  return {
    blockers: [
      {
        kind: 'expenses',
        code: 'vendors.in_use',
        count: (db) =>
          countRows(
            db,
            expensesTable,
            and(eq(expensesTable.organisationId, organisationId), eq(expensesTable.vendorId, id))!,
          ),
        message: (n) =>
          `${times(n, 'An expense names', 'expenses name')} this vendor: archive it instead.`,
      },
      {
        kind: 'expenses',
        code: 'vendors.in_use',
        count: (db) =>
          countRows(
            db,
            recurringExpensesTable,
            and(
              eq(recurringExpensesTable.organisationId, organisationId),
              eq(recurringExpensesTable.vendorId, id),
            )!,
          ),
        message: (n) =>
          `${times(n, 'A recurring expense names', 'recurring expenses name')} this vendor: archive it instead.`,
      },
      {
        kind: 'assignedWorkOrders',
        code: 'vendors.in_use',
        count: (db) =>
          countRows(
            db,
            workOrdersTable,
            and(
              eq(workOrdersTable.organisationId, organisationId),
              eq(workOrdersTable.assignedVendorId, id),
            )!,
          ),
        message: (n) =>
          `${times(n, 'A work order is', 'work orders are')} given to this vendor: archive it instead.`,
      },
    ],
    removes: [],
  };
}

export async function previewVendorDeletion(ctx: Context, id: number): Promise<DeletionPreview> {
  return previewDeletion(ctx.tx, vendorDeletion(await requireVendor(ctx, id)));
}

export async function deleteVendor(ctx: Context, id: number): Promise<void> {
  const before = await requireVendor(ctx, id, true);
  await deleteUnlessUsed(ctx.tx, vendorDeletion(before), async (db) => {
    await db.delete(vendorsTable).where(thisVendor(before));
  });
  await recordEvent(ctx, {
    entityType: 'vendors',
    entityId: id,
    action: 'delete',
    before: audited(before),
  });
}
