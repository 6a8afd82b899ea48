import type { ModuleRoutes } from '../../front-door';
import { healthRoutes } from './health.routes';

export const routes: ModuleRoutes = [healthRoutes];
