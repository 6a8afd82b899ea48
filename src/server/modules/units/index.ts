// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './units.table';

import type { ModuleRoutes } from '../../front-door';
import { unitsRoutes } from './units.routes';

export { findUnit, listUnits, toUnit, unitSearchCondition } from './units.repository';
export { createUnitsInBatch, lockUnit, setUnitStatus, setUnitsStatus } from './units.service';

export const routes: ModuleRoutes = [unitsRoutes];
