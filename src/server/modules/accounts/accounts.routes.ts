import { z } from 'zod';
import {
  accountListQuerySchema,
  accountRolesBodySchema,
  accountSchema,
  passwordResetBodySchema,
  passwordResetCodeParamsSchema,
  passwordResetInfoSchema,
  passwordResetLinkSchema,
} from '../../../shared/schemas/accounts';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { runService } from '../../context';
import type { AppInstance } from '../../http/types';
import { listAccounts } from './accounts.repository';
import {
  changeRoles,
  disableAccount,
  enableAccount,
  issuePasswordReset,
  readPasswordReset,
  redeemPasswordReset,
} from './accounts.service';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
  409: errorBodySchema,
};

export async function accountsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/accounts',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: 'Admins: one page of every account, searchable',
        description:
          'q searches username, email and phone (case-insensitive); limit (default 25) and offset page; the total is in the X-Total-Count header.',
        querystring: accountListQuerySchema,
        response: { 200: z.array(accountSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { accounts, total } = await listAccounts(app.db, request.query);
      reply.header('X-Total-Count', String(total));
      return accounts;
    },
  );

  app.put(
    '/accounts/:id/roles',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: "Admins: set an account's roles (never removing the last active Admin)",
        params: idParamsSchema,
        body: accountRolesBodySchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) =>
      runService(request, changeRoles, { id: request.params.id, roles: request.body.roles }),
  );

  app.post(
    '/accounts/:id/disable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: 'Admins: disable an account; its sessions end at once',
        params: idParamsSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) => runService(request, disableAccount, request.params.id),
  );

  app.post(
    '/accounts/:id/enable',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: 'Admins: let a disabled account log in again',
        params: idParamsSchema,
        response: { 200: accountSchema, ...errors },
      },
    },
    (request) => runService(request, enableAccount, request.params.id),
  );

  app.post(
    '/accounts/:id/password-reset',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['accounts'],
        summary: 'Admins: a one-time password-reset link for the account (replaces earlier ones)',
        params: idParamsSchema,
        response: { 201: passwordResetLinkSchema, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await runService(request, issuePasswordReset, request.params.id)),
  );

  app.get(
    '/password-resets/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Whether a password-reset link still works, and for which username',
        params: passwordResetCodeParamsSchema,
        response: { 200: passwordResetInfoSchema, 404: errorBodySchema, 410: errorBodySchema },
      },
    },
    (request) => readPasswordReset(app.db, request.params.code, app.config.now()),
  );

  app.post(
    '/password-resets/:code',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: 'Set a new password with a one-time link; every session of the account ends',
        params: passwordResetCodeParamsSchema,
        body: passwordResetBodySchema,
        response: {
          204: z.null(),
          400: errorBodySchema,
          404: errorBodySchema,
          410: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const { userId } = await runService(request, redeemPasswordReset, {
        code: request.params.code,
        password: request.body.password,
      });
      request.log.info({ event: 'password_reset.used', userId }, 'password reset');
      return reply.status(204).send(null);
    },
  );
}
