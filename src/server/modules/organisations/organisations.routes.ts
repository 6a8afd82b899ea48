import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { invitationCodeParamsSchema } from '../../../shared/schemas/invitations';
import {
  createdMemberInvitationSchema,
  createMemberInvitationBodySchema,
  memberInvitationPreviewSchema,
  memberInvitationSchema,
  memberSchema,
  renameOrganisationBodySchema,
  switchOrganisationBodySchema,
  teamSchema,
  updateMemberBodySchema,
} from '../../../shared/schemas/organisations';
import { signedInUserSchema } from '../../../shared/schemas/users';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { SESSION_COOKIE } from '../auth';
import { mailBase } from '../invitations';
import {
  acceptMemberInvitation,
  createMemberInvitation,
  previewMemberInvitation,
  readTeam,
  removeMember,
  renameOrganisation,
  revokeMemberInvitation,
  switchOrganisation,
  updateMember,
} from './team.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** The team of the organisation the session acts for (docs/product.md section 32). */
export async function organisationsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/organisation/team',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: "The session's organisation: its members and its invitations, newest first",
        description: '404 for an Admin who acts for no organisation.',
        response: { 200: teamSchema, ...errors },
      },
    },
    (request) => runQuery(request, readTeam, undefined, { snapshot: true }),
  );

  app.put(
    '/organisation',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: "Rename the session's organisation (Owner)",
        body: renameOrganisationBodySchema,
        response: {
          200: z.object({ id: z.number().int(), name: z.string() }),
          ...errors,
        },
      },
    },
    (request) => runService(request, renameOrganisation, request.body),
  );

  app.post(
    '/organisation/invitations',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: 'Invite someone to the team (Owner): a one-time link with a role and properties',
        description:
          'The answer is the only place the code appears (path /join/{code}); when the server ' +
          'sends mail and an email is given, the link is also mailed there. propertyIds null: ' +
          'every property; each id must be a property of the organisation (404 otherwise).',
        body: createMemberInvitationBodySchema,
        response: { 201: createdMemberInvitationSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(
        await runService(request, createMemberInvitation, {
          ...request.body,
          publicUrl: mailBase(app.config),
        }),
      ),
  );

  app.post(
    '/organisation/invitations/:id/revoke',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: 'Withdraw a pending invitation to the team (Owner)',
        params: idParamsSchema,
        response: { 200: memberInvitationSchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => runService(request, revokeMemberInvitation, request.params.id),
  );

  app.put(
    '/organisation/members/:id',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: "Change a member's role and the properties they act on (Owner)",
        description: '409 when it would leave the organisation without an Owner.',
        params: idParamsSchema,
        body: updateMemberBodySchema,
        response: { 200: memberSchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => runService(request, updateMember, { id: request.params.id, ...request.body }),
  );

  app.delete(
    '/organisation/members/:id',
    {
      config: { access: 'manager', area: 'members' },
      schema: {
        tags: ['organisations'],
        summary: 'Remove a member from the team (Owner); their sessions in it end at once',
        description: '409 for the last Owner.',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      await runService(request, removeMember, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/member-invitations/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['organisations'],
        summary: 'Which organisation an invitation to a team is from, and its state',
        description: '404 for a code that matches nothing.',
        params: invitationCodeParamsSchema,
        response: {
          200: memberInvitationPreviewSchema,
          400: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    (request) => runQuery(request, previewMemberInvitation, request.params.code),
  );

  app.post(
    '/member-invitations/:code/accept',
    {
      config: { access: 'user' },
      schema: {
        tags: ['organisations'],
        summary:
          'Accept an invitation to a team: the caller becomes a member, and the session acts ' +
          'for the organisation',
        description:
          '409 when the caller is already a member; 410 for a link used, withdrawn or expired.',
        params: invitationCodeParamsSchema,
        response: {
          200: signedInUserSchema,
          ...errors,
          409: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    (request) =>
      runService(request, acceptMemberInvitation, {
        code: request.params.code,
        sessionToken: request.cookies[SESSION_COOKIE]!,
      }),
  );

  app.post(
    '/organisation/current',
    {
      config: { access: 'user' },
      schema: {
        tags: ['organisations'],
        summary: 'Act for another of your organisations in this session',
        description: '404 when the caller is not a member of it.',
        body: switchOrganisationBodySchema,
        response: { 200: signedInUserSchema, ...errors },
      },
    },
    (request) =>
      runService(request, switchOrganisation, {
        organisationId: request.body.organisationId,
        sessionToken: request.cookies[SESSION_COOKIE]!,
      }),
  );
}
