import type { FastifyRequest } from 'fastify';
import { limitPerAddress } from '../rate-limits';

/**
 * Public searches (a `q` on the public lists) allowed per address and minute. A search
 * that matches nothing costs a scan; the count lives in the database, so the limit holds
 * across every server process (an in-memory limiter would give each process its own).
 * A landlord searching their own lists (mine=true) is not counted.
 */
export async function limitPublicSearch(request: FastifyRequest): Promise<void> {
  const { q, mine } = request.query as { q?: string; mine?: boolean };
  const { searchesPerMinute } = request.server.config;
  if (!q || mine || searchesPerMinute <= 0) return;
  await limitPerAddress(request, {
    name: 'search',
    limit: searchesPerMinute,
    windowMs: 60_000,
    message: 'Too many searches from this address. Please try again in a minute.',
  });
}
