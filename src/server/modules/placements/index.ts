import type { ModuleRoutes } from '../../front-door';
import { placementsRoutes } from './placements.routes';

export const routes: ModuleRoutes = [placementsRoutes];
