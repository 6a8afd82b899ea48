import type { Config } from '../../config';
import type { JobDefinition } from '../jobs';
import { notifyLeasesEnding, notifyOverdueCharges } from './lease-reminders';
import { emailNotification } from './notification-mail';
import { insertNotification, pruneNotifications } from './notifications.repository';
import { DELIVER_NOTIFICATION, type NewNotification } from './notifications.service';

const DAY_MS = 86_400_000;

/**
 * Delivery: the in-app row and the email twin (queued, or kept as not sent without SMTP)
 * commit with the job's completion, once per key. The SMTP conversation is a job of its own
 * (mail.jobs.ts), so a slow or refusing mail server never holds this one back.
 * The daily reminders are keyed per lease or charge: a second run, process or retry adds none.
 * Every day old read notifications and each account's beyond its limit are dropped.
 */
export function notificationsJobs(config: Pick<Config, 'mail' | 'publicUrl'>): JobDefinition[] {
  return [
    {
      kind: DELIVER_NOTIFICATION,
      run: async (ctx, payload) => {
        const notification = payload as NewNotification;
        if (!(await insertNotification(ctx.tx, notification, ctx.now))) return;
        await emailNotification(ctx, notification, config);
      },
    },
    { kind: 'notifications.leases-ending', everyMs: DAY_MS, run: notifyLeasesEnding },
    { kind: 'notifications.charges-overdue', everyMs: DAY_MS, run: notifyOverdueCharges },
    {
      kind: 'notifications.prune',
      everyMs: DAY_MS,
      run: async ({ tx, now }) => {
        await pruneNotifications(tx, now);
      },
    },
  ];
}
