import { count, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { DeletionPreview, Dependents } from '../../shared/schemas/deletion';
import { conflict, pgErrorCode, PG_FOREIGN_KEY_VIOLATION, type AppError } from '../http/errors';
import type { Database } from './client';

/** Records of one kind that hang on the one to delete: how to count them and how to say it. */
export interface DependentRule {
  kind: Dependents['kind'];
  count(db: Database): Promise<number>;
  message(count: number): string;
}

/** Dependents that must go first; `code` is the 409's stable code. */
export interface BlockerRule extends DependentRule {
  code: string;
}

/**
 * What hangs on one record. The same rules answer the preview (GET .../deletion) and refuse
 * the delete, so the dialog and the 409 always say the same thing.
 */
export interface DeletionRules {
  /** In the order they are said; the first found gives the 409 its code. */
  blockers: BlockerRule[];
  /** What goes with the record (or loses its link to it); named before anyone confirms. */
  removes: DependentRule[];
}

/** The number of rows of a table that match, for the counts of the rules. */
export async function countRows(db: Database, table: PgTable, where: SQL): Promise<number> {
  const [row] = await db.select({ n: count() }).from(table).where(where);
  return Number(row?.n ?? 0);
}

async function countEach(db: Database, rules: DependentRule[]): Promise<Dependents[]> {
  const found: Dependents[] = [];
  for (const rule of rules) {
    const n = await rule.count(db);
    if (n > 0) found.push({ kind: rule.kind, count: n, message: rule.message(n) });
  }
  return found;
}

/** What deleting the record would do now: what blocks it and what goes with it. */
export async function previewDeletion(
  db: Database,
  rules: DeletionRules,
): Promise<DeletionPreview> {
  return {
    blockers: await countEach(db, rules.blockers),
    removes: await countEach(db, rules.removes),
  };
}

function refusal(rules: DeletionRules, found: Dependents[]): AppError {
  const first = rules.blockers.find((rule) => rule.kind === found[0]!.kind)!;
  return conflict(first.code, found.map((blocker) => blocker.message).join(' '));
}

/**
 * Deletes a record only when nothing blocks it, else answers the 409 that says what to
 * remove first. The counts give the message; the RESTRICT foreign keys have the last word
 * when a dependent arrives between the count and the delete. The delete runs in a
 * savepoint, so the transaction is still usable to count again for the message.
 */
export async function deleteUnlessUsed(
  tx: Database,
  rules: DeletionRules,
  remove: (db: Database) => Promise<void>,
): Promise<void> {
  const blockers = await countEach(tx, rules.blockers);
  if (blockers.length > 0) throw refusal(rules, blockers);
  try {
    await tx.transaction((savepoint) => remove(savepoint));
  } catch (error) {
    if (pgErrorCode(error) !== PG_FOREIGN_KEY_VIOLATION) throw error;
    const now = await countEach(tx, rules.blockers);
    if (now.length > 0) throw refusal(rules, now);
    // The dependent that failed the key may be gone again by now: still say what it was.
    const [first] = rules.blockers;
    if (!first) throw error;
    throw conflict(first.code, first.message(1));
  }
}
