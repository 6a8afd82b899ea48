import { useQuery } from '@tanstack/react-query';
import type { RentSettings } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export function useRentSettings(userId: number) {
  return useQuery({
    queryKey: queryKeys.users.rentSettings(userId),
    queryFn: () => api.get<RentSettings>(`/api/users/${userId}/rent-settings`),
  });
}

export function useSetRentSettings(userId: number) {
  return useChangingMutation({
    mutationFn: (body: RentSettings) =>
      api.put<RentSettings>(`/api/users/${userId}/rent-settings`, body),
    changes: ['user'],
    answers: () => queryKeys.users.rentSettings(userId),
  });
}
