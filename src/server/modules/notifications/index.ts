// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './notification-preferences.table';
export * from './notifications.table';

import type { ModuleRoutes, ModuleJobs, ModuleSubscribers } from '../../front-door';
import { entryPostedNotice, lateFeeNotice, paymentRecordedNotice } from './ledger-notices';
import { notificationsRoutes } from './notifications.routes';
import { notificationsJobs } from './notifications.jobs';

export { notify, notifyOffice } from './notifications.service';
export type { NewNotification } from './notifications.service';
export { REMINDER_KINDS } from './lease-reminders';

export const routes: ModuleRoutes = [notificationsRoutes];

export const jobs: ModuleJobs = ({ config }) => notificationsJobs(config);

export const subscribers: ModuleSubscribers = [
  entryPostedNotice,
  paymentRecordedNotice,
  lateFeeNotice,
];
