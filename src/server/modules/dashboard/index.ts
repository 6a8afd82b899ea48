// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './portfolio-revisions.table';

import type { ModuleRoutes } from '../../front-door';
import { dashboardRoutes } from './dashboard.routes';

export const routes: ModuleRoutes = [dashboardRoutes];
