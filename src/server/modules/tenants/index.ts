// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './tenants.table';

import type { ModuleRoutes } from '../../front-door';
import { tenantsRoutes } from './tenants.routes';

export { listManagedTenants, toTenant } from './tenants.repository';
export {
  UNIT_NOT_AVAILABLE,
  moveInTenant,
  placeTenant,
  placeTenantsInBatch,
  refuseMovedOut,
  releaseUnitIfEmpty,
} from './tenants.service';

export const routes: ModuleRoutes = [tenantsRoutes];
