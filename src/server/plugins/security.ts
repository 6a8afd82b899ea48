import helmet from '@fastify/helmet';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers: a strict CSP (no inline script), no framing, no sniffing. */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets style attributes at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'https:', 'http:', 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // HSTS only makes sense when the request really came over HTTPS (see the hook below).
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.url.startsWith('/api/'))
      reply.header('Cache-Control', apiCacheControl(request, reply));
    if (request.protocol === 'https') {
      reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    }
  });
}

/** Public listings anyone may read: the same answer for every visitor. */
const PUBLIC_READS = /^\/api\/(properties|units)(\/\d+)?(\?(?!.*\bmine=true)|$)/;

/**
 * No API answer stays in a browser's or proxy's cache (personal data must not outlive a
 * logout), except a visitor's successful read of the public listings, for a minute.
 */
function apiCacheControl(request: FastifyRequest, reply: FastifyReply): string {
  const publicRead =
    request.method === 'GET' &&
    !request.user &&
    !request.headers.cookie?.includes('porchlight_session=') &&
    reply.statusCode === 200 &&
    PUBLIC_READS.test(request.url);
  return publicRead ? 'public, max-age=60' : 'no-store';
}

/**
 * Cross-site request forgery: a state-changing request that names a foreign Origin (or,
 * lacking one, a foreign Referer) is refused. Requests with neither (scripts, curl) pass;
 * browsers always send Origin on cross-site POST/PUT/DELETE.
 */
export function registerOriginCheck(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method)) return;
    const claimed = claimedOrigin(request);
    if (claimed === null) return;
    if (claimed !== ownOrigin(request)) {
      request.log.warn({ origin: claimed, url: request.url }, 'cross-site request refused');
      throw forbidden('Cross-site requests are not allowed');
    }
  });
}

function claimedOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (origin) return origin === 'null' ? 'null' : origin.toLowerCase();
  const referer = request.headers.referer;
  if (!referer) return null;
  try {
    return new URL(referer).origin.toLowerCase();
  } catch {
    return 'invalid';
  }
}

function ownOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`.toLowerCase();
}
