import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { MEMBER_ROLES } from '../../../shared/constants';
import { createdAt } from '../../db/columns';
import { propertiesTable } from '../properties/properties.table';
import { usersTable } from '../users/users.table';
import { organisationOfParent, organisationsTable } from './organisations.table';

/**
 * An Owner's one-time link that makes whoever accepts it a member, with the role and the
 * properties chosen (docs/product.md section 32). As with portal invitations, only the
 * SHA-256 of the code is stored, and the state is computed from the row and the clock.
 */
export const memberInvitationsTable = pgTable(
  'member_invitations',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisationsTable.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    email: text('email'),
    codeHash: text('code_hash').notNull().unique(),
    allProperties: boolean('all_properties').notNull().default(true),
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
    index('member_invitations_organisation_idx').on(table.organisationId),
    index('member_invitations_created_by_id_idx').on(table.createdById),
    index('member_invitations_accepted_by_user_id_idx').on(table.acceptedByUserId),
    check(
      'member_invitations_role_known',
      sql.raw(`role IN (${MEMBER_ROLES.map((role) => `'${role}'`).join(', ')})`),
    ),
  ],
);

/** The properties a limited member invited by the invitation will act on. */
export const memberInvitationPropertiesTable = pgTable(
  'member_invitation_properties',
  {
    organisationId: organisationOfParent('cascade'),
    invitationId: integer('invitation_id')
      .notNull()
      .references(() => memberInvitationsTable.id, { onDelete: 'cascade' }),
    propertyId: integer('property_id')
      .notNull()
      .references(() => propertiesTable.id, { onDelete: 'cascade' }),
  },
  (table) => [
    primaryKey({ columns: [table.invitationId, table.propertyId] }),
    index('member_invitation_properties_property_idx').on(table.propertyId),
  ],
);

export type MemberInvitationRow = typeof memberInvitationsTable.$inferSelect;
