import { eq, sql, type SQL } from 'drizzle-orm';
import type { Onboarding } from '../../../shared/schemas/onboarding';
import type { Database } from '../../db/client';
import { withPropertyOfTenant, withPropertyOfUnit, withPropertyOfLease } from '../tenancy';
import { invitationsTable } from '../invitations';
import { leasesTable } from '../leases';
import { propertiesTable } from '../properties';
import { tenantsTable } from '../tenants';
import { unitsTable } from '../units';

/**
 * Whether the portfolio in `scope` (a filter over properties) has each kind of record yet:
 * five EXISTS probes in one statement, each stopping at the first row it finds.
 */
export async function findOnboarding(
  db: Database,
  scope: SQL | undefined,
): Promise<Onboarding['done']> {
  const exists = (query: { getSQL(): SQL }) => sql<boolean>`exists (${query})`;
  const one = sql`1`;
  const [row] = await db
    .select({
      property: exists(db.select({ one }).from(propertiesTable).where(scope).limit(1)),
      unit: exists(
        withPropertyOfUnit(db.select({ one }).from(unitsTable).$dynamic()).where(scope).limit(1),
      ),
      tenant: exists(
        withPropertyOfTenant(db.select({ one }).from(tenantsTable).$dynamic())
          .where(scope)
          .limit(1),
      ),
      lease: exists(
        withPropertyOfLease(db.select({ one }).from(leasesTable).$dynamic()).where(scope).limit(1),
      ),
      invitation: exists(
        withPropertyOfTenant(
          db
            .select({ one })
            .from(invitationsTable)
            .innerJoin(tenantsTable, eq(tenantsTable.id, invitationsTable.tenantId))
            .$dynamic(),
        )
          .where(scope)
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
