import type { Area } from '../../../shared/permissions';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  acceptedInvitationSchema,
  bulkInviteAnswerSchema,
  bulkInviteBodySchema,
  createdInvitationSchema,
  invitationCodeParamsSchema,
  invitationListSchema,
  invitationPreviewSchema,
  invitationSchema,
  INVITATION_TTL_DAYS,
  type InvitationKind,
} from '../../../shared/schemas/invitations';
import type { Config } from '../../config';
import { runQuery, runService } from '../../context';
import type { AppInstance } from '../../http/types';
import {
  acceptInvitation,
  createInvitation,
  inviteTenants,
  previewInvitation,
  readInvitations,
  revokeInvitation,
} from './invitations.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Invitations are mailed when the server sends mail and knows its public address. */
export function mailBase(config: Config): string | null {
  return config.mail && config.publicUrl ? config.publicUrl : null;
}

/** The portal invitations of docs/product.md section 13 (decision 0011). */
export async function invitationsRoutes(app: AppInstance): Promise<void> {
  const paths: { kind: InvitationKind; path: string; label: string; area: Area }[] = [
    { kind: 'tenant', path: '/tenants/:id/invitations', label: 'tenant', area: 'leasing' },
    { kind: 'staff', path: '/staff/:id/invitations', label: 'staff member', area: 'maintenance' },
  ];
  for (const { kind, path, label, area } of paths) {
    app.post(
      path,
      {
        config: { access: 'manager', area },
        schema: {
          tags: ['invitations'],
          summary: `Invite the ${label} to link an account: a one-time link for ${INVITATION_TTL_DAYS} days`,
          description:
            'Withdraws any earlier invitation of the record that still works. The answer is the only ' +
            'place the code appears (path); when the server sends mail, the link is also mailed to the ' +
            `${label}'s email. 409 when the ${label} is already linked to an account.`,
          params: idParamsSchema,
          response: { 201: createdInvitationSchema, ...errors, 409: errorBodySchema },
        },
      },
      async (request, reply) =>
        reply.status(201).send(
          await runService(request, createInvitation, {
            record: { kind, id: request.params.id },
            publicUrl: mailBase(app.config),
          }),
        ),
    );

    app.get(
      path,
      {
        config: { access: 'manager', area },
        schema: {
          tags: ['invitations'],
          summary: `The ${label}'s linked account and invitations, newest first`,
          params: idParamsSchema,
          response: { 200: invitationListSchema, ...errors },
        },
      },
      (request) => runQuery(request, readInvitations, { kind, id: request.params.id }),
    );
  }

  app.post(
    '/tenants/invitations',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['invitations'],
        summary: 'Invite many tenants to the portal at once; each row says what happened',
        description:
          'Each tenant is invited as by POST /api/tenants/{id}/invitations, except one already ' +
          'linked to an account (outcome linked) or with an invitation that still works (outcome ' +
          'pending), which is skipped. The paths are the only place the codes appear; when the ' +
          "server sends mail, each link is also mailed to the tenant's email. A tenant the caller " +
          'does not manage refuses the whole call (404) and nothing is made.',
        body: bulkInviteBodySchema,
        response: { 200: bulkInviteAnswerSchema, ...errors },
      },
    },
    async (request) => ({
      results: await runService(request, inviteTenants, {
        tenantIds: request.body.tenantIds,
        publicUrl: mailBase(app.config),
      }),
    }),
  );

  app.post(
    '/invitations/:id/revoke',
    {
      config: { access: 'manager', area: 'leasing' },
      schema: {
        tags: ['invitations'],
        summary: 'Withdraw a pending invitation of a record the caller manages',
        params: idParamsSchema,
        response: { 200: invitationSchema, ...errors, 409: errorBodySchema },
      },
    },
    (request) => runService(request, revokeInvitation, request.params.id),
  );

  app.get(
    '/invitations/by-code/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['invitations'],
        summary: 'Who an invitation link is for, while it works (the code is the key)',
        description:
          '404 for a code that matches nothing; 410 for a link withdrawn, used or expired.',
        params: invitationCodeParamsSchema,
        response: {
          200: invitationPreviewSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    (request) => runQuery(request, previewInvitation, request.params.code),
  );

  app.post(
    '/invitations/by-code/:code/accept',
    {
      config: { access: 'user' },
      schema: {
        tags: ['invitations'],
        summary:
          'Accept an invitation: the logged-in account (Tenant for a tenant, Maintenance for staff) ' +
          'becomes the account of the record',
        params: invitationCodeParamsSchema,
        response: {
          200: acceptedInvitationSchema,
          ...errors,
          409: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    async (request) => {
      const accepted = await runService(request, acceptInvitation, request.params.code);
      request.log.info(
        { event: 'invitation.accepted', userId: request.user?.id, ...accepted },
        'invitation accepted',
      );
      return accepted;
    },
  );
}
