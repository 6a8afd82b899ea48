/**
 * An error the client may see: a status, a stable code (e.g. 'units.not_found') and a
 * human message. Anything else thrown becomes a generic 500.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string[]>,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (code: string, message = 'Not found') => new AppError(404, code, message);
export const conflict = (code: string, message: string) => new AppError(409, code, message);
export const badRequest = (code: string, message: string, field?: string) =>
  new AppError(400, code, message, field ? { [field]: [message] } : undefined);
export const unauthorized = (message = 'Please log in') =>
  new AppError(401, 'auth.unauthenticated', message);
export const forbidden = (message = 'You do not have permission to do that') =>
  new AppError(403, 'auth.forbidden', message);
/** The one way to refuse a rate-limited call: 429 with the seconds to wait in Retry-After. */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new AppError(429, 'rate_limited', message, undefined, {
    'Retry-After': String(retryAfterSeconds),
  });

/** PostgreSQL error codes the app turns into client errors. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';

/** The PostgreSQL error code of an error, looking through Drizzle's wrapper. */
export function pgErrorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
