import type { PGlite } from '@electric-sql/pglite';

/**
 * The embedded database runs one statement at a time and cannot cancel one that runs long
 * (it ignores statement_timeout), so its guard is the queue: past `maxQueued` waiting
 * calls, a new one fails at once with DatabaseBusyError (answered 503 with Retry-After)
 * instead of waiting seconds behind the others.
 */
export class DatabaseBusyError extends Error {
  readonly code = 'DATABASE_BUSY';
  constructor() {
    super('The embedded database has too many queries waiting');
    this.name = 'DatabaseBusyError';
  }
}

const QUEUED_METHODS = new Set<PropertyKey>(['query', 'exec', 'transaction']);

/** The PGlite with its query, exec and transaction calls counted and bounded. */
export function boundQueue(pglite: PGlite, maxQueued: number): PGlite {
  let pending = 0;
  return new Proxy(pglite, {
    get(target, property) {
      const value = Reflect.get(target, property, target) as unknown;
      if (typeof value !== 'function') return value;
      if (!QUEUED_METHODS.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        if (pending >= maxQueued) throw new DatabaseBusyError();
        pending++;
        try {
          return await (value as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        } finally {
          pending--;
        }
      };
    },
  });
}
