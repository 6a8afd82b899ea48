import { z } from 'zod';
import { errorBodySchema, idParamsSchema } from '../../../shared/schemas/common';
import {
  notificationListQuerySchema,
  notificationSchema,
  unreadCountSchema,
} from '../../../shared/schemas/notifications';
import {
  notificationPreferenceSchema,
  notificationPreferencesBodySchema,
} from '../../../shared/schemas/notification-preferences';
import { runQuery, runService } from '../../context';
import { notFound } from '../../http/errors';
import type { AppInstance } from '../../http/types';
import { currentUser } from '../auth';
import { savePreferences } from './notification-preferences.service';
import { markRead } from './notifications.repository';
import { readOwnNotifications, readOwnPreferences, readUnreadCount } from './notifications.reads';

const errors = { 400: errorBodySchema, 401: errorBodySchema, 404: errorBodySchema };

/** Every user reads and marks only their own notifications. */
export async function notificationsRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/notifications',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "One page of the caller's notifications, newest first (total in X-Total-Count)",
        querystring: notificationListQuerySchema,
        response: { 200: z.array(notificationSchema), ...errors },
      },
    },
    async (request, reply) => {
      const { notifications, total } = await runQuery(request, readOwnNotifications, request.query);
      reply.header('X-Total-Count', String(total));
      return notifications;
    },
  );

  app.get(
    '/notifications/unread-count',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "How many of the caller's notifications are unread (the header's bell)",
        response: { 200: unreadCountSchema, ...errors },
      },
    },
    (request) => runQuery(request, readUnreadCount, undefined),
  );

  app.post(
    '/notifications/:id/read',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Mark one of the caller’s notifications read',
        params: idParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const found = await markRead(
        app.db,
        currentUser(request).id,
        request.params.id,
        app.config.now(),
      );
      if (!found) throw notFound('notifications.not_found', 'Notification not found');
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/notifications/read-all',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "Mark every one of the caller's notifications read",
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await markRead(app.db, currentUser(request).id, null, app.config.now());
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: 'Which kinds of notification the caller also gets by email',
        description:
          'Every kind, with its label and email (true unless turned off). In the app every ' +
          'notification is always shown.',
        response: { 200: z.array(notificationPreferenceSchema), ...errors },
      },
    },
    (request) => runQuery(request, readOwnPreferences, undefined),
  );

  app.put(
    '/notification-preferences',
    {
      config: { access: 'user' },
      schema: {
        tags: ['notifications'],
        summary: "Turn the caller's email on or off per kind (kinds left out keep theirs)",
        body: notificationPreferencesBodySchema,
        response: { 200: z.array(notificationPreferenceSchema), ...errors },
      },
    },
    async (request) => runService(request, savePreferences, request.body),
  );
}
