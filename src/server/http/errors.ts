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
export const tooManyRequests = (message = 'Too many requests. Please try again later.') =>
  new AppError(429, 'rate_limited', message);
export const serviceUnavailable = (message = 'The service is temporarily unavailable. Please try again shortly.') =>
  new AppError(503, 'service_unavailable', message);

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

/** True when the database cannot be reached (down, restarting, refusing connections). */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN'].includes(code)) return true;
      // Class 08: connection exception; 57P0x: admin shutdown, crash, cannot connect now.
      if (/^08/.test(code) || /^57P0/.test(code)) return true;
    }
    if (typeof message === 'string' && /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(message)) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
