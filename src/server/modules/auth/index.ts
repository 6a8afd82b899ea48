// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './sessions.table';

import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { authRoutes } from './auth.routes';
import { authJobs } from './auth.jobs';

export {
  SESSION_COOKIE,
  assertAccessDeclared,
  authPlugin,
  currentUser,
  managerWhenMine,
  requireManager,
} from './auth.plugin';
export type { Access } from './auth.plugin';
export { IP_POLICY, USERNAME_POLICY } from './login-throttle';
export { hashOneTimeCode, newOneTimeCode } from './one-time-codes';
export {
  actOnOwnOrganisation,
  endSessionsInOrganisation,
  findSessionUser,
  hashToken,
  setSessionOrganisation,
} from './sessions.repository';

export const routes: ModuleRoutes = [authRoutes];

export const jobs: ModuleJobs = ({ config }) => authJobs(config.session);
