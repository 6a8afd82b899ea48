import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications';
import { api, apiRequest } from '../../../lib/api-client';

export const NOTIFICATIONS_PAGE_SIZE = 20;

/** Every notifications key starts with 'notifications': one invalidation refreshes the bell too. */
export const notificationsQueryOptions = {
  all: ['notifications'] as const,
  unread: () =>
    queryOptions({
      queryKey: ['notifications', 'unread'],
      queryFn: ({ signal }) =>
        api.get<{ unread: number }>('/api/notifications/unread-count', signal),
      // New ones are delivered in the background: look again now and then.
      refetchInterval: 60_000,
    }),
  page: (page: number) =>
    queryOptions({
      queryKey: ['notifications', 'page', page],
      queryFn: async ({ signal }) => {
        const offset = (page - 1) * NOTIFICATIONS_PAGE_SIZE;
        const { data, headers } = await apiRequest<Notification[]>(
          'GET',
          `/api/notifications?limit=${NOTIFICATIONS_PAGE_SIZE}&offset=${offset}`,
          undefined,
          signal,
        );
        return { notifications: data, total: Number(headers.get('X-Total-Count') ?? data.length) };
      },
      placeholderData: keepPreviousData,
    }),
};

export const useUnreadCount = (enabled: boolean) =>
  useQuery({ ...notificationsQueryOptions.unread(), enabled });
export const useNotificationsPage = (page: number) =>
  useQuery(notificationsQueryOptions.page(page));

/** One notification (by id) or all of them (null). */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number | null) =>
      api.post<null>(id === null ? '/api/notifications/read-all' : `/api/notifications/${id}/read`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQueryOptions.all }),
  });
}
