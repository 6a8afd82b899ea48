import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEMBER_ROLES } from '../../../shared/constants';
import { createdAt } from '../../db/columns';
import { usersTable } from '../users/users.table';

/**
 * A landlord's office (decision 0029, docs/product.md section 32): it owns the portfolio, and
 * people act on it as its members. Every landlord account that existed before teams became an
 * organisation of one Owner.
 */
export const organisationsTable = pgTable(
  'organisations',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    check('organisations_name_length', sql`char_length(${table.name}) BETWEEN 1 AND 120`),
  ],
);

/** A person in an organisation, with one role; `allProperties` false: only member_properties. */
export const organisationMembersTable = pgTable(
  'organisation_members',
  {
    id: serial('id').primaryKey(),
    organisationId: integer('organisation_id')
      .notNull()
      .references(() => organisationsTable.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => usersTable.id, { onDelete: 'cascade' }),
    role: text('role', { enum: MEMBER_ROLES }).notNull(),
    allProperties: boolean('all_properties').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('organisation_members_key').on(table.organisationId, table.userId),
    index('organisation_members_user_idx').on(table.userId),
    check(
      'organisation_members_role_known',
      sql.raw(`role IN (${MEMBER_ROLES.map((role) => `'${role}'`).join(', ')})`),
    ),
  ],
);

export type OrganisationRow = typeof organisationsTable.$inferSelect;
export type OrganisationMemberRow = typeof organisationMembersTable.$inferSelect;

/**
 * A row's organisation on a table under another (decision 0030): the database fills it from
 * the parent row on insert (drizzle/0035) and refuses a value or a new parent of another
 * organisation, so no service passes it and none can get it wrong; an insert leaves it out
 * (DEFAULT, which the trigger replaces).
 */
export function organisationOfParent(onDelete: 'restrict' | 'cascade' = 'restrict') {
  return integer('organisation_id')
    .notNull()
    .references(() => organisationsTable.id, { onDelete })
    .$defaultFn(() => sql`DEFAULT`);
}

/**
 * A row's organisation on a table of totals the database writes itself (the books' totals,
 * the public search text): copied from the property by the function that writes the row.
 */
export const organisationOfTotals = () => integer('organisation_id').notNull();
