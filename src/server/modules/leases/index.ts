// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './leases.table';

import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { leasesRoutes } from './leases.routes';
import { leaseLifecycleRoutes } from './lease-lifecycle.routes';
import { leaseBooksRoutes } from './lease-books.routes';
import { leasesJobs } from './leases.jobs';

export { listLeasesOfTenants, listManagedLeases, toLease } from './leases.repository';
export {
  createLease,
  createLeasesInBatch,
  overlapConflict,
  overlappingActiveLease,
} from './leases.service';

export const routes: ModuleRoutes = [leasesRoutes, leaseLifecycleRoutes, leaseBooksRoutes];

export const jobs: ModuleJobs = () => leasesJobs;
