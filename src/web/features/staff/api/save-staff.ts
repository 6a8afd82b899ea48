import type { CreateStaffBody, Staff } from '../../../../shared/schemas/staff';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export type SaveStaffInput = { id?: number | undefined; body: CreateStaffBody };

/** POST for a new staff member; PUT with the id in the path and the body for an edit (docs/product.md section 7). */
export const saveStaff = ({ id, body }: SaveStaffInput) =>
  id === undefined
    ? api.post<Staff>('/api/staff', body)
    : api.put<Staff>(`/api/staff/${id}`, { ...body, id });

export const useSaveStaff = () =>
  useChangingMutation({ mutationFn: saveStaff, changes: ['staff'] });
