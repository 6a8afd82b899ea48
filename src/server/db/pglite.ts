import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { lockDataDir } from './data-dir-lock';

/**
 * Every embedded database opens with the extensions the migrations create: without the
 * trigram library loaded, a write to a table with a trigram index fails.
 */
export async function createPGlite(dataDir?: string, options: PGliteOptions = {}): Promise<PGlite> {
  // One process per data folder (data-dir-lock.ts); an in-memory database has none to share.
  const release = dataDir ? lockDataDir(dataDir) : () => {};
  let pglite: PGlite;
  try {
    pglite = await PGlite.create(dataDir, {
      ...options,
      extensions: { pg_trgm, ...options.extensions },
    });
  } catch (error) {
    release();
    throw error;
  }
  // Closing hands the folder on: a command may open it, close it and start a server on it.
  const close = pglite.close.bind(pglite);
  pglite.close = async () => {
    try {
      await close();
    } finally {
      release();
    }
  };
  return pglite;
}
