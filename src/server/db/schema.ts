/** Every table, for Drizzle's relational queries and for drizzle-kit. */
export * from '../modules/users/users.table';
export * from '../modules/auth/sessions.table';
export * from '../modules/rate-limits/rate-limits.table';
export * from '../modules/properties/properties.table';
export * from '../modules/units/units.table';
export * from '../modules/staff/staff.table';
export * from '../modules/tenants/tenants.table';
export * from '../modules/leases/leases.table';
export * from '../modules/applications/applications.table';
