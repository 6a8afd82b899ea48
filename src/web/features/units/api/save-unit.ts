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

/** Several units of one layout: the body of one unit, with a numbering pattern for its number. */
export type SaveUnitsInput = Omit<CreateUnitBody, 'unitNumber'> & { unitNumbers: string };

export const saveUnits = (body: SaveUnitsInput) => api.post<Unit[]>('/api/units/batch', body);

function useUnitWrite<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.units.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.properties.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]);
    },
  });
}

export const useSaveUnit = () => useUnitWrite(saveUnit);
export const useSaveUnits = () => useUnitWrite(saveUnits);
