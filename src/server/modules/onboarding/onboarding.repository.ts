import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Onboarding } from '../../../shared/schemas/onboarding';
import type { Database } from '../../db/client';
import { inOrganisation, propertiesInScope, type Scope } from '../../scope';
import { withPropertyOfTenant, withPropertyOfUnit, withPropertyOfLease } from '../tenancy';
import { invitationsTable } from '../invitations';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/**
 * Whether the portfolio in `scope` has each kind of record yet: five EXISTS probes in one
 * statement, each stopping at the first row it finds, each on its table's own organisation
 * first (decision 0030) and then on the properties in scope.
 */
export async function findOnboarding(db: Database, scope: Scope): Promise<Onboarding['done']> {
  const properties = propertiesInScope(scope);
  const ofOrganisation = (table: { organisationId: PgColumn }) =>
    and(inOrganisation(table.organisationId, scope), properties);
  const exists = (query: { getSQL(): SQL }) => sql<boolean>`exists (${query})`;
  const one = sql`1`;
  const [row] = await db
    .select({
      property: exists(db.select({ one }).from(propertiesTable).where(properties).limit(1)),
      unit: exists(
        withPropertyOfUnit(db.select({ one }).from(unitsTable).$dynamic())
          .where(ofOrganisation(unitsTable))
          .limit(1),
      ),
      tenant: exists(
        withPropertyOfTenant(db.select({ one }).from(tenantsTable).$dynamic())
          .where(ofOrganisation(tenantsTable))
          .limit(1),
      ),
      lease: exists(
        withPropertyOfLease(db.select({ one }).from(leasesTable).$dynamic())
          .where(ofOrganisation(leasesTable))
          .limit(1),
      ),
      invitation: exists(
        withPropertyOfTenant(
          db
            .select({ one })
            .from(invitationsTable)
            .innerJoin(
              tenantsTable,
              and(
                eq(tenantsTable.id, invitationsTable.tenantId),
                eq(tenantsTable.organisationId, invitationsTable.organisationId),
              ),
            )
            .$dynamic(),
        )
          .where(ofOrganisation(invitationsTable))
          .limit(1),
      ),
    })
    .from(sql`(select 1) as probe`);
  return {
    property: row?.property ?? false,
    unit: row?.unit ?? false,
    tenant: row?.tenant ?? false,
    lease: row?.lease ?? false,
    invitation: row?.invitation ?? false,
  };
}
