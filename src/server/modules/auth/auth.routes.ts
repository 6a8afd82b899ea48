import { z } from 'zod';
import { errorBodySchema } from '../../../shared/schemas/common';
import { loginBodySchema, userSchema } from '../../../shared/schemas/users';
import { unauthorized } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { dummyPasswordHash, verifyPassword } from '../users/passwords';
import { findUserByName, toUser } from '../users/users.repository';
import { endSession, requireUser, setSessionCookie } from './auth.plugin';
import { createSession } from './sessions.repository';

const WRONG_CREDENTIALS = 'Wrong username or password';

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
    },
    async (request, reply) => {
      const { userName, password } = request.body;
      const row = await findUserByName(app.db, userName);
      // Verify against a dummy hash for unknown names: same work, same answer, same time.
      const valid = await verifyPassword(row?.passwordHash ?? (await dummyPasswordHash()), password);
      if (!row || !valid) {
        request.log.info({ event: 'login.failed', userName }, 'login failed');
        throw unauthorized(WRONG_CREDENTIALS);
      }
      const token = await createSession(app.db, row.id, app.config.now());
      setSessionCookie(request, reply, token);
      request.log.info({ event: 'login.succeeded', userId: row.id }, 'login succeeded');
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
