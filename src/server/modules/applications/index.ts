// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './applications.table';

import type { ModuleRoutes, ModuleSubscribers } from '../../front-door';
import { applicationReceivedNotice } from './applications.notifications';
import { applicationsRoutes } from './applications.routes';

export { APPLICATION_LIMIT } from './applications.rate-limit';
export { toApplication, toReceipt } from './applications.repository';
export { submitApplication } from './applications.service';

export const routes: ModuleRoutes = [applicationsRoutes];

export const subscribers: ModuleSubscribers = [applicationReceivedNotice];
