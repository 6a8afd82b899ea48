import { queryOptions } from '@tanstack/react-query';
import type { User } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['authentication', 'me'],
    queryFn: ({ signal }) => api.get<User>('/api/authentication/me', signal),
    retry: false,
    staleTime: 60_000,
  });
