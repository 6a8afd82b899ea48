import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Staff } from '../../../../shared/schemas/staff';
import type { UnitListItem } from '../../../../shared/schemas/units';
import type { Upload } from '../../../../shared/schemas/uploads';
import type {
  AddNoteBody,
  AssignWorkOrderBody,
  ChangeStatusBody,
  ChargeWorkOrderFormValues,
  WorkOrder,
  WorkOrderCounts,
  WorkOrderFormValues,
  WorkOrderSummary,
} from '../../../../shared/schemas/work-orders';
import { getAllPages } from '../../../lib/all-pages';
import { api, ApiError, getPage } from '../../../lib/api-client';
import type { Entity } from '../../../lib/entity-caches';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

/** The list call's filters, as the address keeps them (strings; 'true' for a switch). */
export type WorkOrderQuery = Record<string, string | number | undefined>;

const keys = queryKeys.workOrders;

function withQuery(path: string, query: WorkOrderQuery): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** Every work-order key starts with 'work-orders', so one invalidation refreshes them all. */
export const workOrdersQueryOptions = {
  /** One page of the list view, paged by the server. */
  page: (query: WorkOrderQuery) =>
    queryOptions({
      queryKey: keys.list({ view: 'list', ...query }),
      queryFn: ({ signal }) => getPage<WorkOrderSummary>('/api/work-orders', query, signal),
      placeholderData: keepPreviousData,
    }),
  /** Every work order the board shows: the whole filtered list, a page at a time. */
  board: (query: WorkOrderQuery) =>
    queryOptions({
      queryKey: keys.list({ view: 'board', ...query }),
      queryFn: ({ signal }) =>
        getAllPages<WorkOrderSummary>(withQuery('/api/work-orders', query), signal),
      placeholderData: keepPreviousData,
    }),
  counts: () =>
    queryOptions({
      queryKey: [...keys.all, 'counts'] as const,
      queryFn: ({ signal }) => api.get<WorkOrderCounts>('/api/work-orders/counts', signal),
    }),
  detail: (id: number) =>
    queryOptions({
      queryKey: keys.detail(id),
      queryFn: ({ signal }) => api.get<WorkOrder>(`/api/work-orders/${id}`, signal),
      retry: false,
    }),
  units: () =>
    queryOptions({
      queryKey: [...keys.all, 'units'] as const,
      queryFn: ({ signal }) => getAllPages<UnitListItem>('/api/units?mine=true', signal),
    }),
  staff: () =>
    queryOptions({
      queryKey: [...keys.all, 'staff'] as const,
      queryFn: ({ signal }) => getAllPages<Staff>('/api/staff', signal),
    }),
};

export const useWorkOrderPage = (query: WorkOrderQuery, enabled = true) =>
  useQuery({ ...workOrdersQueryOptions.page(query), enabled });
export const useWorkOrderBoard = (query: WorkOrderQuery, enabled = true) =>
  useQuery({ ...workOrdersQueryOptions.board(query), enabled });
export const useWorkOrderCounts = () => useQuery(workOrdersQueryOptions.counts());
export const useWorkOrder = (id: number) => useQuery(workOrdersQueryOptions.detail(id));
export const useManagedUnits = () => useQuery(workOrdersQueryOptions.units());
export const useManagedStaff = () => useQuery(workOrdersQueryOptions.staff());

/** A charge lands on a lease's ledger: its balances and the money screens change too. */
export const WORK_ORDER_CHARGE_CHANGES: readonly Entity[] = ['workOrder', 'ledger'];

const useWorkOrderMutation = <Input>(
  call: (input: Input) => Promise<WorkOrder>,
  changes: readonly Entity[] = ['workOrder'],
) =>
  useChangingMutation({
    mutationFn: call,
    changes,
    answers: (order) => workOrdersQueryOptions.detail(order.id).queryKey,
  });

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
export const useChargeWorkOrder = (id: number) =>
  useWorkOrderMutation(
    (body: ChargeWorkOrderFormValues) => api.post<WorkOrder>(`/api/work-orders/${id}/charge`, body),
    WORK_ORDER_CHARGE_CHANGES,
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
