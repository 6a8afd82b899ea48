import type { AppError } from '../http/errors';
import { pgErrorCode, PG_FOREIGN_KEY_VIOLATION } from '../http/errors';
import type { Database } from './client';

export interface GuardedDelete {
  /** How many records still hang on the one to delete (units of a property ...). */
  countDependents(db: Database): Promise<number>;
  remove(db: Database): Promise<void>;
  /** The 409 that says what to remove first. */
  refuse(dependents: number): AppError;
}

/**
 * Deletes a record only when nothing depends on it, else answers the 409 that says what to
 * remove first. The count gives the message; the RESTRICT foreign key has the last word
 * when a dependent arrives between the count and the delete. The delete runs in a
 * savepoint, so the transaction is still usable to count again for the message.
 */
export async function deleteUnlessUsed(tx: Database, guarded: GuardedDelete): Promise<void> {
  const dependents = await guarded.countDependents(tx);
  if (dependents > 0) throw guarded.refuse(dependents);
  try {
    await tx.transaction((savepoint) => guarded.remove(savepoint));
  } catch (error) {
    if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
    throw guarded.refuse(Math.max(1, await guarded.countDependents(tx)));
  }
}
