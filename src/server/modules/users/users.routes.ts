import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import { contactBodySchema, signupBodySchema, userSchema } from '../../../shared/schemas/users';
import { conflict, forbidden, notFound, pgErrorCode, PG_UNIQUE_VIOLATION } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { isAdmin, requireUser } from '../auth/auth.plugin';
import { hashPassword } from './passwords';
import { findUserByName, insertUser, toUser, updateContact } from './users.repository';

const USERNAME_TAKEN = 'That username is taken. Please choose another.';

export async function usersRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/users',
    {
      schema: {
        tags: ['users'],
        summary: 'Sign up (Landlord, Tenant or Maintenance)',
        body: signupBodySchema,
        response: { 201: userSchema, 400: errorBodySchema, 409: errorBodySchema },
      },
    },
    async (request, reply) => {
      const body = request.body;
      if (await findUserByName(app.db, body.userName)) throw conflict('users.taken', USERNAME_TAKEN);
      try {
        const row = await insertUser(app.db, {
          userName: body.userName,
          passwordHash: await hashPassword(body.password),
          roles: body.roles,
          email: body.email,
          phone: body.phone,
        });
        return reply.status(201).send(toUser(row));
      } catch (error) {
        // Two sign-ups racing for one name: the unique index decides.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) throw conflict('users.taken', USERNAME_TAKEN);
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
        response: { 200: userSchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema },
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
        response: { 200: z.array(userSchema.partial({ roles: true })) },
      },
    },
    async () => [],
  );
}
