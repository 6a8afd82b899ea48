import { eq } from 'drizzle-orm';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { badRequest, conflict, notFound } from '../../http/errors';
import { placeTenantInTx, UNIT_NOT_AVAILABLE } from '../tenants/tenants.service';
import type { TenantRow } from '../tenants/tenants.table';
import { unitsTable } from '../units/units.table';
import {
  decideApplication,
  insertApplication,
  lockManagedApplication,
  type NewApplication,
} from './applications.repository';
import type { ApplicationRow } from './applications.table';

/** 'YYYY-MM-DD' of an instant in the landlord's calendar. */
export function calendarDay(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

export type ApplicationInput = Omit<NewApplication, 'unitNumber'>;

/**
 * Stores a visitor's application for an Available unit. The unit number is taken from the
 * unit; the move-in date, when given, may not be before today.
 */
export async function submitApplication(
  db: Database,
  input: ApplicationInput,
  clock: { now: Date; timeZone: string },
): Promise<ApplicationRow> {
  if (input.moveInDate !== null && input.moveInDate < calendarDay(clock.now, clock.timeZone)) {
    throw badRequest('applications.move_in_past', 'Desired move-in date cannot be in the past', 'moveInDate');
  }
  const [unit] = await db.select().from(unitsTable).where(eq(unitsTable.id, input.unitId)).limit(1);
  if (!unit) throw notFound('units.not_found', 'Unit not found');
  if (unit.status !== 'Available') throw conflict('units.not_available', UNIT_NOT_AVAILABLE);
  return insertApplication(db, { ...input, unitNumber: unit.unitNumber });
}

const ALREADY_DECIDED = 'This application has already been decided';

async function lockPending(tx: Database, user: User, id: number) {
  const found = await lockManagedApplication(tx, user, id);
  if (!found) throw notFound('applications.not_found', 'Application not found');
  if (found.application.status !== 'Pending') throw conflict('applications.decided', ALREADY_DECIDED);
  return found;
}

/** Approval places the applicant as a tenant on the unit (which becomes Rented). */
export function approveApplication(db: Database, user: User, id: number, now: Date): Promise<TenantRow> {
  return db.transaction(async (tx) => {
    const { application } = await lockPending(tx, user, id);
    const tenant = await placeTenantInTx(tx, application.unitId, {
      firstName: application.firstName,
      lastName: application.lastName,
      phoneNumber: application.phoneNumber,
      email: application.email,
    });
    await decideApplication(tx, application.id, { status: 'Approved', tenantId: tenant.id, decidedAt: now });
    return tenant;
  });
}

export function rejectApplication(db: Database, user: User, id: number, now: Date) {
  return db.transaction(async (tx) => {
    const { application, property } = await lockPending(tx, user, id);
    const decided = await decideApplication(tx, application.id, { status: 'Rejected', tenantId: null, decidedAt: now });
    return { application: decided, property };
  });
}
