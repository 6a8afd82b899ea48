// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './password-resets.table';

import type { ModuleRoutes, ModuleSubscribers } from '../../front-door';
import { rolesChangedNotice } from './accounts.notifications';
import { accountsRoutes } from './accounts.routes';

export { changeOwnPassword } from './accounts.service';

export const routes: ModuleRoutes = [accountsRoutes];

export const subscribers: ModuleSubscribers = [rolesChangedNotice];
