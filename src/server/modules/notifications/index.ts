// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './notification-preferences.table';
export * from './notifications.table';

import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { notificationsRoutes } from './notifications.routes';
import { notificationsJobs } from './notifications.jobs';

export { notifyEntryPosted } from './entry-posted';
export { notify } from './notifications.service';
export { notifyPaymentRecorded } from './payment-recorded';

export const routes: ModuleRoutes = [notificationsRoutes];

export const jobs: ModuleJobs = ({ config }) => notificationsJobs(config);
