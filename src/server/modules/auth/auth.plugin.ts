import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { MANAGER_ROLES } from '../../../shared/constants';
import type { User } from '../../../shared/schemas/users';
import { forbidden, unauthorized } from '../../http/errors';
import { isAdmin } from '../authz';
import { toUser } from '../users';
import { findSessionUser } from './sessions.repository';

export const SESSION_COOKIE = 'porchlight_session';

/**
 * Who may call a route, declared in its config (`config: { access: 'manager' }`):
 * anyone, any logged-in user, a Landlord/Admin, or an Admin only. A function decides per request (a
 * public list whose `mine=true` form is for managers). Which record a caller may touch is
 * the service's business (the authz module); this is only the door.
 */
export type Access = 'public' | 'user' | 'manager' | 'admin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The logged-in user, or null for a visitor. */
    user: User | null;
  }
  interface FastifyContextConfig {
    access?: Access | ((request: FastifyRequest) => Access);
  }
}

/** For public lists whose `mine=true` form lists only what the caller manages. */
export const managerWhenMine = (request: FastifyRequest): Access =>
  (request.query as { mine?: boolean } | undefined)?.mine ? 'manager' : 'public';

/** Every API route says who may call it; a route that does not is a mistake at start-up. */
export function assertAccessDeclared(route: {
  method: string | string[];
  url: string;
  config?: unknown;
}): void {
  const access = (route.config as { access?: unknown } | undefined)?.access;
  if (access === undefined) {
    throw new Error(`${String(route.method)} ${route.url} does not declare its access`);
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
  // After validation, as before: a malformed body is a 400 whoever sends it.
  app.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config.access;
    const access = typeof declared === 'function' ? declared(request) : declared;
    if (access === 'user') currentUser(request);
    else if (access === 'manager') requireManager(request);
    else if (access === 'admin') requireAdmin(request);
  });
});

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

/** The logged-in user, or a 401 (a route declared for users has one already). */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A Landlord or Admin, or a 401/403. */
function requireManager(request: FastifyRequest): User {
  const user = currentUser(request);
  if (!user.roles.some((role) => MANAGER_ROLES.includes(role))) {
    throw forbidden('You need to be a Landlord or Admin to do that');
  }
  return user;
}

/** An Admin, or a 401/403. */
function requireAdmin(request: FastifyRequest): User {
  const user = currentUser(request);
  if (!isAdmin(user)) throw forbidden('You need to be an Admin to do that');
  return user;
}
