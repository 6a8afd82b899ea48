// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './outgoing-mail.table';

import type { ModuleRoutes, ModuleJobs } from '../../front-door';
import { mailRoutes } from './mail.routes';
import { mailJobs } from './mail.jobs';

export { enqueueMail, keepUnsentMail } from './mail.service';

export const routes: ModuleRoutes = [mailRoutes];

export const jobs: ModuleJobs = ({ config }) => mailJobs(config.mail);
