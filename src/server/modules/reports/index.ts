import type { ModuleRoutes } from '../../front-door';
import { reportsRoutes } from './reports.routes';

export {
  booksMonthTotalsTable,
  booksOwnerMonthTotalsTable,
  booksYearTotalsTable,
} from './reports.table';
export const routes: ModuleRoutes = [reportsRoutes];
