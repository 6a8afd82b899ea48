/**
 * Whose every table's rows are (decision 0030, docs/architecture.md 'Organisations and
 * distribution'). A new table must say one of:
 * - `column`: it carries organisation_id. `parents` names the foreign keys whose row's
 *   organisation it must equal (its trigger fills it from the first one that is set);
 *   a table without parents is the top of its chain.
 * - `shared`: it belongs to no one organisation, and why.
 */
export type Parent = { through: string; to: string };
export type Reach = { column: true; parents?: readonly Parent[] } | { shared: string };

const from = (through: string, to: string): { column: true; parents: Parent[] } => ({
  column: true,
  parents: [{ through, to }],
});

export const ORGANISATION_TABLES: Record<string, Reach> = {
  organisations: { shared: 'the organisations themselves (the distribution key is their id)' },
  organisation_members: { column: true },
  member_invitations: { column: true },
  member_invitation_properties: from('invitation_id', 'member_invitations'),
  member_properties: from('member_id', 'organisation_members'),
  properties: { column: true },
  property_search: from('property_id', 'properties'),
  units: from('property_id', 'properties'),
  staff: from('property_id', 'properties'),
  tenants: from('unit_id', 'units'),
  leases: from('unit_id', 'units'),
  rental_applications: from('unit_id', 'units'),
  ledger_entries: from('lease_id', 'leases'),
  lease_recurring_charges: from('lease_id', 'leases'),
  deposit_transactions: from('lease_id', 'leases'),
  deposit_settlements: from('lease_id', 'leases'),
  checkout_sessions: from('lease_id', 'leases'),
  invitations: {
    column: true,
    parents: [
      { through: 'tenant_id', to: 'tenants' },
      { through: 'staff_id', to: 'staff' },
    ],
  },
  work_orders: from('unit_id', 'units'),
  work_order_notes: from('work_order_id', 'work_orders'),
  work_order_photos: from('work_order_id', 'work_orders'),
  vendors: { column: true },
  expenses: from('property_id', 'properties'),
  expense_receipts: from('expense_id', 'expenses'),
  recurring_expenses: from('property_id', 'properties'),
  bank_accounts: { column: true },
  bank_lines: from('account_id', 'bank_accounts'),
  bank_balances: from('account_id', 'bank_accounts'),
  bank_line_rejections: from('line_id', 'bank_lines'),
  books_month_totals: from('property_id', 'properties'),
  books_year_totals: from('property_id', 'properties'),
  books_owner_month_totals: { column: true },
  lease_balances: from('lease_id', 'leases'),
  lease_day_balances: from('lease_id', 'leases'),
  money_month_totals: from('property_id', 'properties'),
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

/**
 * One statement per table and parent: how many rows have that parent, and how many of them
 * carry another organisation than the parent's (which must be none).
 */
export function parentAgreementQueries(): { table: string; parent: Parent; text: string }[] {
  return Object.entries(ORGANISATION_TABLES).flatMap(([table, reach]) =>
    'column' in reach
      ? (reach.parents ?? []).map((parent) => ({
          table,
          parent,
          text:
            'SELECT count(*)::int AS rows, ' +
            'count(*) FILTER (WHERE c.organisation_id <> p.organisation_id)::int AS wrong ' +
            `FROM "${table}" c JOIN "${parent.to}" p ON p.id = c."${parent.through}"`,
        }))
      : [],
  );
}
