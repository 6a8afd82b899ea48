import type {
  ApplicationBodyInput,
  ApplicationReceipt,
} from '../../../../shared/schemas/applications';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const submitApplication = (body: ApplicationBodyInput) =>
  api.post<ApplicationReceipt>('/api/applications', body);

export function useSubmitApplication() {
  return useChangingMutation({ mutationFn: submitApplication, changes: ['application'] });
}
