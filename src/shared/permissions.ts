import { MEMBER_ROLES, type MemberRole } from './constants';

/**
 * What each role in an organisation may do (docs/product.md section 32). Every call a manager
 * makes belongs to one area; reading it (GET) takes the area's `read` roles, anything else its
 * `write` roles. The server enforces this on every call (the auth plugin); the browser reads the
 * same table only to hide what would be refused.
 */
export const AREAS = [
  'portfolio',
  'properties',
  'units',
  'leasing',
  'payments',
  'money',
  'reports',
  'maintenance',
  'vendors',
  'imports',
  'members',
] as const;
export type Area = (typeof AREAS)[number];
export type AreaAction = 'read' | 'write';

const EVERYONE: readonly MemberRole[] = MEMBER_ROLES;
const OFFICE: readonly MemberRole[] = ['Owner', 'Manager'];
const MONEY_READERS: readonly MemberRole[] = [
  'Owner',
  'Manager',
  'Bookkeeper',
  'Leasing agent',
  'Read-only',
];

export const PERMISSIONS: Record<Area, Record<AreaAction, readonly MemberRole[]>> = {
  /** The dashboard, search, history, onboarding: what everyone sees. */
  portfolio: { read: EVERYONE, write: OFFICE },
  properties: { read: EVERYONE, write: OFFICE },
  units: { read: EVERYONE, write: [...OFFICE, 'Leasing agent'] },
  /** Applications, tenants, leases and their lifecycle, portal invitations. */
  leasing: { read: EVERYONE, write: [...OFFICE, 'Leasing agent'] },
  /** Recording a tenant's payment: the one money entry a leasing agent makes. */
  payments: { read: MONEY_READERS, write: [...OFFICE, 'Bookkeeper', 'Leasing agent'] },
  /** Charges, credits, reversals, deposits, recurring charges, expenses, the bank. */
  money: { read: MONEY_READERS, write: [...OFFICE, 'Bookkeeper'] },
  /** Reports and exports. */
  reports: { read: [...OFFICE, 'Bookkeeper', 'Read-only'], write: [...OFFICE, 'Bookkeeper'] },
  /** Work orders and staff. */
  maintenance: { read: EVERYONE, write: [...OFFICE, 'Maintenance coordinator'] },
  /** Payees: the bookkeeper pays them, the coordinator sends them out. */
  vendors: { read: EVERYONE, write: [...OFFICE, 'Bookkeeper', 'Maintenance coordinator'] },
  imports: { read: OFFICE, write: OFFICE },
  members: { read: EVERYONE, write: ['Owner'] },
};

export function memberMay(role: MemberRole, area: Area, action: AreaAction): boolean {
  return PERMISSIONS[area][action].includes(role);
}

/** A call's action: reading is GET (or HEAD); everything else writes. */
export const actionOfMethod = (method: string): AreaAction =>
  method === 'GET' || method === 'HEAD' ? 'read' : 'write';

/**
 * Who in an organisation hears of what happens on its properties (the notices once meant for
 * "the landlord"): rent and money (payments, late fees, overdue rent), maintenance (requests
 * filed, a worker's progress) and leasing (applications, leases ending). A member limited to
 * some properties hears only of those; each person's notification settings still apply.
 */
export const NOTICE_CATEGORIES = ['money', 'maintenance', 'leasing'] as const;
export type NoticeCategory = (typeof NOTICE_CATEGORIES)[number];

export const NOTICE_RECIPIENTS: Record<NoticeCategory, readonly MemberRole[]> = {
  money: [...OFFICE, 'Bookkeeper'],
  maintenance: [...OFFICE, 'Maintenance coordinator'],
  leasing: [...OFFICE, 'Leasing agent'],
};
