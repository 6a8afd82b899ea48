import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  contactBodySchema,
  publicUserSchema,
  signupBodySchema,
  userSchema,
} from '../../../shared/schemas/users';
import {
  badRequest,
  conflict,
  forbidden,
  notFound,
  pgErrorCode,
  PG_UNIQUE_VIOLATION,
} from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { isAdmin, requireUser } from '../auth/auth.plugin';
import { consumeRateLimit } from '../rate-limits/rate-limits.repository';
import { passwordWeakness } from './password-strength';
import { hashPassword } from './passwords';
import {
  findUserByName,
  insertUser,
  listPropertyOwners,
  listUsers,
  toUser,
  updateContact,
} from './users.repository';

const USERNAME_TAKEN = 'That username is taken. Please choose another.';

/** Sign-ups per address: loose, so an office behind one address is not blocked. */
export const SIGNUPS_PER_IP_PER_HOUR = 100;
const HOUR = 3_600_000;

export async function usersRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up (Landlord, Tenant or Maintenance)',
        description:
          'Body Username, Password, Roles (exactly one of Landlord, Tenant, Maintenance), Email, Phone; camelCase is accepted too.',
        body: signupBodySchema,
        response: {
          201: userSchema,
          400: errorBodySchema,
          409: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const limit = await consumeRateLimit(app.db, {
        key: `signup:ip:${request.ip}`,
        limit: SIGNUPS_PER_IP_PER_HOUR,
        windowMs: HOUR,
        now: app.config.now(),
      });
      if (!limit.allowed) {
        request.log.warn({ event: 'signup.throttled', ip: request.ip }, 'sign-up throttled');
        return reply.status(429).header('Retry-After', String(limit.retryAfterSeconds)).send({
          message: 'Too many sign-ups from this address. Please try again later.',
          code: 'rate_limited',
        });
      }

      const weakness = passwordWeakness(body.password, body.userName);
      if (weakness) throw badRequest('users.weak_password', weakness, 'password');
      if (await findUserByName(app.db, body.userName))
        throw conflict('users.taken', USERNAME_TAKEN);
      try {
        const row = await insertUser(app.db, {
          userName: body.userName,
          passwordHash: await hashPassword(body.password),
          roles: body.roles,
          email: body.email,
          phone: body.phone,
        });
        request.log.info(
          { event: 'signup.succeeded', userId: row.id, roles: row.roles },
          'signed up',
        );
        return reply.status(201).send(toUser(row));
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION)
          throw conflict('users.taken', USERNAME_TAKEN);
        throw error;
      }
    },
  );

  app.put(
    '/users/:id/contact',
    {
      schema: {
        tags: ['users'],
        summary: "Change a user's email and phone (the user themself or an Admin)",
        params: idParamsSchema,
        body: contactBodySchema,
        response: {
          200: userSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request) => {
      const user = requireUser(request);
      if (user.id !== request.params.id && !isAdmin(user)) {
        throw forbidden('You can only change your own contact information');
      }
      const row = await updateContact(app.db, request.params.id, request.body);
      if (!row) throw notFound('users.not_found', 'User not found');
      return toUser(row);
    },
  );

  app.get(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Admins: every user. Others: the public contact of property owners',
        description:
          'An Admin gets id, userName, email, phone and roles of every user. Anyone else, logged in or not, gets id, userName, email and phone of users who own at least one property.',
        response: { 200: z.array(publicUserSchema) },
      },
    },
    async (request) => {
      if (request.user && isAdmin(request.user)) return listUsers(app.db);
      return listPropertyOwners(app.db);
    },
  );
}
