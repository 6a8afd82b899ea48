import type { ModuleRoutes } from '../../front-door';
import { moneyRoutes } from './money.routes';

export const routes: ModuleRoutes = [moneyRoutes];
