import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../shared/constants';
import { organisationsTable } from '../organisations/organisations.table';
import { usersTable } from '../users/users.table';

/**
 * One row per change of a record, written by the service in the transaction of the change
 * (docs/decisions/0007). Append-only: nothing updates or deletes these rows.
 */
export const auditEventsTable = pgTable(
  'audit_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorKind: text('actor_kind').notNull(),
    // The account that acted; kept as a name below if the account is ever removed.
    actorUserId: integer('actor_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    actorName: text('actor_name').notNull(),
    // The member's role and organisation at the time of the act (decision 0029); null for
    // visitors, the system, an Admin acting for no organisation, and events before teams.
    actorRole: text('actor_role', { enum: MEMBER_ROLES }),
    organisationId: integer('organisation_id').references(() => organisationsTable.id, {
      onDelete: 'set null',
    }),
    requestId: text('request_id').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: integer('entity_id').notNull(),
    action: text('action').notNull(),
    // Only the fields that changed: before holds their old values, after their new ones.
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
  },
  (table) => [
    index('audit_events_entity_idx').on(table.entityType, table.entityId, table.id),
    check('audit_events_actor_kind_known', sql`${table.actorKind} IN ('user','visitor','system')`),
  ],
);

export type AuditEventRow = typeof auditEventsTable.$inferSelect;
