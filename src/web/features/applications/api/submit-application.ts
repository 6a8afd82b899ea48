import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ApplicationBodyInput, ApplicationReceipt } from '../../../../shared/schemas/applications';
import { api } from '../../../lib/api-client';
import { applicationsQueryOptions } from './get-applications';

export const submitApplication = (body: ApplicationBodyInput) =>
  api.post<ApplicationReceipt>('/api/applications', body);

export function useSubmitApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitApplication,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicationsQueryOptions().queryKey }),
  });
}
