import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePropertyBody, Property } from '../../../../shared/schemas/properties';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SavePropertyInput = { id?: number | undefined; body: CreatePropertyBody };

/** POST for a new property, PUT with its id for an edit (docs/product.md section 7: same body). */
export const saveProperty = ({ id, body }: SavePropertyInput) =>
  id === undefined
    ? api.post<Property>('/api/properties', body)
    : api.put<Property>(`/api/properties/${id}`, body);

export function useSaveProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProperty,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.properties.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
}
