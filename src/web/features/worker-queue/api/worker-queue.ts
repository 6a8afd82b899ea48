import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  WorkerNoteFormValues,
  WorkerQueue,
  WorkerStatusBody,
  WorkerWorkOrder,
} from '../../../../shared/schemas/worker-queue';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';
import { uploadPhoto } from '../../work-orders';

const keys = queryKeys.workerQueue;

/** The logged-in worker's queue: no id, the server finds the linked staff record(s). */
export const workerQueueQueryOptions = () =>
  queryOptions({
    queryKey: keys.lists(),
    queryFn: ({ signal }) => api.get<WorkerQueue>('/api/worker/work-orders', signal),
    // The landlord assigns work from elsewhere: each visit of '/' asks again.
    staleTime: 0,
  });

export const workerWorkOrderQueryOptions = (id: number) =>
  queryOptions({
    queryKey: keys.detail(id),
    queryFn: ({ signal }) => api.get<WorkerWorkOrder>(`/api/worker/work-orders/${id}`, signal),
    retry: false,
  });

export const useWorkerQueue = () => useQuery(workerQueueQueryOptions());
export const useWorkerWorkOrder = (id: number) => useQuery(workerWorkOrderQueryOptions(id));

const useWorkerMutation = <Input>(call: (input: Input) => Promise<WorkerWorkOrder>) =>
  useChangingMutation({
    mutationFn: call,
    changes: ['workOrder'],
    answers: (order) => keys.detail(order.id),
  });

export const useChangeWorkerStatus = (id: number) =>
  useWorkerMutation((body: WorkerStatusBody) =>
    api.post<WorkerWorkOrder>(`/api/worker/work-orders/${id}/status`, body),
  );

export const useAddWorkerNote = (id: number) =>
  useWorkerMutation((body: WorkerNoteFormValues) =>
    api.post<WorkerWorkOrder>(`/api/worker/work-orders/${id}/notes`, body),
  );

/** Sends the photo (checked and re-encoded by the server), then shows it on the work order. */
export const useAddWorkerPhoto = (id: number) =>
  useWorkerMutation(async ({ file, kind }: { file: File; kind: 'before' | 'after' }) => {
    const upload = await uploadPhoto(file);
    return api.post<WorkerWorkOrder>(`/api/worker/work-orders/${id}/photos`, {
      uploadId: upload.id,
      kind,
    });
  });
