import type { Config } from './config';
import type { Subscriber } from './events';
import type { DatabaseHandle } from './db/client';
import type { AppInstance } from './http/types';
import type { JobDefinition } from './modules/jobs';
import type { FileStore } from './modules/uploads';

/** What a module's background work may need from the app that starts it. */
export interface JobSetting {
  config: Config;
  database: DatabaseHandle;
  files: FileStore;
}

/**
 * What the app takes from a module's index.ts (its front door, decision 0024): its API routes,
 * registered under /api in this order, and its background work. Its tables are the index's
 * exported Drizzle tables (db/schema.ts picks them out).
 */
export interface FrontDoor {
  routes?: ModuleRoutes;
  jobs?: ModuleJobs;
  /** The side effects that follow events, e.g. notifications (decision 0028). */
  subscribers?: ModuleSubscribers;
  /** Everything else it offers to other modules. */
  [exported: string]: unknown;
}

export type ModuleRoutes = readonly ((app: AppInstance) => Promise<void>)[];
export type ModuleSubscribers = readonly Subscriber[];
export type ModuleJobs = (setting: JobSetting) => readonly JobDefinition[];
