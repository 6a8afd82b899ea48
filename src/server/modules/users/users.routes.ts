import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  contactBodySchema,
  paymentInstructionsAnswerSchema,
  paymentInstructionsSchema,
  publicContactBodySchema,
  publicContactSchema,
  publicUserSchema,
  rentSettingsSchema,
  userListQuerySchema,
  signupBodySchema,
  userSchema,
} from '../../../shared/schemas/users';
import { runQuery, runService } from '../../context';
import { withTotal } from '../../http/paging';
import type { AppInstance } from '../../http/types';
import { limitPerAddress, type AddressLimit } from '../rate-limits';
import { readUserList } from './users.reads';
import {
  createAccount,
  getPaymentInstructions,
  getPublicContact,
  getRentSettings,
  setPaymentInstructions,
  setPublicContact,
  setRentSettings,
  updateContact,
} from './users.service';

/** Sign-ups per address an hour (SIGNUPS_PER_HOUR). */
const signupLimit = (signupsPerHour: number): AddressLimit => ({
  name: 'signup',
  limit: signupsPerHour,
  windowMs: 3_600_000,
  message: 'Too many sign-ups from this address. Please try again later.',
});

export async function usersRoutes(app: AppInstance): Promise<void> {
  app.post(
    '/users',
    {
      config: { access: 'public' },
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
      await limitPerAddress(request, signupLimit(request.server.config.signupsPerHour));
      const user = await runService(request, createAccount, request.body);
      request.log.info(
        { event: 'signup.succeeded', userId: user.id, roles: user.roles },
        'signed up',
      );
      return reply.status(201).send(user);
    },
  );

  app.put(
    '/users/:id/contact',
    {
      config: { access: 'user' },
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
    async (request) =>
      runService(request, updateContact, { userId: request.params.id, contact: request.body }),
  );

  const publicContactResponses = {
    200: publicContactSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };

  app.get(
    '/users/:id/public-contact',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          "Whether the public listings show this owner's email and phone (the user or an Admin)",
        params: idParamsSchema,
        response: publicContactResponses,
      },
    },
    async (request) => runQuery(request, getPublicContact, request.params.id),
  );

  app.put(
    '/users/:id/public-contact',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          'Choose whether the public listings show your email and phone (shown by default), and ' +
          'the name tenants, workers and applicants see (displayName; empty: your username)',
        params: idParamsSchema,
        body: publicContactBodySchema,
        response: publicContactResponses,
      },
    },
    async (request) =>
      runService(request, setPublicContact, { userId: request.params.id, choice: request.body }),
  );

  const paymentInstructionsResponses = {
    200: paymentInstructionsAnswerSchema,
    400: errorBodySchema,
    401: errorBodySchema,
    403: errorBodySchema,
    404: errorBodySchema,
  };

  app.get(
    '/users/:id/payment-instructions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: "A landlord's own words on how tenants pay them (the user or an Admin)",
        params: idParamsSchema,
        response: paymentInstructionsResponses,
      },
    },
    async (request) => runQuery(request, getPaymentInstructions, request.params.id),
  );

  app.put(
    '/users/:id/payment-instructions',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Set how your tenants pay you ("Zelle to ...", "Checks payable to ...")',
        description:
          "Shown on the homes of the tenants of the caller's properties when this server takes " +
          'no card payments. At most 1000 characters; empty or null removes them. Another ' +
          "user's answers 403 (an Admin may set anyone's).",
        params: idParamsSchema,
        body: paymentInstructionsSchema,
        response: paymentInstructionsResponses,
      },
    },
    async (request) =>
      runService(request, setPaymentInstructions, {
        userId: request.params.id,
        body: request.body,
      }),
  );

  app.get(
    '/users/:id/rent-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary:
          "A landlord's rent settings: how a short first period is charged (the user or an Admin)",
        params: idParamsSchema,
        response: { ...paymentInstructionsResponses, 200: rentSettingsSchema },
      },
    },
    async (request) => runQuery(request, getRentSettings, request.params.id),
  );

  app.put(
    '/users/:id/rent-settings',
    {
      config: { access: 'user' },
      schema: {
        tags: ['users'],
        summary: 'Set how a short first rent period is charged: prorate, full or add_to_next',
        description:
          "Read by the rent job when it posts, for the leases of the caller's properties. " +
          "Another user's answers 403 (an Admin may set anyone's).",
        params: idParamsSchema,
        body: rentSettingsSchema,
        response: { ...paymentInstructionsResponses, 200: rentSettingsSchema },
      },
    },
    async (request) =>
      runService(request, setRentSettings, { userId: request.params.id, body: request.body }),
  );

  app.get(
    '/users',
    {
      config: { access: 'public' },
      schema: {
        tags: ['users'],
        summary: 'Admins: every user. Others: the public contact of property owners',
        description:
          'An Admin gets id, userName, email, phone and roles of every user. Anyone else, logged in or not, gets id, userName, email and phone of users who own at least one property. ' +
          'q searches user name and email. The answer is one page (limit, default and at most 100; offset); the exact total is in X-Total-Count.',
        querystring: userListQuerySchema,
        response: { 200: z.array(publicUserSchema), 400: errorBodySchema },
      },
    },
    async (request, reply) => {
      const page = await runQuery(request, readUserList, request.query);
      return withTotal(reply, { rows: page.users, total: page.total });
    },
  );
}
