import { queryOptions, useQuery } from '@tanstack/react-query';
import type {
  NotificationPreference,
  NotificationPreferencesBody,
} from '../../../../shared/schemas/notification-preferences';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export const notificationPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.notificationPreferences,
    queryFn: ({ signal }) =>
      api.get<NotificationPreference[]>('/api/notification-preferences', signal),
  });

export const useNotificationPreferences = () => useQuery(notificationPreferencesQueryOptions());

/** Saves the kinds given; the answer is the whole list, which replaces the cached one. */
export const useSaveNotificationPreferences = () =>
  useChangingMutation({
    mutationFn: (changes: NotificationPreferencesBody) =>
      api.put<NotificationPreference[]>('/api/notification-preferences', changes),
    changes: ['notificationPreference'],
    answers: () => queryKeys.notificationPreferences,
    refreshOn: 'settled',
  });
