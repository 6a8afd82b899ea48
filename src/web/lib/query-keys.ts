/**
 * The query keys of one feature, all under the feature's name: invalidating `all` refreshes
 * every list, page and record of it, `lists()` only its lists.
 */
export function createQueryKeys<const Feature extends string>(feature: Feature) {
  const all = [feature] as const;
  return {
    all,
    lists: () => [...all, 'list'] as const,
    list: (params: object) => [...all, 'list', params] as const,
    details: () => [...all, 'detail'] as const,
    detail: (id: number) => [...all, 'detail', id] as const,
  };
}

/**
 * One key factory per feature. A mutation invalidates through these (never a retyped array),
 * so a key that nothing reads cannot be invalidated by mistake.
 */
export const queryKeys = {
  properties: createQueryKeys('properties'),
  units: createQueryKeys('units'),
  staff: createQueryKeys('staff'),
  tenants: createQueryKeys('tenants'),
  leases: createQueryKeys('leases'),
  applications: createQueryKeys('applications'),
  dashboard: createQueryKeys('dashboard'),
  invitations: {
    all: ['invitations'] as const,
    /** A tenant's or staff member's invitations and linked account. */
    ofRecord: (record: 'tenants' | 'staff', id: number) => ['invitations', record, id] as const,
    /** What an invitation link is for (the public page). */
    byCode: (code: string) => ['invitations', 'by-code', code] as const,
  },
  /** The tenant's own home (GET /api/portal/home): invalidate after linking an account. */
  portal: {
    all: ['portal'] as const,
    home: () => ['portal', 'home'] as const,
    /** One of the tenant's maintenance requests (GET /api/portal/requests/:id). */
    request: (id: number) => ['portal', 'request', id] as const,
  },
  /** The maintenance worker's own queue (GET /api/worker/work-orders) and its work orders. */
  workerQueue: createQueryKeys('worker-queue'),
  /** The landlord's work orders: lists, board, counts and details (GET /api/work-orders...). */
  workOrders: createQueryKeys('work-orders'),
  /** A lease's ledger (GET /api/leases/:id/ledger); every ledger write answers it whole. */
  ledger: createQueryKeys('ledger'),
  /** Money reports: summary, rent roll, arrears, statements; a ledger write invalidates them all. */
  money: createQueryKeys('money'),
  /** Each lease's recurring charges (GET /api/leases/:id/recurring-charges), by lease id. */
  recurringCharges: createQueryKeys('recurring-charges'),
  /** The landlord's books: vendors, expenses (lists, totals, details), recurring expenses. */
  vendors: createQueryKeys('vendors'),
  expenses: createQueryKeys('expenses'),
  recurringExpenses: createQueryKeys('recurring-expenses'),
  /** The deposit register and each lease's deposit. */
  deposits: createQueryKeys('deposits'),
  bank: createQueryKeys('bank'),
  /** The caller's email choice per notification kind (GET /api/notification-preferences). */
  notificationPreferences: ['notification-preferences'] as const,
  /** The bell's unread count and the notifications page (GET /api/notifications...). */
  notifications: {
    all: ['notifications'] as const,
    unread: () => ['notifications', 'unread'] as const,
    page: (page: number) => ['notifications', 'page', page] as const,
  },
  /** The Admin's accounts page (GET /api/accounts). */
  accounts: {
    all: ['accounts'] as const,
    page: (q: string, page: number) => ['accounts', 'page', { q, page }] as const,
  },
  /** The Admin's mail page (GET /api/admin/mail). */
  adminMail: createQueryKeys('admin-mail'),
  me: ['authentication', 'me'] as const,
  /** The organisation's members and invitations (GET /api/organisation/team). */
  team: { all: ['team'] as const },
  /** What a team invitation link is for (the public join page). */
  memberInvitations: {
    all: ['member-invitations'] as const,
    byCode: (code: string) => ['member-invitations', code] as const,
  },
  /** What the server's configuration offers (GET /api/features). */
  features: ['features'] as const,
  /** A user's own settings: rent settings, public contact, payment instructions. */
  users: {
    all: ['users'] as const,
    rentSettings: (userId: number) => ['users', 'rent-settings', userId] as const,
    publicContact: (userId: number) => ['users', 'public-contact', userId] as const,
    paymentInstructions: (userId: number) => ['users', 'payment-instructions', userId] as const,
  },
  /** What a password-reset link is for (the public page). */
  passwordResets: {
    all: ['password-resets'] as const,
    byCode: (code: string) => ['password-resets', code] as const,
  },
  /** What deleting a record would also remove (asked before the confirmation). */
  deletionPreview: {
    all: ['deletion-preview'] as const,
    of: (path: string) => ['deletion-preview', path] as const,
  },
  /** A property's or unit's page (GET /api/properties/{id}/overview, /api/units/{id}/overview). */
  overview: {
    all: ['overview'] as const,
    property: (id: number) => ['overview', 'property', id] as const,
    unit: (id: number) => ['overview', 'unit', id] as const,
  },
  /** The search palette's answers (GET /api/search). */
  search: {
    all: ['search'] as const,
    of: (q: string) => ['search', q] as const,
  },
};
