import type { JobDefinition } from '../jobs/jobs.types';
import { insertNotification } from './notifications.repository';
import { DELIVER_NOTIFICATION, type NewNotification } from './notifications.service';

/** Delivery in the app: the row commits with the job's completion, once per key. */
export const notificationsJobs: JobDefinition[] = [
  {
    kind: DELIVER_NOTIFICATION,
    run: async (ctx, payload) => {
      await insertNotification(ctx.tx, payload as NewNotification, ctx.now);
    },
  },
];
