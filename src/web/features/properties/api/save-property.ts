import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePropertyBody, Property } from '../../../../shared/schemas/properties';
import { api } from '../../../lib/api-client';

export type SavePropertyInput = { id?: number | undefined; body: CreatePropertyBody };

/** POST for a new property, PUT with its id for an edit (SPEC section 7: same body). */
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
        queryClient.invalidateQueries({ queryKey: ['properties'] }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
      ]);
    },
  });
}
