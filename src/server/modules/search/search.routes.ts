import type { FastifyRequest } from 'fastify';
import { errorBodySchema } from '../../../shared/schemas/common';
import {
  MAX_SEARCH_RESULTS,
  searchQuerySchema,
  searchResponseSchema,
} from '../../../shared/schemas/search';
import { runQuery } from '../../context';
import type { AppInstance } from '../../http/types';
import { limitPerAddress } from '../rate-limits';
import { searchManaged } from './search.reads';

/**
 * A palette asks as its user types, so it is allowed more than a public search per minute;
 * the cap still stops one address from making the database scan without end.
 */
const PALETTE_FACTOR = 5;

async function limitPaletteSearch(request: FastifyRequest): Promise<void> {
  const { q } = request.query as { q?: string };
  const { searchesPerMinute } = request.server.config;
  if (!q || searchesPerMinute <= 0) return;
  await limitPerAddress(request, {
    name: 'palette-search',
    limit: searchesPerMinute * PALETTE_FACTOR,
    windowMs: 60_000,
    message: 'Too many searches from this address. Please try again in a minute.',
  });
}

export async function searchRoutes(app: AppInstance): Promise<void> {
  app.get(
    '/search',
    {
      config: { access: 'manager', area: 'portfolio' },
      preHandler: limitPaletteSearch,
      schema: {
        tags: ['search'],
        summary: 'Search the properties, units, tenants, leases and work orders the caller manages',
        description:
          'q is looked for anywhere in the fields a list shows (case-insensitive). At most ' +
          `${MAX_SEARCH_RESULTS} results, grouped by kind, each with a label, a description and ` +
          'the link to its page. An empty q answers no groups.',
        querystring: searchQuerySchema,
        response: {
          200: searchResponseSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          429: errorBodySchema,
        },
      },
    },
    async (request) => {
      const { q } = request.query;
      if (!q) return { groups: [] };
      return runQuery(request, searchManaged, q);
    },
  );
}
