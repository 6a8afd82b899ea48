import type { CreateUnitBody, Unit } from '../../../../shared/schemas/units';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type SaveUnitInput = { id?: number | undefined; body: CreateUnitBody };

/** POST for a new unit; PUT with the id in the path and in the body for an edit (docs/product.md section 7). */
export const saveUnit = ({ id, body }: SaveUnitInput) =>
  id === undefined
    ? api.post<Unit>('/api/units', body)
    : api.put<Unit>(`/api/units/${id}`, { ...body, id });

/** Several units of one layout: the body of one unit, with a numbering pattern for its number. */
export type SaveUnitsInput = Omit<CreateUnitBody, 'unitNumber'> & { unitNumbers: string };

export const saveUnits = (body: SaveUnitsInput) => api.post<Unit[]>('/api/units/batch', body);

export const useSaveUnit = () => useChangingMutation({ mutationFn: saveUnit, changes: ['unit'] });
export const useSaveUnits = () => useChangingMutation({ mutationFn: saveUnits, changes: ['unit'] });
