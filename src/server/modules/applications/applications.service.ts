import { eq } from 'drizzle-orm';
import type { Context } from '../../context';
import { badRequest, conflict, notFound } from '../../http/errors';
import { recordEvent } from '../audit';
import { enqueueMail } from '../mail';
import { requireManagedApplication, type ManagedApplication } from '../authz';
import { moveInTenant, UNIT_NOT_AVAILABLE } from '../tenants';
import type { TenantRow } from '../tenants';
import { lockUnit, unitsTable } from '../units';
import {
  decideApplication,
  declineOtherPending,
  insertApplication,
  UNIT_TAKEN,
  type NewApplication,
} from './applications.repository';
import type { ApplicationRow } from './applications.table';
import { calendarDate } from '../../../shared/dates';

export type ApplicationInput = Omit<NewApplication, 'unitNumber'>;

/**
 * Stores a visitor's application for an Available unit. The unit number is taken from the
 * unit; the move-in date, when given, may not be before today.
 */
export async function submitApplication(
  ctx: Context,
  input: ApplicationInput,
): Promise<ApplicationRow> {
  if (input.moveInDate !== null && input.moveInDate < calendarDate(ctx.now, ctx.timeZone)) {
    throw badRequest(
      'applications.move_in_past',
      'Desired move-in date cannot be in the past',
      'moveInDate',
    );
  }
  const [unit] = await ctx.tx
    .select()
    .from(unitsTable)
    .where(eq(unitsTable.id, input.unitId))
    .limit(1);
  if (!unit) throw notFound('units.not_found', 'Unit not found');
  if (unit.status !== 'Available') throw conflict('units.not_available', UNIT_NOT_AVAILABLE);
  const row = await insertApplication(ctx.tx, { ...input, unitNumber: unit.unitNumber });
  await recordEvent(ctx, {
    entityType: 'applications',
    entityId: row.id,
    action: 'create',
    after: row,
  });
  return row;
}

const ALREADY_DECIDED = 'This application has already been decided';

/**
 * The application, locked for the rest of the transaction so that two decisions on it
 * cannot both succeed; only a pending one may be decided.
 */
async function lockPending(ctx: Context, id: number): Promise<ManagedApplication> {
  const found = await requireManagedApplication(ctx.tx, ctx.actor, id, { lock: true });
  if (found.application.status !== 'Pending') {
    throw conflict('applications.decided', ALREADY_DECIDED);
  }
  return found;
}

async function decide(
  ctx: Context,
  before: ApplicationRow,
  decision: Parameters<typeof decideApplication>[2],
): Promise<ApplicationRow> {
  const after = await decideApplication(ctx.tx, before, decision);
  if (!after) throw notFound('applications.not_found', 'Application not found');
  const action = decision.status === 'Approved' ? 'approve' : 'reject';
  await recordEvent(ctx, {
    entityType: 'applications',
    entityId: before.id,
    action,
    before,
    after,
  });
  return after;
}

/**
 * Approval places the applicant as a tenant on the unit (which becomes Rented) and declines
 * the unit's other pending applications as 'unit taken'; when the server sends mail, each of
 * those applicants is told so (docs/product.md section 10).
 */
export async function approveApplication(
  ctx: Context,
  { id, mailApplicants }: { id: number; mailApplicants: boolean },
): Promise<TenantRow> {
  // The unit first, then the application: approvals of rival applications for one unit
  // queue on the unit instead of each holding its application while the other declines it
  // (a deadlock). The order is the one every approval takes.
  const { application: seen } = await requireManagedApplication(ctx.tx, ctx.actor, id);
  await lockUnit(ctx.tx, { id: seen.unitId, organisationId: seen.organisationId });
  const { application, property } = await lockPending(ctx, id);
  const tenant = await moveInTenant(ctx, {
    unit: { id: application.unitId, organisationId: application.organisationId },
    fields: {
      firstName: application.firstName,
      lastName: application.lastName,
      phoneNumber: application.phoneNumber,
      email: application.email,
    },
  });
  await decide(ctx, application, { status: 'Approved', tenantId: tenant.id, decidedAt: ctx.now });
  // The unit is taken: the other applicants are told so instead of waiting on a dead end.
  for (const declined of await declineOtherPending(ctx.tx, application, ctx.now)) {
    await recordEvent(ctx, {
      entityType: 'applications',
      entityId: declined.id,
      action: 'reject',
      before: { status: 'Pending', declineReason: null },
      after: { status: 'Rejected', declineReason: UNIT_TAKEN },
    });
    if (mailApplicants) {
      await enqueueMail(ctx, {
        key: `application-declined:${declined.id}`,
        to: declined.email,
        subject: `Unit ${declined.unitNumber} at ${property.name} has been let`,
        text:
          `Hello ${declined.firstName},\n\n` +
          `Thank you for applying to rent unit ${declined.unitNumber} at ${property.name}. ` +
          'It has now been let to another applicant, so your application was closed.\n\n' +
          'Other homes are listed on the property pages; you are welcome to apply again.\n',
      });
    }
  }
  return tenant;
}

export async function rejectApplication(ctx: Context, id: number): Promise<ManagedApplication> {
  const { application, property } = await lockPending(ctx, id);
  const decided = await decide(ctx, application, {
    status: 'Rejected',
    tenantId: null,
    decidedAt: ctx.now,
  });
  return { application: decided, property };
}
