import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Staff } from '../../../../shared/schemas/staff';
import type { UnitListItem } from '../../../../shared/schemas/units';
import type { Upload } from '../../../../shared/schemas/uploads';
import type {
  AddNoteBody,
  AssignWorkOrderBody,
  ChangeStatusBody,
  WorkOrder,
  WorkOrderCounts,
  WorkOrderFormValues,
  WorkOrderSummary,
} from '../../../../shared/schemas/work-orders';
import { getAllPages } from '../../../lib/all-pages';
import { api, ApiError } from '../../../lib/api-client';

export interface WorkOrderFilters {
  propertyId?: string | null;
  priority?: string | null;
  status?: string | null;
  assigneeId?: string | null;
  overdue?: boolean;
}

function queryString(filters: WorkOrderFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value === true) params.set(key, 'true');
    else if (typeof value === 'string' && value) params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Every work-order key starts with 'work-orders', so one invalidation refreshes them all. */
export const workOrdersQueryOptions = {
  list: (filters: WorkOrderFilters) =>
    queryOptions({
      queryKey: ['work-orders', 'list', filters],
      queryFn: ({ signal }) =>
        api.get<WorkOrderSummary[]>(`/api/work-orders${queryString(filters)}`, signal),
    }),
  counts: () =>
    queryOptions({
      queryKey: ['work-orders', 'counts'],
      queryFn: ({ signal }) => api.get<WorkOrderCounts>('/api/work-orders/counts', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: ['work-orders', 'detail', id],
      queryFn: ({ signal }) => api.get<WorkOrder>(`/api/work-orders/${id}`, signal),
      retry: false,
    }),
  units: () =>
    queryOptions({
      queryKey: ['work-orders', 'units'],
      queryFn: ({ signal }) => getAllPages<UnitListItem>('/api/units?mine=true', signal),
    }),
  staff: () =>
    queryOptions({
      queryKey: ['work-orders', 'staff'],
      queryFn: ({ signal }) => getAllPages<Staff>('/api/staff', signal),
    }),
};

export const useWorkOrders = (filters: WorkOrderFilters) =>
  useQuery(workOrdersQueryOptions.list(filters));
export const useWorkOrderCounts = () => useQuery(workOrdersQueryOptions.counts());
export const useWorkOrder = (id: number) => useQuery(workOrdersQueryOptions.detail(id));
export const useManagedUnits = () => useQuery(workOrdersQueryOptions.units());
export const useManagedStaff = () => useQuery(workOrdersQueryOptions.staff());

function useWorkOrderMutation<Input>(call: (input: Input) => Promise<WorkOrder>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: async (order) => {
      client.setQueryData(workOrdersQueryOptions.detail(order.id).queryKey, order);
      await client.invalidateQueries({ queryKey: ['work-orders'] });
    },
  });
}

export const useFileWorkOrder = () =>
  useWorkOrderMutation((body: WorkOrderFormValues) =>
    api.post<WorkOrder>('/api/work-orders', body),
  );
export const useAssignWorkOrder = (id: number) =>
  useWorkOrderMutation((body: AssignWorkOrderBody) =>
    api.post<WorkOrder>(`/api/work-orders/${id}/assign`, body),
  );
export const useChangeWorkOrderStatus = (id: number) =>
  useWorkOrderMutation((body: ChangeStatusBody) =>
    api.post<WorkOrder>(`/api/work-orders/${id}/status`, body),
  );
export const useAddWorkOrderNote = (id: number) =>
  useWorkOrderMutation((body: Partial<AddNoteBody> & { body: string }) =>
    api.post<WorkOrder>(`/api/work-orders/${id}/notes`, body),
  );
export const useAddWorkOrderPhoto = (id: number) =>
  useWorkOrderMutation(async ({ file, kind }: { file: File; kind: 'before' | 'after' }) => {
    const upload = await uploadPhoto(file);
    return api.post<WorkOrder>(`/api/work-orders/${id}/photos`, { uploadId: upload.id, kind });
  });

/** Sends one photo as multipart/form-data; the server checks and re-encodes it. */
export async function uploadPhoto(file: File): Promise<Upload> {
  const form = new FormData();
  form.append('file', file);
  const response = await fetch('/api/uploads', {
    method: 'POST',
    body: form,
    credentials: 'same-origin',
  });
  const body = (await response.json().catch(() => null)) as { message?: string } | null;
  if (!response.ok) throw new ApiError(response.status, body?.message ?? null, body);
  return body as Upload;
}
