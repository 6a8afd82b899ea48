import { useQuery } from '@tanstack/react-query';
import type { Tenant, TenantListItem } from '../../../../shared/schemas/tenants';
import { ServerPicker } from '../../../components/server-picker';
import { api, getPage } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

const PICKER_SIZE = 20;
export const tenantLabel = (tenant: TenantListItem) =>
  `${tenant.firstName} ${tenant.lastName} · Unit ${tenant.unitNumber}, ${tenant.propertyName}`;

async function searchTenants(q: string, signal: AbortSignal) {
  const page = await getPage<TenantListItem>('/api/tenants', { q, limit: PICKER_SIZE }, signal);
  return page.rows.map((tenant) => ({ value: String(tenant.id), label: tenantLabel(tenant) }));
}

/** A tenant as the lists show them (with the unit's property), found through their unit. */
async function tenantListItem(id: number, signal: AbortSignal): Promise<TenantListItem> {
  const tenant = await api.get<Tenant>(`/api/tenants/${id}`, signal);
  const { rows } = await getPage<TenantListItem>('/api/tenants', { unitId: tenant.unitId }, signal);
  return (
    rows.find((row) => row.id === id) ?? {
      ...tenant,
      propertyId: 0,
      propertyName: '',
      portalLinked: false,
    }
  );
}

export function useTenantListItem(id: number | undefined) {
  return useQuery({
    queryKey: [...queryKeys.tenants.detail(id ?? 0), 'with-property'],
    queryFn: ({ signal }) => tenantListItem(id!, signal),
    enabled: id !== undefined && id > 0,
    // A 404 (not this landlord's tenant) will not turn into a 200 by asking again.
    retry: false,
  });
}

/** Whether the caller has any tenant (the lease form says so when not). */
export function useHasTenants() {
  return useQuery({
    queryKey: [...queryKeys.tenants.all, 'any'],
    queryFn: async ({ signal }) =>
      (await getPage<TenantListItem>('/api/tenants', { limit: 1 }, signal)).total > 0,
  });
}

interface TenantPickerProps {
  value: string;
  onChange(value: string, tenant: TenantListItem | undefined): void;
  error?: React.ReactNode;
  disabled?: boolean;
}

/** One of the caller's tenants, named with unit and property, searched by the server. */
export function TenantPicker({ value, onChange, error, disabled }: TenantPickerProps) {
  const id = Number(value) || undefined;
  const current = useTenantListItem(id);
  return (
    <ServerPicker
      label="Tenant"
      placeholder="Search your tenants"
      required
      disabled={disabled}
      value={value}
      onChange={(next) => onChange(next, undefined)}
      error={error}
      allowDeselect={false}
      queryKey={[...queryKeys.tenants.all, 'picker']}
      search={searchTenants}
      selected={current.data && value ? { value, label: tenantLabel(current.data) } : undefined}
    />
  );
}
