import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateUnitBody, Unit } from '../../../../shared/schemas/units';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SaveUnitInput = { id?: number | undefined; body: CreateUnitBody };

/** POST for a new unit; PUT with the id in the path and in the body for an edit (docs/product.md section 7). */
export const saveUnit = ({ id, body }: SaveUnitInput) =>
  id === undefined
    ? api.post<Unit>('/api/units', body)
    : api.put<Unit>(`/api/units/${id}`, { ...body, id });

export function useSaveUnit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveUnit,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.units.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.properties.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
}
