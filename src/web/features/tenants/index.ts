/** What other features may use from tenants. */
export { TenantPicker, useHasTenants, useTenantListItem } from './components/tenant-picker';
export { TenantInUnitFields, type TenantContactValues } from './components/tenant-fields';
