// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './vendors.table';
export { findVendor } from './vendors.repository';
export { requireVendor } from './vendors.service';

import type { ModuleRoutes } from '../../front-door';
import { vendorsRoutes } from './vendors.routes';

export const routes: ModuleRoutes = [vendorsRoutes];
