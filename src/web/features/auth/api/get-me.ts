import { queryOptions } from '@tanstack/react-query';
import type { SignedInUser } from '../../../../shared/schemas/users';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => api.get<SignedInUser>('/api/authentication/me', signal),
    retry: false,
    staleTime: 60_000,
  });
