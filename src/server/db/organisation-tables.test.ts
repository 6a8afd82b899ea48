import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRows } from './read-rows';
import { createTestApp, type TestApp } from '../test/test-app';
import { z } from 'zod';

/**
 * How each table's rows reach the organisation they belong to (decision 0029,
 * docs/architecture.md 'Organisations and distribution'). A new table must say one of:
 * - `column`: it carries organisation_id itself;
 * - `through`: the foreign-key column by which it reaches a table that does (one step);
 * - `shared`: it belongs to no one organisation, and why.
 * The test fails for a table not listed, and for a listed column that is not there, so the
 * question is answered when the table is made, not when the schema has to be distributed.
 */
type Reach = { column: true } | { through: string; to: string } | { shared: string };

const TABLES: Record<string, Reach> = {
  organisations: { shared: 'the organisations themselves (the distribution key is their id)' },
  organisation_members: { column: true },
  member_invitations: { column: true },
  member_invitation_properties: { through: 'invitation_id', to: 'member_invitations' },
  member_properties: { through: 'member_id', to: 'organisation_members' },
  properties: { column: true },
  property_search: { through: 'property_id', to: 'properties' },
  units: { through: 'property_id', to: 'properties' },
  staff: { through: 'property_id', to: 'properties' },
  tenants: { through: 'unit_id', to: 'units' },
  leases: { through: 'unit_id', to: 'units' },
  rental_applications: { through: 'unit_id', to: 'units' },
  ledger_entries: { through: 'lease_id', to: 'leases' },
  lease_recurring_charges: { through: 'lease_id', to: 'leases' },
  deposit_transactions: { through: 'lease_id', to: 'leases' },
  deposit_settlements: { through: 'lease_id', to: 'leases' },
  checkout_sessions: { through: 'lease_id', to: 'leases' },
  invitations: { through: 'tenant_id', to: 'tenants' },
  work_orders: { through: 'unit_id', to: 'units' },
  work_order_notes: { through: 'work_order_id', to: 'work_orders' },
  work_order_photos: { through: 'work_order_id', to: 'work_orders' },
  vendors: { column: true },
  expenses: { through: 'property_id', to: 'properties' },
  expense_receipts: { through: 'expense_id', to: 'expenses' },
  recurring_expenses: { through: 'property_id', to: 'properties' },
  bank_accounts: { column: true },
  bank_lines: { through: 'account_id', to: 'bank_accounts' },
  bank_balances: { through: 'account_id', to: 'bank_accounts' },
  bank_line_rejections: { through: 'line_id', to: 'bank_lines' },
  books_month_totals: { through: 'property_id', to: 'properties' },
  books_year_totals: { through: 'property_id', to: 'properties' },
  books_owner_month_totals: { column: true },
  portfolio_revisions: { column: true },
  audit_events: { column: true },
  users: { shared: 'a person may belong to several organisations, or to none (a tenant)' },
  sessions: { shared: "a person's sessions; each names the organisation it acts for" },
  password_resets: { shared: "a person's own" },
  uploads: { shared: "a person's own photos and files, until a record shows them" },
  notifications: { shared: "a person's own inbox, whichever organisation a notice is from" },
  notification_preferences: { shared: "a person's own" },
  outgoing_mail: { shared: 'the outbox of every kind of mail' },
  jobs: { shared: 'the queue of every background job' },
  rate_limits: { shared: 'counters by caller address and account' },
  public_listing_revision: { shared: 'one counter for the public listing' },
};

/** How many foreign keys lead from the table to one that carries organisation_id. */
function stepsToColumn(table: string, steps = 0): number {
  const reach = TABLES[table];
  if (!reach || 'shared' in reach || steps > 3) return Infinity;
  return 'column' in reach ? steps : stepsToColumn(reach.to, steps + 1);
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const columnRow = z.object({ table_name: z.string(), column_name: z.string() });

describe('how every table reaches its organisation', () => {
  it('is declared for every table, and each declared column exists', async () => {
    const columns = await readRows(
      t.database.db,
      sql`SELECT c.table_name, c.column_name FROM information_schema.columns c
          JOIN information_schema.tables tb
            ON tb.table_schema = c.table_schema AND tb.table_name = c.table_name
          WHERE c.table_schema = 'public' AND tb.table_type = 'BASE TABLE'`,
      columnRow,
    );
    const columnsOf = new Map<string, Set<string>>();
    for (const { table_name, column_name } of columns) {
      if (!columnsOf.has(table_name)) columnsOf.set(table_name, new Set());
      columnsOf.get(table_name)!.add(column_name);
    }
    expect([...columnsOf.keys()].filter((table) => !(table in TABLES)).sort()).toEqual([]);
    const wrong: string[] = [];
    for (const [table, reach] of Object.entries(TABLES)) {
      const own = columnsOf.get(table);
      if (!own) {
        wrong.push(`${table} is listed but does not exist`);
      } else if ('column' in reach && !own.has('organisation_id')) {
        wrong.push(`${table} has no organisation_id`);
      } else if ('through' in reach) {
        if (!own.has(reach.through)) wrong.push(`${table} has no ${reach.through}`);
        if (stepsToColumn(table) > 3) wrong.push(`${table} is too far from organisation_id`);
      }
    }
    expect(wrong).toEqual([]);
  });
});
