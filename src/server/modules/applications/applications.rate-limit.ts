import type { FastifyReply, FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors';
import { consumeRateLimit } from '../rate-limits/rate-limits.repository';

/** Applications allowed from one address per window (SPEC: at least 20 an hour). */
export const APPLICATION_LIMIT = { limit: 20, windowMs: 60 * 60 * 1000 } as const;

/**
 * Counts one application from the caller's address and refuses (429 with Retry-After) past
 * the limit. The count lives in the database, so every server process shares it.
 */
export async function limitApplications(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, config } = request.server;
  const result = await consumeRateLimit(db, {
    key: `applications:ip:${request.ip}`,
    ...APPLICATION_LIMIT,
    now: config.now(),
  });
  if (!result.allowed) {
    reply.header('Retry-After', String(result.retryAfterSeconds));
    throw tooManyRequests('Too many rental applications from this address. Please try again later.');
  }
}
