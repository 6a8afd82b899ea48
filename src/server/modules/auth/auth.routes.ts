import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { loginBodySchema, userSchema } from '../../../shared/schemas/users';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { runService } from '../../context';
import { AppError } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { toUser } from '../users/users.repository';
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
          200: userSchema,
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
      const token = await runService(request, startSession, { user, previousToken });
      setSessionCookie(request, reply, token);
      return toUser(user);
    },
  );

  app.get(
    '/authentication/me',
    {
      config: { access: 'user' },
      schema: {
        tags: ['authentication'],
        summary: 'The logged-in user',
        response: { 200: userSchema, 401: errorBodySchema },
      },
    },
    async (request) => currentUser(request),
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
