import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Notification } from '../../../../shared/schemas/notifications';
import { api, apiRequest } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export const NOTIFICATIONS_PAGE_SIZE = 20;

export const notificationsQueryOptions = {
  unread: () =>
    queryOptions({
      queryKey: queryKeys.notifications.unread(),
      queryFn: ({ signal }) =>
        api.get<{ unread: number }>('/api/notifications/unread-count', signal),
      // New ones are delivered in the background: look again now and then.
      refetchInterval: 60_000,
    }),
  page: (page: number) =>
    queryOptions({
      queryKey: queryKeys.notifications.page(page),
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
export const useMarkRead = () =>
  useChangingMutation({
    mutationFn: (id: number | null) =>
      api.post<null>(id === null ? '/api/notifications/read-all' : `/api/notifications/${id}/read`),
    changes: ['notification'],
    refreshOn: 'settled',
  });
