import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { loginBodySchema, userSchema } from '../../../shared/schemas/users';
import type { FastifySchemaValidationError } from 'fastify/types/schema';
import { AppError, unauthorized } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { dummyPasswordHash, verifyPassword } from '../users/passwords';
import { findUserByName, toUser } from '../users/users.repository';
import { endSession, requireUser, SESSION_COOKIE, setSessionCookie } from './auth.plugin';
import { clearLoginFailures, loginRetryAfter, recordLoginFailure } from './login-throttle';
import { createSession, deleteSession } from './sessions.repository';

const WRONG_CREDENTIALS = 'Wrong username or password';
const TOO_MANY_ATTEMPTS = (seconds: number) =>
  `Too many failed login attempts. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}.`;

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
      schema: {
        tags: ['authentication'],
        summary: 'Log in; sets the session cookie',
        body: loginBodySchema,
        response: { 200: userSchema, 401: errorBodySchema, 429: errorBodySchema },
      },
      // Any failed login answers 401, a malformed one included (the issue's contract).
      attachValidation: true,
    },
    async (request, reply) => {
      if (request.validationError) throw invalidLogin(request.validationError);
      const { userName, password } = request.body;
      const now = app.config.now();
      const retryAfter = await loginRetryAfter(app.db, request.ip, userName, now);
      if (retryAfter > 0) {
        request.log.warn(
          { event: 'login.throttled', userName, ip: request.ip, retryAfter },
          'login throttled',
        );
        return reply
          .status(429)
          .header('Retry-After', String(retryAfter))
          .send({ message: TOO_MANY_ATTEMPTS(retryAfter), code: 'rate_limited' });
      }

      const row = await findUserByName(app.db, userName);
      // Verify against a dummy hash for unknown names: same work, same answer, same time.
      const valid = await verifyPassword(
        row?.passwordHash ?? (await dummyPasswordHash()),
        password,
      );
      if (!row || !valid) {
        await recordLoginFailure(app.db, request.ip, userName, now);
        request.log.info(
          { event: 'login.failed', userName, ip: request.ip, knownUser: Boolean(row) },
          'login failed',
        );
        throw unauthorized(WRONG_CREDENTIALS);
      }
      await clearLoginFailures(app.db, userName);
      // A new token at every login; the session this browser had before ends.
      const previous = request.cookies[SESSION_COOKIE];
      if (previous) await deleteSession(app.db, previous);
      const token = await createSession(app.db, row.id, now);
      setSessionCookie(request, reply, token);
      request.log.info(
        { event: 'login.succeeded', userId: row.id, userName: row.userName, ip: request.ip },
        'login succeeded',
      );
      return toUser(row);
    },
  );

  app.get(
    '/authentication/me',
    {
      schema: {
        tags: ['authentication'],
        summary: 'The logged-in user',
        response: { 200: userSchema, 401: errorBodySchema },
      },
    },
    async (request) => requireUser(request),
  );

  app.post(
    '/authentication/logout',
    {
      schema: {
        tags: ['authentication'],
        summary: 'End the session and clear the cookie',
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await endSession(request, reply);
      return reply.status(204).send(null);
    },
  );
}
