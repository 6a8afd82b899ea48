import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Membership } from '../../../shared/schemas/organisations';
import { actionOfMethod, AREAS, memberMay, type Area } from '../../../shared/permissions';
import type { User } from '../../../shared/schemas/users';
import { forbidden, unauthorized } from '../../http/errors';
import { isAdmin } from '../authz';
import { findMembership } from '../organisations';
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
    /** The organisation the session acts for and the user's place in it; null: none. */
    membership: Membership | null;
  }
  interface FastifyContextConfig {
    access?: Access | ((request: FastifyRequest) => Access);
    /** For a manager's call: which part of the portfolio it reads or changes (permissions). */
    area?: Area;
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
  const config = route.config as { access?: unknown; area?: unknown } | undefined;
  if (config?.access === undefined) {
    throw new Error(`${String(route.method)} ${route.url} does not declare its access`);
  }
  const forManagers = config.access === 'manager' || typeof config.access === 'function';
  if (forManagers && !(AREAS as readonly unknown[]).includes(config.area)) {
    throw new Error(`${String(route.method)} ${route.url} does not declare its area`);
  }
}

/** Reads the session cookie on every request and sets request.user. */
export const authPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null);
  app.decorateRequest('membership', null);
  app.addHook('onRequest', async (request) => {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || !request.url.startsWith('/api/')) return;
    const session = await findSessionUser(app.db, token, app.config.now(), app.config.session);
    if (!session) return;
    request.user = toUser(session.user);
    // A member removed from the organisation finds no membership here: their next call is
    // refused even before their sessions are gone.
    if (session.organisationId !== null) {
      request.membership = await findMembership(app.db, session.user.id, session.organisationId);
    }
  });
  // After validation, as before: a malformed body is a 400 whoever sends it.
  app.addHook('preHandler', async (request) => {
    const declared = request.routeOptions.config.access;
    const access = typeof declared === 'function' ? declared(request) : declared;
    if (access === 'user') currentUser(request);
    else if (access === 'manager') requireManager(request, request.routeOptions.config.area!);
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

/**
 * An Admin, or a member of the organisation the session acts for whose role may do this in
 * the call's area (shared/permissions.ts); otherwise a 401/403.
 */
export function requireManager(request: FastifyRequest, area: Area): User {
  const user = currentUser(request);
  if (isAdmin(user)) return user;
  const { membership } = request;
  if (!membership) throw forbidden('You need to be a Landlord or Admin to do that');
  if (!memberMay(membership.role, area, actionOfMethod(request.method))) {
    throw forbidden(
      `Your role in ${membership.organisationName} (${membership.role}) does not allow this`,
    );
  }
  return user;
}

/** An Admin, or a 401/403. */
function requireAdmin(request: FastifyRequest): User {
  const user = currentUser(request);
  if (!isAdmin(user)) throw forbidden('You need to be an Admin to do that');
  return user;
}
