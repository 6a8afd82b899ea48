import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateVendorBody, Vendor, VendorListItem } from '../../../../shared/schemas/vendors';
import type { PickerOption } from '../../../components/server-picker';
import { api, getPage } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

type ListQuery = Record<string, string | number | undefined>;

export const vendorsQueryOptions = {
  list: (query: ListQuery) =>
    queryOptions({
      queryKey: queryKeys.vendors.list(query),
      queryFn: ({ signal }) => getPage<VendorListItem>('/api/vendors', query, signal),
      placeholderData: keepPreviousData,
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: queryKeys.vendors.detail(id),
      queryFn: ({ signal }) => api.get<Vendor>(`/api/vendors/${id}`, signal),
      retry: false,
    }),
};

export const useVendorsPage = (query: ListQuery) => useQuery(vendorsQueryOptions.list(query));

/** A vendor as a picker names it: its trade after its name. */
export const vendorLabel = (vendor: { name: string; trade?: string | null }) =>
  vendor.trade ? `${vendor.name} (${vendor.trade})` : vendor.name;

/** The landlord's active vendors matching what was typed, a short page for a picker. */
export async function searchVendors(q: string, signal: AbortSignal): Promise<PickerOption[]> {
  const page = await getPage<VendorListItem>('/api/vendors', { q, limit: 20 }, signal);
  return page.rows.map((vendor) => ({ value: String(vendor.id), label: vendorLabel(vendor) }));
}
export const useVendor = (id: number | undefined) =>
  useQuery({ ...vendorsQueryOptions.detail(id ?? 0), enabled: id !== undefined });

function useVendorMutation<Input>(call: (input: Input) => Promise<unknown>) {
  return useChangingMutation({ mutationFn: call, changes: ['vendor'] });
}

/** POST a new vendor; PATCH an edit (a tax id left empty on an edit keeps the one on file). */
export const useSaveVendor = () =>
  useVendorMutation(({ id, body }: { id?: number | undefined; body: Partial<CreateVendorBody> }) =>
    id === undefined
      ? api.post<Vendor>('/api/vendors', body)
      : api.patch<Vendor>(`/api/vendors/${id}`, body),
  );

export const useArchiveVendor = () =>
  useVendorMutation(({ id, archived }: { id: number; archived: boolean }) =>
    api.post<Vendor>(`/api/vendors/${id}/${archived ? 'archive' : 'restore'}`),
  );

export const useDeleteVendor = () =>
  useVendorMutation((id: number) => api.delete(`/api/vendors/${id}`));
