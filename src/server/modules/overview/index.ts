import type { ModuleRoutes } from '../../front-door';
import { overviewRoutes } from './overview.routes';

export const routes: ModuleRoutes = [overviewRoutes];
