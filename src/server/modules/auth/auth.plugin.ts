import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MANAGER_ROLES, type Role } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/users';
import { forbidden, unauthorized } from '../../http/errors';
import { toUser } from '../users/users.repository';
import { deleteStaleRateLimits } from '../rate-limits/rate-limits.repository';
import { deleteExpiredSessions, deleteSession, findSessionUser } from './sessions.repository';

export const SESSION_COOKIE = 'porchlight_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    user: User | null;
  }
}

/** Reads the session cookie on every request and sets request.user. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const row = await findSessionUser(app.db, token, app.config.now(), app.config.session);
    request.user = row ? toUser(row) : null;
  });

  // Housekeeping: ended sessions and old rate-limit counters are dropped every hour.
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      void sweepExpired(app).catch((err: unknown) => app.log.warn({ err }, 'housekeeping failed'));
    }, HOUSEKEEPING_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
});

const HOUSEKEEPING_INTERVAL_MS = 3_600_000;

export async function sweepExpired(app: FastifyInstance): Promise<void> {
  const now = app.config.now();
  await deleteExpiredSessions(app.db, now, app.config.session);
  await deleteStaleRateLimits(app.db, now);
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
): void {
  reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: Math.floor(request.server.config.session.absoluteMs / 1000),
  });
}

export async function endSession(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const token = request.cookies[SESSION_COOKIE];
  if (token) await deleteSession(request.server.db, token);
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The logged-in user, or a 401. */
export function requireUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

export function hasRole(user: User, roles: readonly Role[]): boolean {
  return user.roles.some((role) => roles.includes(role));
}

/** A Landlord or Admin, or a 401/403. */
export function requireManager(request: FastifyRequest): User {
  const user = requireUser(request);
  if (!hasRole(user, MANAGER_ROLES)) {
    throw forbidden('You need to be a Landlord or Admin to do that');
  }
  return user;
}

export const isAdmin = (user: User) => user.roles.includes('Admin');
