import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { CreateVendorBody, Vendor, VendorListItem } from '../../../../shared/schemas/vendors';
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
