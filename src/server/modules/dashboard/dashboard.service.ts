import { and, eq } from 'drizzle-orm';
import {
  LEASES_ENDING_SOON_DAYS,
  LEASES_ENDING_SOON_LIMIT,
  type DashboardQuery,
  type DashboardResponse,
} from '../../../shared/schemas/dashboard';
import type { User } from '../../../shared/schemas/users';
import type { Database } from '../../db/client';
import { managedPropertiesFilter, requireManagedProperty } from '../properties/properties.access';
import { propertiesTable } from '../properties/properties.table';
import * as repository from './dashboard.repository';

/** The calendar date ('YYYY-MM-DD') of an instant in a time zone. */
export function calendarDate(instant: Date, timeZone: string): string {
  // en-CA writes dates as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(instant);
}

export function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

export interface DashboardContext {
  db: Database;
  user: User;
  now: Date;
  timeZone: string;
}

/**
 * Builds the answer from the requested sections only. Each section is one query, so a
 * request costs at most six queries (plus one ownership check with propertyId), however
 * many properties, units and leases there are.
 */
export async function buildDashboard(
  { db, user, now, timeZone }: DashboardContext,
  query: DashboardQuery,
): Promise<DashboardResponse> {
  const today = calendarDate(now, timeZone);
  let scope = managedPropertiesFilter(user);
  if (query.propertyId !== undefined) {
    await requireManagedProperty(db, user, query.propertyId);
    scope = and(scope, eq(propertiesTable.id, query.propertyId));
  }
  const wants = new Set(query.sections);
  const answer: DashboardResponse = { today };
  // Sequential on purpose: the embedded database runs one query at a time anyway, and a
  // pool connection per section would only add contention.
  if (wants.has('summary')) answer.summary = await repository.getSummary(db, scope, today);
  if (wants.has('properties'))
    answer.properties = await repository.listPropertyCards(db, scope, today);
  if (wants.has('units')) answer.units = await repository.listUnits(db, scope);
  if (wants.has('leases')) answer.leases = await repository.listCurrentLeases(db, scope, today);
  if (wants.has('owners')) answer.owners = await repository.listOwners(db, scope);
  if (wants.has('leasesEndingSoon')) {
    answer.leasesEndingSoon = await repository.listLeasesEndingSoon(
      db,
      scope,
      today,
      addDays(today, LEASES_ENDING_SOON_DAYS),
      LEASES_ENDING_SOON_LIMIT,
    );
  }
  return answer;
}
