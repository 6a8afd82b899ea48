import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Application } from '../../../../shared/schemas/applications';
import { api } from '../../../lib/api-client';

export const applicationsQueryOptions = () =>
  queryOptions({
    queryKey: ['applications', 'list'],
    queryFn: ({ signal }) => api.get<Application[]>('/api/applications', signal),
  });

export const useApplications = () => useQuery(applicationsQueryOptions());
