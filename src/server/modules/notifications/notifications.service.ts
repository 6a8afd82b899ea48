import type { NoticeCategory } from '../../../shared/permissions';
import type { NotificationKind } from '../../../shared/schemas/notification-preferences';
import type { Context } from '../../context';
import { insertJob } from '../jobs';
import { recipientsOf } from '../organisations';

export const DELIVER_NOTIFICATION = 'notifications.deliver';

export interface NewNotification {
  userId: number;
  /** Names the event, unique: the same key notifies once. */
  key: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link?: string | null;
}

/**
 * Puts a notification in the outbox (the jobs table) in the transaction of the event that
 * caused it: it is delivered if and only if the event commits, and the request never waits
 * for delivery.
 */
export async function notify(ctx: Context, notification: NewNotification): Promise<void> {
  await insertJob(ctx.tx, {
    kind: DELIVER_NOTIFICATION,
    key: `notify:${notification.key}`,
    payload: notification,
    runAt: ctx.now,
  });
}

/**
 * Tells the members of a property's organisation who hear of `category` (recipientsOf), each
 * with a key of their own; never the person whose act it was.
 */
export async function notifyOffice(
  ctx: Context,
  audience: { organisationId: number; propertyId: number; category: NoticeCategory },
  notice: Omit<NewNotification, 'userId'>,
): Promise<void> {
  const actorId = ctx.actor.kind === 'user' ? ctx.actor.user.id : null;
  for (const userId of await recipientsOf(ctx.tx, audience)) {
    if (userId === actorId) continue;
    await notify(ctx, { ...notice, userId, key: `${notice.key}:${userId}` });
  }
}
