import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { moduleList } from '../module-list';

/**
 * Every table: the Drizzle tables each module's front door exports, by their exported names.
 * drizzle-kit reads the table files themselves (drizzle.config.ts): generating a migration
 * loads no module's code.
 */
export const schema: Record<string, PgTable> = Object.fromEntries(
  Object.values(moduleList).flatMap((module) =>
    Object.entries(module).filter((entry): entry is [string, PgTable] => is(entry[1], PgTable)),
  ),
);
