/** Values that the server, the database and the browser must agree on. */

export const SIGNUP_ROLES = ['Landlord', 'Tenant', 'Maintenance'] as const;
export const ROLES = [...SIGNUP_ROLES, 'Admin'] as const;
export type Role = (typeof ROLES)[number];
export type SignupRole = (typeof SIGNUP_ROLES)[number];
/** Roles that may manage properties, units, staff, tenants and leases. */
export const MANAGER_ROLES: readonly Role[] = ['Landlord', 'Admin'];

/**
 * A member's role in an organisation (docs/product.md section 32): what they may do with its
 * portfolio. Which calls each may make: the server's permission table (modules/authz).
 */
export const MEMBER_ROLES = [
  'Owner',
  'Manager',
  'Bookkeeper',
  'Leasing agent',
  'Maintenance coordinator',
  'Read-only',
] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

export const UNIT_STATUSES = ['Available', 'Rented', 'Maintenance', 'Unavailable'] as const;
export type UnitStatus = (typeof UNIT_STATUSES)[number];

export const LEASE_STATUSES = ['Active', 'Terminated', 'Expired'] as const;
export type LeaseStatus = (typeof LEASE_STATUSES)[number];

export const APPLICATION_STATUSES = ['Pending', 'Approved', 'Rejected'] as const;

/** Limits from docs/product.md (section 9). */
export const LIMITS = {
  phone: 15,
  state: 2,
  staffName: 50,
  staffPosition: 50,
  staffEmail: 100,
  shortText: 200,
  longText: 2000,
  url: 2048,
  money: 9_999_999_999.99,
} as const;

/**
 * Live sessions one account may hold (docs/product.md section 12): a new login past it ends
 * the account's oldest sessions, so no one can fill the sessions table through one account.
 */
export const MAX_SESSIONS_PER_USER = 10;

/**
 * Notifications kept per account (docs/product.md section 18): read ones go after
 * NOTIFICATIONS_KEPT_DAYS, and past NOTIFICATIONS_KEPT_PER_USER the oldest go, read or not.
 */
export const NOTIFICATIONS_KEPT_DAYS = 90;
export const NOTIFICATIONS_KEPT_PER_USER = 200;

/** Timings from docs/product.md (section 9), in milliseconds. */
export const SIGNUP_TOAST_MS = 2000;
export const APPLICATION_AUTO_CLOSE_MS = 3000;
