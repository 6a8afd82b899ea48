import type { ImportProgress } from '../../../shared/schemas/imports';

/**
 * How far each running import has come, by the user and the token their screen chose. Kept in
 * this process's memory only: where several processes serve one database, a screen whose
 * question reaches another process gets a 404 and keeps its last news (the bytes sent). An
 * entry goes a while after its import ends, or when this many are kept.
 */
const KEPT_MS = 10 * 60 * 1000;
const MOST = 1000;
const runs = new Map<string, ImportProgress & { at: number }>();

const keyOf = (userId: number, token: string) => `${userId}:${token}`;

export function setImportProgress(userId: number, token: string, progress: ImportProgress): void {
  const now = Date.now();
  for (const [key, run] of runs) {
    if (now - run.at > KEPT_MS || runs.size >= MOST) runs.delete(key);
    else break;
  }
  const key = keyOf(userId, token);
  // Moved to the end: the map stays in order of last news, oldest first.
  runs.delete(key);
  runs.set(key, { ...progress, at: now });
}

export function importProgress(userId: number, token: string): ImportProgress | undefined {
  const run = runs.get(keyOf(userId, token));
  return run ? { phase: run.phase, done: run.done, total: run.total } : undefined;
}
