// Tables first: they load before the module's code, which other modules' code may need
// while this module is still loading (modules depend on each other in cycles).
export * from './rate-limits.table';

import type { ModuleJobs } from '../../front-door';
import { rateLimitJobs } from './rate-limits.jobs';

export { limitPerAddress } from './per-address';
export type { AddressLimit } from './per-address';
export {
  claimAttempt,
  consumeRateLimit,
  releaseAttempt,
  resetRateLimit,
} from './rate-limits.repository';
export type { DelayPolicy } from './rate-limits.repository';

export const jobs: ModuleJobs = () => rateLimitJobs;
