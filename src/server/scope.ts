import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
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

/**
 * A condition on any table of an organisation's data, by its own organisation_id (decision
 * 0030): the rows of the scope's organisation (undefined: every organisation's). A query leads
 * with it on each table it reads, so every table is filtered by the column a distributed
 * database routes by, besides whatever joins decide (a limited member's properties).
 */
export function inOrganisation(column: PgColumn, scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'organisation':
      return eq(column, scope.organisationId);
    case 'none':
      return sql`false`;
  }
}

/** The same condition in hand-written SQL, on the row named `alias`. */
export function inOrganisationSql(scope: Scope, alias: string): SQL {
  switch (scope.kind) {
    case 'all':
      return sql`true`;
    case 'organisation':
      return sql`${sql.identifier(alias)}.organisation_id = ${scope.organisationId}`;
    case 'none':
      return sql`false`;
  }
}

/**
 * The same condition for an organisation's id as the reports and money screens carry it
 * (organisationIdOf: undefined for every organisation's), on the row named `alias`.
 */
export function inOrganisationIdSql(organisationId: number | undefined, alias: string): SQL {
  return inOrganisationSql(
    organisationId === undefined
      ? { kind: 'all' }
      : { kind: 'organisation', organisationId, propertyIds: null },
    alias,
  );
}

/** A condition on properties: those in the scope (undefined: all of them). */
export function propertiesInScope(scope: Scope): SQL | undefined {
  return scope.kind === 'organisation' && scope.propertyIds !== null
    ? and(
        inOrganisation(propertiesTable.organisationId, scope),
        anyOf(propertiesTable.id, scope.propertyIds),
      )
    : inOrganisation(propertiesTable.organisationId, scope);
}

/**
 * The same condition in hand-written SQL, on the properties row named `alias`: for the
 * statements the dashboard and the reports write as text.
 */
export function propertiesInScopeSql(scope: Scope, alias: string): SQL {
  return scope.kind === 'organisation' && scope.propertyIds !== null
    ? sql`(${inOrganisationSql(scope, alias)} AND ${sql.identifier(alias)}.id = ANY(${sql.param([...scope.propertyIds])}::int[]))`
    : inOrganisationSql(scope, alias);
}

/**
 * The organisation a report starts from: undefined for every organisation. A scope that
 * manages nothing reads no report (the routes refuse such callers before this).
 */
export function organisationIdOf(scope: Scope): number | undefined {
  if (scope.kind === 'none') throw new Error('a report is read by a manager');
  return scope.kind === 'organisation' ? scope.organisationId : undefined;
}
