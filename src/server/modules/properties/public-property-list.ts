import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Context } from '../../context';
import type { Database } from '../../db/client';
import { readRows } from '../../db/read-rows';
import type { PropertyListOptions } from './properties.repository';
import { readPropertyList, type PropertyListAnswer } from './property-list.statement';

/**
 * The public property list (no `mine`): the same answer for every visitor until a write
 * changes it. Its answers are kept in memory by the page asked for and named by the public
 * listing's revision (public-listing-revision.table.ts), which database triggers raise on
 * every write that could change one, so every server process sees when its copy is stale.
 * A request reads the revision (one small query) and is answered from memory when it has
 * not moved; the answer's ETag carries it, and If-None-Match with the current one is
 * answered 304 without a body.
 */

export type PublicListOptions = Omit<PropertyListOptions, 'filter'>;

export interface PublicListAnswer {
  /** The JSON page, or null when the caller's copy (If-None-Match) is current. */
  body: string | null;
  total: number;
  etag: string | undefined;
}

interface Entry extends PropertyListAnswer {
  revision: number;
  etag: string;
}

/** Raise when the answer's shape or meaning changes, so no client keeps an old copy. */
const ANSWER_VERSION = 2;

/** What decides the answer besides the revision: every option of the page asked for. */
function pageKey(o: PublicListOptions): string {
  return JSON.stringify([
    ANSWER_VERSION,
    o.q ?? '',
    o.sort ?? '',
    o.order,
    o.limit,
    o.offset,
    o.includeUnits === true,
    o.listing ?? null,
  ]);
}

const etagOf = (key: string, revision: number) =>
  `"${createHash('sha256').update(key).digest('base64url').slice(0, 16)}-${revision}"`;

function isCurrent(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function currentRevision(db: Database): Promise<number | null> {
  const [row] = await readRows(
    db,
    sql`SELECT revision FROM public_listing_revision`,
    z.object({ revision: z.coerce.number() }),
  );
  return row ? row.revision : null;
}

/**
 * The read of the public list for one app: at most `maxBytes` of answers are kept (the least
 * recently used go first); 0 keeps none, and every request then builds its answer.
 */
export function publicPropertyList(maxBytes: number) {
  // A Map iterates in insertion order: re-inserting on use keeps the oldest use first.
  const kept = new Map<string, Entry>();
  let keptBytes = 0;

  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    keptBytes -= entry.body.length;
  };

  const keep = (key: string, entry: Entry) => {
    forget(key);
    if (entry.body.length > maxBytes) return;
    kept.set(key, entry);
    keptBytes += entry.body.length;
    for (const oldest of kept.keys()) {
      if (keptBytes <= maxBytes) break;
      forget(oldest);
    }
  };

  return async function readPublicList(
    { tx: db }: Context,
    { options, ifNoneMatch }: { options: PublicListOptions; ifNoneMatch: string | undefined },
  ): Promise<PublicListAnswer> {
    const key = pageKey(options);
    const cached = kept.get(key);
    const revision = await currentRevision(db);
    if (cached && cached.revision === revision) {
      kept.delete(key);
      kept.set(key, cached);
      const body = isCurrent(ifNoneMatch, cached.etag) ? null : cached.body;
      return { body, total: cached.total, etag: cached.etag };
    }
    if (revision !== null && isCurrent(ifNoneMatch, etagOf(key, revision))) {
      return { body: null, total: 0, etag: etagOf(key, revision) };
    }
    // Built from one snapshot with the revision it was read at, so a write committed
    // meanwhile leaves this answer under the older revision, never under the newer one.
    const answer = await readPropertyList(db, options);
    if (answer.revision === null)
      return { body: answer.body, total: answer.total, etag: undefined };
    const entry: Entry = {
      ...answer,
      revision: answer.revision,
      etag: etagOf(key, answer.revision),
    };
    if (maxBytes > 0) keep(key, entry);
    return { body: entry.body, total: entry.total, etag: entry.etag };
  };
}
