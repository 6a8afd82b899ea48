// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './audit.table';

import type { ModuleRoutes } from '../../front-door';
import { auditRoutes } from './audit.routes';

export { recordEvent, recordEvents } from './audit.repository';
export type { AuditedChange } from './audit.repository';

export const routes: ModuleRoutes = [auditRoutes];
