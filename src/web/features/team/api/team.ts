import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Property } from '../../../../shared/schemas/properties';
import type {
  CreateMemberInvitationBody,
  CreatedMemberInvitation,
  Member,
  MemberInvitationPreview,
  Team,
  UpdateMemberBody,
} from '../../../../shared/schemas/organisations';
import type { SignedInUser } from '../../../../shared/schemas/users';
import { getAllPages } from '../../../lib/all-pages';
import { api } from '../../../lib/api-client';
import { useChangingMutation } from '../../../lib/entity-caches';
import { queryKeys } from '../../../lib/query-keys';

export const teamQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.team.all,
    queryFn: ({ signal }) => api.get<Team>('/api/organisation/team', signal),
  });

export const useTeam = () => useQuery(teamQueryOptions());

/** Every property the caller sees, for naming a member's properties and choosing an invitee's. */
export const useTeamProperties = () =>
  useQuery({
    queryKey: [...queryKeys.properties.all, 'team'] as const,
    queryFn: ({ signal }) => getAllPages<Property>('/api/properties?mine=true', signal),
  });

export const useCreateMemberInvitation = () =>
  useChangingMutation({
    mutationFn: (body: CreateMemberInvitationBody) =>
      api.post<CreatedMemberInvitation>('/api/organisation/invitations', body),
    changes: ['member'],
  });

export const useRevokeMemberInvitation = () =>
  useChangingMutation({
    mutationFn: (id: number) => api.post<unknown>(`/api/organisation/invitations/${id}/revoke`),
    changes: ['member'],
  });

export const useUpdateMember = () =>
  useChangingMutation({
    mutationFn: ({ id, ...body }: UpdateMemberBody & { id: number }) =>
      api.put<Member>(`/api/organisation/members/${id}`, body),
    changes: ['member'],
  });

export const useRemoveMember = () =>
  useChangingMutation({
    mutationFn: (id: number) => api.delete(`/api/organisation/members/${id}`),
    changes: ['member'],
  });

export const useRenameOrganisation = () =>
  useChangingMutation({
    mutationFn: (name: string) => api.put<unknown>('/api/organisation', { name }),
    changes: ['member'],
  });

export const useMemberInvitationPreview = (code: string) =>
  useQuery({
    queryKey: queryKeys.memberInvitations.byCode(code),
    queryFn: ({ signal }) =>
      api.get<MemberInvitationPreview>(
        `/api/member-invitations/${encodeURIComponent(code)}`,
        signal,
      ),
    retry: false,
  });

export const useAcceptMemberInvitation = (code: string) =>
  useChangingMutation({
    mutationFn: () =>
      api.post<SignedInUser>(`/api/member-invitations/${encodeURIComponent(code)}/accept`),
    changes: ['member'],
  });

/** Acts for another of the user's organisations from now on (the session changes). */
export const switchOrganisation = (organisationId: number) =>
  api.post<SignedInUser>('/api/organisation/current', { organisationId });
