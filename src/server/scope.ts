import { and, eq, sql, type SQL } from 'drizzle-orm';
import { anyOf } from './db/batches';
import { propertiesTable } from './modules/properties';

/**
 * Whose records a read or a write covers. `scopeFor(actor)` (modules/authz) decides it once per
 * request; repositories and read models take the scope, never the actor, so the question "who
 * may see what" is answered in one place and every query filters by the same value.
 */
export type Scope =
  /** An Admin, a job or the command line: every organisation's records. */
  | { kind: 'all' }
  /**
   * A member of an organisation (decision 0029): its properties and everything under them;
   * with `propertyIds`, only those (a member limited to some properties).
   */
  | { kind: 'organisation'; organisationId: number; propertyIds: readonly number[] | null }
  /** Anyone else (a tenant, a worker, a visitor) manages nothing. */
  | { kind: 'none' };

/** A condition on properties: those in the scope (undefined: all of them). */
export function propertiesInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'organisation':
      return and(
        eq(propertiesTable.organisationId, scope.organisationId),
        scope.propertyIds === null ? undefined : anyOf(propertiesTable.id, scope.propertyIds),
      );
    case 'none':
      return sql`false`;
  }
}

/**
 * The same condition in hand-written SQL, on the properties row named `alias`: for the
 * statements the dashboard and the reports write as text.
 */
export function propertiesInScopeSql(scope: Scope, alias: string): SQL {
  const table = sql.identifier(alias);
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'organisation':
      return scope.propertyIds === null
        ? sql`${table}.organisation_id = ${scope.organisationId}`
        : sql`(${table}.organisation_id = ${scope.organisationId} AND ${table}.id = ANY(${sql.param([...scope.propertyIds])}::int[]))`;
    case 'none':
      return sql`false`;
  }
}

/**
 * The organisation a report starts from: undefined for every organisation. A scope that
 * manages nothing reads no report (the routes refuse such callers before this).
 */
export function organisationIdOf(scope: Scope): number | undefined {
  if (scope.kind === 'none') throw new Error('a report is read by a manager');
  return scope.kind === 'organisation' ? scope.organisationId : undefined;
}
