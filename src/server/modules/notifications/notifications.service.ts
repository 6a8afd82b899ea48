import type { NotificationKind } from '../../../shared/schemas/notification-preferences';
import type { Context } from '../../context';
import { insertJob } from '../jobs';

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
