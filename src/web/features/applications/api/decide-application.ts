import type { Application } from '../../../../shared/schemas/applications';
import type { Tenant } from '../../../../shared/schemas/tenants';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';

export const approveApplication = (id: number) =>
  api.post<Tenant>(`/api/applications/${id}/approve`);
export const rejectApplication = (id: number) =>
  api.post<Application>(`/api/applications/${id}/reject`);

/** Approving places a tenant and lets the unit. A refusal means the list is out of date. */
export const useApproveApplication = () =>
  useChangingMutation({
    mutationFn: approveApplication,
    changes: ['application', 'tenant', 'unit'],
    refreshOn: 'settled',
  });

export const useRejectApplication = () =>
  useChangingMutation({
    mutationFn: rejectApplication,
    changes: ['application'],
    refreshOn: 'settled',
  });
