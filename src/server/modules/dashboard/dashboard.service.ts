import { createHash } from 'node:crypto';
import {
  LEASES_ENDING_SOON_DAYS,
  LEASES_ENDING_SOON_LIMIT,
  type DashboardQuery,
} from '../../../shared/schemas/dashboard';
import { addDays, calendarDate } from '../../../shared/dates';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import { notFound } from '../../http/errors';
import { actingUser, type Context } from '../../context';
import { scopeFor } from '../authz';
import type { Scope } from '../../scope';
import { dashboardStatement, walksIndexesStatement } from './dashboard.statement';

export interface DashboardAnswer {
  /** The JSON answer, or null when the caller's copy (If-None-Match) is still current. */
  body: string | null;
  /** Absent for an Admin, whose answer spans every landlord's portfolio. */
  etag: string | undefined;
}

/** Raise when the answer's shape or meaning changes, so no client keeps an old copy. */
const ANSWER_VERSION = 1;

/**
 * What an ETag names besides the revision: who asks, for which day, for which parts. A copy
 * of yesterday's answer or of other sections is never taken for this one.
 */
function etagKey(userId: number, scope: Scope, today: string, query: DashboardQuery): string {
  // The scope is in the key: a member's limits may change while the portfolio does not.
  const scoped = scope.kind === 'organisation' ? [scope.organisationId, scope.propertyIds] : [];
  return createHash('sha256')
    .update(
      [
        ANSWER_VERSION,
        userId,
        JSON.stringify(scoped),
        today,
        query.sections.join(','),
        query.propertyId ?? '',
        query.propertyLimit ?? '',
        query.propertyOffset,
      ].join('|'),
    )
    .digest('base64url')
    .slice(0, 16);
}

/** The revision in the caller's ETag for this key, if it sent one. */
function knownRevision(ifNoneMatch: string | undefined, key: string): number | undefined {
  for (const tag of (ifNoneMatch ?? '').split(',')) {
    const match = /^\s*(?:W\/)?"([\w-]{16})-(\d{1,15})"\s*$/.exec(tag);
    if (match && match[1] === key) return Number(match[2]);
  }
  return undefined;
}

/** The row of dashboardStatement: every column is text or boolean. */
const statementRow = z.object({
  revision: z.string().nullable(),
  found: z.boolean(),
  body: z.string().nullable(),
});

async function walksIndexes(db: Database, scope: Scope, propertyId: number | undefined) {
  const [row] = await readRows(
    db,
    walksIndexesStatement(scope, propertyId),
    z.object({ walk: z.boolean() }),
  );
  return row!.walk;
}

/**
 * The dashboard in one SQL statement (see dashboard.statement.ts), or nothing when the
 * caller's copy is current: the portfolio revision is read in the same statement, so the
 * ETag always describes the body it comes with.
 */
export async function buildDashboard(
  ctx: Context,
  { query, ifNoneMatch }: { query: DashboardQuery; ifNoneMatch: string | undefined },
): Promise<DashboardAnswer> {
  const db = ctx.tx;
  const today = calendarDate(ctx.now, ctx.timeZone);
  const scope = scopeFor(ctx.actor);
  if (scope.kind === 'none') throw new Error('the dashboard is read by a manager');
  const key = etagKey(actingUser(ctx).id, scope, today, query);
  const statement = dashboardStatement({
    walkIndexes: scope.kind === 'organisation' && (await walksIndexes(db, scope, query.propertyId)),
    scope,
    propertyId: query.propertyId,
    sections: query.sections,
    today,
    until: addDays(today, LEASES_ENDING_SOON_DAYS),
    endingSoonLimit: LEASES_ENDING_SOON_LIMIT,
    propertyLimit: query.propertyLimit,
    propertyOffset: query.propertyOffset,
    knownRevision: scope.kind === 'all' ? undefined : knownRevision(ifNoneMatch, key),
  });
  const [row] = await readRows(db, statement, statementRow);
  if (!row!.found) throw notFound('properties.not_found', 'Property not found');
  return {
    body: row!.body,
    etag: row!.revision === null ? undefined : `"${key}-${row!.revision}"`,
  };
}
