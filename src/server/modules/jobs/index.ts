// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './jobs.table';

import type { ModuleJobs } from '../../front-door';
import { jobsJobs } from './jobs.jobs';

export { jobsPlugin } from './jobs.plugin';
export { insertJob } from './jobs.repository';
export { createJobRunner, retryDelayMs } from './jobs.runner';
export type { JobDefinition } from './jobs.types';

export const jobs: ModuleJobs = () => jobsJobs;
