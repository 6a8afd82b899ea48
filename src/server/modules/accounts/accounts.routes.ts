import { z } from 'zod';
import {
  accountListQuerySchema,
  accountRolesBodySchema,
  accountSchema,
  PASSWORD_RESET_BY_EMAIL_UNAVAILABLE,
  PASSWORD_RESET_REQUESTED,
  passwordResetBodySchema,
  passwordResetCodeParamsSchema,
  passwordResetInfoSchema,
  passwordResetLinkSchema,
  passwordResetRequestBodySchema,
  passwordResetRequestedSchema,
  serverFeaturesSchema,
} from '../../../shared/schemas/accounts';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import type { Config } from '../../config';
import { runQuery, runService } from '../../context';
import { csvListRoute } from '../../http/csv-routes';
import { notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { limitPerAddress, type AddressLimit } from '../rate-limits';
import { isFreshInstall, readAccountList, readAccountsPage } from './accounts.reads';
import {
  changeRoles,
  disableAccount,
  emailPasswordReset,
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

/** 'Forgot password?' requests one address may make an hour (each may send a mail). */
export const PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR = 10;
const PASSWORD_RESET_REQUEST_LIMIT: AddressLimit = {
  name: 'password-reset-request',
  limit: PASSWORD_RESET_REQUESTS_PER_IP_PER_HOUR,
  windowMs: 3_600_000,
  message: 'Too many password reset requests from this address. Please try again later.',
};

/** Password reset by email needs mail (SMTP_URL, MAIL_FROM) and PUBLIC_URL for the link. */
function resetByEmailBase(config: Config): string | null {
  return config.mail && config.publicUrl ? config.publicUrl : null;
}

export async function accountsRoutes(app: AppInstance): Promise<void> {
  csvListRoute(app, {
    name: 'accounts',
    tags: ['accounts'],
    summary: 'Admins: every account as a CSV download (every matching one, not one page)',
    description:
      'Every account, as the Admin Users screen lists it, with its search (q: username, email, ' +
      'phone). Roles are separated by semicolons; Status is Active or Disabled.',
    access: 'admin',
    querystring: accountListQuerySchema.omit({ limit: true, offset: true }),
    readPage: readAccountsPage,
    columns: [
      { header: 'Username', value: (a) => a.userName },
      { header: 'Email', value: (a) => a.email },
      { header: 'Roles', value: (a) => a.roles.join('; ') },
      { header: 'Status', value: (a) => (a.disabled ? 'Disabled' : 'Active') },
    ],
  });

  app.get(
    '/features',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: "What this server's configuration offers (the login screen's 'Forgot password?')",
        response: { 200: serverFeaturesSchema },
      },
    },
    async (request) => ({
      passwordResetByEmail: resetByEmailBase(app.config) !== null,
      freshInstall: await runQuery(request, isFreshInstall, undefined),
      cardPayments: app.config.stripe !== null && app.config.publicUrl !== null,
      timeZone: app.config.timeZone,
    }),
  );

  app.post(
    '/password-resets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['accounts'],
        summary: "'Forgot password?': mail a one-time link (1 hour) to the account named",
        description:
          'userNameOrEmail is a username (any case) or the email of one account. The answer is the same 202 ' +
          'whether or not an account matched; an enabled account with an email gets the link, and its ' +
          'earlier unused links stop working. 404 when this server has no mail configured.',
        body: passwordResetRequestBodySchema,
        response: {
          202: passwordResetRequestedSchema,
          400: errorBodySchema,
          404: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const publicUrl = resetByEmailBase(app.config);
      if (!publicUrl) {
        throw notFound('password_resets.email_unavailable', PASSWORD_RESET_BY_EMAIL_UNAVAILABLE);
      }
      await limitPerAddress(request, PASSWORD_RESET_REQUEST_LIMIT);
      const { userId } = await runService(request, emailPasswordReset, {
        userNameOrEmail: request.body.userNameOrEmail,
        publicUrl,
      });
      if (userId !== null) {
        request.log.info({ event: 'password_reset.emailed', userId }, 'password reset link queued');
      }
      return reply.status(202).send({ message: PASSWORD_RESET_REQUESTED });
    },
  );

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
      const { accounts, total } = await runQuery(request, readAccountList, request.query);
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
        summary:
          'Admins: disable an account; its sessions, reset links and pending invitations end at once',
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
    (request) => runQuery(request, readPasswordReset, request.params.code),
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
