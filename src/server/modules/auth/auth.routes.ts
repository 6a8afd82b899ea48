import { z } from 'zod';
import { passwordChangeBodySchema } from '../../../shared/schemas/accounts';
import { errorBodySchema } from '../../../shared/schemas/common';
import { loginBodySchema, signedInUserSchema } from '../../../shared/schemas/users';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { runService } from '../../context';
import { AppError, badRequest } from '../../http/errors';
import { changeOwnPassword } from '../accounts';
import type { AppInstance } from '../../http/types';
import { signedInUser } from '../organisations';
import { toUser } from '../users';
import { currentUser, SESSION_COOKIE, setSessionCookie } from './auth.plugin';
import { checkCredentials, endSession, startSession, WRONG_CREDENTIALS } from './auth.service';

/** A login body that failed its schema: 401 with the fields' messages. */
function invalidLogin(error: Error & { validation?: FastifySchemaValidationError[] }): AppError {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? 'Invalid value');
  }
  const message = error.validation?.[0]?.message ?? WRONG_CREDENTIALS;
  return new AppError(401, 'auth.invalid_login', message, errors);
}

export async function authRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/authentication/login',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'Log in; sets the session cookie',
        body: loginBodySchema,
        response: {
          200: signedInUserSchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
      // Any failed login answers 401, a malformed one included (the issue's contract).
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw invalidLogin(request.validationError);
      const { userName, password } = request.body;
      const attempt = { ip: request.ip, userName, password, now: app.config.now() };
      const user = await checkCredentials(app.db, attempt, request.log);
      const previousToken = request.cookies[SESSION_COOKIE];
      const { token, organisationId } = await runService(request, startSession, {
        user,
        previousToken,
      });
      setSessionCookie(request, reply, token);
      return signedInUser(app.db, toUser(user), organisationId);
    },
  );

  app.get(
    '/authentication/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['authentication'],
        summary: 'The logged-in user, with the organisation the session acts for',
        response: { 200: signedInUserSchema, 401: errorBodySchema },
      },
    },
    async (request) =>
      signedInUser(app.db, currentUser(request), request.membership?.organisationId ?? null),
  );

  app.post(
    '/authentication/password',
    {
      config: { access: 'user' },
      schema: {
        tags: ['authentication'],
        summary: 'Change your own password (the current one is required); your other sessions end',
        description:
          'A wrong current password counts as a failed login of the account: after the free ' +
          'failures the call answers 429 with Retry-After, as the login does.',
        body: passwordChangeBodySchema,
        response: {
          204: z.null(),
          400: errorBodySchema,
          401: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { currentPassword, newPassword } = request.body;
      const attempt = {
        ip: request.ip,
        userName: user.userName,
        password: currentPassword,
        now: app.config.now(),
      };
      try {
        await checkCredentials(app.db, attempt, request.log);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 401) {
          throw badRequest(
            'auth.wrong_password',
            'Your current password is not right',
            'currentPassword',
          );
        }
        throw error;
      }
      const sessionToken = request.cookies[SESSION_COOKIE]!;
      await runService(request, changeOwnPassword, { newPassword, sessionToken });
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/authentication/logout',
    {
      config: { access: 'public' },
      schema: {
        tags: ['authentication'],
        summary: 'End the session and clear the cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await runService(request, endSession, request.cookies[SESSION_COOKIE]);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return reply.status(204).send(null);
    },
  );
}
