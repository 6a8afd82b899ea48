// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './recurring-charges.table';

import type { ModuleRoutes } from '../../front-door';
import { recurringChargesRoutes } from './recurring-charges.routes';

export {
  listChargesOfLeases,
  listCurrentCharges,
  listPostedKeys,
} from './recurring-charges.repository';

export { carryChargesOver } from './recurring-charges.service';

export const routes: ModuleRoutes = [recurringChargesRoutes];
