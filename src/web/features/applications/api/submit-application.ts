import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationBodyInput, ApplicationReceipt } from '../../../../shared/schemas/applications';
import { api } from '../../../lib/api-client';

export const submitApplication = (body: ApplicationBodyInput) =>
  api.post<ApplicationReceipt>('/api/applications', body);

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    // The dashboard shows staff as owner contacts and counts pending applications.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['applications'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]),
  });
}
