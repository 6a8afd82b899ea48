import { asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { TOTAL_COUNT_HEADER, type SortOrder } from '../../shared/schemas/paging';

/**
 * Select this as `total` beside a page's columns: the window count is the exact number of
 * rows that match, computed by the same scan as the page, so a filter is evaluated once.
 */
export const totalColumn = () => sql<number>`count(*) over ()`.mapWith(Number);

export interface PageRequest {
  limit: number;
  offset: number;
}

/** One page of a filtered, ordered select that selects `total: totalColumn()`. */
export async function readPage<Query extends PgSelect>(
  query: Query,
  page: PageRequest,
): Promise<{ rows: Awaited<Query>; total: number }> {
  const rows = (await query.limit(page.limit).offset(page.offset)) as Awaited<Query>;
  const first = rows[0] as { total?: number } | undefined;
  if (first || page.offset === 0) return { rows, total: first?.total ?? 0 };
  // A page past the end has no row to carry the total: read the first row for it.
  const [head] = (await query.limit(1).offset(0)) as { total?: number }[];
  return { rows, total: head?.total ?? 0 };
}

/**
 * The ORDER BY of a list: the asked column first (when the list knows it), then the list's
 * default order, which ends on a unique column so that pages never overlap or skip a row.
 */
export function sortOrder<Key extends string>(
  columns: Record<Key, SQL | AnyColumn>,
  sort: Key | undefined,
  order: SortOrder,
  defaults: SQL[],
): SQL[] {
  if (!sort) return defaults;
  const by = order === 'desc' ? desc(columns[sort]) : asc(columns[sort]);
  return [by, ...defaults];
}

/** Text sorts the way people read it, not by byte (so 'b' follows 'A'). */
export const textKey = (column: AnyColumn | SQL) => sql`lower(${column})`;

/**
 * Sends the exact total beside a page, and the next page's address as `Link: <...>;
 * rel="next"` while rows remain, so a client can read a whole list one page at a time.
 */
export function withTotal<T>(reply: FastifyReply, page: { rows: T; total: number }): T {
  void reply
    .header(TOTAL_COUNT_HEADER, String(page.total))
    .header('Access-Control-Expose-Headers', `${TOTAL_COUNT_HEADER}, Link`);
  const next = nextPageUrl(reply.request, page.total);
  if (next) void reply.header('Link', `<${next}>; rel="next"`);
  return page.rows;
}

function nextPageUrl(request: FastifyRequest, total: number): string | null {
  const { limit, offset = 0 } = request.query as { limit?: number; offset?: number };
  if (typeof limit !== 'number' || offset + limit >= total) return null;
  const url = new URL(request.url, 'http://host');
  url.searchParams.set('limit', String(limit));
  url.searchParams.set('offset', String(offset + limit));
  return `${url.pathname}${url.search}`;
}

/** The paging headers of a list's answer, as the OpenAPI document describes them. */
export const PAGE_HEADERS = {
  [TOTAL_COUNT_HEADER]: {
    description: 'How many rows match, in all pages',
    schema: { type: 'integer' },
  },
  Link: {
    description: 'The next page, as `<address>; rel="next"`; absent on the last page',
    schema: { type: 'string' },
  },
};
