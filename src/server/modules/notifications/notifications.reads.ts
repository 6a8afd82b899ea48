import type { NotificationPreference } from '../../../shared/schemas/notification-preferences';
import type { Notification } from '../../../shared/schemas/notifications';
import { actingUser, type Context } from '../../context';
import { readPreferences } from './notification-preferences.service';
import { countUnread, listNotifications } from './notifications.repository';

/** One page of the caller's notifications, newest first. */
export function readOwnNotifications(
  ctx: Context,
  page: { limit: number; offset: number },
): Promise<{ notifications: Notification[]; total: number }> {
  return listNotifications(ctx.tx, actingUser(ctx).id, page);
}

/** How many of the caller's notifications are unread. */
export async function readUnreadCount(ctx: Context): Promise<{ unread: number }> {
  return { unread: await countUnread(ctx.tx, actingUser(ctx).id) };
}

/** Which kinds of notification the caller also gets by email. */
export function readOwnPreferences(ctx: Context): Promise<NotificationPreference[]> {
  return readPreferences(ctx.tx, actingUser(ctx).id);
}
