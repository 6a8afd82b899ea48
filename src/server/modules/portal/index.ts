import type { ModuleRoutes } from '../../front-door';
import { portalRoutes } from './portal.routes';

export { currentOrLatest } from './portal.repository';

export const routes: ModuleRoutes = [portalRoutes];
