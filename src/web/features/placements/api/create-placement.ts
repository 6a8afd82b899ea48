import type { Placement, PlacementBody } from '../../../../shared/schemas/placements';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

/** Tenant, lease, deposit received and invitation in one call (docs/product.md section 13). */
export const useCreatePlacement = () =>
  useChangingMutation({
    mutationFn: (body: PlacementBody) => api.post<Placement>('/api/placements', body),
    changes: ['tenant', 'lease', 'unit', 'deposit', 'ledger', 'invitation'],
  });
