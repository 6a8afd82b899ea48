import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { staffTable } from '../staff/staff.table';
import { tenantsTable } from '../tenants/tenants.table';
import { usersTable } from '../users/users.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * Portal invitations (decision 0011, docs/product.md section 13): a one-time link the
 * landlord makes for one tenant or one staff record. Accepting it sets the record's user_id.
 * Only the SHA-256 of the code is stored, so a copy of the database holds no working link.
 * The state (pending, accepted, revoked, expired) is computed from the row and the clock.
 */
export const invitationsTable = pgTable(
  'invitations',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id').references(() => tenantsTable.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffTable.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull().unique(),
    createdById: integer('created_by_id').references(() => usersTable.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true, mode: 'date' }),
    acceptedByUserId: integer('accepted_by_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
  },
  (table) => [
    index('invitations_tenant_id_idx').on(table.tenantId),
    index('invitations_staff_id_idx').on(table.staffId),
    index('invitations_created_by_id_idx').on(table.createdById),
    index('invitations_accepted_by_user_id_idx').on(table.acceptedByUserId),
    // For exactly one record: a tenant or a staff member.
    check('invitations_one_record', sql`(${table.tenantId} IS NULL) <> (${table.staffId} IS NULL)`),
  ],
);

export type InvitationRow = typeof invitationsTable.$inferSelect;
