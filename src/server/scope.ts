import { eq, sql, type SQL } from 'drizzle-orm';
import { propertiesTable } from './modules/properties';

/**
 * Whose records a read or a write covers. `scopeFor(actor)` (modules/authz) decides it once per
 * request; repositories and read models take the scope, never the actor, so the question "who
 * may see what" is answered in one place and every query filters by the same value.
 */
export type Scope =
  /** An Admin, a job or the command line: every landlord's records. */
  | { kind: 'all' }
  /** A Landlord: the properties they own and everything under them. */
  | { kind: 'owner'; ownerId: number }
  /** Anyone else (a tenant, a worker, a visitor) manages nothing. */
  | { kind: 'none' };

/** A condition on properties: those in the scope (undefined: all of them). */
export function propertiesInScope(scope: Scope): SQL | undefined {
  switch (scope.kind) {
    case 'all':
      return undefined;
    case 'owner':
      return eq(propertiesTable.userId, scope.ownerId);
    case 'none':
      return sql`false`;
  }
}

/**
 * The owner a report starts from: undefined for every landlord. A scope that manages nothing
 * reads no report (the routes refuse such callers before this).
 */
export function ownerIdOf(scope: Scope): number | undefined {
  if (scope.kind === 'none') throw new Error('a report is read by a manager');
  return scope.kind === 'owner' ? scope.ownerId : undefined;
}
