// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './users.table';

import type { ModuleRoutes } from '../../front-door';
import { usersRoutes } from './users.routes';

export { AdminAccountError, createAdmin, ensureAdmin } from './admin-accounts';
export { passwordWeakness } from './password-strength';
export { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
export { findUserByName, hasAnyUser, toUser } from './users.repository';

export const routes: ModuleRoutes = [usersRoutes];
