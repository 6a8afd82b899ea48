import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from '../../db/columns';

export const usersTable = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userName: text('user_name').notNull(),
    email: text('email'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    roles: text('roles')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /**
     * Whether the public listings show this owner's email and phone beside their properties
     * (docs/product.md section 12). Shown unless the owner hides them.
     */
    showEmailPublicly: boolean('show_email_publicly').notNull().default(true),
    showPhonePublicly: boolean('show_phone_publicly').notNull().default(true),
    /**
     * A landlord's own words on how tenants pay them ("Zelle to ...", "Checks payable to ..."),
     * shown on their tenants' homes when card payments are off (docs/product.md section 12).
     */
    paymentInstructions: text('payment_instructions'),
    /**
     * The name tenants, workers and applicants see instead of the username (a person's or a
     * business's name); null: the username (docs/product.md section 12).
     */
    displayName: text('display_name'),
    /**
     * A landlord's rule for a lease's short first period (docs/decisions/0020): prorate it,
     * charge the full rent, or add its prorated rent to the first full period's charge.
     */
    firstPeriodRule: text('first_period_rule').notNull().default('prorate'),
    /** Set by an Admin: the account cannot log in and has no sessions. */
    disabledAt: timestamp('disabled_at', { withTimezone: true, mode: 'date' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    // Usernames are unique without regard to case.
    uniqueIndex('users_user_name_lower_key').on(sql`lower(${table.userName})`),
    check(
      'users_roles_known',
      sql`${table.roles} <@ ARRAY['Landlord','Tenant','Maintenance','Admin']::text[]`,
    ),
    check('users_phone_length', sql`char_length(${table.phone}) <= 15`),
    check(
      'users_first_period_rule_known',
      sql`${table.firstPeriodRule} IN ('prorate', 'full', 'add_to_next')`,
    ),
    check('users_display_name_length', sql`char_length(${table.displayName}) <= 100`),
  ],
);

export type UserRow = typeof usersTable.$inferSelect;

/** What the public sees of a user's contact: null where they chose to hide it. */
export const publicEmail = sql<
  string | null
>`case when ${usersTable.showEmailPublicly} then ${usersTable.email} end`;
export const publicPhone = sql<
  string | null
>`case when ${usersTable.showPhonePublicly} then ${usersTable.phone} end`;

/** The name others see: the display name, else the username. */
export const publicName = sql<string>`coalesce(${usersTable.displayName}, ${usersTable.userName})`;
