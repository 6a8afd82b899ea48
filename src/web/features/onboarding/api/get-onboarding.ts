import { useQuery } from '@tanstack/react-query';
import type { Onboarding } from '../../../../shared/schemas/onboarding';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/**
 * Under the dashboard's key: every write that refreshes the dashboard refreshes the
 * checklist too. Never fresh for long: a step is ticked the moment the landlord returns.
 */
export const useOnboarding = () =>
  useQuery({
    queryKey: [...queryKeys.dashboard.all, 'onboarding'],
    queryFn: ({ signal }) => api.get<Onboarding>('/api/onboarding', signal),
    staleTime: 0,
  });
