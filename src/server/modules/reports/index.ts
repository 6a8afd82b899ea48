import type { ModuleRoutes } from '../../front-door';
import { reportsRoutes } from './reports.routes';

export const routes: ModuleRoutes = [reportsRoutes];
