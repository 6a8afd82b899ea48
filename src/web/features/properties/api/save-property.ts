import type { CreatePropertyBody, Property } from '../../../../shared/schemas/properties';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type SavePropertyInput = { id?: number | undefined; body: CreatePropertyBody };

/** POST for a new property, PUT with its id for an edit (docs/product.md section 7: same body). */
export const saveProperty = ({ id, body }: SavePropertyInput) =>
  id === undefined
    ? api.post<Property>('/api/properties', body)
    : api.put<Property>(`/api/properties/${id}`, body);

export const useSaveProperty = () =>
  useChangingMutation({ mutationFn: saveProperty, changes: ['property'] });
