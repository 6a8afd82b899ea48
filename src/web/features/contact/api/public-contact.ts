import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { PublicContact, PublicContactBody } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export function usePublicContact(userId: number) {
  return useQuery({
    queryKey: queryKeys.users.publicContact(userId),
    queryFn: () => api.get<PublicContact>(`/api/users/${userId}/public-contact`),
  });
}

/**
 * The switch moves at once (the choice is set in the cache before the call) and moves back if
 * the server refuses. The owner's contact shows on their properties: those refresh after.
 */
export function useSetPublicContact(userId: number) {
  const queryClient = useQueryClient();
  const key = queryKeys.users.publicContact(userId);
  return useChangingMutation({
    // The name shows on the tenant's home and the work orders' notes too.
    changes: ['user'],
    answers: () => key,
    mutationFn: (choice: PublicContactBody) =>
      api.put<PublicContact>(`/api/users/${userId}/public-contact`, choice),
    onMutate: async (choice) => {
      // A read still on its way would land after this and put the switch back.
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<PublicContact>(key);
      if (previous) queryClient.setQueryData(key, { ...previous, ...choice });
      return { previous };
    },
    onError: (_error, _choice, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
