import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RentSettings } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export function useRentSettings(userId: number) {
  return useQuery({
    queryKey: queryKeys.rentSettings(userId),
    queryFn: () => api.get<RentSettings>(`/api/users/${userId}/rent-settings`),
  });
}

export function useSetRentSettings(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: RentSettings) =>
      api.put<RentSettings>(`/api/users/${userId}/rent-settings`, body),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKeys.rentSettings(userId), saved);
    },
  });
}
