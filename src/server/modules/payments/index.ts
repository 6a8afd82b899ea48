// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './payments.table';

import type { ModuleRoutes } from '../../front-door';
import { paymentsRoutes } from './payments.routes';

export const routes: ModuleRoutes = [paymentsRoutes];
