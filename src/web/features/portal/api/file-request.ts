import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PortalRequestFormValues, PortalWorkOrder } from '../../../../shared/schemas/portal';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

/** A linked tenant reports a problem in their own unit; the home's list then asks again. */
export function useFileTenantRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PortalRequestFormValues) =>
      api.post<PortalWorkOrder>('/api/portal/requests', body),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.portal.all });
    },
  });
}
