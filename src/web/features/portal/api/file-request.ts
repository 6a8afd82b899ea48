import type { PortalRequestFormValues, PortalWorkOrder } from '../../../../shared/schemas/portal';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

/** A linked tenant reports a problem in their own unit; the home's list then asks again. */
export const useFileTenantRequest = () =>
  useChangingMutation({
    mutationFn: (body: PortalRequestFormValues) =>
      api.post<PortalWorkOrder>('/api/portal/requests', body),
    changes: ['workOrder'],
  });
