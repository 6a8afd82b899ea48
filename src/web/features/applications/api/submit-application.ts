import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  ApplicationBodyInput,
  ApplicationReceipt,
} from '../../../../shared/schemas/applications';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export const submitApplication = (body: ApplicationBodyInput) =>
  api.post<ApplicationReceipt>('/api/applications', body);

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    // The dashboard shows staff as owner contacts and counts pending applications.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.applications.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
