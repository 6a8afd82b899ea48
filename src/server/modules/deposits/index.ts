// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './deposits.table';

import type { ModuleRoutes } from '../../front-door';
import { depositsRoutes } from './deposits.routes';

export { listTransactions } from './deposits.repository';
export {
  depositTotals,
  getLeaseDeposit,
  overAgreed,
  recordReceipt,
  recordReceiptsOnNewLeases,
} from './deposits.service';

export const routes: ModuleRoutes = [depositsRoutes];
