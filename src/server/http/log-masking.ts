import type { FastifyRequest } from 'fastify';
import type { LoggerOptions } from 'pino';

/**
 * One-time codes (password resets, invitations) travel in request paths: the API's
 * `/api/password-resets/{code}` and `/api/invitations/by-code/{code}[/accept]`, and the
 * pages `/reset-password/{code}` and `/invitations/{code}` (also inside a login page's
 * `?next=`). Whoever reads the log must not be able to use them, so every URL and message
 * the logger writes is masked here.
 */
const CODE_IN_PATH =
  /(\/(?:api\/invitations\/by-code|api\/password-resets|reset-password|invitations)\/)(?!\d+(?:[/?#]|$))[^/?#\s"]+/gi;
/** A code anywhere else (percent-encoded in a query, quoted in a message): 43 base64url characters or more. */
const CODE_ANYWHERE = /[A-Za-z0-9_-]{43,}/g;
export const MASKED = '[code]';

export function maskOneTimeCodes(text: string): string {
  return text.replace(CODE_IN_PATH, `$1${MASKED}`).replace(CODE_ANYWHERE, MASKED);
}

/** Fastify's request serializer, with the URL masked. */
function serializeRequest(request: FastifyRequest) {
  const version = request.headers?.['accept-version'];
  return {
    method: request.method,
    url: maskOneTimeCodes(request.url),
    version: typeof version === 'string' ? version : undefined,
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

const maskUrl = (url: unknown) => (typeof url === 'string' ? maskOneTimeCodes(url) : url);

/**
 * The logger's serializers and hook: the request's URL, any `url` field a log line carries,
 * and every message string (Fastify's own 'Route GET:/... not found') are masked.
 */
export const maskingLoggerOptions = {
  serializers: { req: serializeRequest, url: maskUrl },
  hooks: {
    logMethod(args, method) {
      method.apply(
        this,
        args.map((arg) => (typeof arg === 'string' ? maskOneTimeCodes(arg) : arg)) as Parameters<
          typeof method
        >,
      );
    },
  },
} satisfies Pick<LoggerOptions, 'serializers' | 'hooks'>;
