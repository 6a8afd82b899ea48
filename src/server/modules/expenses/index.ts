// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './expenses.table';
export { requireManagedExpense, requireManagedVendor } from './books-authz';
export { createExpense, markExpensePaid } from './expenses.service';
export { isReceipt } from './receipts.repository';

import type { ModuleJobs, ModuleRoutes } from '../../front-door';
import { expensesJobs } from './expenses.jobs';
import { expensesRoutes } from './expenses.routes';
import { recurringExpensesRoutes } from './recurring-expenses.routes';

export const routes: ModuleRoutes = [expensesRoutes, recurringExpensesRoutes];

export const jobs: ModuleJobs = () => expensesJobs;
