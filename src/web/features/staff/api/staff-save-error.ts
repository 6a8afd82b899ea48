import { ApiError } from '../../../lib/api-client';

export const STAFF_SAVE_FALLBACK = 'Failed to save staff member';

/**
 * docs/product.md section 8: the staff save error accepts a plain string body, a message field, an
 * errors map (joined with commas) or the network error message, else the default.
 */
export function staffSaveError(error: unknown): string {
  if (error instanceof ApiError) {
    const body = error.body;
    if (typeof body === 'string' && body.trim()) return body.trim();
    if (body && typeof body === 'object') {
      const { message, errors } = body as { message?: unknown; errors?: unknown };
      if (typeof message === 'string' && message.trim()) return message;
      if (errors && typeof errors === 'object') {
        const messages = Object.values(errors as Record<string, unknown>)
          .flatMap((value) => (Array.isArray(value) ? value : [value]))
          .filter((value): value is string => typeof value === 'string' && value.trim() !== '');
        if (messages.length > 0) return messages.join(', ');
      }
    }
    return STAFF_SAVE_FALLBACK;
  }
  // fetch() rejects with a TypeError ('Failed to fetch') when the network fails.
  if (error instanceof Error && error.message) return error.message;
  return STAFF_SAVE_FALLBACK;
}
