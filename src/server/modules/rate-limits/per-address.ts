import type { FastifyRequest } from 'fastify';
import { tooManyRequests } from '../../http/errors';
import { consumeRateLimit } from './rate-limits.repository';

export interface AddressLimit {
  /** Names the counter: `<name>:ip:<address>`. */
  name: string;
  limit: number;
  windowMs: number;
  /** What the refused caller reads. */
  message: string;
}

/**
 * Counts one call from the caller's address and refuses it (429 with Retry-After) past the
 * limit. The count lives in the database, so every server process shares it, and it is
 * kept whatever the call's outcome: it runs outside the call's transaction.
 */
export async function limitPerAddress(
  request: FastifyRequest,
  policy: AddressLimit,
): Promise<void> {
  const { db, config } = request.server;
  const result = await consumeRateLimit(db, {
    key: `${policy.name}:ip:${request.ip}`,
    limit: policy.limit,
    windowMs: policy.windowMs,
    now: config.now(),
  });
  if (result.allowed) return;
  request.log.warn({ event: `${policy.name}.throttled`, ip: request.ip }, 'rate limited');
  throw tooManyRequests(policy.message, result.retryAfterSeconds);
}
