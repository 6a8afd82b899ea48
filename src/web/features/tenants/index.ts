/** What other features may use from tenants. */
export { tenantsQueryOptions, useTenants } from './api/get-tenants';
