// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './properties.table';
export * from './property-search.table';
export * from './public-listing-revision.table';

import type { ModuleRoutes } from '../../front-door';
import { propertiesRoutes } from './properties.routes';

export { requireManagedFilters } from './managed-filters';
export { containsPattern, findPropertyWithOwner } from './properties.repository';
export type { PropertyValues } from './properties.repository';
export { createPropertiesInBatch } from './properties.service';
export { limitPublicSearch } from './search.rate-limit';

export const routes: ModuleRoutes = [propertiesRoutes];
