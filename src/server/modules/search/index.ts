import type { ModuleRoutes } from '../../front-door';
import { searchRoutes } from './search.routes';

export const routes: ModuleRoutes = [searchRoutes];
