import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateStaffBody, Staff } from '../../../../shared/schemas/staff';
import { api } from '../../../lib/api-client';
import { queryKeys } from '../../../lib/query-keys';

export type SaveStaffInput = { id?: number | undefined; body: CreateStaffBody };

/** POST for a new staff member; PUT with the id in the path and the body for an edit (docs/product.md section 7). */
export const saveStaff = ({ id, body }: SaveStaffInput) =>
  id === undefined
    ? api.post<Staff>('/api/staff', body)
    : api.put<Staff>(`/api/staff/${id}`, { ...body, id });

export function useSaveStaff() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStaff,
    // The dashboard shows staff as owner contacts and counts pending applications.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.staff.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.dashboard.all }),
      ]),
  });
}
