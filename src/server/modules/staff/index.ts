// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './staff.table';

import type { ModuleRoutes } from '../../front-door';
import { staffRoutes } from './staff.routes';

export { listStaff } from './staff.repository';
export { createStaff } from './staff.service';

export const routes: ModuleRoutes = [staffRoutes];
