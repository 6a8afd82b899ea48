import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, money } from '../../db/columns';
import { leasesTable } from '../leases/leases.table';
import { usersTable } from '../users/users.table';
import { organisationOfParent } from '../organisations/organisations.table';

/**
 * Every Stripe Checkout Session this server created (docs/product.md, 'Paying rent online'):
 * the lease, the tenant's account, the amount and the currency it asked for. The webhook
 * records a payment only for a session stored here, on its lease and for its amount; a paid
 * session it did not create (a Payment Link, another server's) names no lease, whatever its
 * metadata or client_reference_id say.
 */
export const checkoutSessionsTable = pgTable(
  'checkout_sessions',
  {
    organisationId: organisationOfParent(),
    id: serial('id').primaryKey(),
    /** Stripe's id of the session, cs_... */
    providerSessionId: text('provider_session_id').notNull(),
    leaseId: integer('lease_id')
      .notNull()
      .references(() => leasesTable.id, { onDelete: 'cascade' }),
    tenantUserId: integer('tenant_user_id').references(() => usersTable.id, {
      onDelete: 'set null',
    }),
    amount: money('amount').notNull(),
    /** ISO 4217, lower case as Stripe writes it. */
    currency: text('currency').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('checkout_sessions_provider_session_key').on(table.providerSessionId),
    index('checkout_sessions_lease_idx').on(table.leaseId),
    check('checkout_sessions_amount_positive', sql`${table.amount} > 0`),
  ],
);

export type CheckoutSessionRow = typeof checkoutSessionsTable.$inferSelect;
